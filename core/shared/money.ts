// Exact decimal arithmetic on bigint minor units. Amounts never pass through
// JavaScript floats: a decimal string is parsed into a bigint scaled by 10^scale.

export type DecimalErrorReason =
  | 'notString'
  | 'empty'
  | 'notNumeric'
  | 'exponent'
  | 'plusSign'
  | 'negative'
  | 'tooManyDecimals'
  | 'invalidScale'
  | 'divisionByZero';

export class DecimalError extends Error {
  readonly reason: DecimalErrorReason;
  readonly input: unknown;

  constructor(reason: DecimalErrorReason, input?: unknown) {
    super(`Invalid decimal (${reason})${input === undefined ? '' : `: ${String(input)}`}`);
    this.name = 'DecimalError';
    this.reason = reason;
    this.input = input;
  }
}

/**
 * 'down' truncates toward zero, 'up' rounds away from zero,
 * 'half-up' rounds to nearest with ties away from zero (so -1.5 -> -2).
 */
export type Rounding = 'down' | 'up' | 'half-up';

export interface DecimalParseOptions {
  allowNegative?: boolean;
}

/** Strict grammar: optional '-', digits, optionally '.' followed by at least one digit. */
const DECIMAL_RE = /^(-?)(\d+)(?:\.(\d+))?$/;
const EXPONENT_RE = /^[+-]?(\d+\.?\d*|\.\d+)[eE][+-]?\d+$/;

export interface DecimalParts {
  negative: boolean;
  int: string;
  frac: string;
}

/** Splits a strict decimal string into sign, integer digits and fraction digits; throws DecimalError. */
export function splitDecimal(input: string, options: DecimalParseOptions = {}): DecimalParts {
  if (typeof input !== 'string') throw new DecimalError('notString', input);
  if (input === '') throw new DecimalError('empty', input);
  const m = DECIMAL_RE.exec(input);
  if (!m) {
    if (EXPONENT_RE.test(input)) throw new DecimalError('exponent', input);
    if (input[0] === '+' && /^\d/.test(input.slice(1)) && DECIMAL_RE.test(input.slice(1))) throw new DecimalError('plusSign', input);
    throw new DecimalError('notNumeric', input);
  }
  const negative = m[1] === '-';
  if (negative && !options.allowNegative) throw new DecimalError('negative', input);
  return { negative, int: m[2]!, frac: m[3] ?? '' };
}

export function assertScale(scale: number): void {
  if (!Number.isSafeInteger(scale) || scale < 0) throw new DecimalError('invalidScale', scale);
}

export function pow10(exp: number): bigint {
  assertScale(exp);
  return 10n ** BigInt(exp);
}

/** '12.34' at scale 2 -> 1234n. Rejects more decimals than `scale` (even trailing zeros). */
export function parseDecimal(input: string, scale: number, options: DecimalParseOptions = {}): bigint {
  assertScale(scale);
  const { negative, int, frac } = splitDecimal(input, options);
  if (frac.length > scale) throw new DecimalError('tooManyDecimals', input);
  const minor = BigInt(int + frac.padEnd(scale, '0'));
  return negative ? -minor : minor;
}

export interface FormatDecimalOptions {
  /** Keep all `scale` decimals (default false: trailing zeros and a trailing '.' are trimmed). */
  fixed?: boolean;
}

/** 1234n at scale 2 -> '12.34'; 1200n -> '12' (or '12.00' with fixed). Never '-0'. */
export function formatDecimal(minor: bigint, scale: number, options: FormatDecimalOptions = {}): string {
  assertScale(scale);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  let frac = digits.slice(digits.length - scale);
  if (!options.fixed) frac = frac.replace(/0+$/, '');
  return (negative ? '-' : '') + int + (frac ? `.${frac}` : '');
}

/** Integer division n/d with the given rounding (bigint `/` alone truncates toward zero). */
export function divRound(n: bigint, d: bigint, rounding: Rounding): bigint {
  if (d === 0n) throw new DecimalError('divisionByZero');
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const step = (n < 0n) !== (d < 0n) ? -1n : 1n;
  switch (rounding) {
    case 'down':
      return q;
    case 'up':
      return q + step;
    case 'half-up': {
      const twiceR = r < 0n ? -2n * r : 2n * r;
      const absD = d < 0n ? -d : d;
      return twiceR >= absD ? q + step : q;
    }
    default:
      throw new TypeError(`Unknown rounding: ${String(rounding)}`);
  }
}

/** Changes the scale of a minor-unit amount; rounding only matters when reducing the scale. */
export function rescale(minor: bigint, fromScale: number, toScale: number, rounding: Rounding): bigint {
  assertScale(fromScale);
  assertScale(toScale);
  if (toScale >= fromScale) return minor * pow10(toScale - fromScale);
  return divRound(minor, pow10(fromScale - toScale), rounding);
}

/**
 * a*b/c with a single rounding step, e.g. price (scale p) * qty (scale q) to an amount
 * at scale s: mulDiv(price, qty, pow10(p + q - s), rounding).
 */
export function mulDiv(a: bigint, b: bigint, c: bigint, rounding: Rounding): bigint {
  return divRound(a * b, c, rounding);
}

/** Numeric comparison of two decimal strings (negatives allowed): -1, 0 or 1. Throws DecimalError. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const pa = splitDecimal(a, { allowNegative: true });
  const pb = splitDecimal(b, { allowNegative: true });
  const scale = Math.max(pa.frac.length, pb.frac.length);
  const toMinor = ({ negative, int, frac }: DecimalParts) => {
    const minor = BigInt(int + frac.padEnd(scale, '0'));
    return negative ? -minor : minor;
  };
  const x = toMinor(pa);
  const y = toMinor(pb);
  return x < y ? -1 : x > y ? 1 : 0;
}

export interface IsDecimalOptions extends DecimalParseOptions {
  maxDecimals?: number;
}

/** True when parseDecimal would accept the string (at a scale of `maxDecimals`, unlimited by default). */
export function isDecimalString(input: unknown, options: IsDecimalOptions = {}): input is string {
  if (typeof input !== 'string') return false;
  const m = DECIMAL_RE.exec(input);
  if (!m) return false;
  if (m[1] === '-' && !options.allowNegative) return false;
  if (options.maxDecimals !== undefined && (m[3] ?? '').length > options.maxDecimals) return false;
  return true;
}
