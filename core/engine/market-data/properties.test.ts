import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarketData } from './market-data';
import { CANDLE_PERIODS, DAY_MS, bucketStart } from './periods';
import { percentChange } from './ticker';
import { OPTIONS, utc } from './test-support';
import type { Candle, MarketTrade } from './types';

const START = utc('2023-12-30T22:00:00.000'); // across a year end, a leap February and month ends

/** Trades with increasing times: gaps from 0 ms to several days, so every period sees gaps and many buckets. */
const trades = fc
  .array(
    fc.record({
      gap: fc.oneof(fc.integer({ min: 0, max: 90_000 }), fc.integer({ min: 0, max: 6 * 3_600_000 }), fc.integer({ min: 0, max: 9 * DAY_MS })),
      price: fc.bigInt({ min: 1n, max: 1_000_000n }),
      qty: fc.bigInt({ min: 1n, max: 5_000_000n }),
      buy: fc.boolean(),
    }),
    { minLength: 1, maxLength: 250 },
  )
  .map((drafts) => {
    let time = START;
    return drafts.map(({ gap, price, qty, buy }, i): MarketTrade => {
      time += gap;
      return { id: i + 1, price, qty, quote: (price * qty) / 10_000n, time, takerSide: buy ? 'buy' : 'sell' };
    });
  });

function record(list: MarketTrade[]): MarketData {
  const data = new MarketData(OPTIONS);
  for (const t of list) data.recordTrade(t);
  return data;
}

/** Folds candles (oldest first) into one. */
function fold(candles: Candle[]): Omit<Candle, 'time'> {
  return {
    open: candles[0]!.open,
    close: candles[candles.length - 1]!.close,
    high: candles.reduce((max, c) => (c.high > max ? c.high : max), candles[0]!.high),
    low: candles.reduce((min, c) => (c.low < min ? c.low : min), candles[0]!.low),
    volume: candles.reduce((sum, c) => sum + c.volume, 0n),
    amount: candles.reduce((sum, c) => sum + c.amount, 0n),
    buyVolume: candles.reduce((sum, c) => sum + c.buyVolume, 0n),
    buyAmount: candles.reduce((sum, c) => sum + c.buyAmount, 0n),
    count: candles.reduce((sum, c) => sum + c.count, 0),
  };
}

describe('market data properties', () => {
  it('every period aggregates the 1-minute candles of its buckets, and those the trades', () => {
    fc.assert(
      fc.property(trades, (list) => {
        const { candles } = record(list).snapshot();
        const asCandles = list.map((t): Candle => ({ time: t.time, open: t.price, high: t.price, low: t.price, close: t.price, volume: t.qty, amount: t.quote, buyVolume: t.takerSide === 'buy' ? t.qty : 0n, buyAmount: t.takerSide === 'buy' ? t.quote : 0n, count: 1 }));
        const { time: _first, ...firstMinute } = candles['1min'][0]!;
        expect(fold(candles['1min'])).toEqual(fold(asCandles));
        expect(firstMinute.open).toBe(list[0]!.price);
        for (const period of CANDLE_PERIODS) {
          const groups = new Map<number, Candle[]>();
          for (const minute of candles['1min']) {
            const start = bucketStart(period, minute.time);
            groups.set(start, [...(groups.get(start) ?? []), minute]);
          }
          expect(candles[period].map((c) => c.time)).toEqual([...groups.keys()]);
          for (const candle of candles[period]) {
            const { time, ...rest } = candle;
            expect(rest).toEqual(fold(groups.get(time)!));
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('the ticker equals a direct sum over the trades in the window at any time', () => {
    fc.assert(
      fc.property(trades, fc.integer({ min: 0, max: 40 * DAY_MS }), (list, offset) => {
        const now = START + offset;
        const ticker = record(list).tickerAt(now);
        const seen = list.filter((t) => bucketStart('1min', t.time) <= now);
        if (seen.length === 0) {
          expect(ticker).toBeNull();
          return;
        }
        const inWindow = seen.filter((t) => bucketStart('1min', t.time) >= now - DAY_MS);
        const before = seen.filter((t) => bucketStart('1min', t.time) < now - DAY_MS);
        const close = seen[seen.length - 1]!.price;
        const open = before.length > 0 ? before[before.length - 1]!.price : inWindow[0]!.price;
        const prices = inWindow.length > 0 ? inWindow.map((t) => t.price) : [close];
        expect(ticker).toEqual({
          close: String(Number(close) / 100),
          open: String(Number(open) / 100),
          zdf: percentChange(open, close),
          high: String(Number(prices.reduce((a, b) => (a > b ? a : b))) / 100),
          low: String(Number(prices.reduce((a, b) => (a < b ? a : b))) / 100),
          amount: String(Number(inWindow.reduce((sum, t) => sum + t.quote, 0n)) / 100),
          vol: String(Number(inWindow.reduce((sum, t) => sum + t.qty, 0n)) / 10_000),
          count: inWindow.length,
        });
      }),
      { numRuns: 200 },
    );
  });

  it('a restored snapshot continues like the original', () => {
    fc.assert(
      fc.property(trades, fc.nat(), (list, cut) => {
        const at = cut % list.length;
        const original = record(list.slice(0, at));
        const restored = MarketData.restore(OPTIONS, original.snapshot());
        for (const t of list.slice(at)) expect(restored.recordTrade(t)).toEqual(original.recordTrade(t));
        expect(restored.snapshot()).toEqual(original.snapshot());
      }),
      { numRuns: 100 },
    );
  });
});
