import { ApiError, ERROR_CODES, type ApiRequest, type ServerContext } from '../../../core/server';
import type { CodePurpose, CodeSent } from '../shared/types';
import { codeAddress, type AccountRef } from './accounts';
import { CODE_TTL_MS, generateCode, RESEND_INTERVAL_MS } from './codes';
import { assertMaySend, storeCode } from './code-store';
import { findMemberByAccount, findMemberById } from './members';
import { enqueue, type OutboxMessage } from './outbox';

type Translate = (key: string, params?: Record<string, unknown>) => string;
const CODE_MINUTES = CODE_TTL_MS / 60_000;

/**
 * What to send for a code request. The answer to the caller never depends on it:
 * - register, account exists: a notice that the account exists instead of a code;
 * - login / reset, no such account: nothing;
 * - otherwise (and always for bind and verify, which a signed-in member asks for) the code.
 */
export function composeCodeMessage(
  request: { purpose: CodePurpose; accountExists: boolean; code: string; address: { channel: OutboxMessage['channel']; to: string } },
  t: Translate,
  siteTitle: string,
): OutboxMessage | null {
  const { purpose, accountExists, address } = request;
  const params = { site: siteTitle, code: request.code, minutes: CODE_MINUTES };
  if (purpose === 'register' && accountExists) {
    return address.channel === 'email'
      ? { ...address, subject: t('identity:mailAccountExistsSubject', params), body: t('identity:mailAccountExistsBody', params) }
      : { ...address, subject: null, body: t('identity:smsAccountExists', params) };
  }
  if ((purpose === 'login' || purpose === 'reset') && !accountExists) return null;
  return address.channel === 'email'
    ? { ...address, subject: t('identity:mailCodeSubject', params), body: t('identity:mailCodeBody', params) }
    : { ...address, subject: null, body: t('identity:smsCode', params) };
}

/** Issues a code for the account and purpose; answers the same whether or not the account exists. */
export async function sendCode(
  context: ServerContext,
  request: Pick<ApiRequest, 't' | 'ip'>,
  ref: AccountRef,
  purpose: CodePurpose,
  afterCommit: () => void,
): Promise<CodeSent> {
  const accountExists = (await findMemberByAccount(context.db, ref)) !== undefined;
  return issueCode(context, { address: codeAddress(ref), purpose, accountExists, ip: request.ip, t: request.t }, afterCommit);
}

/** Rate limits, then the code (hashed) and its message in one transaction. */
export async function issueCode(
  context: ServerContext,
  input: { address: { channel: OutboxMessage['channel']; to: string }; purpose: CodePurpose; accountExists: boolean; ip: string; t: Translate },
  afterCommit: () => void,
): Promise<CodeSent> {
  const now = context.now();
  const { address, purpose, ip, t } = input;
  await assertMaySend(context.db, address, ip, now);
  const code = generateCode();
  const message = composeCodeMessage({ purpose, accountExists: input.accountExists, code, address }, t, context.site.title);
  await context.db.transaction().execute(async (trx) => {
    await storeCode(trx, { ...address, purpose, code, ip, now });
    if (message) await enqueue(trx, message, now, t);
  });
  afterCommit();
  return { resendAfter: RESEND_INTERVAL_MS / 1000, expiresInMinutes: CODE_MINUTES };
}

/**
 * A code asked for through GET /coin/open/send/email|sms. "bind" and "verify" need a signed-in member (401
 * otherwise); "verify" goes only to the member's own contact, since it stands in for the login password.
 */
export async function sendRequestedCode(
  context: ServerContext,
  request: Pick<ApiRequest, 't' | 'ip' | 'principal'>,
  ref: AccountRef,
  type: CodePurpose,
  afterCommit: () => void,
): Promise<CodeSent> {
  if (type !== 'bind' && type !== 'verify') return sendCode(context, request, ref, type, afterCommit);
  if (request.principal?.kind !== 'user') throw new ApiError(ERROR_CODES.unauthorized);
  const member = await findMemberById(context.db, Number(request.principal.id));
  if (!member || member.status !== 'active') throw new ApiError(ERROR_CODES.unauthorized);
  const address = codeAddress(ref);
  if (type === 'verify') {
    const own = [member.email, member.area_code && member.phone ? `+${member.area_code}${member.phone}` : null];
    if (!own.includes(address.to)) throw new ApiError(ERROR_CODES.badRequest, 'identity:notYourContact', { field: ref.kind });
  }
  return issueCode(context, { address, purpose: type, accountExists: true, ip: request.ip, t: request.t }, afterCommit);
}
