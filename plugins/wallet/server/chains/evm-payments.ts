import type { TransactionRequest } from 'ethers';
import type { NonceSender, SignedTx } from './evm-sender';

/** Payments remembered by id; the oldest are forgotten beyond this (their withdrawals finished long ago). */
const REMEMBERED = 50_000;

export interface PayOptions {
  /** The transaction the wallet saved for this id (from an earlier process, too): it outranks what is remembered. */
  earlier?: SignedTx;
  /** Sees each newly signed transaction before its broadcast (see NonceSender.send). */
  onSigned?: (signed: SignedTx) => Promise<void>;
}

/**
 * Hot wallet payments by the wallet's payment id, so that at most one payment per id can be mined: a repeated id
 * returns the transaction it already has while the node knows it (mined or waiting); a transaction the node lost
 * (dropped, orphaned by a reorg, or never broadcast because the process stopped after signing) is broadcast again as
 * the same signed bytes, with the same nonce; only when another transaction took that nonce — so the first can never
 * be mined — is it signed anew.
 *
 * Payments are remembered in memory; across a restart the wallet passes the transaction it saved in `onSigned` as
 * `earlier`.
 */
export function paymentBook(sender: NonceSender): { pay(id: string, tx: () => TransactionRequest, options?: PayOptions): Promise<SignedTx> } {
  const paid = new Map<string, SignedTx>();
  const running = new Map<string, Promise<SignedTx>>();

  async function again(first: SignedTx, tx: () => TransactionRequest, onSigned: PayOptions['onSigned']): Promise<SignedTx> {
    if ((await sender.known(first.hash)) || (await sender.rebroadcast(first))) return first;
    return sender.send(tx(), onSigned);
  }

  function remember(id: string, signed: SignedTx): void {
    paid.delete(id);
    paid.set(id, signed);
    if (paid.size > REMEMBERED) paid.delete(paid.keys().next().value!);
  }

  return {
    pay(id, tx, options = {}) {
      const current = running.get(id);
      if (current) return current;
      const attempt = (async () => {
        const first = options.earlier ?? paid.get(id);
        const signed = first ? await again(first, tx, options.onSigned) : await sender.send(tx(), options.onSigned);
        remember(id, signed);
        return signed;
      })().finally(() => running.delete(id));
      running.set(id, attempt);
      return attempt;
    },
  };
}
