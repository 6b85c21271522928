import type { Kysely } from 'kysely';
import type { MemberRow } from '../members';
import { enqueue } from '../outbox';
import type { MailTranslate } from './mail-texts';

/** What changed, as the notice names it (keys "identity:change.<kind>"). */
export type SecurityChange = 'antiCode' | 'email' | 'phone' | 'googleBound' | 'googleReset' | 'loginPassword' | 'tradePassword' | 'passwordReset';

/**
 * Tells the member about a security change, by email (with the anti-phishing line) or, for a member without
 * an email, by SMS. Call it inside the transaction that makes the change, before a contact is replaced, so the
 * notice reaches the old contact.
 */
export async function queueSecurityNotice(
  db: Kysely<any>,
  member: MemberRow,
  change: SecurityChange,
  context: { t: MailTranslate; site: string; now: Date; ip: string },
): Promise<void> {
  const params = { site: context.site, change: context.t(`identity:change_${change}`), time: context.now.toISOString().replace('T', ' ').slice(0, 19) + ' UTC', ip: context.ip };
  if (member.email) {
    await enqueue(
      db,
      { channel: 'email', to: member.email, subject: context.t('identity:mailSecurityNoticeSubject', params), body: context.t('identity:mailSecurityNoticeBody', params) },
      context.now,
      context.t,
    );
  } else if (member.area_code && member.phone) {
    await enqueue(db, { channel: 'sms', to: `+${member.area_code}${member.phone}`, subject: null, body: context.t('identity:smsSecurityNotice', params) }, context.now, context.t);
  }
}
