/**
 * Accounts. A key names (owner, account type, currency): a user's account, e.g. "42/coin/USDT", or a
 * system account, e.g. "fees/system/USDT". Keys are plain strings; the ledger interns each to a small integer
 * handle under which its balances are kept (balance-table.ts).
 */

/** Wallet account types of a user and their numbers on the wire (0 is the "total" view, not an account). */
export const ACCOUNT_TYPE_CODES = {
  total: 0,
  coin: 1,
  margin: 2,
  finance: 3,
  contract: 4,
  merchant: 8,
} as const;

export const USER_ACCOUNT_TYPES = ['coin', 'contract', 'margin', 'finance', 'merchant'] as const;
export type UserAccountType = (typeof USER_ACCOUNT_TYPES)[number];

/** The account type of the system accounts. */
export const SYSTEM = 'system';
export type AccountType = UserAccountType | typeof SYSTEM;

/** System accounts: the other side of every movement that enters, leaves or is kept by the platform. */
export const SYSTEM_ACCOUNTS = {
  /** Mirror of coins received on chain: goes negative by every credited deposit. */
  depositClearing: 'deposit-clearing',
  /** Coins owed to the chain by settled withdrawals until they are paid out. */
  withdrawalClearing: 'withdrawal-clearing',
  fees: 'fees',
  /** Source of experience gold: goes negative by every bonus credited, back up when it is clawed back. */
  bonusIssuance: 'bonus-issuance',
  insuranceFund: 'insurance-fund',
  lendingPool: 'lending-pool',
} as const;
export type SystemAccountName = (typeof SYSTEM_ACCOUNTS)[keyof typeof SYSTEM_ACCOUNTS];

/**
 * System accounts that may hold a negative balance: those that stand for money entering the ledger from
 * outside. The others hold what the platform owns or owes and never go below zero.
 */
export const SYSTEM_ACCOUNTS_ALLOWED_NEGATIVE: ReadonlySet<string> = new Set<SystemAccountName>([
  SYSTEM_ACCOUNTS.depositClearing,
  SYSTEM_ACCOUNTS.bonusIssuance,
]);

const SYSTEM_NAMES: ReadonlySet<string> = new Set(Object.values(SYSTEM_ACCOUNTS));
const USER_TYPES: ReadonlySet<string> = new Set(USER_ACCOUNT_TYPES);
const OWNER_RE = /^[A-Za-z0-9_.@:-]{1,64}$/;

export interface AccountRef {
  owner: string;
  type: AccountType;
  currency: string;
}

export type Bucket = 'available' | 'frozen';

export function isUserAccountType(value: unknown): value is UserAccountType {
  return typeof value === 'string' && USER_TYPES.has(value);
}

export function isValidUserId(value: unknown): value is string {
  return typeof value === 'string' && OWNER_RE.test(value);
}

/** True when the reference names a user account with a valid id or one of the system accounts. */
export function isValidAccount(ref: { owner: unknown; type: unknown }): boolean {
  if (ref.type === SYSTEM) return typeof ref.owner === 'string' && SYSTEM_NAMES.has(ref.owner);
  return isUserAccountType(ref.type) && isValidUserId(ref.owner);
}

export function accountKey(owner: string, type: AccountType, currency: string): string {
  return `${owner}/${type}/${currency}`;
}

export function userAccountKey(userId: string, type: UserAccountType, currency: string): string {
  return `${userId}/${type}/${currency}`;
}

export function systemAccountKey(name: SystemAccountName, currency: string): string {
  return `${name}/${SYSTEM}/${currency}`;
}

export function parseAccountKey(key: string): AccountRef {
  const [owner, type, currency] = key.split('/');
  if (owner === undefined || type === undefined || currency === undefined) throw new Error(`not an account key: ${key}`);
  return { owner, type: type as AccountType, currency };
}

export function currencyOfKey(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

export function isSystemKey(key: string): boolean {
  return key.includes(`/${SYSTEM}/`);
}

/** May this account's balance go below zero? Only the system accounts named above. */
export function mayGoNegative(key: string): boolean {
  if (!isSystemKey(key)) return false;
  return SYSTEM_ACCOUNTS_ALLOWED_NEGATIVE.has(key.slice(0, key.indexOf('/')));
}
