import type { Balance } from './balances';
import { isZero } from './balances';

/**
 * A streaming hash supplied by the caller: node:crypto's createHash('sha256') on the server, any
 * SHA-256 elsewhere. The ledger itself stays free of platform modules.
 */
export interface StateHasher {
  update(data: string): unknown;
  digest(encoding: 'hex'): string;
}
export type HashFactory = () => StateHasher;

/**
 * Canonical text of a ledger state, fed to the hasher in pieces: every account with a non-zero balance
 * ("key available frozen bonus", keys in code-unit order), then every applied command id in order.
 * Accounts whose balances are all zero are left out, so a state and its replay hash alike whether or not
 * an emptied account is still in memory.
 */
export function hashState(
  balances: ReadonlyMap<string, Balance>,
  commandIds: Iterable<string>,
  createHasher: HashFactory,
): string {
  const hasher = createHasher();
  const keys = [...balances.keys()].sort(compareCodeUnits);
  for (const key of keys) {
    const balance = balances.get(key)!;
    if (isZero(balance)) continue;
    hasher.update(`${key} ${balance.available} ${balance.frozen} ${balance.bonus}\n`);
  }
  hasher.update('--\n');
  const ids = [...commandIds].sort(compareCodeUnits);
  for (const id of ids) hasher.update(`${JSON.stringify(id)}\n`);
  return hasher.digest('hex');
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
