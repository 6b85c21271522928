import { join } from 'node:path';
import type { CommandResult, Currency, LedgerCommand, LedgerEngine } from '../../../core/engine';
import { LedgerService, SqliteWorkerStore } from '../../../core/engine/persistence';
import { ApiError, ERROR_CODES, SQLITE_FILE_NAME, type ServerContext } from '../../../core/server';

/**
 * The site's ledger: the engine with durable group commit (LedgerService), written from a worker thread on the
 * embedded SQLite database. Currencies configured while it runs are registered in the running engine.
 */
export class WalletLedger {
  /** Set while the service is being reopened: commands wait for it and then go in arrival order. */
  private paused: Promise<void> | null = null;

  private constructor(
    private service: LedgerService,
    private readonly context: ServerContext,
    private readonly writer: SqliteWorkerStore | undefined,
  ) {}

  static async open(context: ServerContext, currencies: Currency[]): Promise<WalletLedger> {
    const writer = context.dialect === 'sqlite' ? await SqliteWorkerStore.start(context.db, join(context.dataDir, SQLITE_FILE_NAME)) : undefined;
    try {
      const service = await LedgerService.open({ db: context.db, dialect: context.dialect, currencies, store: writer });
      return new WalletLedger(service, context, writer);
    } catch (error) {
      await writer?.close();
      throw error;
    }
  }

  /** Reads may be up to two batches ahead of what is durable. */
  get engine(): LedgerEngine {
    return this.service.engine;
  }

  submit(command: LedgerCommand): Promise<CommandResult> {
    if (this.paused) return this.paused.then(() => this.submit(command));
    return this.service.submit(command);
  }

  /**
   * Makes a currency known to the engine, after `persist` stored it. A new scale for a known currency is
   * accepted only while nothing was ever booked in it (409 otherwise): the engine is then reopened with it.
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
      await persist();
      const currencies = this.engine.currencies.list().map((each) => (each.code === currency.code ? currency : each));
      await this.service.close();
      this.service = await LedgerService.open({ db: this.context.db, dialect: this.context.dialect, currencies, store: this.writer });
    });
  }

  async close(): Promise<void> {
    while (this.paused) await this.paused;
    await this.service.close();
    await this.writer?.close();
  }

  /** True once any account (a user's or a system one) was ever booked in the currency, even if back to zero. */
  private hasAccounts(code: string): boolean {
    for (const [key] of this.engine.entries()) if (key.endsWith(`/${code}`)) return true;
    return false;
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
