import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { RouteDefinition } from '../../plugin-api';
import { ApiError, ERROR_CODES } from '../../shared';
import type { AuditLog } from '../audit';
import type { OperatorAccess } from './access';
import { findOperatorById } from './operators';
import { generateTotpSecret, matchTotpStep, totpUri } from './totp';
import { bindTotpSecret, clearSetupSessions } from './totp-binding';

/** How long a secret offered for binding waits for its first code. */
export const PENDING_SECRET_MS = 10 * 60 * 1000;

export interface TotpSecretOffer {
  secret: string;
  uri: string;
  /** The URI as a PNG data URL, for authenticator apps to scan. */
  qr: string;
}

export interface TotpRoutesOptions {
  db: Kysely<any>;
  audit: AuditLog;
  access: OperatorAccess;
  issuer: string;
  now(): Date;
}

/**
 * Binding TOTP: POST /console/me/totp/secret offers a new secret (kept in memory for 10 minutes), POST
 * /console/me/totp {code} binds it once a code of it is right. A bound secret is not shown again.
 */
export function totpRoutes(options: TotpRoutesOptions): RouteDefinition[] {
  const { db, audit, access } = options;
  const pending = new Map<string, { secret: string; expiresAt: number }>();
  const alreadyBound = () => new ApiError(ERROR_CODES.conflict, 'errors.totpAlreadyBound');

  const offer: RouteDefinition<unknown, unknown, unknown, TotpSecretOffer> = {
    method: 'POST',
    path: '/console/me/totp/secret',
    auth: 'operator',
    async handler(request) {
      const operator = await findOperatorById(db, request.principal!.id);
      if (!operator) throw new ApiError(ERROR_CODES.unauthorized);
      if (operator.totp_secret) throw alreadyBound();
      const secret = generateTotpSecret();
      pending.set(String(operator.id), { secret, expiresAt: options.now().getTime() + PENDING_SECRET_MS });
      const uri = totpUri(secret, operator.username, options.issuer);
      return { secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
    },
  };

  const bind: RouteDefinition<unknown, { code: string }> = {
    method: 'POST',
    path: '/console/me/totp',
    auth: 'operator',
    schema: {
      body: { type: 'object', required: ['code'], additionalProperties: false, properties: { code: { type: 'string', pattern: '^\\d{6}$' } } },
    },
    async handler(request) {
      const operatorId = request.principal!.id;
      const operator = await findOperatorById(db, operatorId);
      if (!operator) throw new ApiError(ERROR_CODES.unauthorized);
      if (operator.totp_secret) throw alreadyBound();
      const nowMs = options.now().getTime();
      const offered = pending.get(operatorId);
      if (!offered || offered.expiresAt <= nowMs) throw new ApiError(ERROR_CODES.badRequest, 'errors.totpNoSecret', { field: 'code' });
      const step = matchTotpStep(offered.secret, request.body.code, nowMs);
      if (step === null) throw new ApiError(ERROR_CODES.badRequest, 'errors.totpInvalid', { field: 'code' });
      if (!(await bindTotpSecret(db, operator.id, offered.secret, step))) throw alreadyBound();
      pending.delete(operatorId);
      await clearSetupSessions(db, operatorId);
      access.invalidate(operatorId);
      await audit.record({ operatorId, action: 'console.totp.bind', target: `operator/${operatorId}`, ip: request.ip });
      return { totpBound: true };
    },
  };

  return [offer, bind];
}
