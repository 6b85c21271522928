// The spot order history's store on both dialects: order rows rewritten, fill rows added once, the checkpoint in
// the same transaction, the move of fills out of the order rows of order_history_001 and the fills' index by member
// dropped by order_history_004.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotTrade } from '../../core/engine';
import { encodeJson } from '../../core/engine/persistence';
import { openDatabase, type Database } from '../../core/server/db/connect';
import { runMigrations } from '../../core/server/db/migrate';
import type { FillRecord, OrderQuery, OrderRecord, PageRange } from '../../plugins/spot/server/history';
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
    expect((await migrate()).applied).toEqual(['spot:order_history_002', 'spot:order_history_003', 'spot:order_history_004']);
    expect(await store.ordersOf('maker')).toEqual(old.slice(0, 2));
    expect(await store.ordersOf('other')).toEqual(old.slice(2));
    const fillRows = await database.db.selectFrom('spot_order_fill').select(['order_id', 'trade_id']).orderBy('trade_id').execute();
    expect(fillRows.map((row) => [Number(row.order_id), Number(row.trade_id)])).toEqual([[1, 11], [1, 12], [3, 13]]);
    const body = await database.db.selectFrom('spot_order_history').select('body').where('order_id', '=', 1).executeTakeFirstOrThrow();
    expect(String(body.body)).not.toContain('fills');
    // order_history_003 filled the new columns from the bodies
    const columns = await database.db.selectFrom('spot_order_history').select(['order_id', 'symbol', 'side', 'status', 'created_at']).orderBy('order_id').execute();
    expect(columns.map((row) => [Number(row.order_id), row.symbol, row.side, row.status, Number(row.created_at)])).toEqual([
      [1, 'BTCUSDT', 'buy', 'filled', AT],
      [2, 'BTCUSDT', 'buy', 'open', AT],
      [3, 'BTCUSDT', 'buy', 'open', AT],
    ]);
    const fillColumns = await database.db.selectFrom('spot_order_fill').select(['symbol', 'at']).orderBy('trade_id').execute();
    expect(fillColumns.map((row) => [row.symbol, Number(row.at)])).toEqual([['BTCUSDT', AT + 11], ['BTCUSDT', AT + 12], ['BTCUSDT', AT + 13]]);
    expect(await store.finishedOrders('maker', {}, [], { oldestFirst: true, offset: 0, limit: 10 })).toEqual({ records: [old[0]!.record], total: 1 });
    // order_history_004: the fills keep only their key's index; a member's fills are found through their orders
    const fillIndexes =
      dialect === 'postgres'
        ? (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'spot_order_fill'`.execute(database.db)).rows
        : (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'spot_order_fill'`.execute(database.db)).rows;
    expect(fillIndexes.map((row) => row.name)).toEqual([dialect === 'postgres' ? 'spot_order_fill_pk' : 'sqlite_autoindex_spot_order_fill_1']);
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

  it("filters and pages a member's finished orders and their fills in the database", async () => {
    const symbols = ['BTC/USDT', 'ETH/USDT', 'ETH/BTC', 'A_B/USDT', 'AXB/USDT'];
    const statuses = ['filled', 'cancelled', 'open', 'conditional'] as const;
    const written = Array.from({ length: 40 }, (_, i) =>
      record(1000 + i, 'pager', {
        symbol: symbols[i % symbols.length]!,
        side: i % 3 ? 'buy' : 'sell',
        status: statuses[i % 4]!,
        final: i % 4 < 2,
        createdAt: AT + i * 1000,
        clientOrderId: `c${i % 6}`,
      }),
    );
    const fills = (orderId: number, i: number) => [{ ...fill(orderId, 5000 + i, 1n), trade: { ...fill(orderId, 5000 + i, 1n).trade, symbol: written[i]!.symbol } }];
    await store.write(written.map((r, i) => ({ record: r, fills: fills(r.id, i) })), 20);
    await store.write([{ record: record(2000, 'someone else', { status: 'filled', final: true }), fills: [] }], 21);
    const finished = written.filter((r) => r.final);
    const expectOrders = async (query: OrderQuery, except: number[], range: PageRange, expected: OrderRecord[]) => {
      const all = range.oldestFirst ? expected : [...expected].reverse();
      expect(await store.finishedOrders('pager', query, except, range), JSON.stringify({ query, except, range })).toEqual({
        records: all.slice(range.offset, range.offset + range.limit),
        total: expected.length,
      });
    };
    const newest = { oldestFirst: false, offset: 0, limit: 100 };
    await expectOrders({}, [], newest, finished);
    await expectOrders({}, [], { oldestFirst: true, offset: 3, limit: 4 }, finished);
    await expectOrders({}, [], { oldestFirst: false, offset: 5, limit: 3 }, finished);
    await expectOrders({}, [finished[2]!.id, finished[7]!.id], newest, finished.filter((_, i) => i !== 2 && i !== 7));
    await expectOrders({ symbol: 'ETH/USDT' }, [], newest, finished.filter((r) => r.symbol === 'ETH/USDT'));
    await expectOrders({ currency: 'ETH' }, [], newest, finished.filter((r) => r.symbol.startsWith('ETH/')));
    await expectOrders({ currency: 'BTC' }, [], newest, finished.filter((r) => r.symbol.includes('BTC')));
    // an underscore in a code is not a wildcard
    await expectOrders({ currency: 'A_B' }, [], newest, finished.filter((r) => r.symbol === 'A_B/USDT'));
    await expectOrders({ currency: 'A%' }, [], newest, []);
    await expectOrders({ side: 'sell', status: 'cancelled' }, [], newest, finished.filter((r) => r.side === 'sell' && r.status === 'cancelled'));
    await expectOrders({ status: 'open' }, [], newest, []);
    await expectOrders({ from: AT + 10_000, to: AT + 20_000 }, [], newest, finished.filter((r) => r.createdAt >= AT + 10_000 && r.createdAt <= AT + 20_000));
    await expectOrders({ fromId: 1021 }, [], { oldestFirst: true, offset: 0, limit: 5 }, finished.filter((r) => r.id >= 1021));

    const fillsOf = (records: OrderRecord[]) => records.map((r) => ({ ...fills(r.id, r.id - 1000)[0]!, orderId: r.id }));
    const btc = finished.filter((r) => r.symbol === 'BTC/USDT');
    expect(await store.finishedFills('pager', { symbol: 'BTC/USDT' }, [], { oldestFirst: true, limit: 10 })).toEqual(fillsOf(btc));
    expect(await store.finishedFills('pager', { symbol: 'BTC/USDT' }, [btc[0]!.id], { oldestFirst: false, limit: 1 })).toEqual(fillsOf(btc).slice(-1));
    expect(await store.finishedFills('pager', { symbol: 'BTC/USDT', fromId: 5000 + btc[1]!.id - 1000 }, [], { oldestFirst: true, limit: 10 })).toEqual(fillsOf(btc.slice(1)));
    expect(await store.finishedFills('pager', { symbol: 'BTC/USDT', orderId: btc[1]!.id }, [], { oldestFirst: true, limit: 10 })).toEqual(fillsOf([btc[1]!]));
    const at = (r: OrderRecord) => AT + 5000 + r.id - 1000;
    expect(await store.finishedFills('pager', { symbol: 'BTC/USDT', from: at(btc[1]!), to: at(btc[1]!) }, [], { oldestFirst: true, limit: 10 })).toEqual(fillsOf([btc[1]!]));
    // an open order's fills are not among them
    const open = written.find((r) => r.symbol === 'BTC/USDT' && !r.final)!;
    expect(await store.finishedFills('pager', { symbol: 'BTC/USDT', orderId: open.id }, [], { oldestFirst: true, limit: 10 })).toEqual([]);

    const withId = (c: string, symbol: string) => written.filter((r) => r.clientOrderId === c && r.symbol === symbol).at(-1);
    expect(await store.newestByClientOrderId('pager', 'BTC/USDT', 'c0')).toEqual(withId('c0', 'BTC/USDT'));
    expect(await store.newestByClientOrderId('pager', 'ETH/BTC', 'c4')).toEqual(withId('c4', 'ETH/BTC'));
    expect(await store.newestByClientOrderId('someone else', 'BTC/USDT', 'c0')).toBeUndefined();
  });

  it('writes nothing of a write whose fill row is refused', async () => {
    const bad = { ...fill(60, 31, 1n), trade: { ...fill(60, 31, 1n).trade, tradeId: null as unknown as number } };
    await expect(store.write([{ record: record(60, 'refused'), fills: [bad] }], 99)).rejects.toThrow();
    expect(await store.ordersOf('refused')).toEqual([]);
    expect(await store.checkpoint()).toBe(21);
  });
});
