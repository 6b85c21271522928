// The amount checks and arithmetic of the withdrawal and transfer forms (pure, so the pages stay views).
import { compareDecimal, isDecimalString } from '../../../core/shared';
import type { NetworkInfo } from '../shared/types';
import { isPositiveAmount, subtractDecimals } from './amounts';

export interface WithdrawalInput {
  address: string;
  amount: string;
  tradePassword: string;
  googleCode: string;
}

export interface WithdrawalLimits {
  network: Pick<NetworkInfo, 'withdrawFee' | 'withdrawMin'>;
  /** The coin account's available balance of the currency. */
  available: string;
  needGoogle: boolean;
}

/** Field name → message key of the wallet namespace. */
export type FieldProblems = Partial<Record<keyof WithdrawalInput | 'network', string>>;

const SIX_DIGITS = /^\d{6}$/;

/** What arrives at the address: amount − fee, exactly; null while the amount is incomplete or below the fee. */
export function receiveAmount(amount: string, fee: string): string | null {
  if (!isPositiveAmount(amount) || !isDecimalString(fee)) return null;
  const receive = subtractDecimals(amount, fee);
  return compareDecimal(receive, '0') > 0 ? receive : null;
}

export function withdrawalProblems(input: WithdrawalInput, limits: WithdrawalLimits): FieldProblems {
  const problems: FieldProblems = {};
  if (!input.address.trim()) problems.address = 'addressRequired';
  if (!input.amount) problems.amount = 'amountRequired';
  else if (!isPositiveAmount(input.amount)) problems.amount = 'amountInvalid';
  else if (compareDecimal(input.amount, limits.network.withdrawMin) < 0) problems.amount = 'amountBelowMin';
  else if (compareDecimal(input.amount, limits.available) > 0) problems.amount = 'amountAboveAvailable';
  else if (receiveAmount(input.amount, limits.network.withdrawFee) === null) problems.amount = 'amountBelowFee';
  if (!input.tradePassword) problems.tradePassword = 'tradePasswordRequired';
  else if (!SIX_DIGITS.test(input.tradePassword)) problems.tradePassword = 'tradePasswordSixDigits';
  if (limits.needGoogle && !SIX_DIGITS.test(input.googleCode)) problems.googleCode = 'googleCodeRequired';
  return problems;
}

/** Problems of a transfer amount: required, a positive decimal, at most what may leave the account. */
export function transferAmountProblem(amount: string, transferable: string): string | null {
  if (!amount) return 'amountRequired';
  if (!isPositiveAmount(amount)) return 'amountInvalid';
  if (!isDecimalString(transferable) || compareDecimal(amount, transferable) > 0) return 'amountAboveTransferable';
  return null;
}
