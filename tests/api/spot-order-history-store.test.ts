// The spot order history's store on both dialects: order rows rewritten, fill rows added once, the checkpoint in
// the same transaction, and the move of fills out of the order rows of order_history_001.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotTrade } from '../../core/engine';
import { encodeJson } from '../../core/engine/persistence';
import { openDatabase, type Database } from '../../core/server/db/connect';
import { runMigrations } from '../../core/server/db/migrate';
import type { FillRecord, OrderRecord } from '../../plugins/spot/server/history';
import { ORDER_HISTORY_MIGRATIONS } from '../../plugins/spot/server/history-schema';
import { OrderHistoryStore } from '../../plugins/spot/server/history-store';
import { availableDialects, createPostgresDatabase } from './harness';

const dialects = await availableDialects();
const AT = 1_700_000_000_000;

function record(id: number, userId: string, fields: Partial<OrderRecord> = {}): OrderRecord {
  return {
    id, clientOrderId: null, userId, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '100', qty: '3', quote: null, trigger: null,
    rising: null, takeProfit: null, stopLoss: null, tif: 'GTC', postOnly: false, status: 'open', final: false, filledQty: 0n,
    filledQuote: 0n, fee: 0n, released: 0n, reason: null, createdAt: AT, updatedAt: AT, seq: 1, ...fields,
  };
}

function fill(orderId: number, tradeId: number, qty: bigint): FillRecord {
  const trade: SpotTrade = {
    tradeId, symbol: 'BTCUSDT', price: 10_000n, qty, quote: qty * 100n, makerOrderId: orderId, takerOrderId: 900 + tradeId,
    makerUserId: 'maker', takerUserId: 'taker', takerSide: 'sell', makerFee: 1n, takerFee: 2n, at: AT + tradeId,
  };
  return { trade, orderId, maker: true };
}

describe.each(dialects)('the order history store on %s', (dialect) => {
  let database: Database;
  let dataDir: string;
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let store: OrderHistoryStore;
  const migrate = (migrations = ORDER_HISTORY_MIGRATIONS) => runMigrations(database.db, database.dialect, [{ owner: 'spot', migrations }], () => new Date());

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'bourse-order-history-'));
    postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
    database = openDatabase({ dataDir, databaseUrl: postgres?.url });
    store = new OrderHistoryStore(database.db, database.dialect);
  });
  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('moves the fills of rows written before order_history_002 into their own rows', async () => {
    await migrate(ORDER_HISTORY_MIGRATIONS.slice(0, 1));
    const old = [
      { record: record(1, 'maker', { status: 'filled', final: true, filledQty: 3n }), fills: [fill(1, 11, 1n), fill(1, 12, 2n)] },
      { record: record(2, 'maker'), fills: [] },
      { record: record(3, 'other'), fills: [fill(3, 13, 1n)] },
    ];
    for (const row of old) {
      await database.db.insertInto('spot_order_history').values({ order_id: row.record.id, user_id: row.record.userId, seq: 1, body: encodeJson(row) }).execute();
    }
    expect((await migrate()).applied).toEqual(['spot:order_history_002']);
    expect(await store.ordersOf('maker')).toEqual(old.slice(0, 2));
    expect(await store.ordersOf('other')).toEqual(old.slice(2));
    const fillRows = await database.db.selectFrom('spot_order_fill').select(['order_id', 'trade_id']).orderBy('trade_id').execute();
    expect(fillRows.map((row) => [Number(row.order_id), Number(row.trade_id)])).toEqual([[1, 11], [1, 12], [3, 13]]);
    const body = await database.db.selectFrom('spot_order_history').select('body').where('order_id', '=', 1).executeTakeFirstOrThrow();
    expect(String(body.body)).not.toContain('fills');
  });

  it('rewrites an order row and adds only new fill rows; a fill written again is kept once', async () => {
    const id = 50;
    await store.write([{ record: record(id, 'writer'), fills: [] }], 10);
    await store.write([{ record: record(id, 'writer', { filledQty: 1n, seq: 11 }), fills: [fill(id, 21, 1n)] }], 11);
    // the same fill again (a write retried after a commit that landed after all), and a new one
    await store.write([{ record: record(id, 'writer', { filledQty: 3n, status: 'filled', final: true, seq: 12 }), fills: [fill(id, 21, 1n), fill(id, 22, 2n)] }], 12);
    const [stored] = await store.ordersOf('writer');
    expect(stored!.record).toMatchObject({ filledQty: 3n, status: 'filled', seq: 12 });
    expect(stored!.fills.map((f) => [f.trade.tradeId, f.trade.qty, f.orderId])).toEqual([[21, 1n, id], [22, 2n, id]]);
    expect(await store.checkpoint()).toBe(12);
    // one order by its id, as the member's list has it
    expect(await store.order(id)).toEqual(stored);
    expect(await store.order(999)).toBeUndefined();
  });

  it('writes nothing of a write whose fill row is refused', async () => {
    const bad = { ...fill(60, 31, 1n), trade: { ...fill(60, 31, 1n).trade, tradeId: null as unknown as number } };
    await expect(store.write([{ record: record(60, 'refused'), fills: [bad] }], 99)).rejects.toThrow();
    expect(await store.ordersOf('refused')).toEqual([]);
    expect(await store.checkpoint()).toBe(12);
  });
});
