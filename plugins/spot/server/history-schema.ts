import type { Kysely } from 'kysely';
import type { Dialect, Migration } from '../../../core/plugin-api';

/**
 * The order history as the spot views last wrote it (OrderHistoryStore): one row per order with its fills, and
 * the spot command seq up to which every order's row is complete (docs/engine-spot.md, "What a restart keeps").
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
];
