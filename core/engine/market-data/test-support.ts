// Builders shared by the market data tests: prices with 2 decimals, quantities with 4, quote amounts with 2.
import { parseDecimal } from '../../shared/money';
import type { MarketDataOptions } from './market-data';
import type { MarketTrade } from './types';

export const OPTIONS: MarketDataOptions = { symbol: 'BTC/USDT', priceScale: 2, qtyScale: 4, quoteScale: 2 };

/** A trade of `qty` at `price` (decimal strings) at `time`; its quote is price × qty rounded down. */
export function trade(id: number, price: string, qty: string, time: number, takerSide: 'buy' | 'sell' = 'buy'): MarketTrade {
  const p = parseDecimal(price, OPTIONS.priceScale);
  const q = parseDecimal(qty, OPTIONS.qtyScale);
  return { id, price: p, qty: q, quote: (p * q) / 10_000n, time, takerSide };
}

export const utc = (iso: string) => Date.parse(`${iso}Z`);
