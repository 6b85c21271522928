// The SQLite writer thread of SqliteWorkerStore: one connection (WAL, synchronous FULL), one transaction per batch.
// It also checkpoints the WAL for every connection to the file (they are told not to): right after answering a
// write, so that copying pages into the database never delays an acknowledgement, and once a second when idle.
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { SqliteBatchWriter } from './sqlite-batch-writer';
import type { WriterMessage } from './sqlite-writer';
import { withSpot, type BatchRows } from './store';

const port = parentPort!;
const IDLE_CHECKPOINT_MS = 1000;
try {
  const sqlite = new BetterSqlite3((workerData as { file: string }).file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  // a batch of thousands of commands fits in the page cache, so no page is spilled to the WAL before COMMIT
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('wal_autocheckpoint = 0');
  const checkpoint = () => sqlite.pragma('wal_checkpoint(PASSIVE)');
  const idleCheckpoints = setInterval(checkpoint, IDLE_CHECKPOINT_MS);
  const writer = new SqliteBatchWriter(sqlite);
  /** Rows of open batches, in the parts they arrived in. */
  const open = new Map<number, BatchRows[]>();
  port.on('message', (message: WriterMessage) => {
    if ('close' in message) {
      clearInterval(idleCheckpoints);
      sqlite.close();
      port.close();
    } else if ('discard' in message) {
      open.delete(message.discard);
    } else if ('tables' in message) {
      try {
        writer.writeTables(message.tables);
        port.postMessage({ id: message.id });
      } catch (error) {
        port.postMessage({ id: message.id, error: (error as Error).message });
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
        parts.push(withSpot(message.rows, message.spot));
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
