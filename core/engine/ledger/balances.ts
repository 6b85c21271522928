import { currencyOfKey, isSystemKey, mayGoNegative } from './accounts';
import type { PostingEvent, RejectionCode } from './events';

/** Balances of one account in minor units. `bonus` marks how much of it is experience gold (contract only). */
export interface Balance {
  available: bigint;
  frozen: bigint;
  bonus: bigint;
}

export interface PostingProblem {
  reason: RejectionCode;
  field?: string;
}

interface Delta {
  available: bigint;
  frozen: bigint;
  bonus: bigint;
}

/**
 * Checks a posting against the balances: lines sum to zero per currency, no user bucket and no
 * non-negative system account ends below zero, system accounts have no frozen bucket, bonus stays ≥ 0.
 * Returns the net change per account when it may be applied.
 */
export function checkPosting(
  balances: ReadonlyMap<string, Balance>,
  event: PostingEvent,
): { deltas: Map<string, Delta> } | PostingProblem {
  const sums = new Map<string, bigint>();
  const deltas = new Map<string, Delta>();
  for (const line of event.lines) {
    const currency = currencyOfKey(line.account);
    sums.set(currency, (sums.get(currency) ?? 0n) + line.amount);
    let delta = deltas.get(line.account);
    if (!delta) deltas.set(line.account, (delta = { available: 0n, frozen: 0n, bonus: 0n }));
    if (line.bucket === 'available') delta.available += line.amount;
    else if (line.bucket === 'frozen') {
      if (isSystemKey(line.account)) return { reason: 'invalidAccount', field: line.account };
      delta.frozen += line.amount;
    } else return { reason: 'invalidCommand', field: 'bucket' };
  }
  for (const [currency, sum] of sums) if (sum !== 0n) return { reason: 'unbalancedPosting', field: currency };
  for (const change of event.bonus ?? []) {
    let delta = deltas.get(change.account);
    if (!delta) deltas.set(change.account, (delta = { available: 0n, frozen: 0n, bonus: 0n }));
    delta.bonus += change.delta;
  }
  for (const [key, delta] of deltas) {
    const balance = balances.get(key);
    const available = (balance?.available ?? 0n) + delta.available;
    const frozen = (balance?.frozen ?? 0n) + delta.frozen;
    const bonus = (balance?.bonus ?? 0n) + delta.bonus;
    if (bonus < 0n) return { reason: 'invalidAmount', field: key };
    if (available < 0n || frozen < 0n) {
      if (!isSystemKey(key)) return { reason: 'insufficientFunds', field: key };
      if (!mayGoNegative(key)) return { reason: 'negativeSystemBalance', field: key };
    }
  }
  return { deltas };
}

export function isZero(balance: Balance): boolean {
  return balance.available === 0n && balance.frozen === 0n && balance.bonus === 0n;
}
