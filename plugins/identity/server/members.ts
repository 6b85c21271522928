import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountRef } from './accounts';

export interface MemberRow {
  id: number;
  uid: string;
  email: string | null;
  area_code: string | null;
  phone: string | null;
  password_hash: string;
  invite_code: string;
  invited_by: number | null;
  avatar: string | null;
  is_merchant: number;
  supported: number;
  status: 'active' | 'frozen';
  created_at: string;
  /** The anti-phishing code shown in every email to the member. */
  anti_code: string | null;
  trade_pwd_hash: string | null;
  /** Base32 TOTP secret once bound; the pending one awaits its first code. */
  totp_secret: string | null;
  totp_pending_secret: string | null;
  /** The last TOTP time step accepted (a code is accepted once only). */
  totp_last_step: number | null;
}

/** Invite codes avoid look-alike characters (0/O, 1/I/L) since people type them. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

/** A public member number: 8 digits, random (not a count of members). */
export function generateUid(): string {
  return String(randomInt(10_000_000, 100_000_000));
}

export function generateInviteCode(): string {
  return Array.from({ length: INVITE_CODE_LENGTH }, () => INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)]).join('');
}

export function toMember(row: Record<string, any> | undefined): MemberRow | undefined {
  if (!row) return undefined;
  return {
    ...(row as MemberRow),
    id: Number(row.id),
    invited_by: row.invited_by === null ? null : Number(row.invited_by),
    is_merchant: Number(row.is_merchant),
    supported: Number(row.supported),
    anti_code: row.anti_code ?? null,
    trade_pwd_hash: row.trade_pwd_hash ?? null,
    totp_secret: row.totp_secret ?? null,
    totp_pending_secret: row.totp_pending_secret ?? null,
    totp_last_step: row.totp_last_step === null || row.totp_last_step === undefined ? null : Number(row.totp_last_step),
  };
}

export async function findMemberByAccount(db: Kysely<any>, ref: AccountRef): Promise<MemberRow | undefined> {
  const query = db.selectFrom('member').selectAll();
  const row =
    ref.kind === 'email'
      ? await query.where('email', '=', ref.email).executeTakeFirst()
      : await query.where('area_code', '=', ref.areaCode).where('phone', '=', ref.phone).executeTakeFirst();
  return toMember(row);
}

export async function findMemberById(db: Kysely<any>, id: number): Promise<MemberRow | undefined> {
  return toMember(await db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst());
}

export async function findMemberByUid(db: Kysely<any>, uid: string): Promise<MemberRow | undefined> {
  return toMember(await db.selectFrom('member').selectAll().where('uid', '=', uid.trim()).executeTakeFirst());
}

export async function findMemberByInviteCode(db: Kysely<any>, inviteCode: string): Promise<MemberRow | undefined> {
  return toMember(await db.selectFrom('member').selectAll().where('invite_code', '=', inviteCode.trim().toUpperCase()).executeTakeFirst());
}

export async function hasAnyMember(db: Kysely<any>): Promise<boolean> {
  return (await db.selectFrom('member').select('id').limit(1).executeTakeFirst()) !== undefined;
}

async function unusedValue(db: Kysely<any>, column: 'uid' | 'invite_code', generate: () => string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = generate();
    const taken = await db.selectFrom('member').select('id').where(column, '=', candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
  throw new Error(`no unused member ${column} found`);
}

export async function createMember(
  db: Kysely<any>,
  values: { ref: AccountRef; passwordHash: string; invitedBy: number | null; now: Date },
): Promise<MemberRow> {
  const uid = await unusedValue(db, 'uid', generateUid);
  const inviteCode = await unusedValue(db, 'invite_code', generateInviteCode);
  const contact =
    values.ref.kind === 'email'
      ? { email: values.ref.email, area_code: null, phone: null }
      : { email: null, area_code: values.ref.areaCode, phone: values.ref.phone };
  const inserted = await db
    .insertInto('member')
    .values({
      uid,
      ...contact,
      password_hash: values.passwordHash,
      invite_code: inviteCode,
      invited_by: values.invitedBy,
      avatar: null,
      is_merchant: 1,
      supported: 0,
      status: 'active',
      created_at: values.now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findMemberById(db, Number(inserted.id)))!;
}

/** The member who has the contact, if any (for uniqueness checks of a new contact). */
export async function findMemberByContact(db: Kysely<any>, contact: { email: string } | { areaCode: string; phone: string }): Promise<MemberRow | undefined> {
  return findMemberByAccount(db, 'email' in contact ? { kind: 'email', email: contact.email } : { kind: 'phone', areaCode: contact.areaCode, phone: contact.phone });
}
