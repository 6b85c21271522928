import type { ApiRequest, ServerContext } from '../../../core/server';
import type { CodeSent, SendCodeType } from '../shared/types';
import { codeAddress, type AccountRef } from './accounts';
import { CODE_TTL_MS, generateCode, RESEND_INTERVAL_MS } from './codes';
import { assertMaySend, storeCode } from './code-store';
import { findMemberByAccount } from './members';
import { enqueue, type OutboxMessage } from './outbox';

type Translate = ApiRequest['t'];
const CODE_MINUTES = CODE_TTL_MS / 60_000;

/**
 * What to send for a code request. The answer to the caller never depends on it:
 * - register, account exists: a notice that the account exists instead of a code;
 * - login / reset, no such account: nothing;
 * - otherwise the code.
 */
export function composeCodeMessage(
  request: { purpose: SendCodeType; accountExists: boolean; code: string; address: { channel: OutboxMessage['channel']; to: string } },
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
  if (purpose !== 'register' && !accountExists) return null;
  return address.channel === 'email'
    ? { ...address, subject: t('identity:mailCodeSubject', params), body: t('identity:mailCodeBody', params) }
    : { ...address, subject: null, body: t('identity:smsCode', params) };
}

/** Issues a code for the account and purpose; answers the same whether or not the account exists. */
export async function sendCode(
  context: ServerContext,
  request: Pick<ApiRequest, 't' | 'ip'>,
  ref: AccountRef,
  purpose: SendCodeType,
  afterCommit: () => void,
): Promise<CodeSent> {
  const now = context.now();
  const address = codeAddress(ref);
  await assertMaySend(context.db, address, request.ip, now);
  const accountExists = (await findMemberByAccount(context.db, ref)) !== undefined;
  const code = generateCode();
  const message = composeCodeMessage({ purpose, accountExists, code, address }, request.t, context.site.title);
  await context.db.transaction().execute(async (trx) => {
    await storeCode(trx, { ...address, purpose, code, ip: request.ip, now });
    if (message) await enqueue(trx, message, now);
  });
  afterCommit();
  return { resendAfter: RESEND_INTERVAL_MS / 1000, expiresInMinutes: CODE_MINUTES };
}
