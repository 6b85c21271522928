import type { Kysely } from 'kysely';
import { ApiError, ERROR_CODES } from '../../../../core/server';
import type { Reauthentication } from '../../shared/types';
import { codeAddress, type AccountRef } from '../accounts';
import { consumeCode, verifyCode } from '../code-store';
import type { MemberRow } from '../members';
import { verifyPassword } from '../password-hashing';
import { acceptTotp } from './totp';

/** Wrong re-authentications per member before a pause: a stolen access token must not become a password oracle. */
export const REAUTH_MAX_FAILURES = 5;
export const REAUTH_WINDOW_MS = 15 * 60 * 1000;

/** Counts a member's failed re-authentications in a sliding window (per server process). */
export class ReauthThrottle {
  private readonly failures = new Map<number, number[]>();

  private recent(memberId: number, now: Date): number[] {
    const since = now.getTime() - REAUTH_WINDOW_MS;
    const kept = (this.failures.get(memberId) ?? []).filter((at) => at > since);
    if (kept.length) this.failures.set(memberId, kept);
    else this.failures.delete(memberId);
    return kept;
  }

  /** 429 while the member has too many recent failures. */
  assertOpen(memberId: number, now: Date): void {
    const recent = this.recent(memberId, now);
    if (recent.length < REAUTH_MAX_FAILURES) return;
    const minutes = Math.ceil((recent[0]! + REAUTH_WINDOW_MS - now.getTime()) / 60_000);
    throw new ApiError(ERROR_CODES.rateLimited, 'identity:reauthLocked', { params: { minutes } });
  }

  fail(memberId: number, now: Date): void {
    this.failures.set(memberId, [...this.recent(memberId, now), now.getTime()]);
  }
}

/** The member's own contacts, email first. */
export function contactsOf(member: MemberRow): AccountRef[] {
  const contacts: AccountRef[] = [];
  if (member.email) contacts.push({ kind: 'email', email: member.email });
  if (member.area_code && member.phone) contacts.push({ kind: 'phone', areaCode: member.area_code, phone: member.phone });
  return contacts;
}

/** The newest "verify" code among the member's contacts: that is the contact the member asked a code for. */
async function verifyCodeAddress(db: Kysely<any>, member: MemberRow) {
  const addresses = contactsOf(member).map(codeAddress);
  if (addresses.length === 0) return null;
  const row = await db
    .selectFrom('verification_code')
    .select(['channel', 'target'])
    .where('purpose', '=', 'verify')
    .where('target', 'in', addresses.map((address) => address.to))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? addresses.find((address) => address.to === row.target && address.channel === row.channel) ?? null : null;
}

/**
 * Consumes a Google authenticator code of the member's bound (or given) secret: valid within ±1 step and newer
 * than the last accepted step, which it then becomes (compare-and-set, so two requests cannot share a code).
 */
export async function consumeGoogleCode(db: Kysely<any>, member: MemberRow, code: string, now: Date, secret = member.totp_secret): Promise<boolean> {
  if (!secret) return false;
  const step = acceptTotp(secret, code, now, member.totp_last_step);
  if (step === null) return false;
  const updated = await db
    .updateTable('member')
    .set({ totp_last_step: step })
    .where('id', '=', member.id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Re-authentication before a change of a contact, a factor or a password: the login password or a "verify"
 * code sent to the member's own contact, plus the current Google code when an authenticator is bound
 * (`requireGoogle: false` when the change itself checks one). Wrong answers count toward the throttle.
 */
export async function reauthenticate(
  db: Kysely<any>,
  member: MemberRow,
  proof: Reauthentication,
  now: Date,
  throttle: ReauthThrottle,
  options: { requireGoogle?: boolean } = {},
): Promise<void> {
  throttle.assertOpen(member.id, now);
  const refuse = (field: string, msgKey: string) => {
    throttle.fail(member.id, now);
    return new ApiError(ERROR_CODES.badRequest, msgKey, { field });
  };
  if (proof.password) {
    if (!(await verifyPassword(member.password_hash, proof.password))) throw refuse('password', 'identity:reauthFailed');
  } else if (proof.code) {
    const address = await verifyCodeAddress(db, member);
    if (!address) throw refuse('code', 'identity:codeInvalid');
    let id: number;
    try {
      id = await verifyCode(db, { ...address, purpose: 'verify', code: proof.code, now });
    } catch (error) {
      throttle.fail(member.id, now);
      throw error;
    }
    if (!(await consumeCode(db, id, now))) throw refuse('code', 'identity:codeInvalid');
  } else {
    throw new ApiError(ERROR_CODES.badRequest, 'identity:reauthRequired', { field: 'password' });
  }
  if (member.totp_secret && options.requireGoogle !== false) {
    if (!proof.googleCode) throw new ApiError(ERROR_CODES.badRequest, 'identity:googleCodeRequired', { field: 'googleCode' });
    if (!(await consumeGoogleCode(db, member, proof.googleCode, now))) throw refuse('googleCode', 'identity:googleCodeInvalid');
  }
}
