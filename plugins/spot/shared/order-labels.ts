// How an order reads, on the screens and in the export: text keys of its kind, side and status, its trigger prices.
import type { SpotOrderView } from './types';

/** Whether any of the order has been filled. */
export const hasFilled = (order: Pick<SpotOrderView, 'filledNum'>) => /[1-9]/.test(order.filledNum);

/** Text keys of an order's kind, side and status in the spot namespace; an open order with fills is partly filled. */
export const typeKey = (order: Pick<SpotOrderView, 'type'>) => `type_${order.type}`;
export const sideKey = (order: Pick<SpotOrderView, 'side'>) => `side_${order.side}`;
export const statusKey = (order: Pick<SpotOrderView, 'status' | 'filledNum'>) =>
  order.status === 'open' && hasFilled(order) ? 'status_partial' : `status_${order.status}`;

/** The trigger prices an order waits on: its own (a stop-limit, a take-profit or stop-loss leg), then the exits it carries. */
export function orderTriggers(order: Pick<SpotOrderView, 'triggerPrice' | 'takeProfit' | 'stopLoss'>): { key: 'triggerPrice' | 'takeProfit' | 'stopLoss'; price: string }[] {
  return (['triggerPrice', 'takeProfit', 'stopLoss'] as const).flatMap((key) => (order[key] === null ? [] : [{ key, price: order[key] }]));
}
