import type { Kysely } from 'kysely';
import { OPERATOR_ROLES, roleHasPermission, type Permission, type Principal } from '../../../core/plugin-api';
import { rowIdOf } from '../../../core/server';

export interface OperatorState {
  id: string;
  name: string;
  role: string;
  disabled: boolean;
  totpBound: boolean;
}

/** How long an operator's role and state are reused; the kernel's operator gate caches them as long. */
const CACHE_MS = 5_000;

/**
 * The console's operators as the chat needs them: names for the desk, the agents who may answer, and the
 * permission check of realtime subscriptions (which, unlike routes, the kernel does not gate by role).
 */
export class OperatorDirectory {
  private readonly cache = new Map<string, { state: OperatorState | null; at: number }>();

  constructor(
    private readonly db: Kysely<any>,
    private readonly nowMs: () => number,
  ) {}

  async state(operatorId: string): Promise<OperatorState | null> {
    // text that names no row is answered without a query or a cache entry
    const id = rowIdOf(operatorId);
    if (id === null) return null;
    const cached = this.cache.get(operatorId);
    if (cached && this.nowMs() - cached.at < CACHE_MS) return cached.state;
    const row = await this.db.selectFrom('operator').select(['id', 'username', 'role', 'disabled', 'totp_secret']).where('id', '=', id).executeTakeFirst();
    const state = row ? stateOf(row) : null;
    this.cache.set(operatorId, { state, at: this.nowMs() });
    return state;
  }

  /** True for an enabled operator with TOTP bound whose role holds the permission. */
  async can(principal: Principal | null, permission: Permission): Promise<boolean> {
    if (principal?.kind !== 'operator') return false;
    const state = await this.state(principal.id);
    return state !== null && !state.disabled && state.totpBound && roleHasPermission(state.role, permission);
  }

  async nameOf(operatorId: string | null): Promise<string | null> {
    if (operatorId === null) return null;
    return (await this.state(operatorId))?.name ?? null;
  }

  /** Enabled operators whose role may answer chats (chat.reply), by name. */
  async agents(): Promise<OperatorState[]> {
    const roles = OPERATOR_ROLES.filter((role) => roleHasPermission(role, 'chat.reply'));
    const rows = await this.db
      .selectFrom('operator')
      .select(['id', 'username', 'role', 'disabled', 'totp_secret'])
      .where('role', 'in', roles)
      .where('disabled', '=', 0)
      .orderBy('username')
      .execute();
    return rows.map(stateOf);
  }
}

function stateOf(row: Record<string, unknown>): OperatorState {
  return {
    id: String(row.id),
    name: String(row.username),
    role: String(row.role),
    disabled: Number(row.disabled) === 1,
    totpBound: Boolean(row.totp_secret),
  };
}
