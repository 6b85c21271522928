// Opens a migrated ledger database (SQLite file or a fresh PostgreSQL database) for ledger tests: the ledger's
// tables and the spot command log beside them, as SpotService (which runs the ledger) needs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LEDGER_MIGRATIONS, SPOT_MIGRATIONS } from '../../core/engine/persistence';
import type { Dialect } from '../../core/plugin-api';
import { openDatabase, type Database } from '../../core/server/db/connect';
import { runMigrations } from '../../core/server/db/migrate';
import { createPostgresDatabase } from './harness';

export const LEDGER_CURRENCIES = [
  { code: 'USDT', scale: 6 },
  { code: 'BTC', scale: 8 },
];

export interface LedgerDatabase {
  dialect: Dialect;
  dataDir: string;
  databaseUrl?: string;
  /** A new connection to the same data (a restart). */
  connect(): Promise<Database>;
  drop(): Promise<void>;
}

export async function createLedgerDatabase(dialect: Dialect): Promise<LedgerDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bourse-ledger-'));
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const connect = async () => {
    const database = openDatabase({ dataDir, databaseUrl: postgres?.url });
    await runMigrations(database.db, database.dialect, [
      { owner: 'ledger', migrations: LEDGER_MIGRATIONS },
      { owner: 'spot', migrations: SPOT_MIGRATIONS },
    ], () => new Date());
    return database;
  };
  return {
    dialect,
    dataDir,
    databaseUrl: postgres?.url,
    connect,
    async drop() {
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
