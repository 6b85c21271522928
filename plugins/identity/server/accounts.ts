import { isEmail, phoneNumberProblem } from '../../../core/shared';
import type { CodeChannel } from '../shared/types';

/** An account name: an email address, or a phone number with its area (country) code. */
export type AccountRef = { kind: 'email'; email: string } | { kind: 'phone'; areaCode: string; phone: string };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Area codes are kept as digits only ("+49" -> "49"). */
export function normalizeAreaCode(areaCode: string): string {
  return areaCode.trim().replace(/^\+/, '');
}

export function emailAccount(email: string): AccountRef {
  return { kind: 'email', email: normalizeEmail(email) };
}

export function phoneAccount(areaCode: string, phone: string): AccountRef {
  return { kind: 'phone', areaCode: normalizeAreaCode(areaCode), phone: phone.trim() };
}

/** The message key of what is wrong with an account name, or null. */
export function accountProblem(ref: AccountRef): { field: string; msgKey: string } | null {
  if (ref.kind === 'email') return isEmail(ref.email) ? null : { field: 'email', msgKey: 'identity:emailInvalid' };
  const problem = phoneNumberProblem(ref.areaCode, ref.phone);
  return problem ? { field: 'phone', msgKey: `identity:${problem}` } : null;
}

/** How login logs and throttling name the account: "a@b.example" or "+49 1701234567". */
export function accountLabel(ref: AccountRef): string {
  return ref.kind === 'email' ? ref.email : `+${ref.areaCode} ${ref.phone}`;
}

/** Where codes for the account go: the email address, or the phone number in E.164 form. */
export function codeAddress(ref: AccountRef): { channel: CodeChannel; to: string } {
  return ref.kind === 'email' ? { channel: 'email', to: ref.email } : { channel: 'sms', to: `+${ref.areaCode}${ref.phone}` };
}

/**
 * The account a login names: an address with "@" is an email; anything else is a phone number in the
 * given area code (the login form sends it; the site's default otherwise).
 */
export function loginAccount(username: string, areaCode: string): AccountRef {
  const name = username.trim();
  if (name.includes('@')) return emailAccount(name);
  const match = /^\+(\d{1,3})[\s-](\d+)$/.exec(name);
  return match ? phoneAccount(match[1]!, match[2]!) : phoneAccount(areaCode, name.replace(/[\s-]/g, ''));
}
