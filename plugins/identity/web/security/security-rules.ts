// Client-side checks of the security-center forms: the server's rules, as message keys per field.
import { isLoginPassword, isSixDigitCode, tradePasswordProblem } from '../../../../core/shared';
import { ANTI_CODE_RE, type Reauthentication } from '../../shared/types';
import type { MessageKey } from '../form-rules';

export type FieldProblems = Record<string, MessageKey>;

/** How the member proves it is them: the login password or a "verify" code sent to their own contact. */
export type ReauthMethod = 'password' | 'code';

export interface ReauthInput {
  method: ReauthMethod;
  password: string;
  code: string;
  /** The current Google code, asked for when an authenticator is bound. */
  googleCode: string;
  signOutOthers: boolean;
}

export const EMPTY_REAUTH: ReauthInput = { method: 'password', password: '', code: '', googleCode: '', signOutOthers: false };

const sixDigits = (value: string): MessageKey | null => (isSixDigitCode(value.trim()) ? null : 'identity:codeFormat');
const googleDigits = (value: string): MessageKey | null => (isSixDigitCode(value.trim()) ? null : 'identity:googleCodeInvalid');

/** Drops the fields without a problem. */
export function problems(entries: Record<string, MessageKey | null>): FieldProblems {
  return Object.fromEntries(Object.entries(entries).filter((entry): entry is [string, MessageKey] => entry[1] !== null));
}

/** `needGoogle`: an authenticator is bound and this change does not check one itself. */
export function reauthProblems(input: ReauthInput, needGoogle: boolean): FieldProblems {
  return problems({
    password: input.method === 'password' && input.password === '' ? 'identity:security.passwordRequired' : null,
    code: input.method === 'code' ? sixDigits(input.code) : null,
    googleCode: needGoogle ? googleDigits(input.googleCode) : null,
  });
}

export function reauthBody(input: ReauthInput, needGoogle: boolean): Reauthentication {
  return {
    ...(input.method === 'password' ? { password: input.password } : { code: input.code.trim() }),
    ...(needGoogle ? { googleCode: input.googleCode.trim() } : {}),
    signOutOthers: input.signOutOthers,
  };
}

export function tradePwdProblems(tradePwd: string, confirm: string): FieldProblems {
  const problem = tradePasswordProblem(tradePwd);
  return problems({
    tradePwd: problem ? `identity:${problem}` : null,
    confirmTradePwd: !problem && confirm !== tradePwd ? 'identity:passwordMismatch' : null,
  });
}

export function antiCodeProblems(antiCode: string): FieldProblems {
  return problems({ antiCode: ANTI_CODE_RE.test(antiCode.trim()) ? null : 'identity:antiCodeRule' });
}

export interface LoginPasswordInput {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

export function loginPasswordProblems(input: LoginPasswordInput): FieldProblems {
  const weak = !isLoginPassword(input.newPassword);
  return problems({
    oldPassword: input.oldPassword === '' ? 'identity:security.passwordRequired' : null,
    newPassword: weak ? 'identity:passwordRule' : input.newPassword === input.oldPassword ? 'identity:passwordSame' : null,
    newPassword1: !weak && input.newPassword1 !== input.newPassword ? 'identity:passwordMismatch' : null,
  });
}

/** The codes of a contact change: one to the new contact, and one to the replaced contact when there is one. */
export function contactCodeProblems(newCode: string, oldCode: string, hasOld: boolean): FieldProblems {
  return problems({ newCode: sixDigits(newCode), oldCode: hasOld ? sixDigits(oldCode) : null });
}

export function googleCodeProblems(googleCode: string): FieldProblems {
  return problems({ googleCode: googleDigits(googleCode) });
}
