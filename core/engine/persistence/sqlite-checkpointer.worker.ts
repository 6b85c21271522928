// The checkpoint thread of SqliteWorkerStore: its own connection to the database file, on which it copies the pages
// the commits appended to the WAL back into the database every `everyMs` — a passive checkpoint, which runs beside
// the writer thread's commits without holding them up. A pass that fails is tried again at the next one.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';

const port = parentPort!;
const { file, everyMs } = workerData as { file: string; everyMs: number };
try {
  // on Linux this thread's own niceness: the copying yields the cores to the threads answering requests
  try {
    setPriority(19);
  } catch {
    // not allowed here: it runs at the process's priority
  }
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('busy_timeout = 5000');
  const passes = setInterval(() => {
    try {
      sqlite.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // the writer thread's own checkpoints keep the WAL bounded meanwhile
    }
  }, everyMs);
  port.on('message', () => {
    clearInterval(passes);
    sqlite.close();
    port.close();
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ error: (error as Error).message });
}
