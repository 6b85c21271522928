import { CANDLE_PERIODS, type Candle, type CandlePeriod, type CandleUpdate, type MarketTrade } from '../../../core/engine';
import type { MarketDataBatch, MarketDataStore } from '../../../core/engine/persistence';
import type { ServerContext } from '../../../core/server';

/**
 * How often the spot views (this market data, and the order history) write what changed, each in one transaction
 * with its checkpoint. The rows go to the ledger's writer (on SQLite its thread, off the one answering requests);
 * a restart replays the log after the checkpoints. Short, because a write's rows are encoded on the thread
 * answering requests and a batch's commit waits behind the write in the writer: under load, every 250 ms stopped
 * both for 6–12 ms, which was most of the orders' 99th percentile latency.
 */
export const FLUSH_INTERVAL_MS = 50;

/**
 * One symbol's rows not written yet: its trades and, per period, the latest state of each changed candle, oldest
 * first (a period's buckets only move forward: a trade's update is of the last one or opens the next).
 */
interface PendingRows {
  trades: MarketTrade[];
  candles: Record<CandlePeriod, Candle[]>;
}

function pendingRows(): PendingRows {
  const candles = {} as Record<CandlePeriod, Candle[]>;
  for (const period of CANDLE_PERIODS) candles[period] = [];
  return { trades: [], candles };
}

/** Adds a candle's newer state: it replaces the last one of the same bucket. */
function putCandle(list: Candle[], candle: Candle): void {
  if (list.length > 0 && list[list.length - 1]!.time === candle.time) list[list.length - 1] = candle;
  else list.push(candle);
}

/**
 * Collects the trades and candle updates of recorded commands and writes them every FLUSH_INTERVAL_MS with the
 * seq of the last recorded command as the store's checkpoint, in one transaction. A failed write is logged and
 * its rows are written with the next ones; nothing is thrown from the timer.
 */
export class MarketDataWriter {
  private pending = new Map<string, PendingRows>();
  private lastSeq: number;
  private writtenSeq: number;
  private writing: Promise<boolean> = Promise.resolve(true);
  private busy = false;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly store: Pick<MarketDataStore, 'write'>,
    checkpoint: number,
    private readonly log: ServerContext['log'],
  ) {
    this.lastSeq = checkpoint;
    this.writtenSeq = checkpoint;
    this.timer = setInterval(() => {
      if (!this.busy) void this.flush();
    }, FLUSH_INTERVAL_MS);
    this.timer.unref?.();
  }

  /** A trade of `symbol` and the candles it changed. */
  add(symbol: string, trade: MarketTrade, updates: readonly CandleUpdate[]): void {
    let rows = this.pending.get(symbol);
    if (!rows) this.pending.set(symbol, (rows = pendingRows()));
    rows.trades.push(trade);
    for (const { period, candle } of updates) putCandle(rows.candles[period], candle);
  }

  /** The stored data is complete up to `seq` once the rows added so far are written. */
  advance(seq: number): void {
    if (seq > this.lastSeq) this.lastSeq = seq;
  }

  /** Writes what is pending (after any write under way); false when the write failed (the rows are kept). */
  flush(): Promise<boolean> {
    this.writing = this.writing.then(() => this.writePending());
    return this.writing;
  }

  /** Stops the timer; pending rows stay unwritten (the log holds their commands after the checkpoint). */
  stop(): void {
    clearInterval(this.timer);
  }

  private async writePending(): Promise<boolean> {
    const throughSeq = this.lastSeq;
    if (this.pending.size === 0 && throughSeq === this.writtenSeq) return true;
    const taken = this.pending;
    this.pending = new Map();
    const batches: MarketDataBatch[] = [...taken].map(([symbol, rows]) => ({
      symbol,
      trades: rows.trades,
      candles: CANDLE_PERIODS.flatMap((period) => rows.candles[period].map((candle) => ({ period, candle }))),
    }));
    this.busy = true;
    try {
      await this.store.write(batches, throughSeq);
      this.writtenSeq = throughSeq;
      return true;
    } catch (error) {
      this.log.error('spot market data write failed', { throughSeq, error: String(error) });
      this.keep(taken);
      return false;
    } finally {
      this.busy = false;
    }
  }

  /** Puts rows of a failed write back before the ones added since (a candle's newer state wins). */
  private keep(taken: Map<string, PendingRows>): void {
    for (const [symbol, rows] of taken) {
      const since = this.pending.get(symbol);
      if (since) {
        for (const trade of since.trades) rows.trades.push(trade);
        for (const period of CANDLE_PERIODS) for (const candle of since.candles[period]) putCandle(rows.candles[period], candle);
      }
      this.pending.set(symbol, rows);
    }
  }
}
