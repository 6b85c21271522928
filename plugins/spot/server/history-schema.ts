import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from '../../../core/plugin-api';
import { decodeJson, encodeJson } from '../../../core/engine/persistence';
import type { StoredOrder } from './history';

/**
 * The order history as the spot views last wrote it (OrderHistoryStore): one row per order, one per fill of an
 * order (each with the fields a member's history is filtered and paged by as columns), and the spot command seq up
 * to which every row is complete (docs/engine-spot.md, "What a restart keeps").
 */
export const ORDER_HISTORY_MIGRATIONS: Migration[] = [
  {
    name: 'order_history_001',
    async up(db: Kysely<any>, _dialect: Dialect) {
      await db.schema
        .createTable('spot_order_history')
        .addColumn('order_id', 'bigint', (column) => column.primaryKey())
        .addColumn('user_id', 'varchar(64)', (column) => column.notNull())
        .addColumn('seq', 'bigint', (column) => column.notNull())
        .addColumn('body', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('spot_order_history_user').on('spot_order_history').columns(['user_id', 'order_id']).execute();
      await db.schema
        .createTable('spot_view_checkpoint')
        .addColumn('view', 'varchar(32)', (column) => column.primaryKey())
        .addColumn('seq', 'bigint', (column) => column.notNull())
        .execute();
    },
  },
  {
    // an order's fills move out of its row: a row rewritten at every fill grew with all the fills before
    name: 'order_history_002',
    async up(db: Kysely<any>, _dialect: Dialect) {
      await db.schema
        .createTable('spot_order_fill')
        .addColumn('order_id', 'bigint', (column) => column.notNull())
        .addColumn('trade_id', 'bigint', (column) => column.notNull())
        .addColumn('user_id', 'varchar(64)', (column) => column.notNull())
        .addColumn('body', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('spot_order_fill_pk', ['order_id', 'trade_id'])
        .execute();
      await db.schema.createIndex('spot_order_fill_user').on('spot_order_fill').columns(['user_id', 'order_id', 'trade_id']).execute();
      await moveFillsOutOfOrderRows(db);
    },
  },
  {
    // what a member's history is filtered and paged by, as columns: a page is read without decoding every row
    name: 'order_history_003',
    async up(db: Kysely<any>, dialect: Dialect) {
      for (const [column, type] of [['symbol', 'varchar(64)'], ['side', 'varchar(8)'], ['status', 'varchar(16)']] as const) {
        await db.schema.alterTable('spot_order_history').addColumn(column, type, (c) => c.notNull().defaultTo('')).execute();
      }
      await db.schema.alterTable('spot_order_history').addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('spot_order_history').addColumn('client_order_id', 'varchar(64)').execute();
      await db.schema.alterTable('spot_order_fill').addColumn('symbol', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('spot_order_fill').addColumn('at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      if (dialect === 'postgres') {
        await sql`update spot_order_history set symbol = body::json->>'symbol', side = body::json->>'side', status = body::json->>'status', created_at = (body::json->>'createdAt')::bigint, client_order_id = body::json->>'clientOrderId'`.execute(db);
        await sql`update spot_order_fill set symbol = body::json->'trade'->>'symbol', at = (body::json->'trade'->>'at')::bigint`.execute(db);
      } else {
        await sql`update spot_order_history set symbol = json_extract(body, '$.symbol'), side = json_extract(body, '$.side'), status = json_extract(body, '$.status'), created_at = json_extract(body, '$.createdAt'), client_order_id = json_extract(body, '$.clientOrderId')`.execute(db);
        await sql`update spot_order_fill set symbol = json_extract(body, '$.trade.symbol'), at = json_extract(body, '$.trade.at')`.execute(db);
      }
      // no new indexes: the member's rows are found by the (user_id, order_id) ones and filtered on their columns,
      // without reading a body — as fast here (31 ms for the first page and total of 100,000 rows) as with indexes
      // on the new columns, which cost the writer ~10 µs a new order
    },
  },
  {
    // a member's fills are found through their orders (spot_order_history_user, then the fills' key by order):
    // an index of the fills by member took a leaf of its own per member in every write, about half of the pages
    // a write of the views put in the WAL (docs/engine-spot.md, "What the server writes to disk")
    name: 'order_history_004',
    async up(db: Kysely<any>, _dialect: Dialect) {
      await db.schema.dropIndex('spot_order_fill_user').execute();
    },
  },
];

/** Rows the fills move in at a time (order_history_002). */
const MOVE_PAGE = 1000;

/** order_history_001 bodies were `{ record, fills }`: each fill becomes a spot_order_fill row, the body the record. */
async function moveFillsOutOfOrderRows(db: Kysely<any>): Promise<void> {
  let after = -1;
  for (;;) {
    const rows = await db.selectFrom('spot_order_history').select(['order_id', 'user_id', 'body']).where('order_id', '>', after).orderBy('order_id').limit(MOVE_PAGE).execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const { record, fills } = decodeJson<StoredOrder>(String(row.body));
      for (const { trade, maker } of fills) {
        await db.insertInto('spot_order_fill').values({ order_id: row.order_id, trade_id: trade.tradeId, user_id: row.user_id, body: encodeJson({ trade, maker }) }).execute();
      }
      await db.updateTable('spot_order_history').set({ body: encodeJson(record) }).where('order_id', '=', row.order_id).execute();
    }
    after = Number(rows[rows.length - 1]!.order_id);
  }
}
