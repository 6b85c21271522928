type AutoscaleInfo = import('lightweight-charts').AutoscaleInfo;

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
