import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { TOKEN_LIFETIME_S } from '../../../core/shared';

/** A refresh token lives as long as an access token; each use replaces it with a new one. */
export const REFRESH_TOKEN_LIFETIME_MS = TOKEN_LIFETIME_S * 1000;

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes, URL-safe base64; only its SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

async function insertToken(
  db: Kysely<any>,
  values: { familyId: string; memberId: number; deviceId: string | null; now: Date },
): Promise<string> {
  const { token, hash } = newRefreshToken();
  await db
    .insertInto('refresh_token')
    .values({
      family_id: values.familyId,
      member_id: values.memberId,
      token_hash: hash,
      device_id: values.deviceId,
      created_at: values.now.toISOString(),
      expires_at: new Date(values.now.getTime() + REFRESH_TOKEN_LIFETIME_MS).toISOString(),
      used_at: null,
      revoked_at: null,
    })
    .execute();
  return token;
}

/** A login starts a new token family (one per sign-in session). */
export async function startFamily(
  db: Kysely<any>,
  values: { memberId: number; deviceId: string | null; now: Date },
): Promise<{ familyId: string; refreshToken: string }> {
  const familyId = randomUUID();
  return { familyId, refreshToken: await insertToken(db, { ...values, familyId }) };
}

export async function revokeFamily(db: Kysely<any>, familyId: string, now: Date): Promise<void> {
  await db.updateTable('refresh_token').set({ revoked_at: now.toISOString() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}

export type Rotation =
  | { ok: true; memberId: number; familyId: string; deviceId: string | null; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'reused' };

/**
 * Exchanges a refresh token for a new one of the same family. Presenting a token that was already
 * used (a stolen copy, or the thief's after the owner's) revokes the whole family.
 */
export async function rotateRefreshToken(db: Kysely<any>, presented: string, now: Date): Promise<Rotation> {
  const row = await db.selectFrom('refresh_token').selectAll().where('token_hash', '=', hashRefreshToken(presented)).executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (row.used_at) {
    await revokeFamily(db, row.family_id, now);
    return { ok: false, reason: 'reused' };
  }
  if (Date.parse(row.expires_at) <= now.getTime()) return { ok: false, reason: 'expired' };
  const memberId = Number(row.member_id);
  const rotated = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('refresh_token')
      .set({ used_at: now.toISOString() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    return insertToken(trx, { familyId: row.family_id, memberId, deviceId: row.device_id ?? null, now });
  });
  if (!rotated) {
    await revokeFamily(db, row.family_id, now);
    return { ok: false, reason: 'reused' };
  }
  return { ok: true, memberId, familyId: row.family_id, deviceId: row.device_id ?? null, refreshToken: rotated };
}

/** The device a token family was started on (null for a sign-in without a device id). */
export async function deviceOfFamily(db: Kysely<any>, familyId: string): Promise<string | null> {
  const row = await db.selectFrom('refresh_token').select('device_id').where('family_id', '=', familyId).limit(1).executeTakeFirst();
  return row?.device_id ?? null;
}

/**
 * Revokes every live token family the member started on a device. Returns each family with the moment its
 * last access token expires (an access token is issued with each refresh token, so the latest refresh
 * token's expiry bounds them), for the kernel's session revocation.
 */
export async function revokeDeviceFamilies(
  db: Kysely<any>,
  memberId: number,
  deviceId: string,
  now: Date,
): Promise<Array<{ familyId: string; expiresAt: Date }>> {
  const rows = await db
    .selectFrom('refresh_token')
    .select(['family_id'])
    .select((eb) => eb.fn.max('expires_at').as('last_expiry'))
    .where('member_id', '=', memberId)
    .where('device_id', '=', deviceId)
    .where('expires_at', '>', now.toISOString())
    .groupBy('family_id')
    .execute();
  if (rows.length === 0) return [];
  await db
    .updateTable('refresh_token')
    .set({ revoked_at: now.toISOString() })
    .where('member_id', '=', memberId)
    .where('device_id', '=', deviceId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.map((row) => ({ familyId: String(row.family_id), expiresAt: new Date(String(row.last_expiry)) }));
}
