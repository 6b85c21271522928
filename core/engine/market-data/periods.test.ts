import { describe, expect, it } from 'vitest';
import { CANDLE_PERIODS, bucketStart, isCandlePeriod, type CandlePeriod } from './periods';

const utc = (iso: string) => Date.parse(`${iso}Z`);

describe('bucketStart', () => {
  const cases: [CandlePeriod, string, string][] = [
    ['1min', '2024-03-10T12:34:56.789', '2024-03-10T12:34:00.000'],
    ['1min', '2024-03-10T12:34:00.000', '2024-03-10T12:34:00.000'],
    ['5min', '2024-03-10T12:34:56.789', '2024-03-10T12:30:00.000'],
    ['15min', '2024-03-10T12:44:59.999', '2024-03-10T12:30:00.000'],
    ['15min', '2024-03-10T12:45:00.000', '2024-03-10T12:45:00.000'],
    ['30min', '2024-03-10T12:29:59.999', '2024-03-10T12:00:00.000'],
    ['1hour', '2024-03-10T23:59:59.999', '2024-03-10T23:00:00.000'],
    ['4hour', '2024-03-10T03:59:59.999', '2024-03-10T00:00:00.000'],
    ['4hour', '2024-03-10T04:00:00.000', '2024-03-10T04:00:00.000'],
    ['4hour', '2024-03-10T23:00:00.000', '2024-03-10T20:00:00.000'],
    ['1day', '2024-03-10T23:59:59.999', '2024-03-10T00:00:00.000'],
    ['1day', '2024-03-11T00:00:00.000', '2024-03-11T00:00:00.000'],
    // the US (2024-03-10) and EU (2024-03-31, 2024-10-27) clock changes move nothing: buckets are UTC
    ['1hour', '2024-03-31T01:30:00.000', '2024-03-31T01:00:00.000'],
    ['1day', '2024-10-27T02:30:00.000', '2024-10-27T00:00:00.000'],
    // weeks start on Monday 00:00 UTC
    ['1week', '2024-03-11T00:00:00.000', '2024-03-11T00:00:00.000'], // a Monday
    ['1week', '2024-03-10T23:59:59.999', '2024-03-04T00:00:00.000'], // the Sunday before
    ['1week', '2024-03-14T12:00:00.000', '2024-03-11T00:00:00.000'], // Thursday
    ['1week', '2025-01-01T08:00:00.000', '2024-12-30T00:00:00.000'], // a week across the new year
    ['1week', '1970-01-01T00:00:00.000', '1969-12-29T00:00:00.000'], // before the first Monday of the epoch
    ['1week', '1970-01-05T00:00:00.000', '1970-01-05T00:00:00.000'],
    // months start on the 1st, leap years included
    ['1month', '2024-02-29T23:59:59.999', '2024-02-01T00:00:00.000'],
    ['1month', '2024-03-01T00:00:00.000', '2024-03-01T00:00:00.000'],
    ['1month', '2023-02-28T23:59:59.999', '2023-02-01T00:00:00.000'],
    ['1month', '2000-02-29T12:00:00.000', '2000-02-01T00:00:00.000'],
    ['1month', '2024-12-31T23:59:59.999', '2024-12-01T00:00:00.000'],
    ['1month', '2025-01-01T00:00:00.000', '2025-01-01T00:00:00.000'],
    ['1day', '2024-02-29T00:00:00.001', '2024-02-29T00:00:00.000'],
  ];
  it.each(cases)('%s of %s starts at %s', (period, time, start) => {
    expect(new Date(bucketStart(period, utc(time))).toISOString()).toBe(`${start}Z`);
  });

  it('is idempotent and never after the time for every period', () => {
    for (const period of CANDLE_PERIODS) {
      for (const time of [0, 1, utc('2024-02-29T13:14:15.161'), utc('2031-12-31T23:59:59.999')]) {
        const start = bucketStart(period, time);
        expect(start).toBeLessThanOrEqual(time);
        expect(bucketStart(period, start)).toBe(start);
      }
    }
  });
});

describe('isCandlePeriod', () => {
  it('knows exactly the nine periods', () => {
    expect(CANDLE_PERIODS.every(isCandlePeriod)).toBe(true);
    for (const bad of ['1m', '1MIN', '1year', '', 60, null, undefined]) expect(isCandlePeriod(bad)).toBe(false);
  });
});
