import { currencyOfKey, isSystemKey, mayGoNegative } from './accounts';
import type { BonusChange, PostingLine, RejectionCode } from './events';

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

/** The net change of one account in a posting. */
export interface Delta {
  key: string;
  available: bigint;
  frozen: bigint;
  bonus: bigint;
}

/**
 * Checks a posting against the balances: lines sum to zero per currency, no user bucket and no
 * non-negative system account ends below zero, system accounts have no frozen bucket, bonus stays ≥ 0.
 * Returns the net change per account (in first-line order) when it may be applied. A posting has a few
 * lines (at most 64), so accounts and currencies are gathered by scanning arrays rather than in maps.
 */
export function checkPosting(
  balances: ReadonlyMap<string, Balance>,
  lines: readonly PostingLine[],
  bonus: readonly BonusChange[] | undefined,
): Delta[] | PostingProblem {
  const deltas: Delta[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const delta = deltaOf(deltas, line.account);
    if (line.bucket === 'available') delta.available += line.amount;
    else if (line.bucket === 'frozen') {
      if (isSystemKey(line.account)) return { reason: 'invalidAccount', field: line.account };
      delta.frozen += line.amount;
    } else return { reason: 'invalidCommand', field: 'bucket' };
  }
  const unbalanced = unbalancedCurrency(lines);
  if (unbalanced !== undefined) return { reason: 'unbalancedPosting', field: unbalanced };
  if (bonus) for (const change of bonus) deltaOf(deltas, change.account).bonus += change.delta;
  for (const delta of deltas) {
    const balance = balances.get(delta.key);
    const available = (balance?.available ?? 0n) + delta.available;
    const frozen = (balance?.frozen ?? 0n) + delta.frozen;
    if ((balance?.bonus ?? 0n) + delta.bonus < 0n) return { reason: 'invalidAmount', field: delta.key };
    if (available < 0n || frozen < 0n) {
      if (!isSystemKey(delta.key)) return { reason: 'insufficientFunds', field: delta.key };
      if (!mayGoNegative(delta.key)) return { reason: 'negativeSystemBalance', field: delta.key };
    }
  }
  return deltas;
}

/** The first currency (in line order) whose lines do not sum to zero. */
function unbalancedCurrency(lines: readonly PostingLine[]): string | undefined {
  const currencies: string[] = [];
  const sums: bigint[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const currency = currencyOfKey(line.account);
    const c = currencies.indexOf(currency);
    if (c < 0) {
      currencies.push(currency);
      sums.push(line.amount);
    } else sums[c]! += line.amount;
  }
  for (let c = 0; c < currencies.length; c++) if (sums[c] !== 0n) return currencies[c];
  return undefined;
}

function deltaOf(deltas: Delta[], key: string): Delta {
  for (const delta of deltas) if (delta.key === key) return delta;
  const delta = { key, available: 0n, frozen: 0n, bonus: 0n };
  deltas.push(delta);
  return delta;
}

export function isZero(balance: Balance): boolean {
  return balance.available === 0n && balance.frozen === 0n && balance.bonus === 0n;
}
