import type { AccountType, Bucket, UserAccountType } from './accounts';

/**
 * Commands the ledger applies in sequence. Amounts are decimal strings in the currency's scale; `id` is
 * the idempotency id (from the client or the server: a repeat returns the first result and changes
 * nothing); `at` is the time in epoch milliseconds, given by the caller (the engine has no clock).
 */
interface CommandBase {
  id: string;
  at: number;
}

/** Coins received on chain: deposit clearing → the user's account (coin unless given). */
export interface DepositCredit extends CommandBase {
  kind: 'depositCredit';
  userId: string;
  currency: string;
  amount: string;
  accountType?: UserAccountType;
}

/** Freezes the gross withdrawal amount (the fee is taken from it at settlement). */
export interface WithdrawalHold extends CommandBase {
  kind: 'withdrawalHold';
  userId: string;
  currency: string;
  amount: string;
  accountType?: UserAccountType;
}

/** Spends a held withdrawal: frozen −amount, withdrawal clearing +(amount − fee), fees +fee. */
export interface WithdrawalSettle extends CommandBase {
  kind: 'withdrawalSettle';
  userId: string;
  currency: string;
  amount: string;
  fee: string;
  accountType?: UserAccountType;
}

/** Returns a held withdrawal (cancelled or rejected): frozen → available. */
export interface WithdrawalRelease extends CommandBase {
  kind: 'withdrawalRelease';
  userId: string;
  currency: string;
  amount: string;
  accountType?: UserAccountType;
}

/** Between two of a user's account types; out of the contract account it first claws back experience gold. */
export interface Transfer extends CommandBase {
  kind: 'transfer';
  userId: string;
  currency: string;
  amount: string;
  from: UserAccountType;
  to: UserAccountType;
}

/** Freezes an amount for an order or any other reservation: available → frozen. */
export interface Hold extends CommandBase {
  kind: 'hold';
  userId: string;
  accountType: UserAccountType;
  currency: string;
  amount: string;
}

/** Unfreezes: frozen → available. */
export interface Release extends CommandBase {
  kind: 'release';
  userId: string;
  accountType: UserAccountType;
  currency: string;
  amount: string;
}

export interface SettleLine {
  owner: string;
  type: AccountType;
  currency: string;
  bucket: Bucket;
  /** Signed decimal string. */
  amount: string;
}

/** A posting of any lines that sum to zero per currency (trade settlement, fees, funding, …). */
export interface Settle extends CommandBase {
  kind: 'settle';
  lines: SettleLine[];
  /** What the posting is, for bills (e.g. "trade"). */
  memo?: string;
}

/** Experience gold: bonus issuance → the user's contract account, marked as bonus. */
export interface BonusCredit extends CommandBase {
  kind: 'bonusCredit';
  userId: string;
  currency: string;
  amount: string;
}

export type LedgerCommand =
  | DepositCredit
  | WithdrawalHold
  | WithdrawalSettle
  | WithdrawalRelease
  | Transfer
  | Hold
  | Release
  | Settle
  | BonusCredit;

export type CommandKind = LedgerCommand['kind'];
