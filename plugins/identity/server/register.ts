import { ApiError, ERROR_CODES, type ServerContext } from '../../../core/server';
import { inviteCodeProblem, isLoginPassword, isSixDigitCode } from '../../../core/shared';
import type { RegisterBody, RegisterResult } from '../shared/types';
import { accountProblem, codeAddress, emailAccount, phoneAccount, type AccountRef } from './accounts';
import { codeError, consumeCode, verifyCode } from './code-store';
import { isCommonPassword } from './common-passwords';
import { createMember, findMemberByAccount, findMemberByInviteCode, hasAnyMember } from './members';
import { hashPassword, type Argon2Cost } from './password-hashing';

const invalid = (field: string, msgKey: string) => new ApiError(ERROR_CODES.badRequest, msgKey, { field });

/** The account named by a register body, checked. */
export function registerAccount(body: RegisterBody): AccountRef {
  const ref = body.account === 'email' ? emailAccount(body.email ?? '') : phoneAccount(body.areaCode ?? '', body.phone ?? '');
  const problem = accountProblem(ref);
  if (problem) throw invalid(problem.field, problem.msgKey);
  return ref;
}

/** The login-password rule of the spec plus the common-password list. */
export function passwordProblem(password: string): string | null {
  if (!isLoginPassword(password)) return 'identity:passwordRule';
  if (isCommonPassword(password)) return 'identity:passwordCommon';
  return null;
}

/**
 * Creates a member. Order of checks: the body's shape, the invite code (required unless no member
 * exists yet), then the code. An address that already has an account never received a sign-up code
 * (it was told the account exists), so a sign-up for it fails like a wrong code and says nothing more.
 */
export async function registerMember(context: ServerContext, body: RegisterBody, cost?: Argon2Cost): Promise<RegisterResult> {
  const ref = registerAccount(body);
  if (!isSixDigitCode(body.code)) throw invalid('code', 'identity:codeFormat');
  const weak = passwordProblem(body.password);
  if (weak) throw invalid('password', weak);

  let invitedBy: number | null = null;
  if (await hasAnyMember(context.db)) {
    const inviteCode = body.inviteCode ?? '';
    const problem = inviteCodeProblem(inviteCode);
    if (problem) throw invalid('inviteCode', `identity:${problem}`);
    const inviter = await findMemberByInviteCode(context.db, inviteCode);
    if (!inviter) throw invalid('inviteCode', 'identity:inviteCodeUnknown');
    invitedBy = inviter.id;
  }

  const address = codeAddress(ref);
  const codeId = await verifyCode(context.db, { ...address, purpose: 'register', code: body.code, now: context.now() });
  const passwordHash = await hashPassword(body.password, cost);
  const created = await context.db.transaction().execute(async (trx) => {
    const now = context.now();
    if (!(await consumeCode(trx, codeId, now))) return null;
    if (await findMemberByAccount(trx, ref)) return null;
    return createMember(trx, { ref, passwordHash, invitedBy, now });
  });
  if (!created) throw codeError('used');
  return { uid: created.uid };
}
