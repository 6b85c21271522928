import type { Kysely } from 'kysely';
import { OPERATOR_ROLES, type RouteDefinition } from '../../plugin-api';
import { ApiError, ERROR_CODES, ROW_ID_SCHEMA } from '../../shared';
import type { AuditLog } from '../audit';
import type { OperatorAccess } from './access';
import { endOperatorSessions, type SessionRevoker } from './operator-sessions';
import { findOperator, findOperatorById, hashPassword, verifyPassword, type PasswordHashing } from './operators';

export const PASSWORD_MIN_LENGTH = 10;
const passwordSchema = { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: 200 };

export interface OperatorRoutesOptions {
  db: Kysely<any>;
  audit: AuditLog;
  access: OperatorAccess;
  hashing: PasswordHashing;
  sessions: SessionRevoker;
  now(): Date;
}

export interface OperatorListItem {
  id: string;
  username: string;
  role: string;
  disabled: boolean;
  totpBound: boolean;
  createdAt: string;
}

function listItemOf(row: Record<string, any>): OperatorListItem {
  return {
    id: String(row.id),
    username: String(row.username),
    role: String(row.role),
    disabled: Number(row.disabled) === 1,
    totpBound: Boolean(row.totp_secret),
    createdAt: String(row.created_at),
  };
}

async function enabledAdministrators(db: Kysely<any>): Promise<number> {
  const row = await db
    .selectFrom('operator')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('role', '=', 'administrator')
    .where('disabled', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const idParams = { type: 'object', required: ['id'], properties: { id: ROW_ID_SCHEMA } };

/** Operator management and TOTP resets (administrators, audited), and the operator's own password change. */
export function operatorRoutes(options: OperatorRoutesOptions): RouteDefinition[] {
  const { db, audit, access } = options;

  const list: RouteDefinition = {
    method: 'GET',
    path: '/console/operators',
    auth: 'operator',
    permission: 'operators.manage',
    schema: { querystring: { type: 'object', additionalProperties: false, properties: {} } },
    async handler() {
      const rows = await db.selectFrom('operator').selectAll().orderBy('id', 'asc').execute();
      return rows.map(listItemOf);
    },
  };

  const create: RouteDefinition<unknown, { username: string; role: string; password: string }> = {
    method: 'POST',
    path: '/console/operators',
    auth: 'operator',
    permission: 'operators.manage',
    schema: {
      body: {
        type: 'object',
        required: ['username', 'role', 'password'],
        additionalProperties: false,
        properties: {
          username: { type: 'string', pattern: '^[A-Za-z0-9_.-]{3,64}$' },
          role: { type: 'string', enum: [...OPERATOR_ROLES] },
          password: passwordSchema,
        },
      },
    },
    async handler(request) {
      const { username, role, password } = request.body;
      if (await findOperator(db, username)) throw new ApiError(ERROR_CODES.conflict, 'errors.operatorExists', { field: 'username' });
      const createdAt = options.now().toISOString();
      const passwordHash = await hashPassword(password, options.hashing);
      const inserted = await db
        .insertInto('operator')
        .values({ username, password_hash: passwordHash, role, created_at: createdAt, disabled: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const item = listItemOf({ id: inserted.id, username, role, disabled: 0, totp_secret: null, created_at: createdAt });
      await audit.record({ operatorId: request.principal!.id, action: 'console.operator.create', target: `operator/${item.id}`, after: { username, role }, ip: request.ip });
      return item;
    },
  };

  const update: RouteDefinition<unknown, { role?: string; disabled?: boolean }, { id: number }> = {
    method: 'POST',
    path: '/console/operators/{id}',
    auth: 'operator',
    permission: 'operators.manage',
    schema: {
      params: idParams,
      body: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: { role: { type: 'string', enum: [...OPERATOR_ROLES] }, disabled: { type: 'boolean' } },
      },
    },
    async handler(request) {
      const id = String(request.params.id);
      const current = await findOperatorById(db, id);
      if (!current) throw new ApiError(ERROR_CODES.notFound, 'errors.fieldNotFound', { field: 'id', params: { field: 'id' } });
      const before = { role: current.role, disabled: current.disabled === 1 };
      const after = { role: request.body.role ?? before.role, disabled: request.body.disabled ?? before.disabled };
      const losesAdministrator = before.role === 'administrator' && !before.disabled && (after.role !== 'administrator' || after.disabled);
      // The console must keep someone who can manage operators.
      if (losesAdministrator && (await enabledAdministrators(db)) <= 1) {
        throw new ApiError(ERROR_CODES.conflict, 'errors.lastAdministrator', { field: request.body.role !== undefined ? 'role' : 'disabled' });
      }
      await db.updateTable('operator').set({ role: after.role, disabled: after.disabled ? 1 : 0 }).where('id', '=', current.id).execute();
      access.invalidate(id);
      await audit.record({ operatorId: request.principal!.id, action: 'console.operator.update', target: `operator/${id}`, before, after, ip: request.ip });
      const row = await db.selectFrom('operator').selectAll().where('id', '=', current.id).executeTakeFirstOrThrow();
      return listItemOf(row);
    },
  };

  const changePassword: RouteDefinition<unknown, { oldPassword: string; newPassword: string }> = {
    method: 'POST',
    path: '/console/me/password',
    auth: 'operator',
    schema: {
      body: {
        type: 'object',
        required: ['oldPassword', 'newPassword'],
        additionalProperties: false,
        properties: { oldPassword: { type: 'string', minLength: 1, maxLength: 200 }, newPassword: passwordSchema },
      },
    },
    async handler(request) {
      const operator = await findOperatorById(db, request.principal!.id);
      if (!operator) throw new ApiError(ERROR_CODES.unauthorized);
      if (!(await verifyPassword(operator.password_hash, request.body.oldPassword))) {
        await audit.record({ operatorId: String(operator.id), action: 'console.password.failure', target: `operator/${operator.id}`, ip: request.ip });
        throw new ApiError(ERROR_CODES.badRequest, 'errors.oldPasswordWrong', { field: 'oldPassword' });
      }
      if (request.body.oldPassword === request.body.newPassword) {
        throw new ApiError(ERROR_CODES.badRequest, 'errors.passwordUnchanged', { field: 'newPassword' });
      }
      const passwordHash = await hashPassword(request.body.newPassword, options.hashing);
      await db.updateTable('operator').set({ password_hash: passwordHash }).where('id', '=', operator.id).execute();
      // whoever else signed in with the old password is signed out; this session goes on
      const sessionsEnded = await endOperatorSessions(db, options.sessions, String(operator.id), options.now(), request.principal!.sessionId);
      await audit.record({ operatorId: String(operator.id), action: 'console.password.change', target: `operator/${operator.id}`, after: { sessionsEnded }, ip: request.ip });
      return { sessionsEnded };
    },
  };

  const resetTotp: RouteDefinition<unknown, unknown, { id: number }, OperatorListItem> = {
    method: 'POST',
    path: '/console/operators/{id}/totp-reset',
    auth: 'operator',
    permission: 'operators.manage',
    schema: { params: idParams },
    async handler(request) {
      const id = String(request.params.id);
      if (id === request.principal!.id) throw new ApiError(ERROR_CODES.badRequest, 'console-core:totpResetSelf', { field: 'id' });
      const current = await findOperatorById(db, id);
      if (!current) throw new ApiError(ERROR_CODES.notFound, 'errors.fieldNotFound', { field: 'id', params: { field: 'id' } });
      if (!current.totp_secret) throw new ApiError(ERROR_CODES.conflict, 'console-core:totpNotBound', { field: 'id' });
      await db.updateTable('operator').set({ totp_secret: null, totp_last_step: null }).where('id', '=', current.id).execute();
      // signed out everywhere, the operator signs in again and must bind a new authenticator first
      const sessionsEnded = await endOperatorSessions(db, options.sessions, id, options.now());
      access.invalidate(id);
      await audit.record({
        operatorId: request.principal!.id,
        action: 'console.totp.reset',
        target: `operator/${id}`,
        before: { totpBound: true },
        after: { totpBound: false, sessionsEnded },
        ip: request.ip,
      });
      const row = await db.selectFrom('operator').selectAll().where('id', '=', current.id).executeTakeFirstOrThrow();
      return listItemOf(row);
    },
  };

  return [list, create, update, changePassword, resetTotp];
}
