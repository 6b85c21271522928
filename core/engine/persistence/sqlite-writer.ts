import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { AppliedCommand, BalanceChange } from '../ledger/journal';
import { LedgerStore, batchRows } from './store';

type Reply = { id: number; error?: string };

/**
 * A LedgerStore for the embedded SQLite database whose writes run in a worker thread with its own
 * connection, so the fsync of one batch overlaps with the engine applying the next one. Reads (start-up)
 * go through the main connection; WAL lets both connections share the file.
 */
export class SqliteWorkerStore extends LedgerStore {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(): void; reject(error: Error): void }>();

  private constructor(
    db: Kysely<any>,
    private readonly worker: Worker,
  ) {
    super(db, 'sqlite');
    worker.on('message', (reply: Reply) => {
      const waiter = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.error === undefined) waiter?.resolve();
      else waiter?.reject(new Error(reply.error));
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', () => this.failAll(new Error('ledger writer thread exited')));
  }

  /** `file` is the SQLite database file the main connection `db` has open. */
  static async start(db: Kysely<any>, file: string): Promise<SqliteWorkerStore> {
    // the worker's source is TypeScript: register tsx's loader inside the thread, then load it
    const source = new URL('./sqlite-writer.worker.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: { file } });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (message: { ready?: boolean; error?: string }) => (message.ready ? resolve() : reject(new Error(message.error))));
      worker.once('error', reject);
    });
    return new SqliteWorkerStore(db, worker);
  }

  override commit(records: readonly AppliedCommand[], changes: readonly BalanceChange[]): Promise<void> {
    if (records.length === 0 && changes.length === 0) return Promise.resolve();
    const rows = batchRows(records, changes);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, rows });
    });
  }

  async close(): Promise<void> {
    this.worker.postMessage({ close: true });
    await new Promise((resolve) => this.worker.once('exit', resolve));
  }

  private failAll(error: Error): void {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }
}
