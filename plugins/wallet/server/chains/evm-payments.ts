import type { TransactionRequest } from 'ethers';
import type { NonceSender, SignedTx } from './evm-sender';

/** Payments remembered by id; the oldest are forgotten beyond this (their withdrawals finished long ago). */
const REMEMBERED = 50_000;

/**
 * Hot wallet payments by the wallet's payment id, so that at most one payment per id can be mined while the process
 * lives: a repeated id returns the transaction it already has while the node knows it (mined or waiting); a
 * transaction the node lost (dropped, or orphaned by a reorg) is broadcast again as the same signed bytes, with the
 * same nonce; only when another transaction took that nonce — so the first can never be mined — is it signed anew.
 *
 * The memory does not survive a restart: there, the txHash the wallet persisted for the withdrawal is what keeps a
 * payment from being made twice.
 */
export function paymentBook(sender: NonceSender): { pay(id: string, tx: () => TransactionRequest): Promise<SignedTx> } {
  const paid = new Map<string, SignedTx>();
  const running = new Map<string, Promise<SignedTx>>();

  async function again(first: SignedTx, tx: () => TransactionRequest): Promise<SignedTx> {
    if ((await sender.known(first.hash)) || (await sender.rebroadcast(first))) return first;
    return sender.send(tx());
  }

  function remember(id: string, signed: SignedTx): void {
    paid.delete(id);
    paid.set(id, signed);
    if (paid.size > REMEMBERED) paid.delete(paid.keys().next().value!);
  }

  return {
    pay(id, tx) {
      const current = running.get(id);
      if (current) return current;
      const attempt = (async () => {
        const first = paid.get(id);
        const signed = first ? await again(first, tx) : await sender.send(tx());
        remember(id, signed);
        return signed;
      })().finally(() => running.delete(id));
      running.set(id, attempt);
      return attempt;
    },
  };
}
