import type { Kysely } from 'kysely';
import type { Dialect } from '../../../core/plugin-api';
import { decodeJson, encodeJson, transactionWriter, type TableShape, type TableWriter } from '../../../core/engine/persistence';
import type { OrderHistoryStorage, StoredOrder } from './history';

const ORDER_TABLE: TableShape = {
  name: 'spot_order_history',
  columns: ['order_id', 'user_id', 'seq', 'body'],
  pgTypes: ['bigint', 'varchar', 'bigint', 'text'],
  suffix: ' on conflict ("order_id") do update set "seq" = excluded."seq", "body" = excluded."body"',
};

const CHECKPOINT_TABLE: TableShape = {
  name: 'spot_view_checkpoint',
  columns: ['view', 'seq'],
  pgTypes: ['varchar', 'bigint'],
  suffix: ' on conflict ("view") do update set "seq" = excluded."seq"',
};

const VIEW = 'orders';

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
    for (const { record, fills } of orders) rows.push(record.id, record.userId, record.seq, encodeJson({ record, fills }));
    await this.writeTables([
      { table: ORDER_TABLE, rows },
      { table: CHECKPOINT_TABLE, rows: checkpoint === undefined ? [] : [VIEW, checkpoint] },
    ]);
  }

  async checkpoint(): Promise<number> {
    const row = await this.db.selectFrom('spot_view_checkpoint').select('seq').where('view', '=', VIEW).executeTakeFirst();
    return row ? Number(row.seq) : 0;
  }

  async ordersOf(userId: string): Promise<StoredOrder[]> {
    const rows = await this.db.selectFrom('spot_order_history').select('body').where('user_id', '=', userId).orderBy('order_id').execute();
    return rows.map((row) => decodeJson<StoredOrder>(String(row.body)));
  }
}
