// Text keys (wallet namespace) of the values the wire carries, and small display helpers.
import { ACCOUNT_TYPES, type AccountTypeCode, type AccountTypeName } from '../shared/types';

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** Tabs and selects list the accounts in this order (spec §3: total first, merchant last). */
export const ACCOUNT_ORDER: readonly AccountTypeCode[] = [0, 1, 4, 2, 3, 8];

export function isAccountCode(value: number): value is AccountTypeCode {
  return (ACCOUNT_ORDER as readonly number[]).includes(value);
}

export function accountNameOf(type: number): AccountTypeName | undefined {
  return (Object.keys(ACCOUNT_TYPES) as AccountTypeName[]).find((name) => ACCOUNT_TYPES[name] === type);
}

/** "accountContract" for type 4. */
export function accountKey(type: number): string {
  return `account${capitalised(accountNameOf(type) ?? 'total')}`;
}

/** "statusCredited", "statusReview" … for deposit and withdrawal states. */
export function statusKey(status: string): string {
  return `status${capitalised(status)}`;
}

/** "kindWithdrawalFee" for the bill kind withdrawalFee. */
export function billKindKey(kind: string): string {
  return `kind${capitalised(kind)}`;
}

/** A wire time (ISO-8601) in the member's language; '' for none. */
export function formatTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(language, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** Icon of a currency: its configured one, else the neutral coin. */
export function currencyIcon(icon: string | null | undefined): string {
  return icon || '/static/coins/default.svg';
}

/** 0x1234…cdef: long hashes and addresses shortened for tables (the full text stays in the title). */
export function shortHash(value: string, keep = 8): string {
  return value.length > keep * 2 + 1 ? `${value.slice(0, keep)}…${value.slice(-keep + 2)}` : value;
}
