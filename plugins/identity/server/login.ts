import type { Kysely } from 'kysely';
import { ApiError, ERROR_CODES, type ServerContext } from '../../../core/server';
import type { LoginResultKind } from '../shared/types';
import { accountLabel, type AccountRef } from './accounts';
import { accountGate, ipBlockedFor, LOCK_MS } from './lockout';
import { findMemberByAccount, type MemberRow } from './members';
import { createDummyVerifier, verifyPassword, type Argon2Cost } from './password-hashing';
import { startFamily } from './refresh-tokens';

export type LoginResult = LoginResultKind;

export interface LoginAttempt {
  ref: AccountRef;
  password: string;
  deviceId: string | null;
  ip: string;
  userAgent: string | null;
}

export interface LoginSuccess {
  member: MemberRow;
  familyId: string;
  refreshToken: string;
  account: string;
}

/** How far back the account's failures are read; a streak ends anyway after a 15-minute pause. */
const FAILURE_LOOKBACK_MS = 24 * 60 * 60 * 1000;
const FAILURE_ROWS = 50;

async function logAttempt(db: Kysely<any>, attempt: LoginAttempt, account: string, memberId: number | null, result: LoginResult, now: Date) {
  await db
    .insertInto('login_log')
    .values({
      member_id: memberId,
      account,
      ip: attempt.ip,
      device_id: attempt.deviceId,
      user_agent: attempt.userAgent?.slice(0, 500) ?? null,
      result,
      created_at: now.toISOString(),
    })
    .execute();
}

async function ipFailures(db: Kysely<any>, ip: string, now: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('login_log')
    .select('created_at')
    .where('ip', '=', ip)
    .where('result', '=', 'bad_credentials')
    .where('created_at', '>', new Date(now.getTime() - LOCK_MS).toISOString())
    .orderBy('created_at')
    .execute();
  return rows.map((row) => new Date(row.created_at));
}

/** The account name's failures since its last success (by insertion order), oldest first. */
async function accountFailures(db: Kysely<any>, account: string, now: Date): Promise<Date[]> {
  const lastSuccess = await db
    .selectFrom('login_log')
    .select('id')
    .where('account', '=', account)
    .where('result', '=', 'success')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  let query = db
    .selectFrom('login_log')
    .select('created_at')
    .where('account', '=', account)
    .where('result', '=', 'bad_credentials')
    .where('created_at', '>', new Date(now.getTime() - FAILURE_LOOKBACK_MS).toISOString());
  if (lastSuccess) query = query.where('id', '>', lastSuccess.id);
  const rows = await query.orderBy('id', 'desc').limit(FAILURE_ROWS).execute();
  return rows.map((row) => new Date(row.created_at)).reverse();
}

async function isKnownDevice(db: Kysely<any>, member: MemberRow | undefined, deviceId: string | null): Promise<boolean> {
  if (!member || !deviceId) return false;
  const row = await db.selectFrom('member_device').select('id').where('member_id', '=', member.id).where('device_id', '=', deviceId).executeTakeFirst();
  return row !== undefined;
}

async function rememberDevice(db: Kysely<any>, memberId: number, deviceId: string, ip: string, now: Date): Promise<void> {
  const seen = { last_ip: ip, last_seen_at: now.toISOString() };
  const updated = await db.updateTable('member_device').set(seen).where('member_id', '=', memberId).where('device_id', '=', deviceId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db.insertInto('member_device').values({ member_id: memberId, device_id: deviceId, name: null, ...seen, created_at: now.toISOString() }).execute();
}

/** Runs tasks with the same key one after another (attempts on one account in this process). */
class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.catch(() => undefined).then(task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

const invalidCredentials = () => new ApiError(ERROR_CODES.badRequest, 'identity:invalidCredentials');

/**
 * The password grant: IP limit, account throttling (bypassed by a device the account used before),
 * password check (a dummy hash for unknown accounts, so they cost the same), then a new token family.
 * Every attempt is written to login_log. Attempts on one account name are serialised in this process
 * so parallel guesses cannot slip past the throttle.
 */
export function createPasswordLogin(context: ServerContext, cost?: Argon2Cost) {
  const queue = new KeyedQueue();
  const verifyDummy = createDummyVerifier(cost);
  const { db } = context;

  const attempt = async (input: LoginAttempt): Promise<LoginSuccess> => {
    const account = accountLabel(input.ref);
    const now = context.now();
    const ipWait = ipBlockedFor(await ipFailures(db, input.ip, now), now);
    if (ipWait > 0) {
      await logAttempt(db, input, account, null, 'ip_limited', now);
      throw new ApiError(ERROR_CODES.rateLimited, 'identity:loginIpLimited', { params: { minutes: Math.ceil(ipWait / 60_000) } });
    }
    const member = await findMemberByAccount(db, input.ref);
    const gate = accountGate(await accountFailures(db, account, now), now);
    if (gate.state !== 'open' && !(await isKnownDevice(db, member, input.deviceId))) {
      await logAttempt(db, input, account, member?.id ?? null, gate.state, now);
      throw gate.state === 'locked'
        ? new ApiError(ERROR_CODES.rateLimited, 'identity:accountLocked', { params: { minutes: Math.ceil(gate.retryAfterMs / 60_000) } })
        : new ApiError(ERROR_CODES.rateLimited, 'identity:loginDelayed', { params: { seconds: Math.ceil(gate.retryAfterMs / 1000) } });
    }
    const passwordOk = member ? await verifyPassword(member.password_hash, input.password) : await verifyDummy(input.password);
    const at = context.now();
    if (!member || !passwordOk) {
      await logAttempt(db, input, account, member?.id ?? null, 'bad_credentials', at);
      throw invalidCredentials();
    }
    if (member.status !== 'active') {
      await logAttempt(db, input, account, member.id, 'frozen', at);
      throw new ApiError(ERROR_CODES.forbidden, 'identity:accountFrozen');
    }
    return db.transaction().execute(async (trx) => {
      await logAttempt(trx, input, account, member.id, 'success', at);
      if (input.deviceId) await rememberDevice(trx, member.id, input.deviceId, input.ip, at);
      const family = await startFamily(trx, { memberId: member.id, deviceId: input.deviceId, now: at });
      return { member, account, ...family };
    });
  };

  return (input: LoginAttempt) => queue.run(accountLabel(input.ref), () => attempt(input));
}
