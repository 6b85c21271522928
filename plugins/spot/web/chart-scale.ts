import { formatWithSeparators } from '../../../core/shared';
import type { KlinePeriod } from '../shared/types';

type AutoscaleInfo = import('lightweight-charts').AutoscaleInfo;
type PriceFormatCustom = import('lightweight-charts').PriceFormatCustom;

/** Share of the price added above and below when every candle in view has one price. */
const FLAT_PADDING = 0.01;

/**
 * The candles' price range as the chart library computes it, except when it is a single price (one trade, or a
 * quiet market): then ±1 % around it rather than the library's fixed widening, which can reach below zero.
 * Prices never go below zero.
 */
export function candleScale(info: AutoscaleInfo | null): AutoscaleInfo | null {
  const range = info?.priceRange;
  if (!info || !range) return info;
  const pad = range.maxValue === range.minValue ? Math.abs(range.maxValue) * FLAT_PADDING || 1 : 0;
  return { ...info, priceRange: { minValue: Math.max(0, range.minValue - pad), maxValue: range.maxValue + pad } };
}

/** The candles' price labels at the market's decimals with thousands separators, as the rest of the page writes prices. */
export function chartPriceFormat(decimals: number): PriceFormatCustom {
  return { type: 'custom', minMove: 1 / 10 ** decimals, formatter: (price: number) => formatWithSeparators(Math.max(0, price).toFixed(decimals)) };
}

/** Candles of a day or longer start at midnight: their time axis shows dates only. */
export function showsTimeOfDay(period: KlinePeriod): boolean {
  return !['1day', '1week', '1month'].includes(period);
}
