// Exact decimal helpers of the trading screens (bigint minor units; never floats for amounts).
import { formatDecimal, isDecimalString, parseDecimal, pow10 } from '../../../core/shared';

/** Decimals of a decimal string ("1.250" → 3). */
export function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

/** A complete positive-or-zero decimal string, or null (an empty or half-typed field such as "1."). */
export function readDecimal(value: string | null | undefined): string | null {
  return value && isDecimalString(value) ? value : null;
}

/** value in minor units at `scale`, truncating extra decimals toward zero. */
export function minorAt(value: string, scale: number): bigint {
  const decimals = decimalsOf(value);
  if (decimals <= scale) return parseDecimal(value, scale);
  return parseDecimal(value, decimals) / pow10(decimals - scale);
}

/** Exact a × b as a decimal string (trailing zeros trimmed). */
export function multiply(a: string, b: string): string {
  const scale = decimalsOf(a) + decimalsOf(b);
  return formatDecimal(parseDecimal(a, decimalsOf(a)) * parseDecimal(b, decimalsOf(b)), scale);
}

/** a × b truncated to `scale` decimals. */
export function multiplyDown(a: string, b: string, scale: number): string {
  return formatDecimal(minorAt(multiply(a, b), scale), scale);
}

/** a ÷ b truncated to `scale` decimals; "0" when b is zero. */
export function divideDown(a: string, b: string, scale: number): string {
  const common = Math.max(decimalsOf(a), decimalsOf(b));
  const divisor = parseDecimal(b, common);
  if (divisor === 0n) return '0';
  return formatDecimal((parseDecimal(a, common) * pow10(scale)) / divisor, scale);
}

/** The largest multiple of `step` not above `value` (both decimal strings); value itself when step is zero. */
export function floorToStep(value: string, step: string): string {
  const scale = Math.max(decimalsOf(value), decimalsOf(step));
  const unit = parseDecimal(step, scale);
  if (unit === 0n) return value;
  const minor = parseDecimal(value, scale);
  return formatDecimal(minor - (minor % unit), scale);
}

/** Whether a decimal string is greater than zero. */
export function isPositive(value: string | null): value is string {
  return value !== null && /[1-9]/.test(value);
}
