import type { Kysely } from 'kysely';
import type { Dialect } from '../../plugin-api';
import { CANDLE_PERIODS, type CandlePeriod } from '../market-data/periods';
import type { MarketDataState } from '../market-data/market-data';
import type { Candle, CandleUpdate, MarketTrade } from '../market-data/types';
import { transactionWriter, type TableShape, type TableWriter } from './store';

export { MARKET_DATA_MIGRATIONS } from './market-data-schema';

const TRADE_TABLE: TableShape = {
  name: 'market_trade',
  columns: ['symbol', 'id', 'price', 'qty', 'quote', 'taker_side', 'time'],
  pgTypes: ['varchar', 'bigint', 'numeric', 'numeric', 'numeric', 'varchar', 'bigint'],
  // a batch written again after a commit reported as failed that landed after all
  suffix: ' on conflict ("symbol", "id") do nothing',
};

const CANDLE_COLUMNS = ['open', 'high', 'low', 'close', 'volume', 'amount', 'buy_volume', 'buy_amount', 'count'] as const;
const CANDLE_TABLE: TableShape = {
  name: 'market_candle',
  columns: ['symbol', 'period', 'time', ...CANDLE_COLUMNS],
  pgTypes: ['varchar', 'varchar', 'bigint', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'integer'],
  suffix: ` on conflict ("symbol", "period", "time") do update set ${CANDLE_COLUMNS.map((c) => `"${c}" = excluded."${c}"`).join(', ')}`,
};

const CHECKPOINT_TABLE: TableShape = {
  name: 'market_data_checkpoint',
  columns: ['name', 'seq'],
  pgTypes: ['varchar', 'bigint'],
  suffix: ' on conflict ("name") do update set "seq" = excluded."seq"',
};

/** One symbol's trades and the candle updates they gave (MarketData.recordTrade), to be written together. */
export interface MarketDataBatch {
  symbol: string;
  trades: readonly MarketTrade[];
  candles: readonly Pick<CandleUpdate, 'period' | 'candle'>[];
}

export interface StoredCandleQuery {
  from?: number;
  to?: number;
  limit: number;
}

const minor = (value: unknown) => BigInt(String(value));

function candleOf(row: Record<string, unknown>): Candle {
  return {
    time: Number(row.time),
    open: minor(row.open),
    high: minor(row.high),
    low: minor(row.low),
    close: minor(row.close),
    volume: minor(row.volume),
    amount: minor(row.amount),
    buyVolume: minor(row.buy_volume),
    buyAmount: minor(row.buy_amount),
    count: Number(row.count),
  };
}

/** The checkpoint of the spot command sequence (market_data_checkpoint.name). */
export const SPOT_MARKET_DATA_CHECKPOINT = 'spot';

/**
 * Writes market data in batches — many trades and candle updates in one transaction, each candle once
 * (its latest state), with the command seq they are complete up to — and reads candle history, that
 * checkpoint and the state MarketData is restored from.
 */
export class MarketDataStore {
  readonly checkpointName: string;
  private readonly writeTables: TableWriter;

  /** `write`: how the rows are written (default: a transaction on `db`; the server passes LedgerStore.writeTables). */
  constructor(
    readonly db: Kysely<any>,
    readonly dialect: Dialect,
    options: { checkpointName?: string; write?: TableWriter } = {},
  ) {
    this.checkpointName = options.checkpointName ?? SPOT_MARKET_DATA_CHECKPOINT;
    this.writeTables = options.write ?? transactionWriter(db, dialect);
  }

  /** Writes the batches and, when given, `throughSeq` as the checkpoint: all of it or nothing. */
  async write(batches: readonly MarketDataBatch[], throughSeq?: number): Promise<void> {
    const trades: unknown[] = [];
    const latest = new Map<string, unknown[]>();
    for (const { symbol, trades: list, candles } of batches) {
      for (const t of list) trades.push(symbol, t.id, t.price.toString(), t.qty.toString(), t.quote.toString(), t.takerSide, t.time);
      for (const { period, candle: c } of candles) {
        // PostgreSQL refuses to upsert one row twice in a statement: the last update of a candle wins
        latest.set(`${symbol}\n${period}\n${c.time}`, [symbol, period, c.time, ...[c.open, c.high, c.low, c.close, c.volume, c.amount, c.buyVolume, c.buyAmount].map(String), c.count]);
      }
    }
    if (trades.length === 0 && latest.size === 0 && throughSeq === undefined) return;
    await this.writeTables([
      { table: TRADE_TABLE, rows: trades },
      { table: CANDLE_TABLE, rows: [...latest.values()].flat() },
      { table: CHECKPOINT_TABLE, rows: throughSeq === undefined ? [] : [this.checkpointName, throughSeq] },
    ]);
  }

  /** The command seq the stored market data is complete up to; 0 when nothing was written with one. */
  async checkpoint(): Promise<number> {
    const row = await this.db.selectFrom('market_data_checkpoint').select('seq').where('name', '=', this.checkpointName).executeTakeFirst();
    return row ? Number(row.seq) : 0;
  }

  /** The newest `limit` candles of a period with bucket start in [from, to], oldest first. */
  async loadCandles(symbol: string, period: CandlePeriod, query: StoredCandleQuery): Promise<Candle[]> {
    let select = this.db.selectFrom('market_candle').selectAll().where('symbol', '=', symbol).where('period', '=', period);
    if (query.from !== undefined) select = select.where('time', '>=', query.from);
    if (query.to !== undefined) select = select.where('time', '<=', query.to);
    const rows = await select.orderBy('time', 'desc').limit(query.limit).execute();
    return rows.map(candleOf).reverse();
  }

  /** The newest `limit` trades, oldest first. */
  async loadTrades(symbol: string, limit: number): Promise<MarketTrade[]> {
    const rows = await this.db.selectFrom('market_trade').selectAll().where('symbol', '=', symbol).orderBy('id', 'desc').limit(limit).execute();
    return rows.reverse().map((row) => ({
      id: Number(row.id),
      price: minor(row.price),
      qty: minor(row.qty),
      quote: minor(row.quote),
      time: Number(row.time),
      takerSide: row.taker_side === 'sell' ? 'sell' : 'buy',
    }));
  }

  /**
   * The checkpoint and each symbol's loadState, read in one read-only transaction: a write committed meanwhile
   * (another server's writer on the same database) is either all in them or not at all, so no trade is restored
   * and replayed again.
   */
  async loadStates(symbols: readonly string[], keep: number, trades: number): Promise<{ checkpoint: number; states: Map<string, MarketDataState> }> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const store = new MarketDataStore(trx, this.dialect, { checkpointName: this.checkpointName });
        const checkpoint = await store.checkpoint();
        const states = new Map<string, MarketDataState>();
        for (const symbol of symbols) states.set(symbol, await store.loadState(symbol, keep, trades));
        return { checkpoint, states };
      });
  }

  /** What MarketData.restore needs: the last `keep` candles of every period and the last `trades` trades. */
  async loadState(symbol: string, keep: number, trades: number): Promise<MarketDataState> {
    const candles = {} as MarketDataState['candles'];
    for (const period of CANDLE_PERIODS) candles[period] = await this.loadCandles(symbol, period, { limit: keep });
    return { candles, trades: await this.loadTrades(symbol, trades) };
  }
}
