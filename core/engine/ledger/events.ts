import type { Bucket } from './accounts';
import type { CommandKind } from './commands';

/** One line of a posting: a signed amount in minor units on one bucket of one account (by key). */
export interface PostingLine {
  account: string;
  bucket: Bucket;
  amount: bigint;
}

/** A change of the experience gold marked on an account (not money: the money moves in the lines). */
export interface BonusChange {
  account: string;
  delta: bigint;
}

export interface PostingEvent {
  type: 'posting';
  lines: PostingLine[];
  bonus?: BonusChange[];
}

export type LedgerEvent = PostingEvent;

export type RejectionCode =
  | 'invalidCommand'
  | 'invalidAccount'
  | 'unknownCurrency'
  | 'invalidAmount'
  | 'tooManyDecimals'
  | 'unbalancedPosting'
  | 'insufficientFunds'
  | 'bonusNotTransferable'
  | 'negativeSystemBalance';

interface ResultBase {
  /** Position in the ledger's command log (0: malformed, not recorded). */
  seq: number;
  id: string;
  kind: CommandKind;
  /** True when this id was applied before and this is its first result, returned again. */
  duplicate: boolean;
}

export interface Accepted extends ResultBase {
  ok: true;
  events: LedgerEvent[];
}

export interface Rejected extends ResultBase {
  ok: false;
  reason: RejectionCode;
  /** Which field or account the reason is about. */
  field?: string;
}

export type CommandResult = Accepted | Rejected;
