// The security-center calls of the account center, through the shell's HTTP client.
import type { ShellRoot } from '../../../../core/plugin-api';
import {
  GOOGLE_ACTION,
  IDENTITY_PATHS,
  SECURITY_PATHS,
  type AntiCodeBody,
  type BindContactBody,
  type CodeSent,
  type GoogleSecret,
  type MemberCodeType,
  type Reauthentication,
  type SecurityChangeResult,
  type TradePwdBody,
} from '../../shared/types';

type Root = Pick<ShellRoot, 'http'>;

/** Where a code goes: an email address, or an area code with a national number. */
export type CodeTarget = { kind: 'email'; email: string } | { kind: 'phone'; areaCode: string; phone: string };

/** A "bind" code (to a new or the replaced contact) or a "verify" code (to the member's own contact). */
export function sendMemberCode(root: Root, target: CodeTarget, type: MemberCodeType): Promise<CodeSent> {
  return target.kind === 'email'
    ? root.http.get<CodeSent>(IDENTITY_PATHS.sendEmailCode, { query: { email: target.email, type } })
    : root.http.get<CodeSent>(IDENTITY_PATHS.sendSmsCode, { query: { areaCode: target.areaCode, phone: target.phone, type } });
}

/** Server errors are shown under their fields by the forms, so these calls are silent. */
const silent = { silent: true } as const;

export function bindContact(root: Root, body: BindContactBody): Promise<SecurityChangeResult> {
  return root.http.post<SecurityChangeResult>(SECURITY_PATHS.bindContact, body, silent);
}

export function newGoogleSecret(root: Root): Promise<GoogleSecret> {
  return root.http.get<GoogleSecret>(`${SECURITY_PATHS.googleSecret}/bind`);
}

/** Confirms the pending secret (`bind`) or removes the bound authenticator (`reset`, with its current code). */
export function googleBindOrReset(
  root: Root,
  action: keyof typeof GOOGLE_ACTION,
  googleCode: string,
  proof: Pick<Reauthentication, 'password' | 'code' | 'signOutOthers'>,
): Promise<SecurityChangeResult> {
  const path = `${SECURITY_PATHS.googleBindOrReset}/${encodeURIComponent(googleCode)}/${GOOGLE_ACTION[action]}`;
  const query = { password: proof.password, code: proof.code, signOutOthers: proof.signOutOthers ? 'true' : undefined };
  return root.http.get<SecurityChangeResult>(path, { query, ...silent });
}

export interface UpdatePasswordBody {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
  googleCode?: string;
  signOutOthers?: boolean;
}

/** The passwords go in the body (the server also reads the query, as the spec has it) so they stay out of URLs. */
export function updateLoginPassword(root: Root, body: UpdatePasswordBody): Promise<SecurityChangeResult> {
  return root.http.post<SecurityChangeResult>(SECURITY_PATHS.updatePassword, body, silent);
}

export function setTradePassword(root: Root, body: TradePwdBody): Promise<SecurityChangeResult> {
  return root.http.post<SecurityChangeResult>(SECURITY_PATHS.tradePwd, body, silent);
}

export function setAntiCode(root: Root, body: AntiCodeBody): Promise<SecurityChangeResult> {
  return root.http.post<SecurityChangeResult>(SECURITY_PATHS.antiCode, body, silent);
}
