import { ApiError, ERROR_CODES, type ServerRegistrar } from '../../../core/server';
import { IDENTITY_PATHS, MEMBER_CODE_TYPES, SEND_CODE_TYPES, type CodeSent, type CodePurpose, type MemberInfo, type RegisterBody, type RegisterResult, type SendCodeType } from '../shared/types';
import { accountProblem, emailAccount, phoneAccount, type AccountRef } from './accounts';
import { createPasswordLogin } from './login';
import { findMemberById, type MemberRow } from './members';
import { tokenHandler, type AccessTokenIssuer } from './oauth';
import { listMailbox, type OutboxSender } from './outbox';
import type { Argon2Cost } from './password-hashing';
import { registerMember } from './register';
import { sendRequestedCode } from './send-code';
import { registerSecurityRoutes } from './security/routes';
import { registerDeviceRoutes } from './devices/routes';
import { registerMemberActionRoutes } from './member-actions/routes';
import { registerPaymentRoutes } from './payments/routes';

export interface IdentityRouteDeps {
  issue: AccessTokenIssuer;
  sender: OutboxSender;
  passwordCost?: Argon2Cost;
}

const typeSchema = { type: 'string', enum: [...SEND_CODE_TYPES, ...MEMBER_CODE_TYPES] };
const shortText = (maxLength: number) => ({ type: 'string', maxLength });

export function toMemberInfo(member: MemberRow): MemberInfo {
  return {
    id: String(member.id),
    uid: member.uid,
    email: member.email,
    phone: member.phone,
    area_code: member.area_code,
    avatar: member.avatar,
    is_merchant: member.is_merchant,
    merchant: null,
    supported: member.supported,
    chatKey: `chat_${member.uid}`,
    blade_user_id: String(member.id),
    googleBound: member.totp_secret !== null,
    tradePwdSet: member.trade_pwd_hash !== null,
    antiCodeSet: member.anti_code !== null,
    antiCode: member.anti_code,
  };
}

function checkedAccount(ref: AccountRef): AccountRef {
  const problem = accountProblem(ref);
  if (problem) throw new ApiError(ERROR_CODES.badRequest, problem.msgKey, { field: problem.field });
  return ref;
}

export function registerIdentityRoutes(registrar: ServerRegistrar, deps: IdentityRouteDeps): void {
  const { context } = registrar;
  const kick = () => void deps.sender.kick();

  registrar.route<{ email: string; type: CodePurpose }, unknown, unknown, CodeSent>({
    method: 'GET',
    path: IDENTITY_PATHS.sendEmailCode,
    auth: 'public',
    schema: {
      querystring: {
        type: 'object',
        required: ['email', 'type'],
        properties: { email: shortText(254), type: typeSchema },
      },
    },
    handler: (request) => sendRequestedCode(context, request, checkedAccount(emailAccount(request.query.email)), request.query.type, kick),
  });

  registrar.route<{ areaCode: string; phone: string; type: CodePurpose }, unknown, unknown, CodeSent>({
    method: 'GET',
    path: IDENTITY_PATHS.sendSmsCode,
    auth: 'public',
    schema: {
      querystring: {
        type: 'object',
        required: ['areaCode', 'phone', 'type'],
        properties: { areaCode: shortText(8), phone: shortText(32), type: typeSchema },
      },
    },
    handler: (request) =>
      sendRequestedCode(context, request, checkedAccount(phoneAccount(request.query.areaCode, request.query.phone)), request.query.type, kick),
  });

  registrar.route<unknown, RegisterBody, unknown, RegisterResult>({
    method: 'POST',
    path: IDENTITY_PATHS.register,
    auth: 'public',
    schema: {
      body: {
        type: 'object',
        required: ['account', 'code', 'password'],
        additionalProperties: false,
        properties: {
          account: { type: 'string', enum: ['email', 'phone'] },
          email: shortText(254),
          areaCode: shortText(8),
          phone: shortText(32),
          code: shortText(16),
          password: shortText(64),
          inviteCode: shortText(64),
        },
      },
    },
    handler: (request) => registerMember(context, request.body, deps.passwordCost),
  });

  registrar.route({
    method: 'POST',
    path: IDENTITY_PATHS.token,
    auth: 'public',
    handler: tokenHandler({ context, login: createPasswordLogin(context, deps.passwordCost), issue: deps.issue }),
  });

  registrar.route<unknown, unknown, unknown, MemberInfo>({
    method: 'GET',
    path: IDENTITY_PATHS.memberInfo,
    auth: 'user',
    async handler(request) {
      const member = await findMemberById(context.db, Number(request.principal!.id));
      if (!member) throw new ApiError(ERROR_CODES.unauthorized);
      return toMemberInfo(member);
    },
  });

  registrar.route<{ to?: string; page?: number }>({
    method: 'GET',
    path: IDENTITY_PATHS.devMailbox,
    auth: 'operator',
    permission: 'mailbox.read',
    schema: {
      querystring: {
        type: 'object',
        properties: { to: shortText(254), page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 } },
      },
    },
    async handler(request) {
      const to = request.query.to?.trim();
      return listMailbox(context.db, { to: to ? to.toLowerCase() : undefined, page: request.query.page ?? 1, deliveredChannels: deps.sender.channels });
    },
  });

  registerDeviceRoutes(registrar);
  registerMemberActionRoutes(registrar);
  registerPaymentRoutes(registrar);
  registerSecurityRoutes(registrar, { passwordCost: deps.passwordCost, kick });
}
