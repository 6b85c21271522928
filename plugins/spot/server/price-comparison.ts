import { formatDecimal, isDecimalString, rescale, splitDecimal } from '../../../core/shared';
import type { PriceComparison } from '../shared/types';

/** Decimals of a compared price at least (a market with fewer price decimals still shows cents). */
export const MIN_COMPARISON_SCALE = 2;

/** A display currency as getCoinRate lists it: `rate` units per 1 USD. */
export interface DisplayCurrency {
  code: string;
  symbol: string;
  rate: string;
}

/** The product of non-negative decimal strings, exact until one rounding down to `scale` decimals. */
export function productDown(factors: readonly string[], scale: number): string {
  let minor = 1n;
  let fromScale = 0;
  for (const factor of factors) {
    const { int, frac } = splitDecimal(factor);
    minor *= BigInt(int + frac);
    fromScale += frac.length;
  }
  return formatDecimal(rescale(minor, fromScale, scale, 'down'), scale);
}

/**
 * The last price (in the quote currency) valued in USD through the quote currency's USD value, then in every
 * display currency; rounded down (a value is never overstated). A rate that is not a plain non-negative
 * decimal is left out; no close, no prices.
 */
export function comparePrices(
  symbol: string,
  close: string | null,
  quoteUsd: string,
  currencies: readonly DisplayCurrency[],
  priceScale: number,
): PriceComparison {
  if (close === null || !isDecimalString(quoteUsd)) return { symbol, close, prices: [] };
  const scale = Math.max(priceScale, MIN_COMPARISON_SCALE);
  const prices = currencies
    .filter((currency) => isDecimalString(currency.rate))
    .map((currency) => ({ currency: currency.code, symbol: currency.symbol, price: productDown([close, quoteUsd, currency.rate], scale) }));
  return { symbol, close, prices };
}
