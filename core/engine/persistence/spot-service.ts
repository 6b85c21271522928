import type { Kysely } from 'kysely';
import type { Dialect } from '../../plugin-api';
import type { LedgerCommand } from '../ledger/commands';
import type { Currency } from '../ledger/currency';
import { LedgerEngine } from '../ledger/engine';
import type { CommandResult } from '../ledger/events';
import { hashState, type HashFactory } from '../ledger/hash';
import type { AppliedCommand, Journal } from '../ledger/journal';
import { SpotEngine } from '../spot/engine';
import type { AppliedSpotCommand, SpotCommand, SpotResult } from '../spot/types';
import { LedgerReplayMismatch, sha256 } from './service';
import { decodeSnapshot, encodeSnapshot } from './spot-snapshot';
import { SpotStore, type StoredSnapshot } from './spot-store';
import type { BatchSink } from './store';

/** What the exchange's single sequence accepts: the wallet's ledger commands and the spot commands. */
export type ExchangeCommand = LedgerCommand | SpotCommand;
export type ExchangeResult = CommandResult | SpotResult;

const SPOT_KINDS: ReadonlySet<string> = new Set<SpotCommand['kind']>(['addMarket', 'updateMarket', 'haltMarket', 'placeOrder', 'cancelOrder']);

export function isSpotCommand(command: ExchangeCommand): command is SpotCommand {
  return SPOT_KINDS.has(command?.kind);
}

export interface SpotServiceOptions {
  db: Kysely<any>;
  dialect: Dialect;
  currencies: Iterable<Currency>;
  /**
   * A store to use instead of the default one: on a SQLite file, `new SpotStore(db, dialect, sqliteWorkerStore)`
   * writes in the writer thread (tests put a failing one here).
   */
  store?: SpotStore;
  hash?: HashFactory;
  /** Store a snapshot of both engines at close (default true), so that the next open replays only what follows it. */
  snapshotOnClose?: boolean;
  /**
   * Also store one while running, once this many spot commands were accepted since the last (default
   * SNAPSHOT_EVERY; 0: never), so that a start after a crash replays at most about that many.
   */
  snapshotEvery?: number;
  /** Told when a snapshot taken while running could not be made or stored (the next one is then due at once). */
  onSnapshotError?: (error: Error) => void;
  /**
   * Makes the snapshots taken while running from the store instead of encoding the running engines on this
   * thread (SnapshotWorker: in a thread of its own, so that requests never wait for it).
   */
  snapshotMaker?: SnapshotMaker;
}

/** A committed state of both engines: right after these sequence numbers. */
export interface SnapshotPoint {
  spotSeq: number;
  ledgerSeq: number;
}

/**
 * The snapshot at a committed point, built from the store (snapshotFromStore) wherever the maker runs it, to be
 * stored; a maker that stored it itself (SnapshotWorker on PostgreSQL, over its own connection) answers the spot seq.
 */
export type SnapshotMaker = (point: SnapshotPoint, currencies: Currency[]) => Promise<MadeSnapshot>;
export type MadeSnapshot = StoredSnapshot | { storedAt: number };

/** Spot commands between two snapshots taken while running. */
export const SNAPSHOT_EVERY = 1_000_000;

export class SpotReplayMismatch extends Error {
  constructor(message: string) {
    super(`spot: ${message}`);
    this.name = 'SpotReplayMismatch';
  }
}

interface Waiter {
  command: ExchangeCommand;
  result: ExchangeResult;
  resolve(result: ExchangeResult): void;
  reject(error: unknown): void;
}

interface Batch {
  journal: Journal;
  spot: AppliedSpotCommand[];
  waiters: Waiter[];
  /** Receives the journal's records as commands are applied (SpotStore.openBatch). */
  sink: BatchSink;
  /** How many of the journal's records the sink has. */
  built: number;
}

interface Engines {
  ledger: LedgerEngine;
  spot: SpotEngine;
  from: Rebuilt;
}

export interface Rebuilt {
  /** Spot seq of the snapshot the engines started from; null when the whole logs were replayed. */
  snapshot: number | null;
  /** Why a stored snapshot was passed over (corrupt, unreadable, out of step with the logs). */
  skipped?: string;
}

/**
 * One ledger and one spot engine behind one sequence of commands, with durable group commit: commands are
 * applied in arrival order, those of one turn of the event loop together; whatever arrives while a batch is
 * written forms the next batch (at most half of what is outstanding: BALANCED_FROM), written in one transaction
 * (the wallet's ledger commands, the bills lines of every posting, balances, spot commands). A promise resolves
 * only after its batch is committed. When a commit fails, its callers are rejected and both engines are rebuilt
 * from the database — the order books have no undo journal, and the database holds exactly the acknowledged
 * state —; the commands after it are applied again on that state.
 *
 * The wallet submits its ledger commands here too, so that holds, settles and releases of orders and the
 * wallet's postings share one ledger and one sequence.
 */
export class SpotService {
  private current: Batch | null = null;
  /**
   * Commands submitted since the engines last ran, applied together once per turn of the event loop; those beyond
   * a batch's share (BALANCED_FROM) once that batch is sent (empty while the engines are rebuilt: `recover` moves
   * them to `reloading`, where new ones then go).
   */
  private arrived: Waiter[] = [];
  private writing: Promise<Waiter[]> | null = null;
  /** Callers of the batch being written, or of the one just committed until they are answered. */
  private inFlight = 0;
  private scheduled = false;
  private closed = false;
  private broken: Error | null = null;
  /** Set while the engines are being rebuilt after a failed commit; commands wait here. */
  private reloading: Waiter[] | null = null;
  private idle: Array<() => void> = [];
  /** Spot seq of the newest stored snapshot this service knows of. */
  private snapshotAt: number;
  /** A snapshot taken while running, being stored. */
  private storing: Promise<void> | null = null;

  private constructor(
    private engines: Engines,
    readonly store: SpotStore,
    private readonly hash: HashFactory,
    private readonly snapshotOnClose: boolean,
    private readonly snapshotEvery: number,
    private readonly onSnapshotError: (error: Error) => void,
    private readonly snapshotMaker: SnapshotMaker | undefined,
  ) {
    this.snapshotAt = engines.from.snapshot ?? 0;
  }

  /**
   * Rebuilds both engines from the newest stored snapshot and the logs after it (or from the whole logs when
   * there is no usable snapshot), and refuses to start if the stored balances differ from the rebuilt ones.
   */
  static async open(options: SpotServiceOptions): Promise<SpotService> {
    const store = options.store ?? new SpotStore(options.db, options.dialect);
    const hash = options.hash ?? sha256;
    const currencies = [...options.currencies];
    return new SpotService(await rebuild(store, currencies, hash), store, hash, options.snapshotOnClose !== false, options.snapshotEvery ?? SNAPSHOT_EVERY, options.onSnapshotError ?? (() => {}), options.snapshotMaker);
  }

  /** How the engines were last rebuilt: the snapshot's spot seq (null: whole logs), and why a snapshot was passed over. */
  get rebuiltFrom(): Rebuilt {
    return this.engines.from;
  }

  get ledger(): LedgerEngine {
    return this.engines.ledger;
  }

  get spot(): SpotEngine {
    return this.engines.spot;
  }

  submit(command: SpotCommand): Promise<SpotResult>;
  submit(command: LedgerCommand): Promise<CommandResult>;
  submit(command: ExchangeCommand): Promise<ExchangeResult> {
    if (this.closed) return Promise.reject(new Error('spot service is closed'));
    if (this.broken) return Promise.reject(this.broken);
    return new Promise((resolve, reject) => {
      const waiter = { command, result: undefined as unknown as ExchangeResult, resolve, reject };
      if (this.reloading) this.reloading.push(waiter);
      else this.arrived.push(waiter);
      this.schedule();
    });
  }

  stateHash(): string {
    return this.engines.spot.stateHash(this.hash);
  }

  /** Resolves once everything submitted so far is committed (or has failed). */
  flush(): Promise<void> {
    if (!this.writing && !this.current && !this.scheduled && !this.reloading) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    // one taken while running may still be on its way: it may make close's own unnecessary
    await this.storing;
    if (this.snapshotOnClose && !this.broken && this.engines.spot.lastSeq > this.snapshotAt) await this.snapshot();
  }

  /**
   * Stores a snapshot of both engines once everything submitted so far is committed (the engines then hold
   * exactly the committed state); older snapshots are dropped.
   */
  async snapshot(): Promise<void> {
    await this.flush();
    // one taken while running and stored after this one would replace it with an older state: waited for too
    while (this.current || this.writing || this.scheduled || this.reloading || this.storing) {
      await this.storing;
      await this.flush();
    }
    if (this.broken) throw this.broken;
    const stored = encodeSnapshot(this.engines.ledger, this.engines.spot);
    await this.store.saveSnapshot(stored);
    this.snapshotAt = stored.spotSeq;
  }

  private enqueue(waiter: Waiter): void {
    const { ledger, spot } = this.engines;
    const batch = (this.current ??= { journal: ledger.openJournal(), spot: [], waiters: [], sink: this.store.openBatch(), built: 0 });
    try {
      if (isSpotCommand(waiter.command)) {
        const result = spot.apply(waiter.command);
        if (result.ok && !result.duplicate) batch.spot.push({ command: waiter.command, result });
        waiter.result = result;
      } else {
        waiter.result = ledger.apply(waiter.command);
      }
    } catch (error) {
      // a spot command found the ledger disagreeing with its holds: nothing applied since the last commit can be trusted
      batch.waiters.push(waiter);
      this.fail(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    batch.waiters.push(waiter);
    // what a spot command added to the journal are its steps
    const steps = isSpotCommand(waiter.command);
    const records = batch.journal.records;
    while (batch.built < records.length) batch.sink.add(records[batch.built++]!, steps);
  }

  /** Applies what arrived, then writes it unless a batch is being written (its end writes the next one). */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.applyArrived();
      if (!this.writing) void this.writeNext();
    });
  }

  /**
   * Applies the commands that arrived, in order, into the current batch, up to its share of what is outstanding
   * (BALANCED_FROM); the rest wait for the next batch. Applied together rather than each as it arrives: between
   * two requests the server runs much other code, and an engine whose data is still in the CPU's caches applies a
   * command several times faster.
   */
  private applyArrived(): void {
    const arrived = this.arrived;
    if (arrived.length === 0) return;
    const held = this.current?.waiters.length ?? 0;
    const room = Math.max(BALANCED_FROM, Math.ceil((arrived.length + held + this.inFlight) / 2)) - held;
    if (room <= 0) return;
    const taken = arrived.length <= room ? arrived : arrived.slice(0, room);
    this.arrived = arrived.length <= room ? [] : arrived.slice(room);
    for (const waiter of taken) {
      // a command before it may have found the engines untrustworthy
      if (this.broken) waiter.reject(this.broken);
      else this.enqueue(waiter);
    }
  }

  private async writeNext(): Promise<void> {
    const batch = this.current;
    if (!batch || this.reloading) {
      if (!this.reloading) this.settleIdle();
      return;
    }
    this.current = null;
    this.engines.ledger.seal(batch.journal);
    // the engines hold exactly the state after this batch until the next command arrives: the moment to take one
    const snapshot = this.snapshotDue() ? this.takeSnapshot() : undefined;
    const write = this.write(batch, snapshot);
    this.writing = write;
    this.inFlight = batch.waiters.length;
    // what this batch left waiting starts the next one
    this.applyArrived();
    const committed = await write;
    this.writing = null;
    this.applyArrived();
    this.inFlight = 0;
    // the next batch goes to the store before this one's callers are answered: its commit overlaps with the answers
    const next = this.current !== null;
    if (next) void this.writeNext();
    for (const waiter of committed) waiter.resolve(waiter.result);
    if (!next) this.settleIdle();
  }

  /**
   * Commits a batch; resolves to its callers, to be answered (none when the commit failed: `recover` rejected
   * them). `snapshot`: makes the snapshot of the engines after this batch, once the batch is committed, to be stored.
   */
  private async write(batch: Batch, snapshot?: () => Promise<MadeSnapshot>): Promise<Waiter[]> {
    try {
      await this.store.commit(batch.journal.records, batch.journal.changes, batch.spot, batch.sink);
    } catch (error) {
      await this.recover(batch, error);
      return [];
    }
    this.engines.ledger.closeJournal(batch.journal);
    if (snapshot) this.storing = this.storeSnapshot(snapshot);
    return batch.waiters;
  }

  private snapshotDue(): boolean {
    return this.snapshotEvery > 0 && !this.storing && this.engines.spot.lastSeq - this.snapshotAt >= this.snapshotEvery;
  }

  /**
   * The snapshot of the engines as they are now (after a sealed batch): encoded here and now, or by the maker from
   * the logs once they hold this point (after the batch's commit).
   */
  private takeSnapshot(): () => Promise<MadeSnapshot> {
    const { ledger, spot } = this.engines;
    const maker = this.snapshotMaker;
    if (!maker) {
      const encoded = encodeSnapshot(ledger, spot);
      return () => Promise.resolve(encoded);
    }
    const point = { spotSeq: spot.lastSeq, ledgerSeq: ledger.lastSeq };
    const currencies = ledger.currencies.list();
    return () => maker(point, currencies);
  }

  /** Makes and stores a snapshot while running, beside the batches that follow it (a failure waits for the next one). */
  private async storeSnapshot(make: () => Promise<MadeSnapshot>): Promise<void> {
    try {
      const made = await make();
      if ('storedAt' in made) {
        this.snapshotAt = made.storedAt;
      } else {
        await this.store.saveSnapshot(made);
        this.snapshotAt = made.spotSeq;
      }
    } catch (error) {
      this.onSnapshotError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      this.storing = null;
    }
  }

  private async recover(batch: Batch, error: unknown): Promise<void> {
    for (const waiter of batch.waiters) waiter.reject(error);
    // the next batch was applied on top of the failed one: it is applied again once the engines are rebuilt
    // after them, in order, those that arrived and were not applied yet
    const again = [...(this.current?.waiters ?? []), ...this.arrived];
    this.current?.sink.discard();
    this.current = null;
    this.arrived = [];
    this.reloading = again;
    try {
      // a row the batch wrote: its first spot command, or else its first ledger command (no steps without a spot command)
      const first = batch.spot[0]?.result.id ?? batch.journal.records[0]?.result.id;
      if (first !== undefined && (await this.store.hasCommand(first))) {
        throw new Error('spot: a batch reported as failed was committed; restart the service to reload it', { cause: error });
      }
      this.engines = await rebuild(this.store, this.engines.ledger.currencies.list(), this.hash);
    } catch (fatal) {
      const waiting = this.reloading;
      this.reloading = null;
      this.fail(fatal instanceof Error ? fatal : new Error(String(fatal)));
      for (const waiter of waiting) waiter.reject(this.broken);
      return;
    }
    const waiting = this.reloading;
    this.reloading = null;
    for (const waiter of waiting) this.enqueue(waiter);
  }

  private fail(error: Error): void {
    this.broken = error;
    const pending = this.current;
    this.current = null;
    pending?.sink.discard();
    for (const waiter of pending?.waiters ?? []) waiter.reject(error);
    for (const waiter of this.arrived.splice(0)) waiter.reject(error);
  }

  private settleIdle(): void {
    const waiting = this.idle;
    this.idle = [];
    for (const resolve of waiting) resolve();
  }
}

/**
 * Beyond this many commands, a batch takes at most half of what is outstanding (waiting, being written, or just
 * committed and about to be answered); the rest form the next batch. Clients answered all together by one commit
 * (a closed loop) would otherwise come back together and stay one clump: the writer idle while the thread answering
 * requests answers the clump and reads its next commands, then that thread idle while the writer commits them. In
 * two halves, one half's commit overlaps the other's answers (docs/engine-spot.md, "Batches in two halves"). A
 * deep backlog still goes in large batches.
 */
const BALANCED_FROM = 32;

/**
 * The engines from the newest snapshot and the logs after it. A snapshot that does not check out (checksum,
 * format, or its tail does not replay onto it) is passed over: then the whole logs are replayed.
 */
async function rebuild(store: SpotStore, currencies: Currency[], hash: HashFactory, upTo?: SnapshotPoint): Promise<Engines> {
  let skipped: string | undefined;
  const stored = await store.loadSnapshot();
  if (stored && upTo && stored.spotSeq > upTo.spotSeq) skipped = `spot seq ${stored.spotSeq} is past ${upTo.spotSeq}`;
  else if (stored) {
    try {
      const { ledger, spot } = decodeSnapshot(stored, currencies);
      await replay(store, ledger, spot, hash, upTo);
      return { ledger, spot, from: { snapshot: stored.spotSeq } };
    } catch (error) {
      skipped = error instanceof Error ? error.message : String(error);
    }
  }
  const ledger = new LedgerEngine(currencies);
  const spot = new SpotEngine(ledger);
  await replay(store, ledger, spot, hash, upTo);
  return { ledger, spot, from: skipped === undefined ? { snapshot: null } : { snapshot: null, skipped } };
}

/**
 * The snapshot of both engines at `point`, built from the store alone — the newest stored snapshot and the logs
 * after it up to `point` — not from running engines: what SnapshotWorker runs in its own thread. The logs up to
 * `point` are committed, so commits going on meanwhile do not change it.
 */
export async function snapshotFromStore(store: SpotStore, currencies: Currency[], point: SnapshotPoint): Promise<StoredSnapshot> {
  const { ledger, spot } = await rebuild(store, currencies, sha256, point);
  if (spot.lastSeq !== point.spotSeq || ledger.lastSeq !== point.ledgerSeq) {
    throw new SpotReplayMismatch(`the logs end at spot seq ${spot.lastSeq} / ledger seq ${ledger.lastSeq}, before ${point.spotSeq} / ${point.ledgerSeq}`);
  }
  return encodeSnapshot(ledger, spot);
}

/**
 * Replays the ledger log and the spot log after the engines' sequence numbers, in one sequence: ledger
 * commands by their recorded results, spot commands by applying them again at their place in the ledger
 * sequence (they must produce the same result and take the same ledger sequence numbers: their steps are not
 * in the ledger log). Then compares the replayed balances with the stored ones — unless it stops at `upTo`: the
 * stored balances are those of the latest commit.
 */
async function replay(store: SpotStore, ledger: LedgerEngine, spot: SpotEngine, hash: HashFactory, upTo?: SnapshotPoint): Promise<void> {
  const ledgerLog = store.ledger.loadCommands(ledger.lastSeq, undefined, upTo?.ledgerSeq)[Symbol.asyncIterator]();
  let peeked: AppliedCommand | undefined;
  const peek = async (): Promise<AppliedCommand | undefined> => (peeked ??= (await ledgerLog.next()).value ?? undefined);
  const next = async (): Promise<AppliedCommand | undefined> => {
    const record = await peek();
    peeked = undefined;
    return record;
  };
  const replayLedger = (record: AppliedCommand) => {
    if (record.result.seq !== ledger.lastSeq + 1) throw new SpotReplayMismatch(`ledger seq ${ledger.lastSeq + 1} is missing from the logs`);
    ledger.replay(record.result);
  };
  for await (const { command, result } of store.loadSpotCommands(spot.lastSeq, undefined, upTo?.spotSeq)) {
    while (ledger.lastSeq < result.ledgerFrom) {
      const record = await next();
      if (!record) throw new SpotReplayMismatch(`spot command ${result.id} follows ledger seq ${result.ledgerFrom}, which is missing`);
      replayLedger(record);
    }
    if (ledger.lastSeq !== result.ledgerFrom) throw new SpotReplayMismatch(`spot command ${result.id} is out of place in the ledger sequence`);
    const again = spot.apply(command);
    if (!again.ok || again.seq !== result.seq || again.ledgerTo !== result.ledgerTo) {
      throw new SpotReplayMismatch(`spot command ${result.id} replays differently`);
    }
    // a database written before steps left the ledger log holds copies of them: passed over, checked by id
    for (let record = await peek(); record && record.result.seq <= result.ledgerTo; record = await peek()) {
      await next();
      if (ledger.resultOf(record.result.id)?.seq !== record.result.seq) {
        throw new SpotReplayMismatch(`ledger seq ${record.result.seq} of spot command ${result.id} differs from its log`);
      }
    }
  }
  for (let record = await next(); record; record = await next()) replayLedger(record);
  if (upTo) return;
  const stored = hashState(new Map(await store.ledger.loadBalances()), [], hash);
  const replayed = hashState(new Map(ledger.entries()), [], hash);
  if (stored !== replayed) throw new LedgerReplayMismatch(stored, replayed);
}

export { SPOT_MIGRATIONS } from './spot-schema';
export { SpotStore, type StoredSnapshot } from './spot-store';
export { SnapshotUnusable, decodeSnapshot, encodeSnapshot } from './spot-snapshot';
