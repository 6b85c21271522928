import { sql } from 'kysely';
import type { Migration } from '../../../core/plugin-api';
import { moneyColumn, withAutoId } from '../../../core/server';

const TICKER_COLUMNS = ['close', 'zdf', 'high', 'low', 'amount', 'vol'] as const;

export const MARKETS_MIGRATIONS: Migration[] = [
  {
    name: '001_market_symbol',
    async up(db, dialect) {
      let table = withAutoId(db.schema.createTable('market_symbol'), dialect)
        .addColumn('symbol', 'varchar(32)', (column) => column.notNull())
        .addColumn('base', 'varchar(16)', (column) => column.notNull())
        .addColumn('quote', 'varchar(16)', (column) => column.notNull())
        .addColumn('kind', 'varchar(16)', (column) => column.notNull().check(sql`kind in ('spot', 'contract')`))
        .addColumn('contract_type', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('price_scale', 'integer', (column) => column.notNull())
        .addColumn('qty_scale', 'integer', (column) => column.notNull())
        .addColumn('sort', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('hot', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('is_new', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('enabled', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('listed_at', 'varchar(40)', (column) => column.notNull())
        .addColumn('demo', 'integer', (column) => column.notNull().defaultTo(0));
      for (const name of TICKER_COLUMNS) table = table.addColumn(name, moneyColumn(dialect));
      await table.execute();
      await db.schema
        .createIndex('market_symbol_symbol_contract_type')
        .on('market_symbol')
        .columns(['symbol', 'contract_type'])
        .unique()
        .execute();
    },
  },
  {
    name: '002_market_watchlist',
    async up(db, dialect) {
      await withAutoId(db.schema.createTable('market_watchlist'), dialect)
        .addColumn('member_id', 'varchar(40)', (column) => column.notNull())
        .addColumn('symbol', 'varchar(32)', (column) => column.notNull())
        .addColumn('contract_type', 'integer', (column) => column.notNull())
        // ISO-8601 UTC, sorts as text.
        .addColumn('created_at', 'varchar(40)', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('market_watchlist_member_market')
        .on('market_watchlist')
        .columns(['member_id', 'symbol', 'contract_type'])
        .unique()
        .execute();
    },
  },
];
