import { describe, expect, it } from 'vitest';
import { afterPlaced, amountForPercent, amountRefusal, bandRefusal, canUsePercent, cleanInput, emptyDraft, FAR_PRICE_PERCENT, farFromLast, orderTotal, percentOf, missingValue, placeOrderInput, presetPrice, repriceDraft, requiredFields } from './order-form';
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

  it('a new price keeps the percentage true: a limit or stop buy buys its share at the new price', () => {
    const draft = { ...emptyDraft('30000'), num: '0.0205' };
    const buy = { ...context, side: 'buy', type: 'limit', percent: 50 } as const;
    expect(repriceDraft(draft, '25000', buy)).toEqual({ ...draft, price: '25000', num: '0.0246' });
    expect(repriceDraft(draft, '25000', { ...buy, type: 'stop' })).toEqual({ ...draft, price: '25000', num: '0.0246' });
    // while the price is incomplete there is no amount for the percentage
    expect(repriceDraft(draft, '25000.', buy)).toEqual({ ...draft, price: '25000.', num: '' });
    expect(repriceDraft(draft, '', buy)).toEqual({ ...draft, price: '', num: '' });
  });

  it('a new price leaves a typed amount, a sell and a market buy as they are', () => {
    const draft = { ...emptyDraft('30000'), num: '0.5', money: '100' };
    expect(repriceDraft(draft, '25000', { ...context, side: 'buy', type: 'limit', percent: 0 })).toEqual({ ...draft, price: '25000' });
    expect(repriceDraft(draft, '25000', { ...context, side: 'sell', type: 'limit', percent: 50 })).toEqual({ ...draft, price: '25000' });
    expect(repriceDraft(draft, '25000', { ...context, side: 'buy', type: 'market', percent: 50 })).toEqual({ ...draft, price: '25000' });
  });

  it('the slider needs a signed-in member with something available', () => {
    expect(canUsePercent(true, '0.000001')).toBe(true);
    expect(canUsePercent(true, '0')).toBe(false);
    expect(canUsePercent(true, '0.000')).toBe(false);
    expect(canUsePercent(true, '')).toBe(false);
    expect(canUsePercent(false, '1000')).toBe(false);
  });

  it('a placed order keeps the price and the trigger, and clears the amount and the take-profit / stop-loss', () => {
    const draft = { price: '100', num: '2', money: '50', triggerMoney: '99', fullCheck: true, fullPrice: '120', lossCheck: true, lossPrice: '80' };
    expect(afterPlaced(draft)).toEqual({ ...emptyDraft('100'), triggerMoney: '99' });
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
    // a stop-limit carries no exits: the engine refuses them
    expect(placeOrderInput('sell', 'stop', draft)).toEqual({ side: 'sell', type: 'stop', price: '100', num: '2', triggerMoney: '99' });
    expect(placeOrderInput('sell', 'limit', draft)).toEqual({ side: 'sell', type: 'limit', price: '100', num: '2', fullCheck: true, fullPrice: '120' });
    expect(placeOrderInput('sell', 'market', { ...draft, fullCheck: false })).toEqual({ side: 'sell', type: 'market', num: '2' });
    expect(placeOrderInput('buy', 'market', { ...draft, fullCheck: false })).toEqual({ side: 'buy', type: 'market', money: '50' });
  });
});

describe('a price far worse than the last price', () => {
  const at = (price: string, triggerMoney = '') => ({ ...emptyDraft(price), num: '1', triggerMoney });

  it('asks about a buy priced far above the last price, with how far in percent', () => {
    expect(farFromLast('buy', 'limit', at('5.000000'), '0.0476')).toBe('10404.2');
    expect(farFromLast('buy', 'limit', at('40000'), '30000.00')).toBe('33.3');
  });

  it('does not ask about a buy below the last price: it only waits in the book', () => {
    expect(farFromLast('buy', 'limit', at('0.000001'), '0.0476')).toBeNull();
    expect(farFromLast('buy', 'limit', at('30000'), '30000')).toBeNull();
  });

  it('asks about a sell priced far below the last price, and not about one above it', () => {
    expect(farFromLast('sell', 'limit', at('0.040000'), '0.0476')).toBe('16');
    expect(farFromLast('sell', 'limit', at('0.000001'), '0.0476')).toBe('100');
    expect(farFromLast('sell', 'limit', at('5.000000'), '0.0476')).toBeNull();
  });

  it(`asks only beyond ${FAR_PRICE_PERCENT} %, exactly`, () => {
    expect(FAR_PRICE_PERCENT).toBe(10);
    expect(farFromLast('buy', 'limit', at('110.000000'), '100')).toBeNull();
    expect(farFromLast('buy', 'limit', at('110.000001'), '100')).toBe('10');
    expect(farFromLast('buy', 'limit', at('110.06'), '100')).toBe('10.1');
    expect(farFromLast('sell', 'limit', at('90'), '100.000')).toBeNull();
    expect(farFromLast('sell', 'limit', at('89.999999'), '100')).toBe('10');
    // exact where floats are not: 0.1 + 10 % of it is 0.11 (0.1 * 1.1 is 0.11000000000000001 in floats)
    expect(farFromLast('buy', 'limit', at('0.11'), '0.1')).toBeNull();
  });

  it('does not ask without a last price, a complete price, or for a market order', () => {
    expect(farFromLast('buy', 'limit', at('5'), null)).toBeNull();
    expect(farFromLast('buy', 'limit', at('5'), '0')).toBeNull();
    expect(farFromLast('buy', 'limit', at('5.'), '0.0476')).toBeNull();
    expect(farFromLast('buy', 'limit', at(''), '0.0476')).toBeNull();
    expect(farFromLast('buy', 'market', at('5'), '0.0476')).toBeNull();
    expect(farFromLast('sell', 'market', at('0.01'), '0.0476')).toBeNull();
  });

  it('a stop-limit order is judged by its limit price, not its trigger', () => {
    expect(farFromLast('buy', 'stop', at('40000', '30100'), '30000')).toBe('33.3');
    expect(farFromLast('buy', 'stop', at('30100', '40000'), '30000')).toBeNull();
    expect(farFromLast('sell', 'stop', at('20000', '29900'), '30000')).toBe('33.3');
  });
});

describe('the price band, checked before sending', () => {
  const banded = { ...BTC, tick_size: '0.05', price_band_percent: 10 };
  const draft = (price: string, triggerMoney = '') => ({ price, triggerMoney });

  it('names the side’s limit on the tick and the last price, as the server words it', () => {
    // last 30,000.01: a buy up to 33,000.011 → 33,000.00 on the 0.05 tick, a sell down to 27,000.009 → 27,000.05
    expect(bandRefusal('buy', 'limit', draft('33000.05'), banded, '30000.01')).toEqual({
      key: 'errPriceOutsideBandBuy',
      params: { percent: 10, reference: '30,000.01', limit: '33,000.00', currency: 'USDT' },
    });
    expect(bandRefusal('buy', 'limit', draft('33000.01'), banded, '30000.01')).toBeNull();
    expect(bandRefusal('sell', 'limit', draft('27000.00'), banded, '30000.01')).toMatchObject({ key: 'errPriceOutsideBandSell', params: { limit: '27,000.05' } });
    expect(bandRefusal('sell', 'limit', draft('27000.01'), banded, '30000.01')).toBeNull();
    // far the other way only waits in the book
    expect(bandRefusal('buy', 'limit', draft('1.00'), banded, '30000.01')).toBeNull();
    expect(bandRefusal('sell', 'limit', draft('99999.00'), banded, '30000.01')).toBeNull();
  });

  it('measures a stop-limit from its own trigger price, even without a last price', () => {
    expect(bandRefusal('buy', 'stop', draft('77000.05', '70000'), banded, null)).toEqual({
      key: 'errPriceOutsideBandOfTriggerBuy',
      params: { percent: 10, reference: '70,000.00', limit: '77,000.00', currency: 'USDT' },
    });
    expect(bandRefusal('buy', 'stop', draft('77000.00', '70000'), banded, null)).toBeNull();
    expect(bandRefusal('sell', 'stop', draft('62999.95', '70000'), banded, '1')).toMatchObject({ key: 'errPriceOutsideBandOfTriggerSell' });
  });

  it('says nothing on a market without a band, for a market order, or with nothing to measure from', () => {
    expect(bandRefusal('buy', 'limit', draft('99999'), BTC, '30000')).toBeNull();
    expect(bandRefusal('buy', 'limit', draft('99999'), { ...banded, price_band_percent: 0 }, '30000')).toBeNull();
    expect(bandRefusal('buy', 'market', draft('99999'), banded, '30000')).toBeNull();
    expect(bandRefusal('buy', 'limit', draft('99999'), banded, null)).toBeNull();
    expect(bandRefusal('buy', 'stop', draft('99999', ''), banded, '30000')).toBeNull();
    expect(bandRefusal('buy', 'limit', draft('99999.'), banded, '30000')).toBeNull();
  });
});

describe('a missing or zero value, checked before sending', () => {
  it('asks for a value when nothing was typed, and for one above zero when a zero was', () => {
    expect(missingValue('')).toBe('errRequired');
    expect(missingValue('.')).toBe('errRequired');
    expect(missingValue('0')).toBe('errNonPositive');
    expect(missingValue('0.000')).toBe('errNonPositive');
    expect(missingValue('0.')).toBe('errNonPositive');
    expect(missingValue('0.001')).toBeNull();
    expect(missingValue('10')).toBeNull();
  });

  it('needs the fields of the order type and of the exits chosen', () => {
    const draft = { fullCheck: false, lossCheck: false };
    expect(requiredFields('buy', 'limit', draft)).toEqual(['price', 'num']);
    expect(requiredFields('buy', 'market', draft)).toEqual(['money']);
    expect(requiredFields('sell', 'market', draft)).toEqual(['num']);
    expect(requiredFields('sell', 'stop', { fullCheck: true, lossCheck: true })).toEqual(['price', 'num', 'triggerMoney']);
    expect(requiredFields('sell', 'limit', { fullCheck: true, lossCheck: true })).toEqual(['price', 'num', 'fullPrice', 'lossPrice']);
  });
});

describe('the minimum order value and the available balance, checked before sending', () => {
  // minimum 5 USDT; quote amounts in 8 decimals (the quote currency's), as the engine counts them
  const market = { ...BTC, min_notional: '5' };
  const draft = (price: string, num: string, money = '') => ({ price, num, money });
  const below = { key: 'errBelowMinNotional', params: { value: '5', currency: 'USDT' } };

  it('refuses a limit or stop-limit order worth less than the minimum under the quantity, exactly at it passes', () => {
    expect(amountRefusal('buy', 'limit', draft('25000', '0.0002'), market, 8, null)).toBeNull();
    expect(amountRefusal('buy', 'limit', draft('25000', '0.000199'), market, 8, null)).toEqual({ field: 'num', ...below });
    expect(amountRefusal('sell', 'stop', draft('0.00000001', '500000000'), market, 8, null)).toBeNull();
    // one minor unit of the quote below the minimum
    expect(amountRefusal('sell', 'stop', draft('0.00000001', '499999999'), market, 8, null)).toEqual({ field: 'num', ...below });
  });

  it('refuses a market buy spending less than the minimum under the quote amount; a market sell has no value to check', () => {
    expect(amountRefusal('buy', 'market', draft('', '', '5'), market, 8, null)).toBeNull();
    expect(amountRefusal('buy', 'market', draft('', '', '4.99999999'), market, 8, null)).toEqual({ field: 'money', ...below });
    expect(amountRefusal('sell', 'market', draft('', '0.000001'), market, 8, null)).toBeNull();
  });

  it('refuses a limit or stop-limit buy costing more than the quote balance, exactly the balance passes', () => {
    expect(amountRefusal('buy', 'limit', draft('25000', '0.4'), market, 8, '10000')).toBeNull();
    expect(amountRefusal('buy', 'limit', draft('25000.00000001', '0.4'), market, 8, '10000.00000000')).toBeNull(); // 10,000.000000004 truncates to the balance
    expect(amountRefusal('buy', 'stop', draft('25000', '0.4'), market, 8, '9999.99999999')).toEqual({ field: 'num', key: 'errInsufficientFunds' });
    expect(amountRefusal('buy', 'limit', draft('1', '10000.000001'), market, 8, '10000')).toEqual({ field: 'num', key: 'errInsufficientFunds' });
  });

  it('refuses a market buy spending more than the quote balance under the quote amount', () => {
    expect(amountRefusal('buy', 'market', draft('', '', '10000'), market, 8, '10000')).toBeNull();
    expect(amountRefusal('buy', 'market', draft('', '', '10000.00000001'), market, 8, '10000')).toEqual({ field: 'money', key: 'errInsufficientFunds' });
  });

  it('refuses a sell of more than the base balance under the quantity, market or limit', () => {
    expect(amountRefusal('sell', 'limit', draft('30000', '0.02997'), market, 8, '0.02997000')).toBeNull();
    expect(amountRefusal('sell', 'limit', draft('30000', '0.029971'), market, 8, '0.02997000')).toEqual({ field: 'num', key: 'errInsufficientFunds' });
    expect(amountRefusal('sell', 'market', draft('', '0.02997'), market, 8, '0.02997')).toBeNull();
    expect(amountRefusal('sell', 'market', draft('', '0.029971'), market, 8, '0.02997')).toEqual({ field: 'num', key: 'errInsufficientFunds' });
  });

  it('signed out (no balance known) checks only the minimum; the minimum comes before the balance', () => {
    expect(amountRefusal('buy', 'limit', draft('25000', '1000'), market, 8, null)).toBeNull();
    expect(amountRefusal('sell', 'market', draft('', '1000'), market, 8, null)).toBeNull();
    expect(amountRefusal('buy', 'limit', draft('25000', '0.0001'), market, 8, '0')).toMatchObject({ key: 'errBelowMinNotional' });
  });

  it('says nothing while a field is incomplete, or on a market without a minimum', () => {
    expect(amountRefusal('buy', 'limit', draft('25000.', '0.0001'), market, 8, '0')).toBeNull();
    expect(amountRefusal('buy', 'limit', draft('25000', ''), market, 8, '0')).toBeNull();
    expect(amountRefusal('buy', 'limit', draft('25000', '0.0001'), { ...market, min_notional: '0' }, 8, '10')).toBeNull();
  });
});
