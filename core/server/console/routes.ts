import type { Kysely } from 'kysely';
import type { RouteDefinition, SiteConfig } from '../../plugin-api';
import type { AuditLog } from '../audit';
import { collectionRoutes } from '../cgform/console-routes';
import { settingsRoutes } from '../cgform/settings-routes';
import type { CgformStore } from '../cgform/store';
import type { OperatorAccess } from './access';
import { auditRoutes } from './audit-routes';
import { consoleLoginRoute } from './login';
import { operatorRoutes } from './operator-routes';
import type { SessionRevoker } from './operator-sessions';
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
  /** The cgform collections operators edit. */
  store: CgformStore;
  /** The sites this process serves, whose settings operators edit. */
  sites: SiteConfig[];
  /** Ends sessions early (a password change, a TOTP reset). */
  sessions: SessionRevoker;
  now(): Date;
}

/**
 * The kernel's console routes: sign-in, operator management, the operator's password and TOTP, the audit log,
 * content collections and site settings.
 */
export function consoleRoutes(options: ConsoleRoutesOptions): RouteDefinition[] {
  return [
    consoleLoginRoute(options),
    ...operatorRoutes(options),
    ...totpRoutes(options),
    ...auditRoutes(options.db),
    ...collectionRoutes(options),
    ...settingsRoutes(options),
  ];
}
