// Wire types of the market endpoints, shared by the server routes and the web store.

export type MarketKind = 'spot' | 'contract';

/** contract_type on the wire: 0 spot, 1 ubw (USDT-margined), 2 bbw (coin-margined). */
export const CONTRACT_TYPE = { spot: 0, ubw: 1, bbw: 2 } as const;
export type ContractTypeCode = (typeof CONTRACT_TYPE)[keyof typeof CONTRACT_TYPE];

/**
 * One market row (spec §3 "spot market row"). Ticker fields are decimal strings in the quote
 * currency, or null while no ticker is known. `demo` marks reference prices seeded for a demo site.
 */
export interface MarketRow {
  symbol_name: string;
  coin_symbol: string;
  quote_symbol: string;
  contract_type: ContractTypeCode;
  close: string | null;
  /** 24 h change in percent. */
  zdf: string | null;
  high: string | null;
  low: string | null;
  /** 24 h turnover in the quote currency. */
  amount: string | null;
  /** 24 h volume in the base coin. */
  vol: string | null;
  avatar: string;
  part_cou: string;
  full_cou: string;
  is_new: 0 | 1;
  hot: 0 | 1;
  price_scale: number;
  qty_scale: number;
  demo: boolean;
  /** The operator halted trading in it (it stays listed; orders are refused until it opens again). */
  halted: boolean;
}

/** One row of GET /coin/open/getContract (spec §3 "contract row"). */
export interface ContractRow {
  symbol_name: string;
  contract_type: ContractTypeCode;
  /** The pair as the trading screens name it: BTC_USDT. */
  symbolName: string;
}

export interface MarketInitData {
  type: MarketKind;
  /** Rows of the requested kind, with tickers. */
  symbols: MarketRow[];
  /** The contract list (GET /coin/open/getContract). */
  contracts: ContractRow[];
  /** Server clock, ISO 8601. */
  serverTime: string;
}

/** One key per market: a pair can be both a spot market and a contract. */
export const rowKey = (row: Pick<MarketRow, 'symbol_name' | 'contract_type'>): string => `${row.symbol_name}#${row.contract_type}`;

/** "BTC/USDT" -> "BTC_USDT", the form used in trading-screen paths. */
export function pairPathSegment(symbol: string): string {
  return symbol.replace('/', '_');
}

/**
 * Watchlist paths (member): a = the pair as trading paths name it (BTC_USDT), b = contract_type (0 spot, 1 ubw,
 * 2 bbw). getOptional lists WatchlistItem[] oldest first; add and cancel answer the new list and are idempotent.
 */
export const WATCHLIST_PATHS = {
  list: '/coin/quotes/getOptional',
  add: '/coin/quotes/addOptional/:a/:b',
  cancel: '/coin/quotes/cancelOptional/:a/:b',
} as const;

export interface WatchlistItem {
  symbol_name: string;
  contract_type: ContractTypeCode;
}
