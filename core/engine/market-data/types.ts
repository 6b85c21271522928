import type { Side } from '../book/types';
import type { CandlePeriod } from './periods';

/** The scales a market's amounts are counted in: price, base quantity and quote amount minor units. */
export interface MarketScales {
  priceScale: number;
  qtyScale: number;
  quoteScale: number;
}

/** A trade in minor units, as the spot engine reports it (`SpotTrade`: tradeId → id, at → time). */
export interface MarketTrade {
  id: number;
  price: bigint;
  qty: bigint;
  quote: bigint;
  /** Epoch milliseconds. */
  time: number;
  takerSide: Side;
}

/** One candle in minor units: `time` is the bucket start (epoch ms, UTC), volume in base, amount in quote. */
export interface Candle {
  time: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  amount: bigint;
  /** Volume and amount of the trades whose taker bought. */
  buyVolume: bigint;
  buyAmount: bigint;
  count: number;
}

/** The wire forms: decimal strings. */
export interface CandleView {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  amount: string;
  buyVolume: string;
  buyAmount: string;
  count: number;
}

export interface TradeView {
  id: number;
  price: string;
  qty: string;
  quote: string;
  time: number;
  takerSide: Side;
}

/** A current candle a trade changed; `opened` when the trade started its bucket. */
export interface CandleUpdate {
  period: CandlePeriod;
  candle: Candle;
  opened: boolean;
}

/** The rolling 24 h ticker of a market row (glossary: close, zdf, high, low, amount, vol). */
export interface Ticker {
  /** The last trade price. */
  close: string;
  /** The price 24 h ago: the last trade before the window, or the first in it. */
  open: string;
  /** Percent change from open to close, 2 decimals, rounded half away from zero. */
  zdf: string;
  high: string;
  low: string;
  /** 24 h quote turnover. */
  amount: string;
  /** 24 h base volume. */
  vol: string;
  count: number;
}
