import type { Kysely } from 'kysely';
import { roleHasPermission, type Principal, type RouteDefinition } from '../../plugin-api';
import { ApiError, ERROR_CODES, rowIdOf } from '../../shared';

/** Routes an operator may use before TOTP is bound: see who they are, change the password, bind TOTP. */
export const CONSOLE_SETUP_PATHS: ReadonlySet<string> = new Set([
  '/console/me',
  '/console/me/password',
  '/console/me/totp',
  '/console/me/totp/secret',
]);

/** data.field of the 403 that sends the console web to the TOTP binding page. */
export const TOTP_SETUP_FIELD = 'totp';

export const OPERATOR_CACHE_MS = 5_000;

export interface OperatorState {
  id: string;
  username: string;
  role: string;
  disabled: boolean;
  totpBound: boolean;
}

/**
 * The kernel's gate for operator routes: the operator must exist and be enabled, hold the route's permission
 * under their current role, and have TOTP bound unless the route is one of the setup routes. Operator rows are
 * cached briefly; the console's own operator changes invalidate them at once.
 */
export class OperatorAccess {
  private readonly cache = new Map<string, { state: OperatorState | null; at: number }>();

  constructor(
    private readonly db: Kysely<any>,
    private readonly now: () => Date,
    private readonly cacheMs = OPERATOR_CACHE_MS,
  ) {}

  async state(operatorId: string): Promise<OperatorState | null> {
    // text that names no row is answered without a query or a cache entry
    const id = rowIdOf(operatorId);
    if (id === null) return null;
    const nowMs = this.now().getTime();
    const cached = this.cache.get(operatorId);
    if (cached && nowMs - cached.at < this.cacheMs) return cached.state;
    const row = await this.db.selectFrom('operator').select(['id', 'username', 'role', 'disabled', 'totp_secret']).where('id', '=', id).executeTakeFirst();
    const state: OperatorState | null = row
      ? { id: String(row.id), username: String(row.username), role: String(row.role), disabled: Number(row.disabled) === 1, totpBound: Boolean(row.totp_secret) }
      : null;
    this.cache.set(operatorId, { state, at: nowMs });
    return state;
  }

  invalidate(operatorId: string): void {
    this.cache.delete(operatorId);
  }

  async isSetupSession(sessionId: string | undefined): Promise<boolean> {
    if (!sessionId) return false;
    const row = await this.db.selectFrom('operator_setup_session').select('session_id').where('session_id', '=', sessionId).executeTakeFirst();
    return row !== undefined;
  }

  /** Throws 401 for a missing or disabled operator, 403 without TOTP or without the route's permission. */
  async check(principal: Principal, route: Pick<RouteDefinition, 'path' | 'permission'>): Promise<OperatorState> {
    const state = await this.state(principal.id);
    if (!state || state.disabled) throw new ApiError(ERROR_CODES.unauthorized);
    if (!CONSOLE_SETUP_PATHS.has(route.path)) {
      const mustBind = !state.totpBound && (state.role !== 'administrator' || (await this.isSetupSession(principal.sessionId)));
      if (mustBind) throw new ApiError(ERROR_CODES.forbidden, 'errors.totpSetupRequired', { field: TOTP_SETUP_FIELD });
    }
    if (route.permission !== undefined && !roleHasPermission(state.role, route.permission)) {
      throw new ApiError(ERROR_CODES.forbidden, 'errors.permissionDenied');
    }
    return state;
  }
}
