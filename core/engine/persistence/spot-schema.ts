import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from '../../plugin-api';

/**
 * The spot command log, beside the ledger's tables (LEDGER_MIGRATIONS must run too): each accepted spot
 * command with its result and the ledger sequence numbers its holds, settles and releases took.
 */
export const SPOT_MIGRATIONS: Migration[] = [
  {
    name: '001_spot',
    async up(db: Kysely<any>, dialect: Dialect) {
      await db.schema
        .createTable('spot_command')
        .addColumn('seq', dialect === 'postgres' ? sql`bigint` : sql`integer`, (column) => column.primaryKey())
        .addColumn('id', 'varchar(128)', (column) => column.notNull().unique())
        .addColumn('kind', 'varchar(32)', (column) => column.notNull())
        .addColumn('at', 'bigint', (column) => column.notNull())
        // the ledger commands of this spot command are (ledger_from, ledger_to] in ledger_command
        .addColumn('ledger_from', 'bigint', (column) => column.notNull())
        .addColumn('ledger_to', 'bigint', (column) => column.notNull())
        // JSON {command, result}; bigints as {"$n": "<digits>"}
        .addColumn('body', 'text', (column) => column.notNull())
        .execute();
    },
  },
];
