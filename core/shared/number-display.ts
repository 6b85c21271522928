import { DecimalError, formatDecimal, pow10, rescale, splitDecimal } from './money';

export interface NumberDisplayOptions {
  /** Decimals shown when |value| < 1 (default 8). The other bands have fixed decimals. */
  decimals?: number;
  /** Use M / B / T suffixes from one million up (default true); otherwise thousands separators. */
  compact?: boolean;
  /** Returned for input that is not a decimal string (default '--'). */
  invalid?: string;
}

export const DISPLAY_DECIMALS_BELOW_ONE = 8;
export const INVALID_NUMBER_DISPLAY = '--';

/** Decimals per magnitude band: [lower bound (inclusive), decimals]. */
const DECIMAL_BANDS: ReadonlyArray<readonly [bigint, number]> = [
  [100n, 2],
  [10n, 4],
  [1n, 6],
];

const COMPACT_SUFFIXES: ReadonlyArray<readonly [bigint, string]> = [
  [10n ** 12n, 'T'],
  [10n ** 9n, 'B'],
  [10n ** 6n, 'M'],
];

/** Inserts ',' every three digits of the integer part; sign and fraction are kept as given. */
export function formatWithSeparators(decimal: string): string {
  const { negative, int, frac } = splitDecimal(decimal, { allowNegative: true });
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (negative ? '-' : '') + grouped + (frac ? `.${frac}` : '');
}

/**
 * Display rule: |v| < 1 -> 8 decimals (or options.decimals); [1, 10) -> 6; [10, 100) -> 4;
 * [100, 1e3) -> 2; [1e3, 1e6) -> 2 with thousands separators; from 1e6 up, when compact,
 * 2 decimals of millions 'M', billions 'B' or trillions 'T' (separators still apply above 1e15),
 * otherwise 2 decimals with separators.
 * Bands are chosen on the exact value; digits are truncated toward zero (never rounded up, so a
 * displayed balance is never more than the real one) and padded with zeros to the band's decimals.
 * A value that truncates to zero is shown without a sign. Invalid input gives options.invalid.
 */
export function formatNumberDisplay(value: string, options: NumberDisplayOptions = {}): string {
  let parts;
  try {
    parts = splitDecimal(value, { allowNegative: true });
  } catch (error) {
    if (error instanceof DecimalError) return options.invalid ?? INVALID_NUMBER_DISPLAY;
    throw error;
  }
  const scale = parts.frac.length;
  const abs = BigInt(parts.int + parts.frac);
  return displayAbs(abs, scale, parts.negative, options);
}

/** formatNumberDisplay for a bigint amount in minor units at `scale`. */
export function formatMinorDisplay(minor: bigint, scale: number, options: NumberDisplayOptions = {}): string {
  return displayAbs(minor < 0n ? -minor : minor, scale, minor < 0n, options);
}

function displayAbs(abs: bigint, scale: number, negative: boolean, options: NumberDisplayOptions): string {
  const below1Decimals = options.decimals ?? DISPLAY_DECIMALS_BELOW_ONE;
  if (!Number.isSafeInteger(below1Decimals) || below1Decimals < 0) {
    throw new RangeError(`decimals must be a non-negative integer, got ${below1Decimals}`);
  }
  const one = pow10(scale);
  let digits: bigint;
  let decimals: number;
  let suffix = '';

  const compactBand = options.compact === false ? undefined : COMPACT_SUFFIXES.find(([unit]) => abs >= unit * one);
  if (compactBand) {
    const [unit, letter] = compactBand;
    decimals = 2;
    digits = (abs * 100n) / (unit * one);
    suffix = letter;
  } else {
    if (abs >= 1000n * one) decimals = 2;
    else decimals = DECIMAL_BANDS.find(([bound]) => abs >= bound * one)?.[1] ?? below1Decimals;
    digits = rescale(abs, scale, decimals, 'down');
  }

  const body = formatWithSeparators(formatDecimal(digits, decimals, { fixed: true }));
  return (negative && digits !== 0n ? '-' : '') + body + suffix;
}
