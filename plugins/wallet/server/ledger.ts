import { join } from 'node:path';
import type { AppliedSpotCommand, CommandResult, Currency, LedgerCommand, LedgerEngine, SpotCommand, SpotEngine, SpotResult } from '../../../core/engine';
import { SnapshotWorker, SpotService, SpotStore, SqliteWorkerStore, type SpotServiceOptions, type TableRows } from '../../../core/engine/persistence';
import { ApiError, ERROR_CODES, SQLITE_FILE_NAME, type ServerContext } from '../../../core/server';

/**
 * The site's ledger: one sequence of commands for the wallet's postings and the spot exchange's orders
 * (SpotService: the ledger engine and the spot engine with durable group commit), so that an order's hold sees
 * every deposit and withdrawal before it. On the embedded SQLite database its batches are written from a worker
 * thread. Currencies configured while it runs are registered in the running engine.
 */
export class WalletLedger {
  /** Set while the service is being reopened: commands wait for it and then go in arrival order. */
  private paused: Promise<void> | null = null;

  private constructor(
    private service: SpotService,
    private readonly context: ServerContext,
    private readonly store: SpotStore,
    private readonly writer: SqliteWorkerStore | undefined,
    private readonly snapshots: SnapshotWorker | undefined,
  ) {}

  static async open(context: ServerContext, currencies: Currency[]): Promise<WalletLedger> {
    // the writer threads start while the engines are rebuilt from the database (read on this thread's connection)
    const writer = context.dialect === 'sqlite' ? SqliteWorkerStore.starting(context.db, join(context.dataDir, SQLITE_FILE_NAME)) : undefined;
    const store = new SpotStore(context.db, context.dialect, writer);
    const snapshots = snapshotWorker(context);
    try {
      const [service] = await Promise.all([SpotService.open(serviceOptions(context, currencies, store, snapshots)), writer?.ready]);
      return new WalletLedger(service, context, store, writer, snapshots);
    } catch (error) {
      await writer?.close();
      throw error;
    }
  }

  /** Reads may be up to two batches ahead of what is durable. */
  get engine(): LedgerEngine {
    return this.service.ledger;
  }

  /** The spot engine sharing this ledger (reads; replaced when the service is reopened, so ask each time). */
  get spot(): SpotEngine {
    return this.service.spot;
  }

  submit(command: LedgerCommand): Promise<CommandResult>;
  submit(command: SpotCommand): Promise<SpotResult>;
  submit(command: LedgerCommand | SpotCommand): Promise<CommandResult | SpotResult> {
    if (this.paused) return this.paused.then(() => this.submit(command as LedgerCommand));
    return this.service.submit(command as LedgerCommand);
  }

  /** The accepted spot commands of the durable log after seq `after`, in sequence order. */
  spotLog(after = 0): AsyncIterable<AppliedSpotCommand> {
    return this.service.store.loadSpotCommands(after);
  }

  /** The addMarket commands of the durable log up to seq `upTo`. */
  spotMarketsAdded(upTo: number): AsyncIterable<AppliedSpotCommand> {
    return this.service.store.loadAddedMarkets(upTo);
  }

  /** Writes rows of views derived from the log, by the same writer as the batches (LedgerStore.writeTables). */
  writeViews(writes: readonly TableRows[]): Promise<void> {
    return this.store.ledger.writeTables(writes);
  }

  /**
   * Makes a currency known to the engine, after `persist` stored it. A new scale for a known currency is
   * accepted only while nothing was ever booked in it and no spot market trades it (409 otherwise): the engine is
   * then reopened with it.
   */
  async configure(currency: Currency, persist: () => Promise<void>): Promise<void> {
    const known = this.engine.currencies.get(currency.code);
    if (!known || known.scale === currency.scale) {
      await persist();
      this.engine.currencies.register(currency);
      return;
    }
    await this.exclusively(async () => {
      await this.service.flush();
      if (this.hasAccounts(currency.code)) throw new ApiError(ERROR_CODES.conflict, 'wallet:errScaleFixed', { field: 'scale' });
      // a market's decimals were checked against the currency's: its log would not replay under another scale
      if (this.hasMarket(currency.code)) throw new ApiError(ERROR_CODES.conflict, 'wallet:errScaleInMarket', { field: 'scale' });
      await persist();
      const currencies = this.engine.currencies.list().map((each) => (each.code === currency.code ? currency : each));
      await this.service.close();
      this.service = await SpotService.open(serviceOptions(this.context, currencies, this.store, this.snapshots));
    });
  }

  async close(): Promise<void> {
    while (this.paused) await this.paused;
    await this.service.close();
    await this.snapshots?.close();
    await this.writer?.close();
  }

  /** True once any account (a user's or a system one) was ever booked in the currency, even if back to zero. */
  private hasAccounts(code: string): boolean {
    for (const [key] of this.engine.entries()) if (key.endsWith(`/${code}`)) return true;
    return false;
  }

  /** True when a spot market trades the currency (as its base or its quote). */
  private hasMarket(code: string): boolean {
    const spot = this.spot;
    return spot.symbols().some((symbol) => {
      const market = spot.market(symbol)!;
      return market.base === code || market.quote === code;
    });
  }

  private async exclusively(work: () => Promise<void>): Promise<void> {
    while (this.paused) await this.paused;
    let resume!: () => void;
    this.paused = new Promise((resolve) => (resume = resolve));
    try {
      await work();
    } finally {
      this.paused = null;
      resume();
    }
  }
}

/**
 * The service over the site's database; snapshots taken while running are made in a thread of their own, and one
 * that cannot be made or stored is logged.
 */
function serviceOptions(context: ServerContext, currencies: Currency[], store: SpotStore, snapshots: SnapshotWorker | undefined): SpotServiceOptions {
  return {
    db: context.db,
    dialect: context.dialect,
    currencies,
    store,
    snapshotMaker: snapshots?.make,
    onSnapshotError: (error) => context.log.error('spot snapshot could not be made or stored; the next one is due at once', { error: error.message }),
  };
}

/** The snapshot thread's own connection to the site's database (none known: snapshots are encoded in this thread). */
function snapshotWorker(context: ServerContext): SnapshotWorker | undefined {
  if (context.dialect === 'sqlite') return new SnapshotWorker({ dialect: 'sqlite', file: join(context.dataDir, SQLITE_FILE_NAME) });
  return context.databaseUrl ? new SnapshotWorker({ dialect: 'postgres', url: context.databaseUrl }) : undefined;
}
