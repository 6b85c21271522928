// The SQLite writer thread of SqliteWorkerStore: one connection (WAL, synchronous FULL), one transaction per batch.
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { LedgerStore, type BatchRows } from './store';

const port = parentPort!;
try {
  const sqlite = new BetterSqlite3((workerData as { file: string }).file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
  const store = new LedgerStore(db, 'sqlite');
  port.on('message', async (message: { id: number; rows: BatchRows } | { close: true }) => {
    if ('close' in message) {
      await db.destroy();
      port.close();
      return;
    }
    try {
      await store.writeRows(message.rows);
      port.postMessage({ id: message.id });
    } catch (error) {
      port.postMessage({ id: message.id, error: (error as Error).message });
    }
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ error: (error as Error).message });
}
