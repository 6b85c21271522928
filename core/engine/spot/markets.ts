// A market's configuration turned into the book's settings, checked against the ledger's currencies.
import { DecimalError, parseDecimal } from '../../shared/money';
import { assertMarketSpec } from '../book/validate';
import type { MarketSpec } from '../book/types';
import type { CurrencyRegistry } from '../ledger/currency';
import type { SpotMarketConfig } from './types';

const SYMBOL = /^[A-Z0-9]{2,12}[-_/]?[A-Z0-9]{2,12}$/;
/** The widest price band in percent: below 100, so that a sell's bound stays above zero. */
export const PRICE_BAND_MAX = 99;

export interface MarketProblem {
  field: string;
}

/** The book's MarketSpec for a config, or the field that makes it invalid. */
export function marketSpecOf(config: SpotMarketConfig, currencies: CurrencyRegistry): MarketSpec | MarketProblem {
  if (!config || typeof config !== 'object') return { field: 'market' };
  if (typeof config.symbol !== 'string' || !SYMBOL.test(config.symbol)) return { field: 'symbol' };
  const base = currencies.get(config.base);
  const quote = currencies.get(config.quote);
  if (!base) return { field: 'base' };
  if (!quote || config.quote === config.base) return { field: 'quote' };
  if (!Number.isInteger(config.priceScale) || config.priceScale < 0 || config.priceScale > 18) return { field: 'priceScale' };
  if (!Number.isInteger(config.qtyScale) || config.qtyScale < 0 || config.qtyScale > base.scale) return { field: 'qtyScale' };
  const tickSize = decimal(config.tickSize, config.priceScale);
  const lotSize = decimal(config.lotSize, config.qtyScale);
  const minNotional = decimal(config.minNotional, quote.scale);
  if (tickSize === null || tickSize === 0n) return { field: 'tickSize' };
  if (lotSize === null || lotSize === 0n) return { field: 'lotSize' };
  if (minNotional === null) return { field: 'minNotional' };
  if (priceBandOf(config) === null) return { field: 'priceBandPercent' };
  const spec: MarketSpec = {
    symbol: config.symbol,
    priceScale: config.priceScale,
    qtyScale: config.qtyScale,
    quoteScale: quote.scale,
    baseFeeScale: base.scale,
    tickSize,
    lotSize,
    minNotional,
    feeTiers: config.feeTiers,
    selfTrade: config.selfTrade,
  };
  try {
    assertMarketSpec(spec);
  } catch {
    return { field: 'market' };
  }
  return spec;
}

function decimal(input: unknown, scale: number): bigint | null {
  if (typeof input !== 'string') return null;
  try {
    return parseDecimal(input, scale);
  } catch (error) {
    if (error instanceof DecimalError) return null;
    throw error;
  }
}

/** A config's price band in percent (0: none), or null when it is not a whole number from 0 to PRICE_BAND_MAX. */
export function priceBandOf(config: SpotMarketConfig): number | null {
  const band: unknown = config.priceBandPercent;
  if (band === undefined) return 0;
  return Number.isInteger(band) && (band as number) >= 0 && (band as number) <= PRICE_BAND_MAX ? (band as number) : null;
}
