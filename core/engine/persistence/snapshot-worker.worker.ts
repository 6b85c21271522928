// The thread of SnapshotWorker: its own connection to the site's database, on which it rebuilds the engines at the
// asked point and encodes them (snapshotFromStore). On PostgreSQL it stores the snapshot too; on SQLite it only
// reads (the ledger's writer thread holds the one write lock) and sends the snapshot back.
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseAddress, SnapshotReply, SnapshotRequest } from './snapshot-worker';
import { snapshotFromStore } from './spot-service';
import { SpotStore } from './spot-store';

const port = parentPort!;
const address = workerData as DatabaseAddress;

function connect(): Kysely<any> {
  if (address.dialect === 'postgres') return new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: address.url, max: 1 }) }) });
  const sqlite = new BetterSqlite3(address.file);
  sqlite.pragma('busy_timeout = 5000');
  // a write by mistake fails instead of contending with the writer thread
  sqlite.pragma('query_only = ON');
  return new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
}

try {
  const db = connect();
  const store = new SpotStore(db, address.dialect);
  port.on('message', (message: SnapshotRequest) => {
    if ('close' in message) {
      void db.destroy().finally(() => port.close());
      return;
    }
    void answer(store, message).then((reply) => {
      // chunks that own their memory move to the other thread instead of being copied
      const chunks = 'snapshot' in reply ? reply.snapshot.chunks : [];
      const moved = chunks.filter((chunk) => chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength).map((chunk) => chunk.buffer);
      port.postMessage(reply, moved as ArrayBuffer[]);
    });
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ error: (error as Error).message });
}

async function answer(store: SpotStore, { id, point, currencies }: Extract<SnapshotRequest, { id: number }>): Promise<SnapshotReply> {
  try {
    const snapshot = await snapshotFromStore(store, currencies, point);
    if (address.dialect === 'sqlite') return { id, snapshot };
    await store.saveSnapshot(snapshot);
    return { id, storedAt: snapshot.spotSeq };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}
