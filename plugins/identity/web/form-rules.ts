// Client-side checks of the sign-in and sign-up forms: the same rules as the server, as message keys.
import { inviteCodeProblem, isEmail, isLoginPassword, isSixDigitCode, isStrongPassword, phoneNumberProblem } from '../../../core/shared';
import type { AccountType } from '../shared/types';

export type MessageKey = `identity:${string}`;

export interface AccountInput {
  type: AccountType;
  email: string;
  areaCode: string;
  phone: string;
}

export function accountInputProblem(input: AccountInput): { field: 'email' | 'phone'; key: MessageKey } | null {
  if (input.type === 'email') {
    if (input.email.trim() === '') return { field: 'email', key: 'identity:form.required' };
    return isEmail(input.email.trim()) ? null : { field: 'email', key: 'identity:emailInvalid' };
  }
  const problem = phoneNumberProblem(input.areaCode, input.phone.trim());
  return problem ? { field: 'phone', key: `identity:${problem}` } : null;
}

export function newPasswordProblem(password: string): MessageKey | null {
  return isLoginPassword(password) ? null : 'identity:passwordRule';
}

export function codeProblem(code: string): MessageKey | null {
  return isSixDigitCode(code.trim()) ? null : 'identity:codeFormat';
}

/**
 * A blank invite code is left to the server: it is required ("Please enter the invite code") except
 * for the first member of a fresh installation, which only the server knows about.
 */
export function inviteCodeInputProblem(code: string): MessageKey | null {
  if (code.trim() === '') return null;
  const problem = inviteCodeProblem(code.trim());
  return problem ? `identity:${problem}` : null;
}

export type PasswordStrength = 'weak' | 'fair' | 'strong';

/** A hint only (the server also refuses the most common passwords): length and character classes. */
export function passwordStrength(password: string): PasswordStrength {
  if (!isStrongPassword(password) || password.length < 8) return 'weak';
  const classes = [/[A-Za-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  const mixedCase = /[a-z]/.test(password) && /[A-Z]/.test(password);
  return password.length >= 10 && (classes === 3 || (classes === 2 && mixedCase)) ? 'strong' : 'fair';
}
