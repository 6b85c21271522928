import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type { Kysely } from 'kysely';

/** argon2id cost; the defaults (OWASP: 19 MiB, 2 passes) take ~25–55 ms per verify on a 2-core host (median 45 ms). */
export interface PasswordHashing {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export const DEFAULT_PASSWORD_HASHING: PasswordHashing = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string, cost: PasswordHashing): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...cost });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** 18 random bytes as URL-safe base64: 24 characters, 144 bits. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

export interface OperatorRow {
  id: number;
  username: string;
  password_hash: string;
  role: string;
  disabled: number;
  totp_secret: string | null;
  totp_last_step: number | null;
}

export const FIRST_OPERATOR = { username: 'admin', role: 'administrator' } as const;

/**
 * On first start (no operators at all) creates "admin" with the given password or a random one.
 * Returns the credentials when it created the operator, so the caller can show them once.
 */
export async function ensureFirstOperator(
  db: Kysely<any>,
  options: { password?: string; hashing: PasswordHashing; now(): Date },
): Promise<{ username: string; password: string; generated: boolean } | null> {
  const existing = await db.selectFrom('operator').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const generated = !options.password;
  const password = options.password || generatePassword();
  await db
    .insertInto('operator')
    .values({
      username: FIRST_OPERATOR.username,
      password_hash: await hashPassword(password, options.hashing),
      role: FIRST_OPERATOR.role,
      created_at: options.now().toISOString(),
      disabled: 0,
    })
    .execute();
  return { username: FIRST_OPERATOR.username, password, generated };
}

export async function findOperator(db: Kysely<any>, username: string): Promise<OperatorRow | undefined> {
  const row = await db.selectFrom('operator').selectAll().where('username', '=', username).executeTakeFirst();
  if (!row) return undefined;
  return operatorRowOf(row);
}

export async function findOperatorById(db: Kysely<any>, id: string): Promise<OperatorRow | undefined> {
  const numeric = Number(id);
  if (!Number.isSafeInteger(numeric)) return undefined;
  const row = await db.selectFrom('operator').selectAll().where('id', '=', numeric).executeTakeFirst();
  return row ? operatorRowOf(row) : undefined;
}

function operatorRowOf(row: Record<string, any>): OperatorRow {
  return {
    id: Number(row.id),
    username: row.username,
    password_hash: row.password_hash,
    role: row.role,
    disabled: Number(row.disabled),
    totp_secret: row.totp_secret ?? null,
    totp_last_step: row.totp_last_step === null || row.totp_last_step === undefined ? null : Number(row.totp_last_step),
  };
}
