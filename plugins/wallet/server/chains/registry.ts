import type { Kysely } from 'kysely';
import type { ChainKind } from '../../shared/types';
import { DEVNET_COIN_TYPE, HdKeys } from '../hd';
import { DevnetChain } from './devnet';
import type { ChainAdapter } from './types';

/**
 * Which adapter serves which kind of network: 'devnet' → the in-process devnet; 'evm' → an EVM node over JSON-RPC
 * when EVM_RPC_URL is set (EVM_CHAIN_ID, when set, must match the node's chain id). A network whose chain has no
 * adapter is shown but usable for neither deposits nor withdrawals.
 */
export interface ChainRegistry {
  readonly devnet: DevnetChain;
  adapterFor(kind: ChainKind): ChainAdapter | undefined;
  /** The chains served now, with the kind of network each serves. */
  adapters(): ChainEntry[];
  close(): Promise<void>;
}

export interface ChainEntry {
  kind: ChainKind;
  adapter: ChainAdapter;
}

export interface ChainRegistryOptions {
  db: Kysely<any>;
  seed: Uint8Array;
  env: Record<string, string | undefined>;
  devnetBlockTimeMs: number;
  pollIntervalMs: number;
  now: () => number;
  log: { info(message: string, extra?: object): void; error(message: string, extra?: object): void };
}

const EVM_RETRY_MS = 30_000;

export async function openChainRegistry(options: ChainRegistryOptions): Promise<ChainRegistry> {
  const { env, log } = options;
  const devnet = await DevnetChain.open({
    db: options.db,
    keys: new HdKeys(options.seed, DEVNET_COIN_TYPE),
    blockTimeMs: options.devnetBlockTimeMs,
    now: options.now,
    onError: (error) => log.error('devnet: block production failed', { error: String(error) }),
  });
  devnet.start();

  let evm: ChainAdapter | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const connectEvm = async (rpcUrl: string) => {
    try {
      const { createEvmAdapter } = await import('./evm');
      const adapter = await createEvmAdapter({ rpcUrl, seed: options.seed, pollIntervalMs: options.pollIntervalMs });
      const expected = env.EVM_CHAIN_ID?.trim();
      if (expected && adapter.chain !== `evm:${expected}`) {
        await adapter.close?.();
        throw new Error(`EVM_CHAIN_ID is ${expected} but the node at EVM_RPC_URL serves ${adapter.chain}`);
      }
      if (closed) return void (await adapter.close?.());
      evm = adapter;
      log.info(`wallet: EVM chain ${adapter.chain} connected`);
    } catch (error) {
      log.error('wallet: the EVM chain is unavailable; retrying', { error: String(error) });
      if (!closed) retry = setTimeout(() => void connectEvm(rpcUrl), EVM_RETRY_MS);
      retry?.unref?.();
    }
  };
  const rpcUrl = env.EVM_RPC_URL?.trim();
  if (rpcUrl) await connectEvm(rpcUrl);

  return {
    devnet,
    adapterFor: (kind) => (kind === 'devnet' ? devnet : kind === 'evm' ? evm : undefined),
    adapters: () => [{ kind: 'devnet', adapter: devnet }, ...(evm ? [{ kind: 'evm' as const, adapter: evm }] : [])],
    async close() {
      closed = true;
      clearTimeout(retry);
      await devnet.close();
      await evm?.close?.();
    },
  };
}
