import { describe, expect, it } from 'vitest';
import { amountForPercent, cleanInput, emptyDraft, orderTotal, percentOf, placeOrderInput, presetPrice } from './order-form';
import { BTC } from './testing/spot-fixtures';

const context = { price: '30000', available: '1234.567891', market: { coin_coin_scale: 6, lot_size: '0.0001' }, quoteScale: 6 };

describe('trade form maths', () => {
  it('takes a percentage of the available balance, truncated', () => {
    expect(percentOf('1234.567891', 25, 6)).toBe('308.641972');
    expect(percentOf('0.000003', 50, 6)).toBe('0.000001');
    expect(percentOf('10', 100, 2)).toBe('10');
  });

  it('a limit buy buys what the share of the quote balance pays at the price, down to the lot', () => {
    expect(amountForPercent({ ...context, side: 'buy', type: 'limit', percent: 50 })).toEqual({ num: '0.0205' });
    expect(amountForPercent({ ...context, side: 'buy', type: 'stop', percent: 100 })).toEqual({ num: '0.0411' });
    expect(amountForPercent({ ...context, side: 'buy', type: 'limit', price: '', percent: 50 })).toBeNull();
    expect(amountForPercent({ ...context, side: 'buy', type: 'limit', price: '0', percent: 50 })).toBeNull();
  });

  it('a market buy spends the share of the quote balance (money); a sell sells the share of the base', () => {
    expect(amountForPercent({ ...context, side: 'buy', type: 'market', percent: 25 })).toEqual({ money: '308.641972' });
    expect(amountForPercent({ ...context, side: 'sell', type: 'market', available: '0.98765', percent: 75 })).toEqual({ num: '0.7407' });
    expect(amountForPercent({ ...context, side: 'sell', type: 'limit', available: '', percent: 75 })).toEqual({ num: '0' });
  });

  it('total is price × amount, exact and truncated to the quote decimals', () => {
    expect(orderTotal('30000.12', '0.123456', 6)).toBe('3703.694814');
    expect(orderTotal('0.00000003', '0.5', 6)).toBe('0');
    expect(orderTotal('30000', '1.', 6)).toBeNull();
    expect(orderTotal('', '1', 6)).toBeNull();
  });

  it('applies the numeric input rules at the market decimals', () => {
    expect(cleanInput('price', '0030000.129', BTC, 6)).toBe('30000.12');
    expect(cleanInput('num', '.1234567', BTC, 6)).toBe('1234567');
    expect(cleanInput('num', '0.1234567', BTC, 6)).toBe('0.123456');
    expect(cleanInput('money', '12a.5.5', BTC, 4)).toBe('12.55');
  });

  it('fills a price in at the market price decimals, as the book shows it', () => {
    expect(presetPrice('30000', BTC, 6)).toBe('30000.00');
    expect(presetPrice('0.05', { base_coin_scale: 6, coin_coin_scale: 4 }, 8)).toBe('0.050000');
    expect(presetPrice('30000.129', BTC, 6)).toBe('30000.12');
    expect(presetPrice('', BTC, 6)).toBe('');
  });

  it('sends only the fields of the order type', () => {
    const draft = { ...emptyDraft('100'), num: '2', money: '50', triggerMoney: '99', fullCheck: true, fullPrice: '120' };
    expect(placeOrderInput('sell', 'stop', draft)).toEqual({ side: 'sell', type: 'stop', price: '100', num: '2', triggerMoney: '99', fullCheck: true, fullPrice: '120' });
    expect(placeOrderInput('sell', 'market', { ...draft, fullCheck: false })).toEqual({ side: 'sell', type: 'market', num: '2' });
    expect(placeOrderInput('buy', 'market', { ...draft, fullCheck: false })).toEqual({ side: 'buy', type: 'market', money: '50' });
  });
});
