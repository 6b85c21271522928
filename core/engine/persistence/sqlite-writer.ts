import type { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import type { AppliedCommand, BalanceChange } from '../ledger/journal';
import type { AppliedSpotCommand } from '../spot/types';
import { spawnWorker } from './start-worker';
import { BatchRowsBuilder, LedgerStore, batchRows, withSpot, type BatchRows, type BatchSink, type TableRows } from './store';

type Reply = { id: number; error?: string };

/** What the writer thread is sent (handled by sqlite-writer.worker.ts). */
export type WriterMessage =
  /** More rows of open batch `stage`. */
  | { stage: number; rows: BatchRows }
  /**
   * Commit batch `batch`: its staged rows, then `rows` (with the spot_command rows), in one transaction; reply to
   * `id`. The spot commands go as rows with their JSON bodies: strings cost less to send than the objects.
   */
  | { id: number; batch: number; rows: BatchRows }
  /** Write these tables' rows in one transaction of their own; reply to `id`. */
  | { id: number; tables: readonly TableRows[] }
  | { discard: number }
  | { close: true };

/** SQLite's own default, given back to the main connection when the writer thread (which checkpoints) stops. */
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;

/** When the checkpoint thread copies the WAL into the database, and the writer thread does at most (sqlite-writer.worker.ts). */
export interface CheckpointTimes {
  checkpointEveryMs: number;
  restartEveryMs: number;
}

const CHECKPOINT_TIMES: CheckpointTimes = { checkpointEveryMs: 25, restartEveryMs: 1000 };

/** A batch's rows are sent to the writer thread every this many commands while the batch is still open. */
const STAGE_EVERY = 512;

/**
 * A batch on its way to the writer thread: its rows are built and sent in parts as the engine applies
 * its commands, so that work overlaps with the commit of the previous batch.
 */
class StagedBatch implements BatchSink {
  private readonly rows = new BatchRowsBuilder();
  private unsent = 0;

  constructor(
    readonly store: SqliteWorkerStore,
    readonly key: number,
  ) {}

  add(record: AppliedCommand, step = false): void {
    this.rows.add(record, step);
    if (++this.unsent < STAGE_EVERY) return;
    this.unsent = 0;
    this.store.send({ stage: this.key, rows: this.rows.take() });
  }

  discard(): void {
    this.rows.take();
    this.store.send({ discard: this.key });
  }

  finish(changes: readonly BalanceChange[]): BatchRows {
    return this.rows.finish(changes);
  }
}

/**
 * A LedgerStore for the embedded SQLite database whose writes run in a worker thread with its own
 * connection, so the fsync of one batch overlaps with the engine applying the next one. Reads (start-up)
 * go through the main connection; WAL lets both connections share the file.
 */
export class SqliteWorkerStore extends LedgerStore {
  private nextId = 1;
  private nextBatch = 1;
  private readonly pending = new Map<number, { resolve(): void; reject(error: Error): void }>();

  /** Both threads gone (closed, or stopped because one could not start). */
  private readonly exited: Promise<unknown>;

  private constructor(
    db: Kysely<any>,
    private readonly worker: Worker,
    private readonly checkpointer: Worker,
    /** Settles once both threads run: see `starting`. */
    readonly ready: Promise<void>,
  ) {
    super(db, 'sqlite');
    // a start that failed is reported by whoever awaits `ready`: not an unhandled rejection meanwhile
    ready.catch(() => {});
    this.exited = Promise.all([worker, checkpointer].map((thread) => new Promise((resolve) => thread.once('exit', resolve))));
    worker.on('message', (reply: Reply) => {
      // the thread's `{ ready }` (or start error) has no id: `ready` answers it
      const waiter = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.error === undefined) waiter?.resolve();
      else waiter?.reject(new Error(reply.error));
    });
    worker.on('error', (error) => this.failAll(error));
    // a checkpoint thread that died only leaves the copying to the writer thread's own, less frequent checkpoints
    checkpointer.on('error', () => {});
    worker.on('exit', () => this.failAll(new Error('ledger writer thread exited')));
  }

  /**
   * `file` is the SQLite database file the main connection `db` has open. Two threads start: the writer, and the
   * checkpoint thread, which copies the WAL's pages into the database every `checkpointEveryMs` beside the commits —
   * pages that several batches changed are copied once, not once a batch, and no commit waits for the copy.
   * Resolves once both run.
   */
  static async start(db: Kysely<any>, file: string, times: CheckpointTimes = CHECKPOINT_TIMES): Promise<SqliteWorkerStore> {
    const store = SqliteWorkerStore.starting(db, file, times);
    await store.ready;
    return store;
  }

  /**
   * `start`, returning at once while the threads start (about 0.2 s on a slow machine: the engines can be rebuilt
   * meanwhile). Batches may be written at once: they wait in the writer thread's queue. `ready` rejects —
   * both threads stopped — when one cannot start; the store is then unusable.
   */
  static starting(db: Kysely<any>, file: string, times: CheckpointTimes = CHECKPOINT_TIMES): SqliteWorkerStore {
    // a batch's rows live until its commit: a young generation that holds them saves promoting them
    const writer = spawnWorker(new URL('./sqlite-writer.worker.ts', import.meta.url), { workerData: { file, restartEveryMs: times.restartEveryMs }, resourceLimits: { maxYoungGenerationSizeMb: 96 } });
    const checkpointer = spawnWorker(new URL('./sqlite-checkpointer.worker.ts', import.meta.url), { workerData: { file, everyMs: times.checkpointEveryMs } });
    // those threads checkpoint the WAL: a commit of the main connection must not copy the writer's pages
    const quiet = sql`pragma wal_autocheckpoint = 0`.execute(db);
    const ready = Promise.allSettled([writer.ready, checkpointer.ready, quiet]).then(async (started) => {
      const failed = started.find((step) => step.status === 'rejected');
      if (!failed) return;
      await Promise.all([writer.worker.terminate(), checkpointer.worker.terminate()]);
      throw failed.reason;
    });
    return new SqliteWorkerStore(db, writer.worker, checkpointer.worker, ready);
  }

  override openBatch(): BatchSink {
    return new StagedBatch(this, this.nextBatch++);
  }

  override commit(records: readonly AppliedCommand[], changes: readonly BalanceChange[], sink?: BatchSink, spot: readonly AppliedSpotCommand[] = []): Promise<void> {
    if (records.length === 0 && changes.length === 0 && spot.length === 0) return Promise.resolve();
    const id = this.nextId++;
    // without this store's sink, all the rows go along now (batch 0 has nothing staged)
    const staged = sink instanceof StagedBatch && sink.store === this ? sink : null;
    const rows = staged ? staged.finish(changes) : batchRows(records, changes);
    return this.request({ id, batch: staged?.key ?? 0, rows: withSpot(rows, spot) });
  }

  override writeTables(writes: readonly TableRows[]): Promise<void> {
    if (writes.every(({ rows }) => rows.length === 0)) return Promise.resolve();
    return this.request({ id: this.nextId++, tables: writes });
  }

  private request(message: WriterMessage & { id: number }): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.set(message.id, { resolve, reject });
      this.send(message);
    });
  }

  send(message: WriterMessage): void {
    this.worker.postMessage(message);
  }

  async close(): Promise<void> {
    this.send({ close: true });
    this.checkpointer.postMessage({ close: true });
    await this.exited;
    await sql`pragma wal_autocheckpoint = ${sql.raw(String(SQLITE_DEFAULT_AUTOCHECKPOINT))}`.execute(this.db);
  }

  private failAll(error: Error): void {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }
}
