// The market data store on both dialects: batched writes of trades and candles with their checkpoint, history
// queries and the restore of MarketData from what was written.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDLE_PERIODS, MarketData, type CandleUpdate, type MarketDataOptions, type MarketTrade } from '../../core/engine';
import { MARKET_DATA_MIGRATIONS, MarketDataStore, type MarketDataBatch } from '../../core/engine/persistence';
import { openDatabase, type Database } from '../../core/server/db/connect';
import { runMigrations } from '../../core/server/db/migrate';
import { availableDialects, createPostgresDatabase } from './harness';

const dialects = await availableDialects();
const OPTIONS: MarketDataOptions = { symbol: 'BTC/USDT', priceScale: 2, qtyScale: 8, quoteScale: 6 };
const T0 = Date.parse('2024-02-28T22:30:00Z');
const MIN = 60_000;

/** Trades every 7 minutes over 3 days; amounts beyond 2^63 too, to show nothing passes through a double. */
function trades(count: number, firstId = 1, start = T0): MarketTrade[] {
  return Array.from({ length: count }, (_, i) => {
    const price = BigInt(10_000 + ((i * 37) % 500));
    const qty = i === 5 ? 123_456_789_012_345_678_901n : BigInt(1 + ((i * 7919) % 100_000_000));
    return { id: firstId + i, price, qty, quote: (price * qty) / 10_000n, time: start + i * 7 * MIN, takerSide: i % 3 ? 'buy' : 'sell' };
  });
}

/** Feeds trades to MarketData and writes them to the store in batches of `size`, as a publisher would. */
async function feed(data: MarketData, store: MarketDataStore, list: MarketTrade[], size: number): Promise<void> {
  for (let at = 0; at < list.length; at += size) {
    const batch: MarketDataBatch = { symbol: data.symbol, trades: list.slice(at, at + size), candles: [] };
    const candles: CandleUpdate[] = [];
    for (const trade of batch.trades) candles.push(...data.recordTrade(trade));
    await store.write([{ ...batch, candles }]);
  }
}

describe.each(dialects)('market data store on %s', (dialect) => {
  let database: Database;
  let dataDir: string;
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let store: MarketDataStore;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'bourse-market-data-'));
    postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
    database = openDatabase({ dataDir, databaseUrl: postgres?.url });
    const report = await runMigrations(database.db, database.dialect, [{ owner: 'market-data', migrations: MARKET_DATA_MIGRATIONS }], () => new Date());
    expect(report.applied).toEqual(['market-data:001_market_data', 'market-data:002_market_candle_taker_buy', 'market-data:003_market_data_checkpoint']);
    store = new MarketDataStore(database.db, database.dialect);
  });
  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('has no checkpoint before the first write with one', async () => {
    expect(await store.checkpoint()).toBe(0);
    await store.write([]);
    expect(await store.checkpoint()).toBe(0);
  });

  it('restores from written candles and trades to the same state, history and ticker', async () => {
    const list = trades(700);
    const original = new MarketData(OPTIONS);
    await feed(original, store, list, 64);
    const restored = MarketData.restore(OPTIONS, await store.loadState(OPTIONS.symbol, 1500, 100));
    expect(restored.snapshot()).toEqual(original.snapshot());
    const last = list[list.length - 1]!.time;
    expect(restored.tickerAt(last + 3 * MIN)).toEqual(original.tickerAt(last + 3 * MIN));
    expect(restored.candles('1hour', { limit: 1000 })).toEqual(original.candles('1hour', { limit: 1000 }));
    const next = trades(3, 701, last + MIN);
    for (const trade of next) expect(restored.recordTrade(trade)).toEqual(original.recordTrade(trade));
  });

  it('keeps every period in the database, each candle once with its latest state', async () => {
    const state = new MarketData(OPTIONS).snapshot();
    for (const period of CANDLE_PERIODS) state.candles[period] = await store.loadCandles(OPTIONS.symbol, period, { limit: 10_000 });
    const memory = MarketData.restore(OPTIONS, state);
    const original = new MarketData(OPTIONS);
    for (const trade of trades(700)) original.recordTrade(trade);
    for (const period of CANDLE_PERIODS) expect(memory.candles(period, { limit: 10_000 })).toEqual(original.candles(period, { limit: 10_000 }));
    const months = await store.loadCandles(OPTIONS.symbol, '1month', { limit: 10 });
    expect(months.map((candle) => new Date(candle.time).toISOString())).toEqual(['2024-02-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z']);
    expect(months.reduce((sum, candle) => sum + candle.count, 0)).toBe(700);
  });

  it('answers history by range and limit, newest of the range, oldest first', async () => {
    const all = await store.loadCandles(OPTIONS.symbol, '1hour', { limit: 10_000 });
    const from = all[10]!.time;
    const to = all[20]!.time;
    expect(await store.loadCandles(OPTIONS.symbol, '1hour', { from, to, limit: 100 })).toEqual(all.slice(10, 21));
    expect(await store.loadCandles(OPTIONS.symbol, '1hour', { from, to, limit: 3 })).toEqual(all.slice(18, 21));
    expect(await store.loadCandles(OPTIONS.symbol, '1hour', { to: all[0]!.time - 1, limit: 10 })).toEqual([]);
    expect(await store.loadCandles('ETH/USDT', '1hour', { limit: 10 })).toEqual([]);
  });

  it('writes a batch again without doubling trades, and keeps symbols apart', async () => {
    const other: MarketDataOptions = { ...OPTIONS, symbol: 'ETH/USDT' };
    const data = new MarketData(other);
    const list = trades(5, 1, T0);
    const candles = list.flatMap((trade) => data.recordTrade(trade));
    const batch: MarketDataBatch = { symbol: other.symbol, trades: list, candles };
    await store.write([batch]);
    await store.write([batch]);
    await store.write([]);
    expect(await store.loadTrades(other.symbol, 100)).toEqual(list);
    expect((await store.loadTrades(other.symbol, 2)).map((trade) => trade.id)).toEqual([4, 5]);
    const [day] = await store.loadCandles(other.symbol, '1day', { limit: 10 });
    expect(day).toMatchObject({ count: 5, volume: list.reduce((sum, trade) => sum + trade.qty, 0n) });
    expect((await store.loadTrades(OPTIONS.symbol, 1000)).length).toBe(700);
  });

  it('writes nothing of a batch whose transaction fails', async () => {
    const data = new MarketData({ ...OPTIONS, symbol: 'XRP/USDT' });
    const list = trades(3);
    const candles = list.flatMap((trade) => data.recordTrade(trade));
    // the trades go in first; the last candle breaks a NOT NULL column, so the whole batch must roll back
    const bad: CandleUpdate = { ...candles[candles.length - 1]!, candle: { ...candles[candles.length - 1]!.candle, count: null as unknown as number } };
    await expect(store.write([{ symbol: 'XRP/USDT', trades: list, candles: [...candles.slice(0, -1), bad] }])).rejects.toThrow();
    expect(await store.loadTrades('XRP/USDT', 10)).toEqual([]);
    expect(await store.loadCandles('XRP/USDT', '1min', { limit: 10 })).toEqual([]);
  });

  it('writes the rows and the checkpoint together, and neither when the transaction fails', async () => {
    const symbol = 'LTC/USDT';
    const data = new MarketData({ ...OPTIONS, symbol });
    const first = trades(2, 1);
    await store.write([{ symbol, trades: first, candles: first.flatMap((trade) => data.recordTrade(trade)) }], 41);
    expect(await store.checkpoint()).toBe(41);
    expect(await store.loadTrades(symbol, 10)).toEqual(first);
    // a checkpoint alone moves on; the other checkpoint names are apart
    await store.write([], 42);
    expect(await store.checkpoint()).toBe(42);
    expect(await new MarketDataStore(database.db, database.dialect, { checkpointName: 'other' }).checkpoint()).toBe(0);

    const next = trades(1, 3, first[1]!.time + MIN);
    const candles = data.recordTrade(next[0]!);
    const broken = { ...candles[0]!, candle: { ...candles[0]!.candle, count: null as unknown as number } };
    await expect(store.write([{ symbol, trades: next, candles: [...candles.slice(1), broken] }], 43)).rejects.toThrow();
    expect(await store.checkpoint()).toBe(42);
    // the checkpoint is written last: its failure takes the rows back too
    await expect(store.write([{ symbol, trades: next, candles }], Number.NaN)).rejects.toThrow();
    expect(await store.checkpoint()).toBe(42);
    expect(await store.loadTrades(symbol, 10)).toEqual(first);
    expect((await store.loadCandles(symbol, '1month', { limit: 5 })).map((candle) => candle.count)).toEqual([2]);
    // seqs beyond 2^31 (a bigint column)
    await store.write([{ symbol, trades: next, candles }], 2 ** 40);
    expect(await store.checkpoint()).toBe(2 ** 40);
    expect(await store.loadTrades(symbol, 10)).toEqual([...first, ...next]);
  });

  it('reads the checkpoint and the state in one snapshot: a write committed in between is not half seen', async () => {
    const other = openDatabase({ dataDir, databaseUrl: postgres?.url });
    const writer = new MarketDataStore(other.db, other.dialect, { checkpointName: 'snapshot' });
    const written = trades(2, 1);
    let wroteAfter: string | undefined;
    // after the reader's first query (the checkpoint), another connection writes trades and a checkpoint
    const writeAfterFirstQuery: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      async transformResult({ result }) {
        if (wroteAfter === undefined) {
          wroteAfter = 'checkpoint';
          await writer.write([{ symbol: 'SNAP/USDT', trades: written, candles: [] }], 7);
        }
        return result;
      },
    };
    const reader = new MarketDataStore(database.db.withPlugin(writeAfterFirstQuery), database.dialect, { checkpointName: 'snapshot' });
    const before = await reader.loadStates(['SNAP/USDT'], 10, 10);
    expect(wroteAfter).toBe('checkpoint');
    expect(before.checkpoint).toBe(0);
    expect(before.states.get('SNAP/USDT')!.trades).toEqual([]);
    const after = await reader.loadStates(['SNAP/USDT'], 10, 10);
    expect(after.checkpoint).toBe(7);
    expect(after.states.get('SNAP/USDT')!.trades).toEqual(written);
    await other.close();
  });
});
