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
  {
    name: '002_spot_snapshot',
    async up(db: Kysely<any>, dialect: Dialect) {
      // the state of both engines after spot command `spot_seq` and ledger command `ledger_seq` (SpotService.snapshot)
      await db.schema
        .createTable('spot_snapshot')
        .addColumn('spot_seq', 'bigint', (column) => column.primaryKey())
        .addColumn('ledger_seq', 'bigint', (column) => column.notNull())
        // sha-256 (hex) of body: a snapshot that does not match it is passed over
        .addColumn('checksum', 'varchar(64)', (column) => column.notNull())
        .addColumn('body', dialect === 'postgres' ? sql`bytea` : sql`blob`, (column) => column.notNull())
        .execute();
    },
  },
  {
    name: '003_spot_snapshot_chunk',
    async up(db: Kysely<any>, dialect: Dialect) {
      // the bulk of a snapshot (orders, results, balances as compact records), in order; its head row lists their checksums
      await db.schema
        .createTable('spot_snapshot_chunk')
        .addColumn('spot_seq', 'bigint', (column) => column.notNull())
        .addColumn('part', 'integer', (column) => column.notNull())
        .addColumn('body', dialect === 'postgres' ? sql`bytea` : sql`blob`, (column) => column.notNull())
        .addPrimaryKeyConstraint('spot_snapshot_chunk_pk', ['spot_seq', 'part'])
        .execute();
      // the few addMarket commands among millions of orders, read at start (SpotStore.loadAddedMarkets); partial: orders skip it
      await sql`create index spot_command_add_market on spot_command (seq) where kind = 'addMarket'`.execute(db);
    },
  },
];
