/**
 * One interface for every chain the wallet talks to (the in-process devnet, EVM chains over JSON-RPC). The wallet's
 * deposit watcher and withdrawal processor are chain-agnostic: they scan blocks through `transfersTo`, follow
 * `blockHash` to detect reorgs, and pay out through `send` / `receipt`.
 *
 * Amounts here are on-chain integer units (wei, token base units); the wallet converts to the ledger's scale.
 * Assets are named `native` or by the token contract address in lower case.
 */

export const NATIVE_ASSET = 'native';

export interface ChainTransfer {
  txHash: string;
  /** Position of the transfer inside its transaction (log index for tokens, 0 for a native transfer). */
  index: number;
  blockNumber: bigint;
  blockHash: string;
  /** Receiving address in the adapter's canonical form (normalizeAddress). */
  to: string;
  asset: string;
  amount: bigint;
}

export interface SendRequest {
  /** The wallet's id for this payment: an adapter may use it to avoid paying twice. */
  id: string;
  to: string;
  asset: string;
  amount: bigint;
  /**
   * The transaction signed earlier for this id, as the wallet saved it in `onSigned`: the adapter returns it while
   * the node knows it, broadcasts the same bytes again when the node lost it, and signs anew only when it can never
   * be mined (another transaction took its nonce) or cannot be sent again (no bytes were kept).
   */
  signed?: SignedPayment;
}

export interface SignedPayment {
  txHash: string;
  /** The signed transaction as broadcast (hex), or null on a chain that has no such bytes (the devnet). */
  rawTx: string | null;
}

export type ReceiptStatus = 'unknown' | 'pending' | 'success' | 'failed';

export interface Receipt {
  status: ReceiptStatus;
  blockNumber: bigint | null;
  /** head − blockNumber + 1 once mined; 0 before. */
  confirmations: number;
}

export interface ChainAdapter {
  /** Stable name of the chain, e.g. "devnet" or "evm:31337"; deposit addresses and cursors are kept per chain. */
  readonly chain: string;
  /** Canonical form of an address, or null when it is not a valid address of this chain. */
  normalizeAddress(address: string): string | null;
  /** The deposit address at an HD index (derived from the wallet's seed; never reused across members). */
  depositAddress(index: number): string;
  /** Number of the newest block. */
  head(): Promise<bigint>;
  /** Hash of a block on the current canonical chain, or null when it does not exist (yet). */
  blockHash(number: bigint): Promise<string | null>;
  /** Transfers of the given assets into any of the addresses, in blocks from..to (inclusive). */
  transfersTo(addresses: ReadonlySet<string>, assets: readonly string[], from: bigint, to: bigint): Promise<ChainTransfer[]>;
  /**
   * Signs and broadcasts a payment from the hot wallet; resolves with the transaction hash once the node took it.
   * Each transaction it signs is handed to `onSigned` before it is broadcast, and is broadcast only once `onSigned`
   * resolved: a wallet that saves it there finds it after a crash in between and passes it back as
   * `request.signed`, so a payment cannot go out twice under new nonces. A throwing `onSigned` cancels the send.
   */
  send(request: SendRequest, onSigned?: (txHash: string, rawTx: string | null) => Promise<void>): Promise<{ txHash: string }>;
  receipt(txHash: string): Promise<Receipt>;
  /**
   * Moves what a deposit address holds of an asset to the hot wallet (paying gas from the hot wallet when the
   * asset is a token). Resolves with the transaction hash, or null when there is nothing to sweep.
   */
  sweep?(index: number, asset: string): Promise<string | null>;
  close?(): Promise<void>;
}
