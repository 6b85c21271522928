// What the member is told after placing or cancelling an order: by the order the server returned, or by why the
// request failed.
import type { HttpError } from '../../../core/web';
import { isHttpError } from '../../../core/web';
import { hasFilled } from '../shared/order-labels';
import type { SpotOrderView } from '../shared/types';
import { formatFixed } from './format';
import type { OrderMarket } from './components/order-labels';
import { formatAmount } from './components/order-labels';

/** Every reason the engine gives for ending an order (each has a `reason_<name>` text). */
export const CANCEL_REASONS = ['user', 'selfTrade', 'unfilledIoc', 'unfilledFok', 'noLiquidity', 'oco', 'budget', 'sideFull'] as const;

/** The text key of why an order was cancelled, or null when the server gave none (or one this screen does not know). */
export function reasonKey(order: Pick<SpotOrderView, 'reason'>): string | null {
  return order.reason !== null && (CANCEL_REASONS as readonly string[]).includes(order.reason) ? `reason_${order.reason}` : null;
}

/**
 * Whether a request failed without an answer (no connection, timeout): the HTTP client says nothing then, so the
 * caller tells the member.
 */
export const isUnreachable = (error: unknown): error is HttpError => isHttpError(error) && (error.kind === 'network' || error.kind === 'timeout');

/** A toast: its level, text key and the key's values (a `reason` value is itself a text key). */
export interface OrderToast {
  level: 'success' | 'warning';
  key: string;
  values?: Record<string, string>;
}

/**
 * The toast after placing, by the status the order came back with: still working (open, waiting for its
 * trigger) → placed; filled; or ended at once by the engine (no liquidity, self-trade, fill-or-kill…) → a
 * warning with what filled and why the rest was cancelled.
 */
export function placedToast(order: SpotOrderView, market: OrderMarket & { coin: string }): OrderToast {
  if (order.status === 'filled') return { level: 'success', key: 'orderFilled' };
  if (order.status !== 'cancelled') return { level: 'success', key: 'orderPlaced' };
  const reason = reasonKey(order) ?? 'reason_unknown';
  if (!hasFilled(order)) return { level: 'warning', key: 'orderEnded', values: { reason } };
  // a market buy asks for an amount to spend: its share is told in the quote currency
  const [filled, qty] =
    order.num === null
      ? [formatAmount(order.filledMoney, market.quote), formatAmount(order.money, market.quote)]
      : [`${formatFixed(order.filledNum, market.qty)} ${market.coin}`, `${formatFixed(order.num, market.qty)} ${market.coin}`];
  return { level: 'warning', key: 'orderPartlyEnded', values: { filled, qty, reason } };
}
