import type { PlaceSpotOrder, SpotMarketConfig, SpotRejected } from '../../../core/engine';
import { ApiError, ERROR_CODES } from '../../../core/shared';
import type { BandRefusalText } from '../shared/price-band';
import type { PlaceOrderInput } from '../shared/types';

/** The order fields of a placeOrder command, from the trade form's fields. */
export function orderFields(input: PlaceOrderInput): Pick<PlaceSpotOrder, 'side' | 'type' | 'price' | 'qty' | 'quote' | 'trigger' | 'takeProfit' | 'stopLoss' | 'clientOrderId'> {
  const exits = {
    ...(input.fullCheck ? { takeProfit: required(input, 'fullPrice') } : {}),
    ...(input.lossCheck ? { stopLoss: required(input, 'lossPrice') } : {}),
    ...(input.clientOrderId !== undefined ? { clientOrderId: input.clientOrderId } : {}),
  };
  const side = input.side;
  switch (input.type) {
    case 'limit':
      return { side, type: 'limit', price: required(input, 'price'), qty: required(input, 'num'), ...exits };
    case 'market':
      return side === 'buy' ? { side, type: 'market', quote: required(input, 'money'), ...exits } : { side, type: 'market', qty: required(input, 'num'), ...exits };
    case 'stop':
      return { side, type: 'stopLimit', trigger: required(input, 'triggerMoney'), price: required(input, 'price'), qty: required(input, 'num'), ...exits };
  }
}

function required(input: PlaceOrderInput, field: 'price' | 'num' | 'money' | 'triggerMoney' | 'fullPrice' | 'lossPrice'): string {
  const value = input[field];
  if (value === undefined || value === '') throw ApiError.fieldRequired(field);
  return value;
}

/** The command's fields as the request names them. */
const REQUEST_FIELDS: Record<string, string> = {
  price: 'price',
  qty: 'num',
  quote: 'money',
  budget: 'money',
  trigger: 'triggerMoney',
  takeProfit: 'fullPrice',
  stopLoss: 'lossPrice',
  symbol: 'symbol',
  clientOrderId: 'clientOrderId',
  orderId: 'id',
};

const capitalized = (reason: string) => reason[0]!.toUpperCase() + reason.slice(1);

/** The market rule a refusal broke, as its message names it: the value and its currency. */
function ruleBroken(reason: SpotRejected['reason'], market: SpotMarketConfig): Record<string, string | number> | undefined {
  switch (reason) {
    case 'priceNotOnTick':
      return { value: market.tickSize, currency: market.quote };
    case 'qtyNotOnLot':
      return { value: market.lotSize, currency: market.base };
    case 'belowMinNotional':
      return { value: market.minNotional, currency: market.quote };
    default:
      return undefined;
  }
}

/**
 * The ApiError of a refused command: 400 naming the request field, message `spot:err<Reason>` (with the value of the
 * market's rule it broke: tick, lot, minimum value; a price-band refusal names the price it was measured from and the
 * side's limit, `bandRefusalText`). Funds are about the
 * amount the member entered: `money` for a market buy by quote amount, `num` for any other order (a limit buy's hold
 * is its quantity at its price). An order of someone else is reported as unknown (404), as is an unknown one.
 */
export function rejectionError(result: SpotRejected, amountField: 'num' | 'money' = 'num', market?: SpotMarketConfig, band?: BandRefusalText): ApiError {
  if (result.reason === 'unknownOrder' || result.reason === 'notOwner') return new ApiError(ERROR_CODES.notFound, 'spot:errUnknownOrder', { field: 'id' });
  const field = result.reason === 'insufficientFunds' ? amountField : (REQUEST_FIELDS[result.field ?? ''] ?? result.field ?? 'order');
  if (band && result.reason === 'priceOutsideBand') return new ApiError(ERROR_CODES.badRequest, `spot:${band.key}`, { field, params: band.params });
  const params = market && ruleBroken(result.reason, market);
  return new ApiError(ERROR_CODES.badRequest, `spot:err${capitalized(result.reason)}`, { field, ...(params ? { params } : {}) });
}

/** Every reason a spot command may be refused for (each has a `spot:err<Reason>` text). */
export const REJECT_REASONS = [
  'invalidCommand', 'invalidMarket', 'unknownMarket', 'duplicateMarket', 'marketHalted', 'invalidUser',
  'duplicateClientOrderId', 'insufficientFunds', 'duplicateId', 'invalidField', 'nonPositive', 'outOfRange',
  'priceNotOnTick', 'qtyNotOnLot', 'belowMinNotional', 'priceTooManyDecimals', 'qtyTooManyDecimals',
  'quoteTooManyDecimals', 'unknownFeeTier', 'budgetRequired', 'postOnlyWouldTake', 'invalidExit',
  'unknownOrder', 'staleCommand', 'priceOutsideBand', 'exitNotAllowed',
] as const;
