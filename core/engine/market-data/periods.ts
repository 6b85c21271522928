// Candle periods and their UTC buckets. Pure arithmetic on epoch milliseconds: no clock, no time zone
// (Date is used only for its UTC calendar fields), so daylight saving time never moves a bucket.

export const CANDLE_PERIODS = ['1min', '5min', '15min', '30min', '1hour', '4hour', '1day', '1week', '1month'] as const;
export type CandlePeriod = (typeof CANDLE_PERIODS)[number];

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-01 was a Thursday; the first Monday 00:00 UTC is 4 days later. */
const FIRST_MONDAY_MS = 4 * DAY_MS;

/** Periods that are a fixed number of milliseconds aligned to the epoch (a day starts at 00:00 UTC). */
const FIXED_MS: Partial<Record<CandlePeriod, number>> = {
  '1min': MINUTE_MS,
  '5min': 5 * MINUTE_MS,
  '15min': 15 * MINUTE_MS,
  '30min': 30 * MINUTE_MS,
  '1hour': 60 * MINUTE_MS,
  '4hour': 240 * MINUTE_MS,
  '1day': DAY_MS,
};

export function isCandlePeriod(value: unknown): value is CandlePeriod {
  return typeof value === 'string' && (CANDLE_PERIODS as readonly string[]).includes(value);
}

/** Start (epoch ms, UTC) of the bucket of `period` that holds `time`. */
export function bucketStart(period: CandlePeriod, time: number): number {
  const fixed = FIXED_MS[period];
  if (fixed !== undefined) return Math.floor(time / fixed) * fixed;
  if (period === '1week') return Math.floor((time - FIRST_MONDAY_MS) / WEEK_MS) * WEEK_MS + FIRST_MONDAY_MS;
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}
