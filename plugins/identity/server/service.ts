import { sql, type Kysely } from 'kysely';
import { ApiError, ERROR_CODES, rowIdOf, type ServerContext } from '../../../core/server';
import type { IdentityService, MemberRecord, MemberSearch, MemberStatus } from '../shared/service';
import { consumeCode, verifyCode } from './code-store';
import { findMemberByContact, findMemberById, findMemberByUid, toMember, type MemberRow } from './members';
import { enqueue } from './outbox';
import { hashPassword, verifyPassword, type Argon2Cost } from './password-hashing';
import { passwordProblem } from './register';
import { mailTranslator, type MailTranslate } from './security/mail-texts';
import { consumeGoogleCode, ReauthThrottle } from './security/reauth';
import { endMemberSessions } from './security/sessions';
import { issueCode } from './send-code';

export interface IdentityServiceDeps {
  passwordCost?: Argon2Cost;
  /** Starts delivering the outbox after a commit. */
  kick(): void;
}

export function toMemberRecord(member: MemberRow): MemberRecord {
  return {
    id: String(member.id),
    uid: member.uid,
    email: member.email,
    areaCode: member.area_code,
    phone: member.phone,
    avatar: member.avatar,
    isMerchant: member.is_merchant,
    supported: member.supported,
    status: member.status,
    inviteCode: member.invite_code,
    createdAt: member.created_at,
  };
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Whether an address (email, or "+<area code><phone>") belongs to a member. */
async function addressHasMember(db: Kysely<any>, channel: 'email' | 'sms', to: string): Promise<boolean> {
  const query = db.selectFrom('member').select('id');
  const row =
    channel === 'email'
      ? await query.where('email', '=', to).executeTakeFirst()
      : await query.where((eb) => eb(eb.fn('concat', [eb.val('+'), eb.ref('area_code'), eb.ref('phone')]), '=', to)).executeTakeFirst();
  return row !== undefined;
}

/** Queues a mail to the member's email (nothing when the member has none), anti-phishing line included. */
export async function mailToMember(db: Kysely<any>, member: MemberRow, message: { subject: string; body: string }, t: MailTranslate, now: Date): Promise<boolean> {
  if (!member.email) return false;
  await enqueue(db, { channel: 'email', to: member.email, subject: message.subject, body: message.body }, now, t);
  return true;
}

export function createIdentityService(context: ServerContext, deps: IdentityServiceDeps): IdentityService {
  const { db } = context;
  const siteMail = () => mailTranslator(context.site.language);

  const memberOf = async (id: string): Promise<MemberRow | undefined> => {
    // member ids are row ids on the wire as strings; anything else names nobody
    const numeric = rowIdOf(id);
    return numeric === null ? undefined : findMemberById(db, numeric);
  };
  const requireMember = async (id: string): Promise<MemberRow> => {
    const member = await memberOf(id);
    if (!member) throw new ApiError(ERROR_CODES.notFound, 'errors.notFound', { field: 'memberId' });
    return member;
  };

  const fundsThrottle = new ReauthThrottle();

  const service: IdentityService = {
    async getMember(id) {
      const member = await memberOf(id);
      return member ? toMemberRecord(member) : null;
    },

    async getMemberByUid(uid) {
      const member = await findMemberByUid(db, uid);
      return member ? toMemberRecord(member) : null;
    },

    async searchMembers(query: MemberSearch) {
      const size = Math.min(Math.max(Math.trunc(query.size) || 20, 1), 200);
      const page = Math.max(Math.trunc(query.page) || 1, 1);
      let base = db.selectFrom('member');
      const search = query.search?.trim().toLowerCase();
      if (search) {
        const pattern = likePattern(search);
        base = base.where((eb) =>
          eb.or([eb('uid', '=', search), sql<boolean>`email like ${pattern} escape '\\'`, sql<boolean>`phone like ${pattern} escape '\\'`]),
        );
      }
      if (query.status) base = base.where('status', '=', query.status);
      const counted = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('id', 'desc').limit(size).offset((page - 1) * size).execute();
      return { records: rows.map((row) => toMemberRecord(toMember(row)!)), total: Number(counted.total) };
    },

    async authorizeFunds(memberId, proof) {
      const member = await requireMember(memberId);
      const now = context.now();
      fundsThrottle.assertOpen(member.id, now);
      if (!member.trade_pwd_hash) throw new ApiError(ERROR_CODES.conflict, 'identity:tradePasswordNotSet', { field: 'tradePassword' });
      if (!proof.tradePassword) throw ApiError.fieldRequired('tradePassword');
      if (!(await verifyPassword(member.trade_pwd_hash, proof.tradePassword))) {
        fundsThrottle.fail(member.id, now);
        throw new ApiError(ERROR_CODES.badRequest, 'identity:tradePasswordWrong', { field: 'tradePassword' });
      }
      if (!member.totp_secret) return;
      if (!proof.googleCode) throw new ApiError(ERROR_CODES.badRequest, 'identity:googleCodeRequired', { field: 'googleCode' });
      if (!(await consumeGoogleCode(db, member, proof.googleCode, now))) {
        fundsThrottle.fail(member.id, now);
        throw new ApiError(ERROR_CODES.badRequest, 'identity:googleCodeInvalid', { field: 'googleCode' });
      }
    },

    async verifyPassword(memberId, password) {
      const member = await memberOf(memberId);
      return member ? verifyPassword(member.password_hash, password) : false;
    },

    async setPassword(memberId, password) {
      const member = await requireMember(memberId);
      const problem = passwordProblem(password);
      if (problem) throw new ApiError(ERROR_CODES.badRequest, problem, { field: 'password' });
      const hash = await hashPassword(password, deps.passwordCost);
      await db.updateTable('member').set({ password_hash: hash }).where('id', '=', member.id).execute();
    },

    async sendCode(input) {
      const to = input.channel === 'email' ? input.target.trim().toLowerCase() : input.target.trim();
      const accountExists = await addressHasMember(db, input.channel, to);
      const t = input.language ? mailTranslator(input.language) : siteMail();
      await issueCode(context, { address: { channel: input.channel, to }, purpose: input.purpose, accountExists, ip: input.ip, t }, deps.kick);
    },

    async consumeCode(input) {
      const to = input.channel === 'email' ? input.target.trim().toLowerCase() : input.target.trim();
      let id: number;
      try {
        id = await verifyCode(db, { channel: input.channel, to, purpose: input.purpose, code: input.code, now: context.now() });
      } catch (error) {
        if (error instanceof ApiError) return false;
        throw error;
      }
      return consumeCode(db, id, context.now());
    },

    async changeContact(memberId, contact) {
      const member = await requireMember(memberId);
      await db.transaction().execute((trx) => applyContactChange(trx, member.id, contact));
    },

    async updateMember(memberId, changes) {
      const member = await requireMember(memberId);
      const values: Record<string, unknown> = {};
      if (changes.avatar !== undefined) values.avatar = changes.avatar;
      if (changes.supported !== undefined) values.supported = changes.supported;
      if (changes.isMerchant !== undefined) values.is_merchant = changes.isMerchant;
      if (Object.keys(values).length === 0) return;
      await db.updateTable('member').set(values).where('id', '=', member.id).execute();
    },

    async setStatus(memberId, status: MemberStatus) {
      const member = await requireMember(memberId);
      await db.updateTable('member').set({ status }).where('id', '=', member.id).execute();
      if (status === 'frozen') await endMemberSessions(context, member.id);
    },

    async endSessions(memberId, options = {}) {
      const member = await requireMember(memberId);
      return endMemberSessions(context, member.id, options.exceptSessionId);
    },

    async mailMember(memberId, message) {
      const member = await requireMember(memberId);
      const t = message.language ? mailTranslator(message.language) : siteMail();
      if (await mailToMember(db, member, message, t, context.now())) deps.kick();
    },
  };
  return service;
}

/** Replaces the member's email, or area code and phone; 409 when another member has it. Call inside a transaction. */
export async function applyContactChange(db: Kysely<any>, memberId: number, contact: { email: string } | { areaCode: string; phone: string }): Promise<void> {
  const field = 'email' in contact ? 'email' : 'phone';
  const holder = await findMemberByContact(db, contact);
  if (holder && holder.id !== memberId) throw contactTaken(field);
  const values = 'email' in contact ? { email: contact.email } : { area_code: contact.areaCode, phone: contact.phone };
  try {
    await db.updateTable('member').set(values).where('id', '=', memberId).execute();
  } catch (error) {
    // a concurrent bind of the same contact loses on the unique index
    if (isUniqueViolation(error)) throw contactTaken(field);
    throw error;
  }
}

export function contactTaken(field: 'email' | 'phone'): ApiError {
  return new ApiError(ERROR_CODES.conflict, 'identity:contactTaken', { field });
}

/** A unique-constraint violation on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const value = error as { code?: string; message?: string } | null;
  return value?.code === '23505' || /UNIQUE constraint failed/i.test(String(value?.message ?? ''));
}

