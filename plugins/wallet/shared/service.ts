import type { AppliedSpotCommand, CommandResult, LedgerCommand, SpotCommand, SpotEngine, SpotResult } from '../../../core/engine';
import type { TableWriter } from '../../../core/engine/persistence';

/**
 * What the wallet plugin offers other server plugins (context.use<WalletService>(WALLET_SERVICE)): the one ledger
 * of the site. Products (spot, contracts, rewards…) move money only through `submit`.
 */
export const WALLET_SERVICE = 'wallet';

export interface WalletService {
  /**
   * Applies a ledger command and resolves once it is durable (group commit). A rejection is a result with
   * ok: false (nothing changed); a repeat of an id returns the first result.
   */
  submit(command: LedgerCommand): Promise<CommandResult>;
  /** Current balance of one account as decimal strings (reads may be up to two batches ahead of durable). */
  balance(memberId: string, accountType: 'coin' | 'contract' | 'margin' | 'finance' | 'merchant', currency: string): { available: string; frozen: string; bonus: string };
  /** Scale of a configured currency, or undefined. */
  scaleOf(currency: string): number | undefined;
  /**
   * A source of USDT prices for valuing balances (e.g. a spot market's last price). Without one, or when it has
   * no price, the currency's configured reference price is used.
   */
  setPriceSource(source: (currency: string) => string | undefined): void;
  /** The USDT price balances of the currency are valued at: the price source's, else the reference price ('0' when unknown). */
  usdtPrice(currency: string): string;
  /** The spot exchange that shares this ledger and its one command sequence (docs/engine-spot.md). */
  spot(): SpotEngineAccess;
}

/** What the spot plugin needs of the shared sequence: submit spot commands, read the engine, read the log. */
export interface SpotEngineAccess {
  /** Applies a spot command (addMarket, updateMarket, haltMarket, placeOrder, cancelOrder); resolves once durable. */
  submit(command: SpotCommand): Promise<SpotResult>;
  /** The running spot engine, for reads only (markets, books, open orders). It is replaced when the ledger is reopened: ask each time. */
  engine(): SpotEngine;
  /** The accepted spot commands in the durable log after seq `after` (default: all), in sequence order (to rebuild views at start). */
  log(after?: number): AsyncIterable<AppliedSpotCommand>;
  /** The addMarket commands in the durable log up to seq `upTo` (every market, without reading the orders). */
  marketsAdded(upTo: number): AsyncIterable<AppliedSpotCommand>;
  /**
   * Writes rows derived from the durable log (the spot views) in one transaction, by the ledger's writer: on the
   * embedded SQLite database in its writer thread, off the thread that answers requests.
   */
  writeViews: TableWriter;
}
