// How the member's orders read: text keys of their kind, side and status, their market's decimals, amounts with a unit.
import { DecimalError, INVALID_NUMBER_DISPLAY, formatWithSeparators } from '../../../../core/shared';
import type { SpotOrderView, SpotSymbol } from '../../shared/types';

/** Whether any of the order has been filled. */
export const hasFilled = (order: Pick<SpotOrderView, 'filledNum'>) => /[1-9]/.test(order.filledNum);

/** Text keys of an order's kind, side and status in the spot namespace; an open order with fills is partly filled. */
export const typeKey = (order: Pick<SpotOrderView, 'type'>) => `type_${order.type}`;
export const sideKey = (order: Pick<SpotOrderView, 'side'>) => `side_${order.side}`;
export const statusKey = (order: Pick<SpotOrderView, 'status' | 'filledNum'>) =>
  order.status === 'open' && hasFilled(order) ? 'status_partial' : `status_${order.status}`;

/** Decimals of a market's prices and quantities, and its quote currency. */
export interface OrderMarket {
  price: number;
  qty: number;
  quote: string;
}

/** The market of an order's symbol ("BTC/USDT"); 8 decimals and the symbol's quote when it is not listed. */
export function orderMarket(markets: readonly SpotSymbol[], symbol: string): OrderMarket {
  const market = markets.find((candidate) => candidate.symbol_name === symbol);
  return { price: market?.base_coin_scale ?? 8, qty: market?.coin_coin_scale ?? 8, quote: market?.quote_symbol ?? symbol.split('/')[1] ?? '' };
}

/**
 * An amount with its currency ("14,500.5 USDT"), exact as the server wrote it: the market does not tell the quote
 * currency's decimals, so it is neither padded nor cut.
 */
export function formatAmount(value: string | null, currency: string): string {
  if (value === null) return INVALID_NUMBER_DISPLAY;
  try {
    return `${formatWithSeparators(value)} ${currency}`;
  } catch (error) {
    if (error instanceof DecimalError) return INVALID_NUMBER_DISPLAY;
    throw error;
  }
}

/** The trigger prices an order waits on: its own (a stop-limit, a take-profit or stop-loss leg), then the exits it carries. */
export function orderTriggers(order: Pick<SpotOrderView, 'triggerPrice' | 'takeProfit' | 'stopLoss'>): { key: 'triggerPrice' | 'takeProfit' | 'stopLoss'; price: string }[] {
  return (['triggerPrice', 'takeProfit', 'stopLoss'] as const).flatMap((key) => (order[key] === null ? [] : [{ key, price: order[key] }]));
}
