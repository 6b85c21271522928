import { divRound, formatDecimal } from '../../shared/money';
import type { Ring } from './candles';
import { DAY_MS, MINUTE_MS } from './periods';
import type { Candle, MarketScales, Ticker } from './types';

/** 1-minute candles a 24 h window can span: every minute that starts within it, both ends included. */
export const WINDOW_MINUTES = DAY_MS / MINUTE_MS + 1;

/** Percent change from open to close with 2 decimals, rounded half away from zero: 100 → 101.255 is '1.26'. */
export function percentChange(open: bigint, close: bigint): string {
  if (open === 0n) return '0.00';
  return formatDecimal(divRound((close - open) * 10_000n, open, 'half-up'), 2, { fixed: true });
}

/**
 * The rolling 24 h ticker at `now` from the 1-minute candles (newest last): the window is the minutes that
 * start at or after now − 24 h, so a trade 24 h + 1 ms old is out, one 24 h − 1 min old always in; the sums are
 * exact. Null before the first trade.
 */
export function rollingTicker(minutes: Ring<Candle>, now: number, scales: MarketScales): Ticker | null {
  const windowStart = now - DAY_MS;
  let close: bigint | undefined;
  let before: bigint | undefined;
  let first: bigint | undefined;
  let high = 0n;
  let low = 0n;
  let amount = 0n;
  let vol = 0n;
  let count = 0;
  for (let i = 0; i < minutes.size; i++) {
    const candle = minutes.fromNewest(i)!;
    if (candle.time > now) continue;
    if (candle.time < windowStart) {
      before = candle.close;
      break;
    }
    if (close === undefined) {
      close = candle.close;
      high = candle.high;
      low = candle.low;
    }
    if (candle.high > high) high = candle.high;
    if (candle.low < low) low = candle.low;
    first = candle.open;
    amount += candle.amount;
    vol += candle.volume;
    count += candle.count;
  }
  const last = close ?? before;
  if (last === undefined) return null;
  const open = before ?? first ?? last;
  if (close === undefined) high = low = last;
  const price = (value: bigint) => formatDecimal(value, scales.priceScale);
  return {
    close: price(last),
    open: price(open),
    zdf: percentChange(open, last),
    high: price(high),
    low: price(low),
    amount: formatDecimal(amount, scales.quoteScale),
    vol: formatDecimal(vol, scales.qtyScale),
    count,
  };
}
