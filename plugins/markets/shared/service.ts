import type { ContractTypeCode, MarketRow } from './types';

/**
 * What the markets plugin offers the trading plugins (context.use<MarketsService>(MARKETS_SERVICE)): the listing
 * of their markets in the market lists and the live tickers those lists, boards and topics show.
 */
export const MARKETS_SERVICE = 'markets';

/** The 24 h ticker columns of a market row, decimal strings. */
export interface LiveTicker {
  close: string;
  zdf: string;
  high: string;
  low: string;
  amount: string;
  vol: string;
}

export interface MarketListing {
  /** "BTC/USDT". */
  symbol: string;
  base: string;
  quote: string;
  contractType: ContractTypeCode;
  priceScale: number;
  qtyScale: number;
  /** Trading halted by the operator (absent: not halted); kept in memory, the market is listed at every start. */
  halted?: boolean;
}

export interface MarketsService {
  /**
   * Lists a tradable market (inserts its market_symbol row, enabled, marked new, when missing; updates the
   * scales when present) and whether it is halted; the change reaches the ticker topics. Idempotent.
   */
  list(listing: MarketListing): Promise<void>;
  /**
   * The live 24 h ticker of a listed market, from its trades; it replaces any stored (demo reference) ticker
   * in every list and is published on the index and all_symbol_detail topics (at most 10 messages a second).
   * `demo` says the trades came from demo liquidity: the row stays labelled demo.
   */
  setTicker(symbol: string, contractType: ContractTypeCode, ticker: LiveTicker, demo: boolean): void;
}

/**
 * Public realtime topics of the market lists, each a TickerMessage with every row's ticker (the lists are short):
 * `index` the spot rows, `all_symbol_detail` every row (spot and contracts).
 */
export const MARKET_TOPICS = { index: 'index', allSymbolDetail: 'all_symbol_detail' } as const;

export type TickerRow = Pick<MarketRow, 'symbol_name' | 'contract_type' | 'close' | 'zdf' | 'high' | 'low' | 'amount' | 'vol' | 'demo' | 'halted'>;

/** The ticker columns of a market row, as the topics carry them (with its halted flag, which changes as live). */
export function toTickerRow(row: TickerRow): TickerRow {
  const { symbol_name, contract_type, close, zdf, high, low, amount, vol, demo, halted } = row;
  return { symbol_name, contract_type, close, zdf, high, low, amount, vol, demo, halted };
}

export interface TickerMessage {
  rows: TickerRow[];
  /** Epoch ms. */
  time: number;
}
