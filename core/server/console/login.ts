import type { Kysely } from 'kysely';
import type { RouteDefinition } from '../../plugin-api';
import { ApiError, ERROR_CODES } from '../../shared';
import type { AuditLog } from '../audit';
import { issueAccessToken } from '../auth/tokens';
import { FailureLimiter } from './failure-limiter';
import { recordOperatorSession } from './operator-sessions';
import { findOperator, hashPassword, verifyPassword, type PasswordHashing } from './operators';
import { acceptTotpCode, markSetupSession } from './totp-binding';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export interface ConsoleLoginOptions {
  db: Kysely<any>;
  audit: AuditLog;
  tokenSecret: string;
  hashing: PasswordHashing;
  now(): Date;
}

/**
 * POST /console/auth/login: one answer for an unknown user, a disabled one and a wrong password
 * (a dummy hash is verified for unknown users so timing does not tell them apart either);
 * 5 failures per IP or per username within 15 minutes block further attempts with 429.
 */
export function consoleLoginRoute(options: ConsoleLoginOptions): RouteDefinition<unknown, { username: string; password: string; code?: string }> {
  const limiter = new FailureLimiter(LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS);
  let dummyHash: Promise<string> | undefined;
  const invalid = () => new ApiError(ERROR_CODES.unauthorized, 'errors.invalidCredentials');

  return {
    method: 'POST',
    path: '/console/auth/login',
    schema: {
      body: {
        type: 'object',
        required: ['username', 'password'],
        additionalProperties: false,
        properties: {
          username: { type: 'string', minLength: 1, maxLength: 64 },
          password: { type: 'string', minLength: 1, maxLength: 200 },
          code: { type: 'string', maxLength: 10 },
        },
      },
    },
    async handler(request) {
      const { username, password } = request.body;
      const nowMs = options.now().getTime();
      const keys = [`ip:${request.ip}`, `user:${username.toLowerCase()}`];
      const wait = Math.max(...keys.map((key) => limiter.blockedFor(key, nowMs)));
      if (wait > 0) {
        await options.audit.write({ operatorId: null, action: 'console.login.blocked', target: username, ip: request.ip });
        throw new ApiError(ERROR_CODES.rateLimited, 'errors.loginRateLimited', { params: { minutes: Math.ceil(wait / 60_000) } });
      }
      const operator = await findOperator(options.db, username);
      const ok = operator
        ? await verifyPassword(operator.password_hash, password)
        : await verifyPassword(await (dummyHash ??= hashPassword('not-a-password', options.hashing)), password).then(() => false);
      if (!operator || !ok || operator.disabled) {
        for (const key of keys) limiter.fail(key, nowMs);
        await options.audit.write({
          operatorId: operator ? String(operator.id) : null,
          action: 'console.login.failure',
          target: username,
          ip: request.ip,
        });
        throw invalid();
      }
      const operatorId = String(operator.id);
      if (operator.totp_secret) {
        const code = request.body.code?.trim();
        // The password was right: ask for the second factor without counting a failure.
        if (!code) throw new ApiError(ERROR_CODES.whitelisted, 'errors.totpCodeRequired', { field: 'code' });
        if (!(await acceptTotpCode(options.db, operator, code, nowMs))) {
          for (const key of keys) limiter.fail(key, nowMs);
          await options.audit.write({ operatorId, action: 'console.login.totpFailure', target: username, ip: request.ip });
          throw new ApiError(ERROR_CODES.unauthorized, 'errors.totpInvalid', { field: 'code' });
        }
      }
      limiter.reset(keys[1]);
      const { token, claims } = issueAccessToken({ kind: 'operator', id: operatorId }, options.tokenSecret, {
        nowSeconds: Math.floor(nowMs / 1000),
      });
      await recordOperatorSession(options.db, { sessionId: claims.sid, operatorId, expiresAtSeconds: claims.exp }, options.now());
      const totpBound = Boolean(operator.totp_secret);
      // Without TOTP the session may only bind it (and change the password) until it is bound.
      if (!totpBound) await markSetupSession(options.db, claims.sid, operatorId, options.now());
      await options.audit.write({ operatorId, action: 'console.login.success', target: username, ip: request.ip });
      return {
        access_token: token,
        token_type: 'bearer',
        expires_in: claims.exp - claims.iat,
        operator: { id: operatorId, username: operator.username, role: operator.role },
        totpBound,
      };
    },
  };
}
