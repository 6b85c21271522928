import { currencyOfKey } from './accounts';
import type { Balance, BalanceTable } from './balance-table';
import type { BonusChange, PostingLine, RejectionCode } from './events';

export type { Balance } from './balance-table';

export interface PostingProblem {
  reason: RejectionCode;
  field?: string;
}

/** The net change of one account in a posting. */
export interface Delta {
  key: string;
  /** The account's handle in the balance table. */
  h: number;
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
  balances: BalanceTable,
  lines: readonly PostingLine[],
  bonus: readonly BonusChange[] | undefined,
): Delta[] | PostingProblem {
  const deltas: Delta[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const delta = deltaOf(balances, deltas, line.account);
    if (line.bucket === 'available') delta.available += line.amount;
    else if (line.bucket === 'frozen') {
      if (balances.isSystem(delta.h)) return { reason: 'invalidAccount', field: line.account };
      delta.frozen += line.amount;
    } else return { reason: 'invalidCommand', field: 'bucket' };
  }
  const unbalanced = unbalancedCurrency(lines);
  if (unbalanced !== undefined) return { reason: 'unbalancedPosting', field: unbalanced };
  if (bonus) for (const change of bonus) deltaOf(balances, deltas, change.account).bonus += change.delta;
  for (const delta of deltas) {
    const h = delta.h;
    const available = balances.value(h, 'available') + delta.available;
    const frozen = balances.value(h, 'frozen') + delta.frozen;
    if (delta.bonus !== 0n && balances.value(h, 'bonus') + delta.bonus < 0n) return { reason: 'invalidAmount', field: delta.key };
    if (available < 0n || frozen < 0n) {
      if (!balances.isSystem(h)) return { reason: 'insufficientFunds', field: delta.key };
      if (!balances.mayGoNegative(h)) return { reason: 'negativeSystemBalance', field: delta.key };
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

function deltaOf(balances: BalanceTable, deltas: Delta[], key: string): Delta {
  for (const delta of deltas) if (delta.key === key) return delta;
  const delta = { key, h: balances.handle(key), available: 0n, frozen: 0n, bonus: 0n };
  deltas.push(delta);
  return delta;
}

export function isZero(balance: Balance): boolean {
  return balance.available === 0n && balance.frozen === 0n && balance.bonus === 0n;
}
