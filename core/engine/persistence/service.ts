import { createHash } from 'node:crypto';
import type { HashFactory } from '../ledger/hash';

export const sha256: HashFactory = () => createHash('sha256');

export class LedgerReplayMismatch extends Error {
  constructor(stored: string, replayed: string) {
    super(`ledger: stored balances (${stored}) differ from the replayed command log (${replayed})`);
    this.name = 'LedgerReplayMismatch';
  }
}
