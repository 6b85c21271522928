/**
 * Binance's order vocabulary over the spot engine: a new-order request as a placeOrder command, and an order of
 * the history as Binance shows it (status, type, time in force, amounts).
 */
import type { PlaceSpotOrder, SpotMarketConfig } from '../../../../core/engine';
import type { SpotFillView, SpotOrderView } from '../../shared/types';
import type { OrderRecord } from '../history';
import { BinanceFailure, SPOT_ERRORS } from './errors';
import type { BinanceParams } from './params';

export const ORDER_TYPES = ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT_LIMIT'] as const;
export type BinanceOrderType = (typeof ORDER_TYPES)[number];
/** Binance order types this exchange does not offer: refused with -1014 rather than "invalid". */
const UNSUPPORTED_TYPES = ['STOP_LOSS', 'TAKE_PROFIT'];
const SIDES = ['BUY', 'SELL'] as const;
const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;
export const RESPONSE_TYPES = ['ACK', 'RESULT', 'FULL'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];
/** Binance's newClientOrderId alphabet. */
const CLIENT_ORDER_ID = /^[a-zA-Z0-9_-]{1,36}$/;

/** What a new order needs to know of the market and of the member beyond the request. */
export interface PlacementContext {
  /** The market's last trade price in price minor units, or null before the first trade. */
  lastPrice: bigint | null;
  priceScale: number;
  /** What the member can spend without naming it: a market buy by quantity spends quote, a sell by quote spends base. */
  spendable(asset: 'base' | 'quote'): string;
}

export interface NewOrder {
  type: BinanceOrderType;
  respType: ResponseType;
  fields: Pick<PlaceSpotOrder, 'side' | 'type' | 'price' | 'qty' | 'quote' | 'budget' | 'trigger' | 'tif' | 'postOnly' | 'clientOrderId'>;
}

function orderType(params: BinanceParams): BinanceOrderType {
  const text = params.required('type');
  if (UNSUPPORTED_TYPES.includes(text)) throw new BinanceFailure(SPOT_ERRORS.unsupportedCombination());
  return params.choice('type', ORDER_TYPES, SPOT_ERRORS.invalidOrderType())!;
}

/** Whether a stop of this Binance type waits for the price to rise (a buy stop-loss, a sell take-profit). */
function stopRises(type: 'STOP_LOSS_LIMIT' | 'TAKE_PROFIT_LIMIT', side: 'buy' | 'sell'): boolean {
  return (type === 'STOP_LOSS_LIMIT') === (side === 'buy');
}

/** Decimal string → minor units at `scale` (the request was checked to be a plain decimal). */
function minorOf(value: string, scale: number): bigint | null {
  const [int, frac = ''] = value.split('.');
  return frac.length > scale ? null : BigInt(int + frac.padEnd(scale, '0'));
}

/**
 * The placeOrder fields of a POST /api/v3/order. Refusals before the engine: -1102 missing, -1100 malformed,
 * -1106 a parameter the type does not take, -1115/-1116/-1117 bad time in force / type / side, -1014 a Binance
 * type not offered, -2010 a stop whose price is already reached (the engine's stop waits for the price to move
 * from where it is, so a stop-loss must lie on the losing side of the last price and a take-profit on the other).
 */
export function newOrderOf(params: BinanceParams, context: PlacementContext): NewOrder {
  const side = params.choice('side', SIDES, SPOT_ERRORS.invalidSide());
  if (!side) throw new BinanceFailure(SPOT_ERRORS.mandatory('side'));
  const type = orderType(params);
  params.forbid('icebergQty', 'trailingDelta');
  const clientOrderId = params.optional('newClientOrderId');
  if (clientOrderId !== undefined && !CLIENT_ORDER_ID.test(clientOrderId)) throw new BinanceFailure(SPOT_ERRORS.illegalChars('newClientOrderId', '^[a-zA-Z0-9-_]{1,36}$'));
  const respType = params.choice('newOrderRespType', RESPONSE_TYPES) ?? (type === 'LIMIT' || type === 'MARKET' ? 'FULL' : 'ACK');
  const common = { side: side === 'BUY' ? ('buy' as const) : ('sell' as const), ...(clientOrderId !== undefined ? { clientOrderId } : {}) };
  const timeInForce = () => params.choice('timeInForce', TIME_IN_FORCE, SPOT_ERRORS.invalidTimeInForce());

  if (type === 'MARKET') {
    params.forbid('price', 'stopPrice', 'timeInForce');
    const qty = params.decimal('quantity');
    const quote = params.decimal('quoteOrderQty');
    if (qty === undefined && quote === undefined) throw new BinanceFailure(SPOT_ERRORS.eitherMandatory('quantity', 'quoteOrderQty'));
    if (qty !== undefined && quote !== undefined) throw new BinanceFailure(SPOT_ERRORS.combination());
    // the engine bounds what a market order spends by a budget in the asset it did not name: the member's balance
    const needsBudget = (qty !== undefined && common.side === 'buy') || (quote !== undefined && common.side === 'sell');
    const budget = needsBudget ? { budget: context.spendable(common.side === 'buy' ? 'quote' : 'base') } : {};
    return { type, respType, fields: { ...common, type: 'market', ...(qty !== undefined ? { qty } : { quote }), ...budget } };
  }

  params.forbid('quoteOrderQty');
  const price = params.decimal('price');
  const qty = params.decimal('quantity');
  if (qty === undefined) throw new BinanceFailure(SPOT_ERRORS.mandatory('quantity'));
  if (price === undefined) throw new BinanceFailure(SPOT_ERRORS.mandatory('price'));

  if (type === 'LIMIT' || type === 'LIMIT_MAKER') {
    params.forbid('stopPrice');
    if (type === 'LIMIT_MAKER') {
      params.forbid('timeInForce');
      return { type, respType, fields: { ...common, type: 'limit', price, qty, postOnly: true } };
    }
    const tif = timeInForce();
    if (!tif) throw new BinanceFailure(SPOT_ERRORS.mandatory('timeInForce'));
    return { type, respType, fields: { ...common, type: 'limit', price, qty, ...(tif !== 'GTC' ? { tif } : {}) } };
  }

  const trigger = params.decimal('stopPrice');
  if (trigger === undefined) throw new BinanceFailure(SPOT_ERRORS.mandatory('stopPrice'));
  const tif = timeInForce();
  if (!tif) throw new BinanceFailure(SPOT_ERRORS.mandatory('timeInForce'));
  if (tif !== 'GTC') throw new BinanceFailure(SPOT_ERRORS.invalidTimeInForce());
  const triggerMinor = minorOf(trigger, context.priceScale);
  if (triggerMinor === null) throw new BinanceFailure(SPOT_ERRORS.precision());
  const rises = context.lastPrice === null ? common.side === 'buy' : triggerMinor >= context.lastPrice;
  if (rises !== stopRises(type, common.side)) throw new BinanceFailure(SPOT_ERRORS.rejected('Stop price would trigger immediately.'));
  return { type, respType, fields: { ...common, type: 'stopLimit', price, qty, trigger } };
}

/** Binance's order status from the view's (open orders that traded are PARTIALLY_FILLED; IOC, FOK and market rests EXPIRED). */
export function binanceStatus(view: Pick<SpotOrderView, 'status' | 'filledNum' | 'reason'>): string {
  switch (view.status) {
    case 'conditional':
      return 'NEW';
    case 'open':
      return /^0(\.0*)?$/.test(view.filledNum) ? 'NEW' : 'PARTIALLY_FILLED';
    case 'filled':
      return 'FILLED';
    case 'cancelled':
      if (view.reason === 'selfTrade') return 'EXPIRED_IN_MATCH';
      return view.reason === 'user' || view.reason === 'oco' ? 'CANCELED' : 'EXPIRED';
  }
}

/**
 * The Binance type of an order of the history, whatever placed it (the site's trade form or the API). A stop
 * that waits for the price to move against its side is a stop-loss, one that waits for it to move in its favour a
 * take-profit (the rule newOrderOf places them by).
 */
export function binanceType(record: Pick<OrderRecord, 'type' | 'postOnly' | 'side' | 'rising'>): BinanceOrderType {
  switch (record.type) {
    case 'limit':
      return record.postOnly ? 'LIMIT_MAKER' : 'LIMIT';
    case 'market':
      return 'MARKET';
    case 'takeProfit':
      return 'TAKE_PROFIT_LIMIT';
    case 'stopLoss':
      return 'STOP_LOSS_LIMIT';
    case 'stop':
      return record.rising === null || stopRises('STOP_LOSS_LIMIT', record.side) === record.rising ? 'STOP_LOSS_LIMIT' : 'TAKE_PROFIT_LIMIT';
  }
}

export const selfTradeMode = (market: Pick<SpotMarketConfig, 'selfTrade'>): string => (market.selfTrade === 'cancelTaker' ? 'EXPIRE_TAKER' : 'EXPIRE_MAKER');

/** The RESULT form of an order (the fields GET /api/v3/order, openOrders and allOrders list). */
export function binanceOrder(binanceName: string, record: OrderRecord, view: SpotOrderView, market: Pick<SpotMarketConfig, 'selfTrade'>) {
  const conditional = view.status === 'conditional';
  return {
    symbol: binanceName,
    orderId: view.id,
    orderListId: -1,
    clientOrderId: view.clientOrderId ?? '',
    price: view.price ?? '0',
    origQty: view.num ?? '0',
    executedQty: view.filledNum,
    cummulativeQuoteQty: view.filledMoney,
    status: binanceStatus(view),
    timeInForce: record.tif ?? 'GTC',
    type: binanceType(record),
    side: view.side === 'buy' ? 'BUY' : 'SELL',
    stopPrice: view.triggerPrice ?? '0',
    icebergQty: '0',
    time: view.createTime,
    updateTime: view.updateTime,
    isWorking: !conditional,
    workingTime: conditional ? -1 : view.createTime,
    origQuoteOrderQty: view.money ?? '0',
    selfTradePreventionMode: selfTradeMode(market),
  };
}

/** One fill of a FULL new-order answer. */
export function binanceFill(fill: SpotFillView) {
  return { price: fill.price, qty: fill.num, commission: fill.fee, commissionAsset: fill.feeCurrency, tradeId: fill.tradeId };
}
