// Order amounts from the command's decimal strings to the book's minor units.
import { bigOfSafe } from '../book/arithmetic';
import { toMinorUnits, type AmountField } from '../book/decimal-input';
import type { RejectReason } from '../book/types';

const POW10 = Array.from({ length: 19 }, (_, n) => 10n ** BigInt(n));
/** 10^n as numbers (exact up to 10^22): `10 ** n` with a variable n is a call to Math.pow. */
const POW10_NUMBERS = Array.from({ length: 19 }, (_, n) => 10 ** n);
/** Up to 15 digits a decimal's digits fit a double exactly. */
const MAX_FAST_LENGTH = 15;

/**
 * `toMinorUnits` (the minor units, or the reason they are refused) with a short path for what nearly every order carries: a plain positive decimal ("101.25") of
 * at most 15 characters within the scale, read digit by digit as an exact integer (no regular expression and
 * no intermediate strings). Everything else — signs, exponents, zero, too many decimals, long inputs — takes
 * `toMinorUnits`, which gives the reason.
 */
export function orderAmount(input: string, scale: number, field: AmountField): bigint | RejectReason {
  const fast = plainMinorUnits(input, scale);
  if (fast !== undefined) return fast;
  const parsed = toMinorUnits(input, scale, field);
  return parsed.ok ? parsed.value : parsed.reason;
}

/** The minor units of a plain positive decimal string, or undefined when it is not one (or is long). */
export function plainMinorUnits(input: string, scale: number): bigint | undefined {
  const length = input.length;
  if (length === 0 || length > MAX_FAST_LENGTH) return undefined;
  let digits = 0;
  let decimals = -1;
  for (let i = 0; i < length; i++) {
    const c = input.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      digits = digits * 10 + (c - 48);
      if (decimals >= 0) decimals++;
    } else if (c === 46 && decimals < 0 && i > 0 && i < length - 1) decimals = 0;
    else return undefined;
  }
  const places = decimals < 0 ? 0 : decimals;
  if (digits === 0 || places > scale) return undefined;
  const shift = scale - places;
  const scaled = digits * POW10_NUMBERS[shift]!;
  return Number.isSafeInteger(scaled) ? bigOfSafe(scaled) : BigInt(digits) * POW10[shift]!;
}
