import type { Migration } from '../../../core/server';
import { moneyColumn } from '../../../core/server';

/** Operator-configured currencies and their deposit/withdrawal networks. Amounts are decimal strings. */
export const WALLET_MIGRATIONS: Migration[] = [
  {
    name: '002_wallet_currency',
    async up(db, dialect) {
      await db.schema
        .createTable('wallet_currency')
        .addColumn('currency', 'varchar(20)', (column) => column.primaryKey())
        .addColumn('name', 'varchar(50)', (column) => column.notNull())
        .addColumn('icon', 'varchar(500)', (column) => column.notNull().defaultTo(''))
        .addColumn('scale', 'integer', (column) => column.notNull())
        .addColumn('sort', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('enabled', 'integer', (column) => column.notNull())
        // exact text, as entered (normalised): a reference price, not an amount of the ledger
        .addColumn('usdt_price', 'varchar(60)', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('wallet_network')
        .addColumn('currency', 'varchar(20)', (column) => column.notNull())
        .addColumn('network', 'varchar(20)', (column) => column.notNull())
        .addColumn('label', 'varchar(60)', (column) => column.notNull())
        .addColumn('chain', 'varchar(16)', (column) => column.notNull())
        .addColumn('contract_address', 'varchar(64)')
        .addColumn('chain_decimals', 'integer', (column) => column.notNull())
        .addColumn('confirmations', 'integer', (column) => column.notNull())
        .addColumn('min_deposit', moneyColumn(dialect), (column) => column.notNull())
        .addColumn('withdraw_fee', moneyColumn(dialect), (column) => column.notNull())
        .addColumn('withdraw_min', moneyColumn(dialect), (column) => column.notNull())
        .addColumn('deposit_enabled', 'integer', (column) => column.notNull())
        .addColumn('withdraw_enabled', 'integer', (column) => column.notNull())
        .addPrimaryKeyConstraint('wallet_network_pk', ['currency', 'network'])
        .addForeignKeyConstraint('wallet_network_currency', ['currency'], 'wallet_currency', ['currency'])
        .execute();
    },
  },
];
