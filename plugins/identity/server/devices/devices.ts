import type { Kysely } from 'kysely';
import { ApiError, ERROR_CODES, notFoundError, pageOf, ROW_ID_MAX, type Page, type ServerContext } from '../../../../core/server';
import type { LoginDevice, LoginLogEntry } from '../../shared/types';
import { deviceOfFamily, revokeDeviceFamilies } from '../refresh-tokens';

export const DEVICE_NAME_MAX = 40;

/** A device name: 1–40 characters after trimming, no control characters. */
export function normalizeDeviceName(name: string): string | null {
  const trimmed = name.trim();
  const length = Array.from(trimmed).length;
  if (length < 1 || length > DEVICE_NAME_MAX) return null;
  if (/\p{Cc}/u.test(trimmed)) return null;
  return trimmed;
}

function toDevice(row: Record<string, any>, currentDeviceId: string | null): LoginDevice {
  return {
    id: String(row.id),
    device_id: String(row.device_id),
    name: row.name ?? null,
    last_ip: row.last_ip ?? null,
    last_seen_at: String(row.last_seen_at),
    created_at: String(row.created_at),
    current: currentDeviceId !== null && row.device_id === currentDeviceId,
  };
}

/** The device of the requesting session (the token family's device), if it has one. */
export function currentDeviceOf(db: Kysely<any>, sessionId: string | undefined): Promise<string | null> {
  return sessionId ? deviceOfFamily(db, sessionId) : Promise.resolve(null);
}

export async function listDevices(db: Kysely<any>, memberId: number, currentDeviceId: string | null): Promise<LoginDevice[]> {
  const rows = await db.selectFrom('member_device').selectAll().where('member_id', '=', memberId).orderBy('last_seen_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => toDevice(row, currentDeviceId));
}

async function ownDevice(db: Kysely<any>, memberId: number, id: number): Promise<Record<string, any>> {
  // an id past the key's range (a 10-digit string the body's pattern lets through) names no device
  const row = id <= ROW_ID_MAX ? await db.selectFrom('member_device').selectAll().where('id', '=', id).where('member_id', '=', memberId).executeTakeFirst() : undefined;
  // another member's device answers like a missing one
  if (!row) throw notFoundError('id');
  return row;
}

export async function renameDevice(db: Kysely<any>, memberId: number, id: number, name: string): Promise<void> {
  const normalized = normalizeDeviceName(name);
  if (normalized === null) throw new ApiError(ERROR_CODES.badRequest, 'identity:deviceNameInvalid', { field: 'name', params: { max: DEVICE_NAME_MAX } });
  await ownDevice(db, memberId, id);
  await db.updateTable('member_device').set({ name: normalized }).where('id', '=', id).where('member_id', '=', memberId).execute();
}

/**
 * Removes a device and ends its sessions at once: its refresh tokens are revoked and the kernel stops its
 * access tokens. The device the request comes from cannot remove itself (signing out does that).
 */
export async function deleteDevice(context: ServerContext, memberId: number, id: number, currentDeviceId: string | null): Promise<void> {
  const { db } = context;
  const device = await ownDevice(db, memberId, id);
  if (currentDeviceId !== null && device.device_id === currentDeviceId) {
    throw new ApiError(ERROR_CODES.badRequest, 'identity:deviceIsCurrent', { field: 'id' });
  }
  const now = context.now();
  const families = await db.transaction().execute(async (trx) => {
    const revoked = await revokeDeviceFamilies(trx, memberId, String(device.device_id), now);
    await trx.deleteFrom('member_device').where('id', '=', id).where('member_id', '=', memberId).execute();
    return revoked;
  });
  for (const family of families) await context.sessions.revoke(family.familyId, family.expiresAt);
}

export async function loginLogPage(db: Kysely<any>, memberId: number, current: number, size: number): Promise<Page<LoginLogEntry>> {
  const counted = await db.selectFrom('login_log').select((eb) => eb.fn.countAll().as('total')).where('member_id', '=', memberId).executeTakeFirstOrThrow();
  const total = Number(counted.total);
  const rows = await db
    .selectFrom('login_log as log')
    .leftJoin('member_device as device', (join) => join.onRef('device.member_id', '=', 'log.member_id').onRef('device.device_id', '=', 'log.device_id'))
    .select(['log.id', 'log.created_at', 'log.ip', 'log.device_id', 'log.user_agent', 'log.result', 'device.name as device_name'])
    .where('log.member_id', '=', memberId)
    .orderBy('log.id', 'desc')
    .limit(size)
    .offset((current - 1) * size)
    .execute();
  const records = rows.map((row) => ({
    id: String(row.id),
    time: String(row.created_at),
    ip: String(row.ip),
    device_id: row.device_id ?? null,
    device_name: row.device_name ?? null,
    user_agent: row.user_agent ?? null,
    result: String(row.result) as LoginLogEntry['result'],
  }));
  return pageOf(records, total, size, current);
}
