// How the trading screens show numbers: prices and quantities at the market's decimals, exact, truncated.
import { DecimalError, INVALID_NUMBER_DISPLAY, formatDecimal, formatNumberDisplay, formatWithSeparators } from '../../../core/shared';
import type { SpotSymbol } from '../shared/types';
import { minorAt, readDecimal } from './decimal';

/** A decimal string at `scale` decimals (padded, truncated) with thousands separators; "--" for null or bad input. */
export function formatFixed(value: string | null | undefined, scale: number): string {
  if (value === null || value === undefined) return INVALID_NUMBER_DISPLAY;
  const negative = value.startsWith('-');
  try {
    const shown = formatWithSeparators(formatDecimal(minorAt(negative ? value.slice(1) : value, scale), scale, { fixed: true }));
    return negative && /[1-9]/.test(shown) ? `-${shown}` : shown;
  } catch (error) {
    if (error instanceof DecimalError) return INVALID_NUMBER_DISPLAY;
    throw error;
  }
}

type MarketScales = Pick<SpotSymbol, 'base_coin_scale' | 'coin_coin_scale'>;

/** The quote currency's decimals while the member's balances do not tell them (signed out): those of price × quantity. */
export const fallbackQuoteScale = (market: MarketScales): number => market.base_coin_scale + market.coin_coin_scale;

/** Decimals of a market's quote amounts: those price × quantity has, at most the quote currency's (`quoteScale`). */
export function quoteDecimals(market: MarketScales, quoteScale: number): number {
  return Math.min(quoteScale, fallbackQuoteScale(market));
}

/** `shown` (a formatted decimal) without trailing zeros beyond `keep` decimals. */
function trimZeros(shown: string, keep: number): string {
  const dot = shown.indexOf('.');
  if (dot === -1) return shown;
  let end = shown.length;
  while (end > dot + 1 + keep && shown[end - 1] === '0') end -= 1;
  return shown.slice(0, end === dot + 1 ? dot : end);
}

/**
 * A quote amount (a total, a quote balance) as the order lists show one: truncated to the market's quote decimals
 * and not padded beyond the price's decimals ("10,000.00", "3,251.50", "2,006.2293" on a 2-decimal market).
 */
export function formatQuote(value: string | null | undefined, market: MarketScales, quoteScale: number): string {
  const decimals = quoteDecimals(market, quoteScale);
  const shown = formatFixed(value, decimals);
  return shown === INVALID_NUMBER_DISPLAY ? shown : trimZeros(shown, Math.min(market.base_coin_scale, decimals));
}

/**
 * A large figure (24 h volume) with the number display rules (M / B suffixes); with `decimals`, truncated to them
 * and never padded beyond them (a market's quantity or quote decimals).
 */
export function formatCompact(value: string | null | undefined, decimals?: number): string {
  if (value === null || value === undefined) return INVALID_NUMBER_DISPLAY;
  const exact = readDecimal(value);
  if (decimals === undefined || exact === null) return formatNumberDisplay(value);
  const shown = formatNumberDisplay(formatDecimal(minorAt(exact, decimals), decimals), { decimals });
  const dot = shown.indexOf('.');
  // the bands pad to 2–6 decimals: the digits beyond `decimals` are zeros, the value being truncated to them
  if (dot === -1 || !/^[\d.,]+$/.test(shown) || shown.length - dot - 1 <= decimals) return shown;
  return decimals === 0 ? shown.slice(0, dot) : shown.slice(0, dot + 1 + decimals);
}

/** A 24 h change in percent: "+2.35%", "-1.10%", "0.00%". */
export function formatChange(zdf: string | null | undefined): string {
  if (zdf === null || zdf === undefined) return INVALID_NUMBER_DISPLAY;
  const shown = formatFixed(zdf, 2);
  return shown === INVALID_NUMBER_DISPLAY ? shown : `${trendOf(zdf) === 'up' ? '+' : ''}${shown}%`;
}

/** up, down or flat by the sign of a decimal string (a 24 h change). */
export function trendOf(value: string | null | undefined): 'up' | 'down' | 'flat' {
  if (!value || !/[1-9]/.test(value)) return 'flat';
  return value.startsWith('-') ? 'down' : 'up';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The date of an epoch-ms time, YYYY-MM-DD: local, or the UTC date (a day, week or month candle's). */
export function dateOf(time: number, utc = false): string {
  const date = new Date(time);
  return utc
    ? `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
    : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local time of day of an epoch-ms time, HH:MM or, with seconds, HH:MM:SS. */
export function clockTime(time: number, seconds = true): string {
  const date = new Date(time);
  const minutes = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return seconds ? `${minutes}:${pad(date.getSeconds())}` : minutes;
}

/** Local date and time of an epoch-ms time in one numeric form for every language: "2026-11-29 22:49:09". */
export function dateTime(time: number): string {
  return `${dateOf(time)} ${clockTime(time)}`;
}

/** The chart's tick mark kinds (lightweight-charts' TickMarkType): year, month, day of month, time, time with seconds. */
export type ChartTick = 0 | 1 | 2 | 3 | 4;

/**
 * A chart time label (the chart counts UTC seconds): local time for intraday candles; a day, week or month
 * candle is a date, the UTC date its bucket starts on. `tick`: a time axis mark, shorter. The chart puts its
 * day, month and year marks at UTC midnight: away from UTC such a mark is not a new local day and shows its time.
 */
export function chartTime(seconds: number, daily: boolean, tick?: ChartTick): string {
  const time = seconds * 1000;
  const date = dateOf(time, daily);
  if (tick === undefined) return daily ? date : `${date} ${clockTime(time, false)}`;
  if (!daily && tick <= 2 && clockTime(time, false) !== '00:00') return clockTime(time, false);
  if (tick === 0) return date.slice(0, 4);
  if (tick === 1) return date.slice(0, 7);
  if (tick === 2 || daily) return date.slice(5);
  return clockTime(time, tick === 4);
}
