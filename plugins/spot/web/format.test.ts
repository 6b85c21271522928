import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartTime, dateTime, formatChange, formatCompact, formatFixed, formatQuote, quoteDecimals, trendOf } from './format';

describe('trading screen numbers', () => {
  it('shows a decimal at the market decimals, truncated, padded and grouped', () => {
    expect(formatFixed('30000.129', 2)).toBe('30,000.12');
    expect(formatFixed('0.05', 6)).toBe('0.050000');
    expect(formatFixed('-1234.5', 1)).toBe('-1,234.5');
    expect(formatFixed('-0.001', 2)).toBe('0.00');
    expect(formatFixed(null, 2)).toBe('--');
    expect(formatFixed('1e5', 2)).toBe('--');
  });

  it('shows a quote amount at the market decimals: truncated, not padded beyond the price decimals', () => {
    const btcUsdt = { base_coin_scale: 2, coin_coin_scale: 6 };
    const ethBtc = { base_coin_scale: 6, coin_coin_scale: 4 };
    // USDT and BTC balances in 8 decimals
    expect(quoteDecimals(btcUsdt, 8)).toBe(8);
    expect(quoteDecimals(ethBtc, 8)).toBe(8);
    expect(quoteDecimals({ base_coin_scale: 2, coin_coin_scale: 4 }, 8)).toBe(6);
    expect(formatQuote('10000.00000000', btcUsdt, 8)).toBe('10,000.00');
    expect(formatQuote('3251.5', btcUsdt, 8)).toBe('3,251.50');
    expect(formatQuote('2006.22930000', btcUsdt, 8)).toBe('2,006.2293');
    expect(formatQuote('0.12345678', btcUsdt, 8)).toBe('0.12345678');
    // the same BTC balance on ETH/BTC (a quote amount) and on BTC/USDT (a quantity at 6 decimals) reads alike
    expect(formatQuote('0.02997000', ethBtc, 8)).toBe('0.029970');
    expect(formatFixed('0.02997000', 6)).toBe('0.029970');
    // more decimals than the market has are cut, never rounded up
    expect(formatQuote('1.123456789', { base_coin_scale: 2, coin_coin_scale: 4 }, 8)).toBe('1.123456');
    expect(formatQuote('7', { base_coin_scale: 0, coin_coin_scale: 0 }, 8)).toBe('7');
    expect(formatQuote(null, btcUsdt, 8)).toBe('--');
  });

  it('shows a 24 h volume compact, never with more decimals than the market has', () => {
    expect(formatCompact('5.5', 4)).toBe('5.5000');
    expect(formatCompact('5.5')).toBe('5.500000');
    expect(formatCompact('0.02997', 6)).toBe('0.029970');
    expect(formatCompact('0.123456789', 8)).toBe('0.12345678');
    expect(formatCompact('12.99', 0)).toBe('12');
    expect(formatCompact('1234567.891', 2)).toBe('1.23M');
    expect(formatCompact('900000', 8)).toBe('900,000.00');
    expect(formatCompact(null, 4)).toBe('--');
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
