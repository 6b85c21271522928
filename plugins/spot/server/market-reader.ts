import type { Ticker } from '../../../core/engine';
import type { CandleView, DepthView, KlinePeriod, TradeView } from '../shared/types';

/**
 * Reads of a spot market's public data (order book depth, recent trades, candles, 24 h ticker) that the REST
 * calls, the /api/v3 routes and the topics share. `symbol` is "BTC/USDT"; an unknown market reads as empty / null.
 */
export interface SpotMarketReader {
  /** The top `limit` levels a side and the book's change number. */
  depth(symbol: string, limit: number): DepthView;
  /** Newest first. */
  trades(symbol: string, limit: number): TradeView[];
  /** Oldest first: the newest `limit` candles whose bucket start is in [from, to] (older ones from the database). */
  candles(symbol: string, period: KlinePeriod, query: { from?: number; to?: number; limit: number }): Promise<CandleView[]>;
  /** The rolling 24 h ticker now, or null before the first trade in the window. */
  ticker(symbol: string): Ticker | null;
}
