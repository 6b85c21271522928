import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from '../../plugin-api';

/**
 * Amounts in the ledger tables are minor units (integers) of the row's currency: numeric(38, 0) on
 * PostgreSQL, text on SQLite (its numeric affinity would round big integers through doubles).
 */
export function minorUnitsColumn(dialect: Dialect) {
  return dialect === 'postgres' ? sql`numeric(38, 0)` : sql`text`;
}

/** On SQLite `integer primary key` makes seq the rowid itself rather than a second index beside it. */
function sequenceColumn(dialect: Dialect) {
  return dialect === 'postgres' ? sql`bigint` : sql`integer`;
}

/** The ledger's tables: the command log (replayable), balances per account, and user ledger lines for bills. */
export const LEDGER_MIGRATIONS: Migration[] = [
  {
    name: '001_ledger',
    async up(db: Kysely<any>, dialect: Dialect) {
      await db.schema
        .createTable('ledger_command')
        .addColumn('seq', sequenceColumn(dialect), (column) => column.primaryKey())
        .addColumn('id', 'varchar(128)', (column) => column.notNull().unique())
        .addColumn('kind', 'varchar(32)', (column) => column.notNull())
        .addColumn('at', 'bigint', (column) => column.notNull())
        .addColumn('ok', 'integer', (column) => column.notNull())
        // JSON {command, result}; bigints are written as {"$n": "<digits>"}
        .addColumn('body', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('ledger_balance')
        .addColumn('account', 'varchar(200)', (column) => column.primaryKey())
        .addColumn('owner', 'varchar(64)', (column) => column.notNull())
        .addColumn('account_type', 'varchar(16)', (column) => column.notNull())
        .addColumn('currency', 'varchar(20)', (column) => column.notNull())
        .addColumn('available', minorUnitsColumn(dialect), (column) => column.notNull())
        .addColumn('frozen', minorUnitsColumn(dialect), (column) => column.notNull())
        .addColumn('bonus', minorUnitsColumn(dialect), (column) => column.notNull())
        .addColumn('updated_seq', 'bigint', (column) => column.notNull())
        // upserted by account: on SQLite the primary key is the table (no rowid b-tree beside it)
        .$call((table) => (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
        .execute();
      await db.schema.createIndex('ledger_balance_owner').on('ledger_balance').columns(['owner', 'currency']).execute();
      await db.schema
        .createTable('ledger_entry')
        .addColumn('seq', 'bigint', (column) => column.notNull())
        .addColumn('line', 'integer', (column) => column.notNull())
        .addColumn('owner', 'varchar(64)', (column) => column.notNull())
        .addColumn('account_type', 'varchar(16)', (column) => column.notNull())
        .addColumn('currency', 'varchar(20)', (column) => column.notNull())
        .addColumn('bucket', 'varchar(16)', (column) => column.notNull())
        .addColumn('amount', minorUnitsColumn(dialect), (column) => column.notNull())
        .addColumn('kind', 'varchar(32)', (column) => column.notNull())
        .addColumn('at', 'bigint', (column) => column.notNull())
        // (seq, line) is unique by construction (seq is the command log's key, written in the same
        // transaction); SQLite does not pay for a second b-tree to enforce it, its rowid is the key
        .$call((table) => (dialect === 'postgres' ? table.addPrimaryKeyConstraint('ledger_entry_pk', ['seq', 'line']) : table))
        .execute();
      await db.schema.createIndex('ledger_entry_owner_at').on('ledger_entry').columns(['owner', 'at']).execute();
    },
  },
];
