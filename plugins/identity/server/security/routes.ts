import QRCode from 'qrcode';
import type { Kysely } from 'kysely';
import { ApiError, ERROR_CODES, type ApiRequest, type ServerRegistrar } from '../../../../core/server';
import { isSixDigitCode, tradePasswordProblem } from '../../../../core/shared';
import {
  ANTI_CODE_RE,
  GOOGLE_ACTION,
  SECURITY_PATHS,
  type AntiCodeBody,
  type BindContactBody,
  type GoogleSecret,
  type Reauthentication,
  type ResetPasswordBody,
  type SecurityChangeResult,
  type TradePwdBody,
} from '../../shared/types';
import { accountProblem, codeAddress, emailAccount, loginAccount, phoneAccount, type AccountRef } from '../accounts';
import { codeError, consumeCode, verifyCode } from '../code-store';
import { findMemberByAccount, findMemberById, type MemberRow } from '../members';
import { hashPassword, type Argon2Cost } from '../password-hashing';
import { passwordProblem } from '../register';
import { applyContactChange } from '../service';
import { queueSecurityNotice, type SecurityChange } from './notices';
import { consumeGoogleCode, reauthenticate, ReauthThrottle } from './reauth';
import { endMemberSessions } from './sessions';
import { newTotpSecret, totpUri } from './totp';

export interface SecurityRouteDeps {
  passwordCost?: Argon2Cost;
  kick(): void;
}

const text = (maxLength: number) => ({ type: 'string', maxLength });
const flag = { type: 'boolean' };
const reauthProperties = { password: text(64), code: text(16), googleCode: text(16), signOutOthers: flag };

const invalid = (field: string, msgKey: string) => new ApiError(ERROR_CODES.badRequest, msgKey, { field });

/** "true"/"1" from a query string; booleans from a body. */
function truthy(value: unknown): boolean {
  return value === true || value === 'true' || value === '1';
}

export function registerSecurityRoutes(registrar: ServerRegistrar, deps: SecurityRouteDeps): void {
  const { context } = registrar;
  const { db } = context;
  const throttle = new ReauthThrottle();

  const signedInMember = async (request: ApiRequest): Promise<MemberRow> => {
    const member = await findMemberById(db, Number(request.principal!.id));
    if (!member || member.status !== 'active') throw new ApiError(ERROR_CODES.unauthorized);
    return member;
  };

  /**
   * Runs a change with its notice in one transaction, then ends the member's other sessions when asked
   * (or all of them, for a change made without a session) and starts delivering the notice.
   */
  const commitChange = async (
    request: ApiRequest,
    member: MemberRow,
    change: SecurityChange,
    apply: (trx: Kysely<any>) => Promise<void>,
    signOut: 'others' | 'all' | 'none',
  ): Promise<SecurityChangeResult> => {
    const now = context.now();
    const notice = (trx: Kysely<any>) => queueSecurityNotice(trx, member, change, { t: request.t, site: context.site.title, now, ip: request.ip });
    await db.transaction().execute(async (trx) => {
      // a replaced contact hears of it before the change; otherwise the notice shows the state after it
      if (change === 'email' || change === 'phone') await notice(trx);
      await apply(trx);
      if (change !== 'email' && change !== 'phone') await notice(trx);
    });
    deps.kick();
    if (signOut === 'none') return { signedOut: 0 };
    const signedOut = await endMemberSessions(context, member.id, signOut === 'others' ? request.principal?.sessionId : undefined);
    return { signedOut };
  };
  const signOutChoice = (proof: Reauthentication) => (truthy(proof.signOutOthers) ? 'others' : 'none') as 'others' | 'none';

  registrar.route<unknown, AntiCodeBody, unknown, SecurityChangeResult>({
    method: 'POST',
    path: SECURITY_PATHS.antiCode,
    auth: 'user',
    schema: { body: { type: 'object', required: ['antiCode'], additionalProperties: false, properties: { antiCode: text(64), ...reauthProperties } } },
    async handler(request) {
      const antiCode = request.body.antiCode.trim();
      if (!ANTI_CODE_RE.test(antiCode)) throw invalid('antiCode', 'identity:antiCodeRule');
      const member = await signedInMember(request);
      await reauthenticate(db, member, request.body, context.now(), throttle);
      return commitChange(
        request,
        member,
        'antiCode',
        async (trx) => {
          await trx.updateTable('member').set({ anti_code: antiCode }).where('id', '=', member.id).execute();
        },
        signOutChoice(request.body),
      );
    },
  });

  registrar.route<unknown, BindContactBody, unknown, SecurityChangeResult>({
    method: 'POST',
    path: SECURITY_PATHS.bindContact,
    auth: 'user',
    schema: {
      body: {
        type: 'object',
        required: ['type', 'newCode'],
        additionalProperties: false,
        properties: {
          type: { type: 'string', enum: ['email', 'phone'] },
          email: text(254),
          areaCode: text(8),
          phone: text(32),
          newCode: text(16),
          oldCode: text(16),
          ...reauthProperties,
        },
      },
    },
    async handler(request) {
      const body = request.body as BindContactBody & { email?: string; areaCode?: string; phone?: string };
      const ref: AccountRef = body.type === 'email' ? emailAccount(body.email ?? '') : phoneAccount(body.areaCode ?? '', body.phone ?? '');
      const problem = accountProblem(ref);
      if (problem) throw invalid(problem.field, problem.msgKey);
      if (!isSixDigitCode(body.newCode)) throw invalid('newCode', 'identity:codeFormat');
      const member = await signedInMember(request);
      const current: AccountRef | null =
        ref.kind === 'email'
          ? member.email ? emailAccount(member.email) : null
          : member.area_code && member.phone ? phoneAccount(member.area_code, member.phone) : null;
      if (current && codeAddress(current).to === codeAddress(ref).to) throw invalid(ref.kind, 'identity:contactUnchanged');
      if (current && !isSixDigitCode(body.oldCode ?? '')) throw invalid('oldCode', body.oldCode ? 'identity:codeFormat' : 'identity:oldCodeRequired');
      const now = context.now();
      await reauthenticate(db, member, body, now, throttle);
      const renamed = (error: unknown, field: string) => (error instanceof ApiError && error.field === 'code' ? new ApiError(error.code, error.msgKey, { field }) : error);
      const newCodeId = await verifyCode(db, { ...codeAddress(ref), purpose: 'bind', code: body.newCode, now }).catch((error) => {
        throw renamed(error, 'newCode');
      });
      const oldCodeId = current
        ? await verifyCode(db, { ...codeAddress(current), purpose: 'bind', code: body.oldCode!, now }).catch((error) => {
            throw renamed(error, 'oldCode');
          })
        : null;
      const contact = ref.kind === 'email' ? { email: ref.email } : { areaCode: ref.areaCode, phone: ref.phone };
      return commitChange(
        request,
        member,
        ref.kind,
        async (trx) => {
          const consumed = (await consumeCode(trx, newCodeId, now)) && (oldCodeId === null || (await consumeCode(trx, oldCodeId, now)));
          if (!consumed) throw codeError('used');
          await applyContactChange(trx, member.id, contact);
        },
        signOutChoice(body),
      );
    },
  });

  registrar.route<unknown, unknown, { action: string }, GoogleSecret>({
    method: 'GET',
    path: `${SECURITY_PATHS.googleSecret}/:action`,
    auth: 'user',
    schema: { params: { type: 'object', required: ['action'], properties: { action: { type: 'string', enum: ['bind'] } } } },
    async handler(request) {
      const member = await signedInMember(request);
      if (member.totp_secret) throw new ApiError(ERROR_CODES.conflict, 'identity:googleAlreadyBound');
      const secret = newTotpSecret();
      await db.updateTable('member').set({ totp_pending_secret: secret }).where('id', '=', member.id).execute();
      const label = member.email ?? `+${member.area_code} ${member.phone}`;
      const uri = totpUri(secret, context.site.title, label);
      return { secret, uri, qrCode: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 200 }) };
    },
  });

  const googleBindOrReset = async (
    request: ApiRequest<{ password?: string; code?: string; signOutOthers?: string }, unknown, { googleCode: string; action?: string }>,
  ): Promise<SecurityChangeResult> => {
    const googleCode = request.params.googleCode;
    const action = Number(request.params.action ?? GOOGLE_ACTION.bind);
    if (action !== GOOGLE_ACTION.bind && action !== GOOGLE_ACTION.reset) throw invalid('action', 'errors.fieldInvalid');
    if (!isSixDigitCode(googleCode)) throw invalid('googleCode', 'identity:googleCodeInvalid');
    const member = await signedInMember(request);
    const now = context.now();
    const proof = { password: request.query.password, code: request.query.code, signOutOthers: truthy(request.query.signOutOthers) };
    if (action === GOOGLE_ACTION.bind) {
      if (member.totp_secret) throw new ApiError(ERROR_CODES.conflict, 'identity:googleAlreadyBound');
      const pending = member.totp_pending_secret;
      if (!pending) throw invalid('googleCode', 'identity:googleNoPending');
      await reauthenticate(db, member, proof, now, throttle);
      if (!(await consumeGoogleCode(db, member, googleCode, now, pending))) {
        throttle.fail(member.id, now);
        throw invalid('googleCode', 'identity:googleCodeInvalid');
      }
      return commitChange(
        request,
        member,
        'googleBound',
        async (trx) => {
          await trx.updateTable('member').set({ totp_secret: pending, totp_pending_secret: null }).where('id', '=', member.id).execute();
        },
        signOutChoice(proof),
      );
    }
    if (!member.totp_secret) throw invalid('googleCode', 'identity:googleNotBound');
    // the path's code is the Google factor of this re-authentication
    await reauthenticate(db, member, proof, now, throttle, { requireGoogle: false });
    if (!(await consumeGoogleCode(db, member, googleCode, now))) {
      throttle.fail(member.id, now);
      throw invalid('googleCode', 'identity:googleCodeInvalid');
    }
    return commitChange(
      request,
      member,
      'googleReset',
      async (trx) => {
        await trx.updateTable('member').set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null }).where('id', '=', member.id).execute();
      },
      signOutChoice(proof),
    );
  };
  const googleQuery = { type: 'object', properties: { password: text(64), code: text(16), signOutOthers: text(5) } };
  registrar.route({
    method: 'GET',
    path: `${SECURITY_PATHS.googleBindOrReset}/:googleCode`,
    auth: 'user',
    schema: { querystring: googleQuery, params: { type: 'object', properties: { googleCode: text(16) } } },
    handler: googleBindOrReset,
  });
  registrar.route({
    method: 'GET',
    path: `${SECURITY_PATHS.googleBindOrReset}/:googleCode/:action`,
    auth: 'user',
    schema: { querystring: googleQuery, params: { type: 'object', properties: { googleCode: text(16), action: text(2) } } },
    handler: googleBindOrReset,
  });

  type UpdatePasswordParams = { oldPassword?: string; newPassword?: string; newPassword1?: string; googleCode?: string; signOutOthers?: string | boolean };
  const updatePasswordProperties = { oldPassword: text(64), newPassword: text(64), newPassword1: text(64), googleCode: text(16), signOutOthers: {} };
  registrar.route<UpdatePasswordParams, UpdatePasswordParams | undefined, unknown, SecurityChangeResult>({
    method: 'POST',
    path: SECURITY_PATHS.updatePassword,
    auth: 'user',
    schema: { querystring: { type: 'object', properties: updatePasswordProperties } },
    async handler(request) {
      // the spec sends these as query parameters; a body (which keeps them out of URLs) wins
      const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};
      const params: UpdatePasswordParams = { ...request.query, ...body };
      for (const field of ['oldPassword', 'newPassword', 'newPassword1'] as const) {
        const value = params[field];
        if (typeof value !== 'string' || value === '') throw ApiError.fieldRequired(field);
        if (value.length > 64) throw ApiError.fieldInvalid(field);
      }
      const weak = passwordProblem(params.newPassword!);
      if (weak) throw invalid('newPassword', weak);
      if (params.newPassword !== params.newPassword1) throw invalid('newPassword1', 'identity:passwordMismatch');
      if (params.newPassword === params.oldPassword) throw invalid('newPassword', 'identity:passwordSame');
      if (params.googleCode !== undefined && typeof params.googleCode !== 'string') throw ApiError.fieldInvalid('googleCode');
      const member = await signedInMember(request);
      try {
        await reauthenticate(db, member, { password: params.oldPassword, googleCode: params.googleCode }, context.now(), throttle);
      } catch (error) {
        throw error instanceof ApiError && error.field === 'password' ? new ApiError(error.code, error.msgKey, { field: 'oldPassword' }) : error;
      }
      const hash = await hashPassword(params.newPassword!, deps.passwordCost);
      return commitChange(
        request,
        member,
        'loginPassword',
        async (trx) => {
          await trx.updateTable('member').set({ password_hash: hash }).where('id', '=', member.id).execute();
        },
        truthy(params.signOutOthers) ? 'others' : 'none',
      );
    },
  });

  registrar.route<unknown, TradePwdBody, unknown, SecurityChangeResult>({
    method: 'POST',
    path: SECURITY_PATHS.tradePwd,
    auth: 'user',
    schema: { body: { type: 'object', additionalProperties: false, properties: { tradePwd: text(64), ...reauthProperties } } },
    async handler(request) {
      const problem = tradePasswordProblem(request.body.tradePwd ?? '');
      if (problem) throw invalid('tradePwd', `identity:${problem}`);
      const member = await signedInMember(request);
      await reauthenticate(db, member, request.body, context.now(), throttle);
      const hash = await hashPassword(request.body.tradePwd, deps.passwordCost);
      return commitChange(
        request,
        member,
        'tradePassword',
        async (trx) => {
          await trx.updateTable('member').set({ trade_pwd_hash: hash }).where('id', '=', member.id).execute();
        },
        signOutChoice(request.body),
      );
    },
  });

  registrar.route<unknown, ResetPasswordBody & { googleCode?: string }, unknown, SecurityChangeResult>({
    method: 'POST',
    path: SECURITY_PATHS.resetPassword,
    auth: 'public',
    schema: {
      body: {
        type: 'object',
        required: ['account', 'code', 'password'],
        additionalProperties: false,
        properties: { account: text(254), areaCode: text(8), code: text(16), password: text(64), googleCode: text(16) },
      },
    },
    async handler(request) {
      const body = request.body;
      const ref = loginAccount(body.account, body.areaCode ?? context.site.areaCode);
      const problem = accountProblem(ref);
      if (problem) throw invalid('account', problem.msgKey);
      if (!isSixDigitCode(body.code)) throw invalid('code', 'identity:codeFormat');
      const weak = passwordProblem(body.password);
      if (weak) throw invalid('password', weak);
      const now = context.now();
      // no reset code is ever sent to an address without an account, so an unknown account fails like a wrong code
      const codeId = await verifyCode(db, { ...codeAddress(ref), purpose: 'reset', code: body.code, now });
      const member = await findMemberByAccount(db, ref);
      if (!member) throw codeError('missing');
      if (member.totp_secret) {
        if (!body.googleCode) throw invalid('googleCode', 'identity:googleCodeRequired');
        if (!(await consumeGoogleCode(db, member, body.googleCode, now))) throw invalid('googleCode', 'identity:googleCodeInvalid');
      }
      const hash = await hashPassword(body.password, deps.passwordCost);
      return commitChange(
        request,
        member,
        'passwordReset',
        async (trx) => {
          if (!(await consumeCode(trx, codeId, now))) throw codeError('used');
          await trx.updateTable('member').set({ password_hash: hash }).where('id', '=', member.id).execute();
        },
        'all',
      );
    },
  });
}
