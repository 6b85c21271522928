import type { Kysely } from 'kysely';
import type { RouteDefinition } from '../../plugin-api';
import type { AuditLog } from '../audit';
import type { OperatorAccess } from './access';
import { auditRoutes } from './audit-routes';
import { consoleLoginRoute } from './login';
import { operatorRoutes } from './operator-routes';
import type { PasswordHashing } from './operators';
import { totpRoutes } from './totp-routes';

export interface ConsoleRoutesOptions {
  db: Kysely<any>;
  audit: AuditLog;
  access: OperatorAccess;
  tokenSecret: string;
  hashing: PasswordHashing;
  /** Shown in authenticator apps next to the operator's name. */
  issuer: string;
  now(): Date;
}

/** The kernel's console routes: sign-in, operator management, the operator's password and TOTP, the audit log. */
export function consoleRoutes(options: ConsoleRoutesOptions): RouteDefinition[] {
  return [consoleLoginRoute(options), ...operatorRoutes(options), ...totpRoutes(options), ...auditRoutes(options.db)];
}
