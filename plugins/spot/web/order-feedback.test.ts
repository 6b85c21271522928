// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/spot.json';
import { HttpError } from '../../../core/web';
import { CANCEL_REASONS, isUnreachable, placedToast, reasonKey } from './order-feedback';
import { order } from './testing/spot-fixtures';

const MARKET = { price: 2, qty: 6, quote: 'USDT', coin: 'BTC' };

describe('what the member is told about an order', () => {
  it('says placed for a working order, filled for a filled one', () => {
    expect(placedToast(order(1), MARKET)).toEqual({ level: 'success', key: 'orderPlaced' });
    expect(placedToast(order(1, { status: 'conditional' }), MARKET)).toEqual({ level: 'success', key: 'orderPlaced' });
    expect(placedToast(order(1, { status: 'filled', filledNum: '0.5' }), MARKET)).toEqual({ level: 'success', key: 'orderFilled' });
  });

  it('warns when the engine ended the order at once, with what filled and why', () => {
    expect(placedToast(order(1, { type: 'market', price: null, status: 'cancelled', reason: 'noLiquidity' }), MARKET)).toEqual({
      level: 'warning',
      key: 'orderEnded',
      values: { reason: 'reason_noLiquidity' },
    });
    expect(placedToast(order(1, { status: 'cancelled', reason: 'selfTrade', num: '0.5', filledNum: '0.2' }), MARKET)).toEqual({
      level: 'warning',
      key: 'orderPartlyEnded',
      values: { filled: '0.200000 BTC', qty: '0.500000 BTC', reason: 'reason_selfTrade' },
    });
    // a market buy spends an amount: its share is in the quote currency
    const buy = order(1, { type: 'market', price: null, num: null, money: '1000', status: 'cancelled', reason: 'noLiquidity', filledNum: '0.01', filledMoney: '300.5' });
    expect(placedToast(buy, MARKET).values).toEqual({ filled: '300.5 USDT', qty: '1,000 USDT', reason: 'reason_noLiquidity' });
    expect(placedToast(order(1, { status: 'cancelled', reason: null }), MARKET).values).toEqual({ reason: 'reason_unknown' });
  });

  // every language has the keys of en (locales.test.ts)
  it('knows every cancel reason, and each has a text', () => {
    expect(CANCEL_REASONS.map((reason) => reasonKey({ reason }))).toEqual(CANCEL_REASONS.map((reason) => `reason_${reason}`));
    expect(reasonKey({ reason: 'somethingNew' })).toBeNull();
    const keys = [...CANCEL_REASONS.map((reason) => `reason_${reason}`), 'reason_unknown', 'orderFilled', 'orderEnded', 'orderPartlyEnded', 'orderCancelled', 'placeUnreachable', 'cancelUnreachable'];
    expect(keys.filter((key) => !(key in en))).toEqual([]);
  });

  it('tells a missing answer (no connection, timeout) from a refusal', () => {
    expect(isUnreachable(new HttpError('network', 0, '', { quiet: true }))).toBe(true);
    expect(isUnreachable(new HttpError('timeout', 0, '', { quiet: true }))).toBe(true);
    expect(isUnreachable(new HttpError('response', 400, 'Insufficient available balance', { quiet: false }))).toBe(false);
    expect(isUnreachable(new Error('boom'))).toBe(false);
  });
});
