// How the trading screens show numbers: prices and quantities at the market's decimals, exact, truncated.
import { DecimalError, INVALID_NUMBER_DISPLAY, formatDecimal, formatNumberDisplay, formatWithSeparators } from '../../../core/shared';
import { minorAt } from './decimal';

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

/** A large figure (24 h volume) with the number display rules (M / B suffixes). */
export function formatCompact(value: string | null | undefined): string {
  return value === null || value === undefined ? INVALID_NUMBER_DISPLAY : formatNumberDisplay(value);
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

/** Local time of day of an epoch-ms time, HH:MM:SS. */
export function timeOfDay(time: number, language: string): string {
  return new Date(time).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
}

/** Local date and time of an epoch-ms time. */
export function dateTime(time: number, language: string): string {
  return new Date(time).toLocaleString(language, { hour12: false });
}
