import type { Kysely } from 'kysely';
import { ApiError, ERROR_CODES } from '../../../core/server';
import type { CodeChannel, CodePurpose } from '../shared/types';
import { CODE_TTL_MS, IP_SEND_WINDOW_MS, RESEND_INTERVAL_MS, checkCode, hashCode, sendRefusal, type StoredCode } from './codes';

/** Refuses with 429 when the address had a code within the last minute or the IP asked 10 times this hour. */
export async function assertMaySend(db: Kysely<any>, address: { channel: CodeChannel; to: string }, ip: string, now: Date): Promise<void> {
  const last = await db
    .selectFrom('verification_code')
    .select('created_at')
    .where('channel', '=', address.channel)
    .where('target', '=', address.to)
    .where('created_at', '>', new Date(now.getTime() - RESEND_INTERVAL_MS).toISOString())
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const fromIp = await db
    .selectFrom('verification_code')
    .select('created_at')
    .where('ip', '=', ip)
    .where('created_at', '>', new Date(now.getTime() - IP_SEND_WINDOW_MS).toISOString())
    .orderBy('created_at')
    .execute();
  const refusal = sendRefusal(last ? new Date(last.created_at) : null, fromIp.map((row) => new Date(row.created_at)), now);
  if (!refusal) return;
  if (refusal.reason === 'address') {
    throw new ApiError(ERROR_CODES.rateLimited, 'identity:codeTooSoon', { params: { seconds: refusal.retryAfterS } });
  }
  throw new ApiError(ERROR_CODES.rateLimited, 'identity:sendLimited', { params: { minutes: Math.ceil(refusal.retryAfterS / 60) } });
}

/** Stores a code (hashed). Every accepted request is recorded, delivered or not, so limits treat all alike. */
export async function storeCode(
  db: Kysely<any>,
  values: { channel: CodeChannel; to: string; purpose: CodePurpose; code: string; ip: string; now: Date },
): Promise<void> {
  await db
    .insertInto('verification_code')
    .values({
      channel: values.channel,
      target: values.to,
      purpose: values.purpose,
      code_hash: hashCode(values.code),
      expires_at: new Date(values.now.getTime() + CODE_TTL_MS).toISOString(),
      used_at: null,
      attempts: 0,
      created_at: values.now.toISOString(),
      ip: values.ip,
    })
    .execute();
}

const REFUSAL_KEYS = {
  missing: 'identity:codeInvalid',
  used: 'identity:codeInvalid',
  wrong: 'identity:codeInvalid',
  expired: 'identity:codeExpired',
  exhausted: 'identity:codeExhausted',
} as const;

export function codeError(check: keyof typeof REFUSAL_KEYS): ApiError {
  return new ApiError(ERROR_CODES.badRequest, REFUSAL_KEYS[check], { field: 'code' });
}

/**
 * Checks a code against the latest one issued for the address and purpose. A wrong guess is counted
 * (and committed) before the error; on success returns the row id to consume with `consumeCode`.
 */
export async function verifyCode(
  db: Kysely<any>,
  values: { channel: CodeChannel; to: string; purpose: CodePurpose; code: string; now: Date },
): Promise<number> {
  const row = await db
    .selectFrom('verification_code')
    .select(['id', 'code_hash', 'expires_at', 'used_at', 'attempts'])
    .where('channel', '=', values.channel)
    .where('target', '=', values.to)
    .where('purpose', '=', values.purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const stored: StoredCode | undefined = row && { ...row, attempts: Number(row.attempts) } as StoredCode;
  const check = checkCode(stored, values.code, values.now);
  if (check === 'wrong') {
    await db.updateTable('verification_code').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', row!.id).execute();
  }
  if (check !== 'ok') throw codeError(check);
  return Number(row!.id);
}

/** Marks the code used; false when another request used it first. Call inside the transaction that acts on it. */
export async function consumeCode(db: Kysely<any>, id: number, now: Date): Promise<boolean> {
  const result = await db.updateTable('verification_code').set({ used_at: now.toISOString() }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
