// The SQLite writer thread of SqliteWorkerStore: one connection (WAL, synchronous FULL), one transaction per batch.
// The checkpoint thread copies the WAL's pages into the database; under a steady load its passes rarely end with no
// commit after them, and only then may the WAL start over from its beginning. So this thread also checkpoints, at
// most once every `restartEveryMs`, right after answering a write: between its own commits that pass copies what
// is left, and the next write restarts the WAL, which stays bounded.
// Rows of views and snapshots (`tables`: derived from the log, rebuilt from it when missing) are committed without
// an fsync of their own (synchronous NORMAL): the next batch's commit syncs the WAL up to and past them, and a
// crash before it loses them whole, never in part. A batch of commands is durable before it is answered.
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { SqliteBatchWriter } from './sqlite-batch-writer';
import type { WriterMessage } from './sqlite-writer';
import type { BatchRows } from './store';

const port = parentPort!;
const { file, restartEveryMs } = workerData as { file: string; restartEveryMs: number };
try {
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  // a batch of thousands of commands fits in the page cache, so no page is spilled to the WAL before COMMIT
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('wal_autocheckpoint = 0');
  let lastCheckpoint = performance.now();
  const checkpoint = () => {
    if (performance.now() - lastCheckpoint < restartEveryMs) return;
    // busy: the checkpoint thread's pass was under way; tried again after the next write
    const [{ busy }] = sqlite.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number }>;
    if (!busy) lastCheckpoint = performance.now();
  };
  const writer = new SqliteBatchWriter(sqlite);
  const unsynced = sqlite.prepare('pragma synchronous = NORMAL');
  const synced = sqlite.prepare('pragma synchronous = FULL');
  /** Rows of open batches, in the parts they arrived in. */
  const open = new Map<number, BatchRows[]>();
  port.on('message', (message: WriterMessage) => {
    if ('close' in message) {
      sqlite.close();
      port.close();
    } else if ('discard' in message) {
      open.delete(message.discard);
    } else if ('tables' in message) {
      try {
        unsynced.run();
        writer.writeTables(message.tables);
        port.postMessage({ id: message.id });
      } catch (error) {
        port.postMessage({ id: message.id, error: (error as Error).message });
      } finally {
        synced.run();
      }
      checkpoint();
    } else if ('stage' in message) {
      const parts = open.get(message.stage);
      if (parts) parts.push(message.rows);
      else open.set(message.stage, [message.rows]);
    } else {
      const parts = open.get(message.batch) ?? [];
      open.delete(message.batch);
      try {
        parts.push(message.rows);
        writer.write(parts);
        port.postMessage({ id: message.id });
      } catch (error) {
        port.postMessage({ id: message.id, error: (error as Error).message });
      }
      checkpoint();
    }
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ error: (error as Error).message });
}
