import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../../core/plugin-api';
import { decodeJson, transactionWriter, type TableShape, type TableWriter } from '../../../core/engine/persistence';
import type { FillQuery, FillRecord, OrderHistoryStorage, OrderQuery, OrderRecord, PageRange, StoredOrder } from './history';

const ORDER_TABLE: TableShape = {
  name: 'spot_order_history',
  columns: ['order_id', 'user_id', 'seq', 'body', 'symbol', 'side', 'status', 'created_at', 'client_order_id'],
  pgTypes: ['bigint', 'varchar', 'bigint', 'text', 'varchar', 'varchar', 'varchar', 'bigint', 'varchar'],
  suffix: ' on conflict ("order_id") do update set "seq" = excluded."seq", "body" = excluded."body", "status" = excluded."status"',
};

/** One row per fill of an order (an order's fills are added as they come; its row above is rewritten). */
const FILL_TABLE: TableShape = {
  name: 'spot_order_fill',
  columns: ['order_id', 'trade_id', 'user_id', 'body', 'symbol', 'at'],
  pgTypes: ['bigint', 'bigint', 'varchar', 'text', 'varchar', 'bigint'],
  // a batch written again after a commit reported as failed that landed after all
  suffix: ' on conflict ("order_id", "trade_id") do nothing',
};

const CHECKPOINT_TABLE: TableShape = {
  name: 'spot_view_checkpoint',
  columns: ['view', 'seq'],
  pgTypes: ['varchar', 'bigint'],
  suffix: ' on conflict ("view") do update set "seq" = excluded."seq"',
};

const VIEW = 'orders';

/** The statuses of finished orders: only those rows are read by query (an open order's row may be behind memory). */
const FINISHED = ['filled', 'cancelled'];

/** A fill as its row's body holds it (the order id is a column). */
type StoredFill = Omit<FillRecord, 'orderId'>;

const big = (value: bigint) => ({ $n: value.toString() });

/**
 * encodeJson(record), the same text: its bigints replaced before JSON.stringify, which then takes its fast path (a
 * replacer function costs more than the rest of the write on the thread answering requests).
 */
export function encodeOrderRecord(record: OrderRecord): string {
  return JSON.stringify({ ...record, filledQty: big(record.filledQty), filledQuote: big(record.filledQuote), fee: big(record.fee), released: big(record.released) });
}

/** encodeJson({ trade, maker }), the same text, as encodeOrderRecord does it. */
export function encodeFill({ trade, maker }: StoredFill): string {
  const { price, qty, quote, makerFee, takerFee } = trade;
  return JSON.stringify({ trade: { ...trade, price: big(price), qty: big(qty), quote: big(quote), makerFee: big(makerFee), takerFee: big(takerFee) }, maker });
}

/** The order history's rows (ORDER_HISTORY_MIGRATIONS): written in batches, read one member at a time. */
export class OrderHistoryStore implements OrderHistoryStorage {
  /** `writeTables`: how the rows are written (default: a transaction on `db`; the server passes the ledger's writer). */
  constructor(
    private readonly db: Kysely<any>,
    dialect: Dialect,
    private readonly writeTables: TableWriter = transactionWriter(db, dialect),
  ) {}

  async write(orders: readonly StoredOrder[], checkpoint?: number): Promise<void> {
    const rows: unknown[] = [];
    const fillRows: unknown[] = [];
    for (const { record, fills } of orders) {
      rows.push(record.id, record.userId, record.seq, encodeOrderRecord(record), record.symbol, record.side, record.status, record.createdAt, record.clientOrderId);
      for (const fill of fills) fillRows.push(record.id, fill.trade.tradeId, record.userId, encodeFill(fill), fill.trade.symbol, fill.trade.at);
    }
    await this.writeTables([
      { table: ORDER_TABLE, rows },
      { table: FILL_TABLE, rows: fillRows },
      { table: CHECKPOINT_TABLE, rows: checkpoint === undefined ? [] : [VIEW, checkpoint] },
    ]);
  }

  async checkpoint(): Promise<number> {
    const row = await this.db.selectFrom('spot_view_checkpoint').select('seq').where('view', '=', VIEW).executeTakeFirst();
    return row ? Number(row.seq) : 0;
  }

  async order(orderId: number): Promise<StoredOrder | undefined> {
    const row = await this.db.selectFrom('spot_order_history').select('body').where('order_id', '=', orderId).executeTakeFirst();
    if (!row) return undefined;
    const fills = await this.db.selectFrom('spot_order_fill').select('body').where('order_id', '=', orderId).orderBy('trade_id').execute();
    return {
      record: decodeJson<OrderRecord>(String(row.body)),
      fills: fills.map((fill) => ({ ...decodeJson<StoredFill>(String(fill.body)), orderId })),
    };
  }

  async ordersOf(userId: string): Promise<StoredOrder[]> {
    const rows = await this.db.selectFrom('spot_order_history').select('body').where('user_id', '=', userId).orderBy('order_id').execute();
    const fills = await this.db
      .selectFrom('spot_order_history as o')
      .innerJoin('spot_order_fill as f', 'f.order_id', 'o.order_id')
      .select(['f.order_id', 'f.body'])
      .where('o.user_id', '=', userId)
      .orderBy('o.order_id')
      .orderBy('f.trade_id')
      .execute();
    const fillsOf = new Map<number, FillRecord[]>();
    for (const row of fills) {
      const orderId = Number(row.order_id);
      const list = fillsOf.get(orderId) ?? fillsOf.set(orderId, []).get(orderId)!;
      list.push({ ...decodeJson<StoredFill>(String(row.body)), orderId });
    }
    return rows.map((row) => {
      const record = decodeJson<OrderRecord>(String(row.body));
      return { record, fills: fillsOf.get(record.id) ?? [] };
    });
  }

  async newestByClientOrderId(userId: string, symbol: string, clientOrderId: string): Promise<OrderRecord | undefined> {
    const row = await this.db
      .selectFrom('spot_order_history')
      .select('body')
      .where('user_id', '=', userId)
      .where('client_order_id', '=', clientOrderId)
      .where('symbol', '=', symbol)
      .orderBy('order_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && decodeJson<OrderRecord>(String(row.body));
  }

  async finishedOrders(userId: string, query: OrderQuery, except: readonly number[], range: PageRange): Promise<{ records: OrderRecord[]; total: number }> {
    const statuses = FINISHED.filter((status) => query.status === undefined || status === query.status);
    if (statuses.length === 0) return { records: [], total: 0 };
    let select = this.db.selectFrom('spot_order_history').where('user_id', '=', userId).where('status', 'in', statuses);
    if (query.symbol !== undefined) select = select.where('symbol', '=', query.symbol);
    if (query.currency !== undefined) {
      const code = query.currency.replace(/[\\%_]/g, (c) => `\\${c}`);
      select = select.where(sql<boolean>`(symbol like ${`${code}/%`} escape '\\' or symbol like ${`%/${code}`} escape '\\')`);
    }
    if (query.side !== undefined) select = select.where('side', '=', query.side);
    if (query.from !== undefined) select = select.where('created_at', '>=', query.from);
    if (query.to !== undefined) select = select.where('created_at', '<=', query.to);
    if (query.fromId !== undefined) select = select.where('order_id', '>=', query.fromId);
    if (except.length > 0) select = select.where('order_id', 'not in', except);
    const counted = await select.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const rows = await select
      .select('body')
      .orderBy('order_id', range.oldestFirst ? 'asc' : 'desc')
      .limit(range.limit)
      .offset(range.offset)
      .execute();
    return { records: rows.map((row) => decodeJson<OrderRecord>(String(row.body))), total: Number(counted?.n ?? 0) };
  }

  async finishedFills(userId: string, query: FillQuery, except: readonly number[], range: Omit<PageRange, 'offset'>): Promise<FillRecord[]> {
    let select = this.db
      .selectFrom('spot_order_fill as f')
      .innerJoin('spot_order_history as o', 'o.order_id', 'f.order_id')
      .where('o.user_id', '=', userId)
      .where('f.symbol', '=', query.symbol)
      .where('o.status', 'in', FINISHED);
    if (query.orderId !== undefined) select = select.where('f.order_id', '=', query.orderId);
    if (query.fromId !== undefined) select = select.where('f.trade_id', '>=', query.fromId);
    if (query.from !== undefined) select = select.where('f.at', '>=', query.from);
    if (query.to !== undefined) select = select.where('f.at', '<=', query.to);
    if (except.length > 0) select = select.where('f.order_id', 'not in', except);
    const direction = range.oldestFirst ? 'asc' : 'desc';
    const rows = await select.select(['f.order_id', 'f.body']).orderBy('f.trade_id', direction).orderBy('f.order_id', direction).limit(range.limit).execute();
    return rows.map((row) => ({ ...decodeJson<StoredFill>(String(row.body)), orderId: Number(row.order_id) }));
  }
}
