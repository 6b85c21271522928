import type { ShellRoot } from '../../plugin-api';
import { DecimalError, INVALID_NUMBER_DISPLAY, formatDecimal, formatNumberDisplay, parseDecimal, rescale, splitDecimal } from '../../shared';

/** Exact product of two decimal strings (negative allowed), as a decimal string. */
export function multiplyDecimals(a: string, b: string): string {
  const scaleA = splitDecimal(a, { allowNegative: true }).frac.length;
  const scaleB = splitDecimal(b, { allowNegative: true }).frac.length;
  const product = parseDecimal(a, scaleA, { allowNegative: true }) * parseDecimal(b, scaleB, { allowNegative: true });
  return formatDecimal(product, scaleA + scaleB);
}

/**
 * A USD amount in the display currency: amount × settings.currency.rate (exact), shown with the
 * number display rules and the currency symbol, e.g. "€1,234.56". Invalid input gives "--".
 */
export function formatFiat(root: Pick<ShellRoot, 'settings'>, usdAmount: string): string {
  const { rate, symbol } = root.settings.currency;
  let converted: string;
  try {
    converted = multiplyDecimals(usdAmount, rate);
  } catch (error) {
    if (error instanceof DecimalError) return INVALID_NUMBER_DISPLAY;
    throw error;
  }
  if (/^-?0(\.0*)?$/.test(converted)) return `${symbol}0.00`;
  const shown = formatNumberDisplay(converted);
  return shown.startsWith('-') ? `-${symbol}${shown.slice(1)}` : `${symbol}${shown}`;
}

/** A percent change as "+2.35%" / "-1.12%" / "0.00%": exact, rounded half-up to `decimals`. Invalid input gives "--". */
export function formatPercentChange(value: string, decimals = 2): string {
  let parts;
  try {
    parts = splitDecimal(value, { allowNegative: true });
  } catch (error) {
    if (error instanceof DecimalError) return INVALID_NUMBER_DISPLAY;
    throw error;
  }
  const scale = parts.frac.length;
  const minor = rescale(parseDecimal(value, scale, { allowNegative: true }), scale, decimals, 'half-up');
  const sign = minor > 0n ? '+' : '';
  return `${sign}${formatDecimal(minor, decimals, { fixed: true })}%`;
}
