import { compareDecimal } from '../../../core/shared';
import type { TickerRow } from '../shared/service';
import { rowKey, type MarketRow } from '../shared/types';

/** Which way a market's last price went with the latest ticker. */
export type PriceMove = 'up' | 'down';

const TICKER_FIELDS = ['close', 'zdf', 'high', 'low', 'amount', 'vol', 'demo', 'halted'] as const;

export interface MergedRows {
  /** The same array when no row changed; otherwise a new one, unchanged rows kept as they were. */
  rows: MarketRow[];
  /** Price moves of the rows whose last price changed. */
  moves: Map<string, PriceMove>;
  /** Ticker rows of markets the list does not have yet (a new listing): the list needs reloading. */
  unknown: number;
}

/** Applies a ticker message's rows to a market list. */
export function mergeTickers(rows: MarketRow[], tickers: readonly TickerRow[]): MergedRows {
  const byKey = new Map(tickers.map((ticker) => [rowKey(ticker), ticker]));
  const moves = new Map<string, PriceMove>();
  let changed = false;
  const merged = rows.map((row) => {
    const key = rowKey(row);
    const ticker = byKey.get(key);
    if (!ticker) return row;
    byKey.delete(key);
    if (TICKER_FIELDS.every((field) => row[field] === ticker[field])) return row;
    changed = true;
    if (row.close !== null && ticker.close !== null && row.close !== ticker.close) {
      moves.set(key, compareDecimal(ticker.close, row.close) > 0 ? 'up' : 'down');
    }
    const { close, zdf, high, low, amount, vol, demo, halted } = ticker;
    return { ...row, close, zdf, high, low, amount, vol, demo, halted };
  });
  return { rows: changed ? merged : rows, moves, unknown: byKey.size };
}
