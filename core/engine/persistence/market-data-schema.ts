import type { Kysely } from 'kysely';
import type { Dialect, Migration } from '../../plugin-api';
import { minorUnitsColumn } from './schema';

/**
 * Market data per symbol: the trades (for recent trades and audits) and the candles of every period (for
 * kline history and to restore MarketData at start). Prices and amounts are minor units at the market's scales.
 * A checkpoint names the command seq up to which the stored rows are complete (written with them).
 */
export const MARKET_DATA_MIGRATIONS: Migration[] = [
  {
    name: '001_market_data',
    async up(db: Kysely<any>, dialect: Dialect) {
      const minor = minorUnitsColumn(dialect);
      await db.schema
        .createTable('market_trade')
        .addColumn('symbol', 'varchar(32)', (column) => column.notNull())
        .addColumn('id', 'bigint', (column) => column.notNull())
        .addColumn('price', minor, (column) => column.notNull())
        .addColumn('qty', minor, (column) => column.notNull())
        .addColumn('quote', minor, (column) => column.notNull())
        .addColumn('taker_side', 'varchar(4)', (column) => column.notNull())
        .addColumn('time', 'bigint', (column) => column.notNull())
        .addPrimaryKeyConstraint('market_trade_pk', ['symbol', 'id'])
        .execute();
      await db.schema
        .createTable('market_candle')
        .addColumn('symbol', 'varchar(32)', (column) => column.notNull())
        .addColumn('period', 'varchar(8)', (column) => column.notNull())
        .addColumn('time', 'bigint', (column) => column.notNull())
        .addColumn('open', minor, (column) => column.notNull())
        .addColumn('high', minor, (column) => column.notNull())
        .addColumn('low', minor, (column) => column.notNull())
        .addColumn('close', minor, (column) => column.notNull())
        .addColumn('volume', minor, (column) => column.notNull())
        .addColumn('amount', minor, (column) => column.notNull())
        .addColumn('count', 'integer', (column) => column.notNull())
        .addPrimaryKeyConstraint('market_candle_pk', ['symbol', 'period', 'time'])
        .execute();
    },
  },
  {
    name: '002_market_candle_taker_buy',
    async up(db: Kysely<any>, dialect: Dialect) {
      const minor = minorUnitsColumn(dialect);
      for (const column of ['buy_volume', 'buy_amount']) {
        await db.schema.alterTable('market_candle').addColumn(column, minor, (c) => c.notNull().defaultTo('0')).execute();
      }
    },
  },
  {
    name: '003_market_data_checkpoint',
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('market_data_checkpoint')
        .addColumn('name', 'varchar(32)', (column) => column.primaryKey())
        .addColumn('seq', 'bigint', (column) => column.notNull())
        .execute();
    },
  },
];
