import type { CommandResult, LedgerCommand } from '../../../core/engine';
import type { ServerContext } from '../../../core/plugin-api';
import type { IdentityService } from '../../identity/shared/service';
import type { ConsoleCurrency, CurrencyInput, NetworkInfo, NetworkInput } from '../shared/types';

/** A network as the server keeps it: the wire fields plus what the chain side needs. */
export interface NetworkConfig extends NetworkInfo {
  currency: string;
  /** On-chain decimals of the coin or token. */
  chainDecimals: number;
}

/** Operator-configured currencies and networks, cached in memory and reloaded on every change. */
export interface CurrencyStore {
  list(): ConsoleCurrency[];
  get(currency: string): ConsoleCurrency | undefined;
  network(currency: string, network: string): NetworkConfig | undefined;
  /** Every network of every currency (enabled or not). */
  networks(): NetworkConfig[];
  saveCurrency(input: CurrencyInput): Promise<ConsoleCurrency>;
  saveNetwork(input: NetworkInput): Promise<NetworkConfig>;
}

/**
 * What the wallet's server modules share. Created during register; `ledger` is usable once the plugin has
 * bootstrapped (the ledger is rebuilt from the database then), before any request is served.
 */
export interface WalletCore {
  context: ServerContext;
  identity: IdentityService;
  currencies: CurrencyStore;
  /** Applies a ledger command once durable. A rejection comes back as ok: false; use `apply` to turn it into an ApiError. */
  submit(command: LedgerCommand): Promise<CommandResult>;
  /** submit, then throws the ApiError (4xx, field named, message key `wallet:err<Reason>`) of a rejection. */
  apply(command: LedgerCommand): Promise<Extract<CommandResult, { ok: true }>>;
  /** Balance of one of a member's accounts in minor units. */
  balance(memberId: string, accountType: 'coin' | 'contract' | 'margin' | 'finance' | 'merchant', currency: string): { available: bigint; frozen: bigint; bonus: bigint };
  /** Tells the member's open pages that wallet data changed: publishes { type: 'wallet', event, ...extra } on refresh_{memberId}. */
  notify(memberId: string, event: 'balance' | 'deposit' | 'withdrawal', extra?: Record<string, unknown>): void;
}
