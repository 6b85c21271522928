import { describe, expect, it } from 'vitest';
import { parseDecimal } from '../../shared/money';
import { MarketData } from './market-data';
import { CANDLE_PERIODS } from './periods';
import { percentChange } from './ticker';
import { OPTIONS, trade, utc } from './test-support';

const T0 = utc('2024-02-29T10:00:00.000');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('candles', () => {
  it('aggregates open, high, low, close, volume, amount, the taker-buy share and count in a bucket', () => {
    const data = new MarketData(OPTIONS);
    data.recordTrade(trade(1, '100.00', '1', T0 + 1000));
    data.recordTrade(trade(2, '103.50', '0.5', T0 + 2000, 'sell'));
    data.recordTrade(trade(3, '98.25', '2', T0 + 3000));
    const updates = data.recordTrade(trade(4, '101.00', '0.1234', T0 + 59_999));
    expect(data.candles('1min', { limit: 10 })).toEqual([
      { time: T0, open: '100', high: '103.5', low: '98.25', close: '101', volume: '3.6234', amount: '360.71', buyVolume: '3.1234', buyAmount: '308.96', count: 4 },
    ]);
    // 100 + 51.75 + 196.5 + 12.4634 → 12.46 (rounded down per trade)
    expect(updates.map((update) => update.period)).toEqual([...CANDLE_PERIODS]);
    expect(updates.every((update) => !update.opened && update.candle.count === 4)).toBe(true);
  });

  it('opens a new bucket on the next trade and leaves no empty candles across a gap', () => {
    const data = new MarketData(OPTIONS);
    data.recordTrade(trade(1, '100', '1', T0));
    const updates = data.recordTrade(trade(2, '110', '1', T0 + 3 * MIN + 5));
    expect(data.candles('1min', { limit: 10 }).map((candle) => [candle.time, candle.open, candle.close])).toEqual([
      [T0, '100', '100'],
      [T0 + 3 * MIN, '110', '110'],
    ]);
    const opened = Object.fromEntries(updates.map((update) => [update.period, update.opened]));
    expect(opened).toMatchObject({ '1min': true, '5min': false, '1hour': false, '1day': false });
    expect(data.candles('5min', { limit: 10 })).toHaveLength(1);
  });

  it('counts a trade stamped before the previous one at the previous time', () => {
    const data = new MarketData(OPTIONS);
    data.recordTrade(trade(1, '100', '1', T0 + 2 * MIN));
    data.recordTrade(trade(2, '90', '1', T0));
    expect(data.candles('1min', { limit: 10 })).toMatchObject([{ time: T0 + 2 * MIN, open: '100', low: '90', close: '90', count: 2 }]);
    expect(data.recentTrades()[0]).toMatchObject({ id: 2, time: T0 + 2 * MIN });
  });

  it('answers history by range and limit, oldest first', () => {
    const data = new MarketData(OPTIONS);
    for (let i = 0; i < 10; i++) data.recordTrade(trade(i + 1, `${100 + i}`, '1', T0 + i * MIN));
    const times = (query: Parameters<MarketData['candles']>[1]) => data.candles('1min', query).map((candle) => (candle.time - T0) / MIN);
    expect(times({ limit: 3 })).toEqual([7, 8, 9]);
    expect(times({ limit: 100, from: T0 + 5 * MIN })).toEqual([5, 6, 7, 8, 9]);
    expect(times({ limit: 2, to: T0 + 5 * MIN })).toEqual([4, 5]);
    expect(times({ limit: 100, from: T0 + 2 * MIN, to: T0 + 4 * MIN + 1 })).toEqual([2, 3, 4]);
    expect(times({ limit: 100, from: T0 + 20 * MIN })).toEqual([]);
    expect(() => data.candles('1min', { limit: 0 })).toThrow(RangeError);
    expect(() => data.candles('1min', { limit: 1.5 })).toThrow(RangeError);
  });

  it('keeps a bounded history per period, and tells where it starts and whether it is full', () => {
    const data = new MarketData({ ...OPTIONS, keep: 1442 });
    expect(data.heldCandles('1min')).toEqual({ oldest: undefined, full: false });
    for (let i = 0; i < 1442; i++) data.recordTrade(trade(i + 1, '100', '1', T0 + i * MIN));
    expect(data.heldCandles('1min')).toEqual({ oldest: T0, full: true });
    expect(data.heldCandles('1day')).toEqual({ oldest: utc('2024-02-29T00:00:00.000'), full: false });
    for (let i = 1442; i < 1500; i++) data.recordTrade(trade(i + 1, '100', '1', T0 + i * MIN));
    expect(data.heldCandles('1min')).toEqual({ oldest: T0 + 58 * MIN, full: true });
    const history = data.candles('1min', { limit: 5000 });
    expect(history).toHaveLength(1442);
    expect(history[0]!.time).toBe(T0 + 58 * MIN);
    expect(() => new MarketData({ ...OPTIONS, keep: 1441 })).toThrow(RangeError);
  });

  it('refuses a trade that cannot be one and changes nothing', () => {
    const data = new MarketData(OPTIONS);
    data.recordTrade(trade(1, '100', '1', T0));
    const before = data.snapshot();
    expect(() => data.recordTrade({ ...trade(2, '100', '1', T0), price: 0n })).toThrow(RangeError);
    expect(() => data.recordTrade({ ...trade(2, '100', '1', T0), qty: -1n })).toThrow(RangeError);
    expect(() => data.recordTrade({ ...trade(2, '100', '1', T0), time: Number.NaN })).toThrow(RangeError);
    expect(data.snapshot()).toEqual(before);
  });
});

describe('recent trades', () => {
  it('keeps the last 100, newest first, as decimal strings', () => {
    const data = new MarketData(OPTIONS);
    for (let i = 1; i <= 130; i++) data.recordTrade(trade(i, '100.5', '0.25', T0 + i, i % 2 ? 'buy' : 'sell'));
    const recent = data.recentTrades();
    expect(recent).toHaveLength(100);
    expect(recent[0]).toEqual({ id: 130, price: '100.5', qty: '0.25', quote: '25.12', time: T0 + 130, takerSide: 'sell' });
    expect(recent[99]!.id).toBe(31);
    expect(data.recentTrades(3).map((t) => t.id)).toEqual([130, 129, 128]);
  });
});

describe('24 h ticker', () => {
  it('is null before the first trade', () => {
    expect(new MarketData(OPTIONS).tickerAt(T0)).toBeNull();
  });

  it('sums the window exactly and slides with time: a trade 24 h + 1 ms old drops out', () => {
    const data = new MarketData(OPTIONS);
    data.recordTrade(trade(1, '100', '2', T0));
    data.recordTrade(trade(2, '120', '1', T0 + HOUR));
    data.recordTrade(trade(3, '90', '1', T0 + 2 * HOUR));
    data.recordTrade(trade(4, '110', '0.5', T0 + 3 * HOUR));
    expect(data.tickerAt(T0 + 3 * HOUR)).toEqual({ close: '110', open: '100', zdf: '10.00', high: '120', low: '90', amount: '465', vol: '4.5', count: 4 });
    expect(data.tickerAt(T0 + DAY)).toMatchObject({ open: '100', amount: '465', count: 4 });
    // the first trade is now 24 h + 1 ms old: the price 24 h ago is its price, it no longer counts in the sums
    expect(data.tickerAt(T0 + DAY + 1)).toEqual({ close: '110', open: '100', zdf: '10.00', high: '120', low: '90', amount: '265', vol: '2.5', count: 3 });
    expect(data.tickerAt(T0 + DAY + HOUR + 1)).toEqual({ close: '110', open: '120', zdf: '-8.33', high: '110', low: '90', amount: '145', vol: '1.5', count: 2 });
    // no trade in the window: the last price, no change, no volume
    expect(data.tickerAt(T0 + 2 * DAY)).toEqual({ close: '110', open: '110', zdf: '0.00', high: '110', low: '110', amount: '0', vol: '0', count: 0 });
  });

  it('counts a trade 24 h − 1 min old whatever the millisecond', () => {
    const data = new MarketData(OPTIONS);
    data.recordTrade(trade(1, '100', '1', T0 + 59_999));
    expect(data.tickerAt(T0 + 59_999 + DAY - MIN)).toMatchObject({ count: 1 });
    expect(data.tickerAt(T0 + DAY)).toMatchObject({ count: 1 });
    expect(data.tickerAt(T0 + DAY + 1)).toMatchObject({ count: 0, close: '100' });
  });

  it('ignores trades after `now`', () => {
    const data = new MarketData(OPTIONS);
    data.recordTrade(trade(1, '100', '1', T0));
    data.recordTrade(trade(2, '200', '1', T0 + 10 * MIN));
    expect(data.tickerAt(T0 + MIN)).toMatchObject({ close: '100', count: 1 });
  });

  it.each([
    ['100', '101.255', '1.26'],
    ['100', '101.254', '1.25'],
    ['100', '98.745', '-1.26'],
    ['100', '98.746', '-1.25'],
    ['3', '1', '-66.67'],
    ['3', '4', '33.33'],
    ['100', '100', '0.00'],
    ['0.001', '1000', '99999900.00'],
  ])('zdf from %s to %s is %s', (open, close, zdf) => {
    expect(percentChange(parseDecimal(open, 3), parseDecimal(close, 3))).toBe(zdf);
  });
});

describe('restore', () => {
  it('gives the same state, history, ticker and answers to the next trades', () => {
    const original = new MarketData(OPTIONS);
    for (let i = 0; i < 300; i++) original.recordTrade(trade(i + 1, `${100 + (i % 17)}`, '0.3', T0 + i * 7 * MIN));
    const restored = MarketData.restore(OPTIONS, original.snapshot());
    expect(restored.snapshot()).toEqual(original.snapshot());
    const now = T0 + 300 * 7 * MIN;
    expect(restored.tickerAt(now)).toEqual(original.tickerAt(now));
    for (const next of [trade(301, '99', '1', now), trade(302, '140', '2', now + 3 * DAY), trade(303, '1', '1', now)]) {
      expect(restored.recordTrade(next)).toEqual(original.recordTrade(next));
    }
    expect(restored.snapshot()).toEqual(original.snapshot());
  });
});
