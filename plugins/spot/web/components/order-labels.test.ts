import { describe, expect, it } from 'vitest';
import { BTC, order } from '../testing/spot-fixtures';
import { orderTriggers, statusKey } from '../../shared/order-labels';
import { formatAmount, orderMarket } from './order-labels';

describe('order labels', () => {
  it('call an open order with fills partly filled, and one without open', () => {
    expect(statusKey(order(1))).toBe('status_open');
    expect(statusKey(order(1, { filledNum: '0.000000' }))).toBe('status_open');
    expect(statusKey(order(1, { filledNum: '0.75' }))).toBe('status_partial');
    expect(statusKey(order(1, { status: 'cancelled', filledNum: '0.75' }))).toBe('status_cancelled');
    expect(statusKey(order(1, { status: 'filled', filledNum: '2' }))).toBe('status_filled');
  });

  it("take an order's decimals and quote currency from its market, or 8 decimals and the symbol's quote", () => {
    expect(orderMarket([BTC], 'BTC/USDT')).toEqual({ price: 2, qty: 6, quote: 'USDT' });
    expect(orderMarket([BTC], 'ETH/BTC')).toEqual({ price: 8, qty: 8, quote: 'BTC' });
  });

  it('write an amount exactly, with separators and its currency', () => {
    expect(formatAmount('14500.025', 'USDT')).toBe('14,500.025 USDT');
    expect(formatAmount('100', 'USDT')).toBe('100 USDT');
    expect(formatAmount(null, 'USDT')).toBe('--');
    expect(formatAmount('1e3', 'USDT')).toBe('--');
  });

  it("list an order's own trigger, then the exits it carries", () => {
    expect(orderTriggers(order(1))).toEqual([]);
    expect(orderTriggers(order(1, { type: 'stop', triggerPrice: '31000' }))).toEqual([{ key: 'triggerPrice', price: '31000' }]);
    expect(orderTriggers(order(1, { takeProfit: '35000', stopLoss: '25000' }))).toEqual([
      { key: 'takeProfit', price: '35000' },
      { key: 'stopLoss', price: '25000' },
    ]);
  });
});
