import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartTime, dateTime, formatChange, formatFixed, trendOf } from './format';

describe('trading screen numbers', () => {
  it('shows a decimal at the market decimals, truncated, padded and grouped', () => {
    expect(formatFixed('30000.129', 2)).toBe('30,000.12');
    expect(formatFixed('0.05', 6)).toBe('0.050000');
    expect(formatFixed('-1234.5', 1)).toBe('-1,234.5');
    expect(formatFixed('-0.001', 2)).toBe('0.00');
    expect(formatFixed(null, 2)).toBe('--');
    expect(formatFixed('1e5', 2)).toBe('--');
  });

  it('shows a 24 h change with its sign, and its trend', () => {
    expect(formatChange('2.345')).toBe('+2.34%');
    expect(formatChange('-1.1')).toBe('-1.10%');
    expect(formatChange('0')).toBe('0.00%');
    expect(formatChange(undefined)).toBe('--');
    expect([trendOf('2'), trendOf('-0.5'), trendOf('0.00'), trendOf(null)]).toEqual(['up', 'down', 'flat', 'flat']);
  });

  describe('times, in the browser zone (here Asia/Seoul, UTC+9)', () => {
    const zone = process.env.TZ;
    beforeAll(() => void (process.env.TZ = 'Asia/Seoul'));
    afterAll(() => void (zone === undefined ? delete process.env.TZ : (process.env.TZ = zone)));
    // 2026-11-29 13:49:09 UTC
    const time = Date.UTC(2026, 10, 29, 13, 49, 9);

    it('writes a date and time in one compact numeric form for every language', () => {
      expect(dateTime(time)).toBe('2026-11-29 22:49:09');
      expect(dateTime(Date.UTC(2026, 0, 1, 15, 0, 5))).toBe('2026-01-02 00:00:05');
    });

    it('labels the chart in local time, and day or longer candles with their date', () => {
      const seconds = time / 1000;
      expect(chartTime(seconds, false)).toBe('2026-11-29 22:49');
      expect(chartTime(seconds, false, 3)).toBe('22:49');
      expect(chartTime(seconds, false, 4)).toBe('22:49:09');
      // a day, month or year mark is a date at local midnight, else (the chart's UTC midnight) its time
      const midnight = Date.UTC(2026, 10, 28, 15) / 1000;
      expect(chartTime(midnight, false, 2)).toBe('11-29');
      expect(chartTime(midnight, false, 1)).toBe('2026-11');
      expect(chartTime(midnight, false, 0)).toBe('2026');
      expect(chartTime(Date.UTC(2026, 10, 29) / 1000, false, 2)).toBe('09:00');
      // a daily candle starts at 00:00 UTC: 09:00 here, still that day's candle
      const day = Date.UTC(2026, 10, 29) / 1000;
      expect(chartTime(day, true)).toBe('2026-11-29');
      expect(chartTime(day, true, 2)).toBe('11-29');
    });
  });
});
