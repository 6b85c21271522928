import type { ServerContext, ServerRegistrar } from '../../../core/server';
import { openChainRegistry, type ChainRegistry } from './chains/registry';
import { DEFAULT_BLOCK_TIME_MS } from './chains/devnet';
import { registerConsoleChainRoutes } from './console-chain-routes';
import type { WalletCore } from './core-types';
import { DepositAddresses } from './deposit-addresses';
import { DepositStore } from './deposit-store';
import { DepositWatcher } from './deposit-watcher';
import { registerDepositRoutes } from './deposits';
import { loadWalletSeed } from './hd';
import type { ChainLookup } from './networks';
import { DEFAULT_PROCESSOR_OPTIONS, WithdrawalProcessor } from './withdrawal-processor';
import { releaseOrphanHolds } from './withdrawal-funds';
import { WithdrawalStore } from './withdrawal-store';
import { registerWithdrawalRoutes } from './withdrawals';

export { CHAIN_MIGRATIONS } from './chain-migrations';

/**
 * Settings from the environment:
 * - WALLET_MNEMONIC: the BIP-39 wallet seed (production must set it; otherwise one is kept in <dataDir>/wallet-seed);
 * - EVM_RPC_URL (+ EVM_CHAIN_ID to pin the chain id): serve 'evm' networks through that node;
 * - DEVNET_BLOCK_TIME_MS: devnet block time (default 2000; 0 = blocks only on demand);
 * - WALLET_CHAIN_POLL_MS: how often deposits and withdrawals are polled (default 2000);
 * - WALLET_WITHDRAWAL_ATTEMPTS, WALLET_WITHDRAWAL_RETRY_MS: sends before a withdrawal fails (5) and the first
 *   retry wait, doubled after each attempt (5000).
 */
export interface ChainSettings {
  devnetBlockTimeMs: number;
  pollIntervalMs: number;
  maxAttempts: number;
  retryBaseMs: number;
}

export function chainSettings(env: Record<string, string | undefined>): ChainSettings {
  const int = (name: string, fallback: number, min: number) => {
    const value = env[name]?.trim();
    if (!value) return fallback;
    const parsed = Number(value);
    if (!Number.isSafeInteger(parsed) || parsed < min) throw new Error(`${name} must be an integer ≥ ${min}, got ${value}`);
    return parsed;
  };
  return {
    devnetBlockTimeMs: int('DEVNET_BLOCK_TIME_MS', DEFAULT_BLOCK_TIME_MS, 0),
    pollIntervalMs: int('WALLET_CHAIN_POLL_MS', DEFAULT_PROCESSOR_OPTIONS.pollIntervalMs, 10),
    maxAttempts: int('WALLET_WITHDRAWAL_ATTEMPTS', DEFAULT_PROCESSOR_OPTIONS.maxAttempts, 1),
    retryBaseMs: int('WALLET_WITHDRAWAL_RETRY_MS', DEFAULT_PROCESSOR_OPTIONS.retryBaseMs, 0),
  };
}

/** The running chain side of a server, for tests and tools that drive it (mine devnet blocks, poll now). */
export interface ChainSide {
  chains: ChainRegistry;
  watcher: DepositWatcher;
  processor: WithdrawalProcessor;
}

const running = new WeakMap<ServerContext, ChainSide>();

export function chainSideOf(context: ServerContext): ChainSide | undefined {
  return running.get(context);
}

/**
 * Deposits and withdrawals on chain: deposit addresses, the deposit watcher, the withdrawal processor, the devnet,
 * their member and console routes. Routes are registered now; chains, watcher and processor run from start()
 * (after the ledger is open) to stop().
 */
export function registerChainSide(registrar: ServerRegistrar, core: WalletCore): { start(): Promise<void>; stop(): Promise<void> } {
  const { context } = registrar;
  const settings = chainSettings(process.env);
  const now = () => context.now();
  let chains: ChainRegistry | undefined;
  const lookup: ChainLookup = { adapterFor: (kind) => chains?.adapterFor(kind) };
  const addresses = new DepositAddresses(context.db, now);
  const deposits = new DepositStore(context.db, now);
  const withdrawals = new WithdrawalStore(context.db, now);
  const watcher = new DepositWatcher({
    db: context.db,
    core,
    addresses,
    deposits,
    chains: () => chains?.adapters() ?? [],
    now,
    log: context.log,
    pollIntervalMs: settings.pollIntervalMs,
  });
  const processor = new WithdrawalProcessor({
    core,
    store: withdrawals,
    adapterFor: lookup.adapterFor,
    options: { ...DEFAULT_PROCESSOR_OPTIONS, pollIntervalMs: settings.pollIntervalMs, maxAttempts: settings.maxAttempts, retryBaseMs: settings.retryBaseMs },
  });

  registerDepositRoutes(registrar, { core, chains: lookup, addresses, deposits });
  registerWithdrawalRoutes(registrar, { core, chains: lookup, store: withdrawals });
  registerConsoleChainRoutes(registrar, {
    core,
    devnet: () => {
      if (!chains) throw new Error('the chain side is not started');
      return chains.devnet;
    },
    deposits,
    withdrawals,
    onApproved: () => processor.kick(),
  });

  return {
    async start() {
      const { seed } = loadWalletSeed(context.dataDir, process.env, (message) => context.log.warn(message));
      chains = await openChainRegistry({
        db: context.db,
        seed,
        env: process.env,
        devnetBlockTimeMs: settings.devnetBlockTimeMs,
        pollIntervalMs: settings.pollIntervalMs,
        now: () => context.now().getTime(),
        log: context.log,
      });
      await releaseOrphanHolds(core);
      watcher.start();
      processor.start();
      running.set(context, { chains, watcher, processor });
    },
    async stop() {
      running.delete(context);
      await watcher.stop();
      await processor.stop();
      await chains?.close();
      chains = undefined;
    },
  };
}
