import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../plugin-api';
import type { LedgerCommand } from '../ledger/commands';
import type { Currency } from '../ledger/currency';
import { LedgerEngine } from '../ledger/engine';
import type { CommandResult } from '../ledger/events';
import type { HashFactory } from '../ledger/hash';
import type { Journal } from '../ledger/journal';
import { LedgerStore, type BatchSink } from './store';

export const sha256: HashFactory = () => createHash('sha256');

export interface LedgerServiceOptions {
  db: Kysely<any>;
  dialect: Dialect;
  currencies: Iterable<Currency>;
  /** Replay the whole command log at start and compare state hashes (default true). */
  verifyReplay?: boolean;
  /** A store to use instead of the default one (tests put a failing one here). */
  store?: LedgerStore;
  hash?: HashFactory;
}

interface Waiter {
  command: LedgerCommand;
  result: CommandResult;
  resolve(result: CommandResult): void;
  reject(error: unknown): void;
}

interface Batch {
  journal: Journal;
  waiters: Waiter[];
  /** Receives the journal's records as commands are applied (LedgerStore.openBatch). */
  sink: BatchSink;
  /** How many of the journal's records the sink has. */
  built: number;
}

export class LedgerReplayMismatch extends Error {
  constructor(stored: string, replayed: string) {
    super(`ledger: stored balances (${stored}) differ from the replayed command log (${replayed})`);
    this.name = 'LedgerReplayMismatch';
  }
}

/**
 * Runs the ledger engine with durable group commit. Commands are applied at once and in arrival order;
 * whatever arrived while one batch was being written forms the next batch, written in one transaction.
 * A caller's promise resolves only after its batch is committed. When a commit fails, the engine is
 * rolled back to before that batch, its callers are rejected, and the commands that arrived since are
 * applied again on the restored state (they were not acknowledged, so nobody saw their results).
 *
 * Reads through `engine` may see commands whose batch is not yet durable (at most two batches ahead).
 */
export class LedgerService {
  private current: Batch | null = null;
  private writing: Promise<void> | null = null;
  private scheduled = false;
  private closed = false;
  /** Set when the database state is unknown (a failed commit that may have landed): restart to recover. */
  private broken: Error | null = null;
  private idle: Array<() => void> = [];

  private constructor(
    readonly engine: LedgerEngine,
    readonly store: LedgerStore,
    private readonly hash: HashFactory,
  ) {}

  /** Rebuilds the engine from the database (balances and command ids), proving replay equality. */
  static async open(options: LedgerServiceOptions): Promise<LedgerService> {
    const store = options.store ?? new LedgerStore(options.db, options.dialect);
    const hash = options.hash ?? sha256;
    const currencies = [...options.currencies];
    const engine = new LedgerEngine(currencies);
    const replayed = options.verifyReplay === false ? null : new LedgerEngine(currencies);
    const results: CommandResult[] = [];
    for await (const { result } of store.loadCommands()) {
      results.push(result);
      replayed?.replay(result);
    }
    engine.restore(await store.loadBalances(), results);
    if (replayed) {
      const stored = engine.stateHash(hash);
      const fromLog = replayed.stateHash(hash);
      if (stored !== fromLog) throw new LedgerReplayMismatch(stored, fromLog);
    }
    return new LedgerService(engine, store, hash);
  }

  submit(command: LedgerCommand): Promise<CommandResult> {
    if (this.closed) return Promise.reject(new Error('ledger service is closed'));
    if (this.broken) return Promise.reject(this.broken);
    return new Promise((resolve, reject) => {
      this.enqueue(command, resolve, reject);
      this.schedule();
    });
  }

  stateHash(): string {
    return this.engine.stateHash(this.hash);
  }

  /** Resolves once everything submitted so far is committed (or has failed). */
  flush(): Promise<void> {
    if (!this.writing && !this.current && !this.scheduled) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }

  private enqueue(command: LedgerCommand, resolve: Waiter['resolve'], reject: Waiter['reject']): void {
    const batch = (this.current ??= { journal: this.engine.openJournal(), waiters: [], sink: this.store.openBatch(), built: 0 });
    const result = this.engine.apply(command);
    batch.waiters.push({ command, result, resolve, reject });
    const records = batch.journal.records;
    while (batch.built < records.length) batch.sink.add(records[batch.built++]!);
  }

  private schedule(): void {
    if (this.writing || this.scheduled) return;
    this.scheduled = true;
    // let every command submitted in this turn of the event loop join the batch
    setImmediate(() => {
      this.scheduled = false;
      void this.writeNext();
    });
  }

  private async writeNext(): Promise<void> {
    const batch = this.current;
    if (!batch) {
      this.settleIdle();
      return;
    }
    this.current = null;
    this.engine.seal(batch.journal);
    const write = this.write(batch);
    this.writing = write;
    await write;
    this.writing = null;
    if (this.current) void this.writeNext();
    else this.settleIdle();
  }

  private async write(batch: Batch): Promise<void> {
    try {
      const { records, changes } = batch.journal;
      await this.store.commit(records, changes, batch.sink);
    } catch (error) {
      await this.recover(batch, error);
      return;
    }
    this.engine.closeJournal(batch.journal);
    for (const waiter of batch.waiters) waiter.resolve(waiter.result);
  }

  private async recover(batch: Batch, error: unknown): Promise<void> {
    this.engine.rollback(batch.journal);
    for (const waiter of batch.waiters) waiter.reject(error);
    const next = this.current;
    this.current = null;
    // the rollback above also undid the next batch (newer journal): its commands are applied again below
    next?.sink.discard();
    for (const waiter of next?.waiters ?? []) this.enqueue(waiter.command, waiter.resolve, waiter.reject);
    // a commit that failed on its way back may still have landed: then memory and database disagree
    const first = batch.journal.records[0];
    if (first) {
      const landed = await this.store.hasCommand(first.result.id).catch(() => false);
      if (landed) this.fail(new Error('ledger: a batch reported as failed was committed; restart the ledger to reload it', { cause: error }));
    }
  }

  private fail(error: Error): void {
    this.broken = error;
    const pending = this.current;
    this.current = null;
    if (pending) {
      this.engine.rollback(pending.journal);
      pending.sink.discard();
      for (const waiter of pending.waiters) waiter.reject(error);
    }
  }

  private settleIdle(): void {
    const waiting = this.idle;
    this.idle = [];
    for (const resolve of waiting) resolve();
  }
}
