// Exact decimal helpers of the wallet pages: amounts stay decimal strings, arithmetic runs on bigint minor units.
import {
  compareDecimal,
  formatDecimal,
  formatWithSeparators,
  INVALID_NUMBER_DISPLAY,
  isDecimalString,
  parseDecimal,
  rescale,
  splitDecimal,
} from '../../../core/shared';

const decimalsOf = (value: string) => splitDecimal(value, { allowNegative: true }).frac.length;

/** a − b exactly (negative when b is larger). Both must be decimal strings. */
export function subtractDecimals(a: string, b: string): string {
  const scale = Math.max(decimalsOf(a), decimalsOf(b));
  return formatDecimal(parseDecimal(a, scale, { allowNegative: true }) - parseDecimal(b, scale, { allowNegative: true }), scale);
}

/** A decimal string cut (never rounded up) to `scale` decimals: what a "max" or "all" button may fill in. */
export function truncateToScale(value: string, scale: number): string {
  const from = decimalsOf(value);
  return formatDecimal(rescale(parseDecimal(value, from, { allowNegative: true }), from, Math.min(from, scale), 'down'), Math.min(from, scale));
}

/** True for a complete decimal string greater than zero. */
export function isPositiveAmount(value: string): boolean {
  return isDecimalString(value) && compareDecimal(value, '0') > 0;
}

export function isZeroAmount(value: string): boolean {
  return isDecimalString(value, { allowNegative: true }) && compareDecimal(value, '0') === 0;
}

/** An exact amount for reading: thousands separators, all its decimals; '--' for anything else. */
export function formatAmount(value: string | null | undefined): string {
  return value && isDecimalString(value, { allowNegative: true }) ? formatWithSeparators(value) : INVALID_NUMBER_DISPLAY;
}
