import { isError, Transaction, type BaseWallet, type TransactionRequest } from 'ethers';

/** Runs tasks one after another, in the order they were queued; a failed task does not stop the ones after it. */
export function serialQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const result = tail.then(task);
    tail = result.catch(() => undefined);
    return result;
  };
}

export interface SignedTx {
  hash: string;
  /** The signed transaction bytes, as broadcast. */
  raw: string;
}

export interface NonceSender {
  /**
   * Signs the transaction with the next nonce and broadcasts it; resolves once the node holds it. `onSigned` sees
   * every signed transaction before its broadcast; when it throws, nothing is broadcast and the nonce stays free.
   */
  send(tx: TransactionRequest, onSigned?: (signed: SignedTx) => Promise<void>): Promise<SignedTx>;
  /**
   * Broadcasts a transaction signed earlier again (one the node dropped). Resolves false when it can never be mined
   * because another transaction took its nonce.
   */
  rebroadcast(signed: SignedTx): Promise<boolean>;
  /** True when the node has the transaction, mined or waiting. */
  known(hash: string): Promise<boolean>;
}

/**
 * Signs and broadcasts transactions from one key, one at a time, with consecutive nonces from a local counter: two
 * sends in the same block cannot pick the same nonce, which asking the node for each send would allow. The counter
 * starts from the node's pending count and is read again after any failed broadcast ("nonce too low", "already
 * known", a timeout), so a transaction sent from elsewhere, dropped or replaced only costs a retry.
 */
export function nonceSender(wallet: BaseWallet): NonceSender {
  const provider = wallet.provider;
  if (!provider) throw new Error('nonceSender needs a wallet connected to a provider');
  const inTurn = serialQueue();
  let nonce: number | null = null;

  const known = async (hash: string) => (await provider.getTransaction(hash)) !== null;

  /** Broadcasts; after a failure, whether the node holds the transaction anyway (already known, or a lost answer). */
  async function broadcast(signed: SignedTx): Promise<void> {
    try {
      await provider!.broadcastTransaction(signed.raw);
    } catch (error) {
      if (!(await known(signed.hash).catch(() => false))) throw error;
    }
  }

  async function send(tx: TransactionRequest, onSigned?: (signed: SignedTx) => Promise<void>): Promise<SignedTx> {
    for (let attempt = 1; ; attempt++) {
      nonce ??= await provider!.getTransactionCount(wallet.address, 'pending');
      // Gas estimation runs here: a payment the wallet cannot cover is refused before any nonce is used.
      const raw = await wallet.signTransaction(await wallet.populateTransaction({ ...tx, nonce }));
      const signed = { hash: Transaction.from(raw).hash!, raw };
      await onSigned?.(signed);
      try {
        await broadcast(signed);
        nonce++;
        return signed;
      } catch (error) {
        nonce = null;
        if (isError(error, 'NONCE_EXPIRED') && attempt < 3) continue;
        throw error;
      }
    }
  }

  async function rebroadcast(signed: SignedTx): Promise<boolean> {
    try {
      await broadcast(signed);
      return true;
    } catch (error) {
      // The nonce is spent, and broadcast found the node does not have this transaction: another one took it.
      if (isError(error, 'NONCE_EXPIRED')) return false;
      throw error;
    }
  }

  return {
    send: (tx, onSigned) => inTurn(() => send(tx, onSigned)),
    rebroadcast: (signed) => inTurn(() => rebroadcast(signed)),
    known,
  };
}
