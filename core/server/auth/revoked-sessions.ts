import type { Kysely } from 'kysely';
import type { Principal } from '../../plugin-api';

/**
 * Sessions (token families) revoked before their access tokens expire — a removed device, "sign out other
 * devices". Tokens are verified without a database read, so the revoked ids are kept in memory, loaded at start
 * and written through on revocation. Rows are kept until the last token of the session has expired.
 */
export class RevokedSessions {
  private readonly revoked = new Map<string, number>();

  constructor(
    private readonly db: Kysely<any>,
    private readonly nowSeconds: () => number,
  ) {}

  async load(): Promise<void> {
    await this.db.deleteFrom('revoked_session').where('expires_at', '<=', this.nowSeconds()).execute();
    const rows = await this.db.selectFrom('revoked_session').select(['session_id', 'expires_at']).execute();
    for (const row of rows) this.revoked.set(String(row.session_id), Number(row.expires_at));
  }

  /** Revokes every access token of the session; `expiresAt` is when its last token expires anyway. */
  async revoke(sessionId: string, expiresAt: Date): Promise<void> {
    const expiresAtSeconds = Math.ceil(expiresAt.getTime() / 1000);
    if (this.revoked.has(sessionId)) return;
    await this.db
      .insertInto('revoked_session')
      .values({ session_id: sessionId, expires_at: expiresAtSeconds, created_at: new Date(this.nowSeconds() * 1000).toISOString() })
      .onConflict((conflict) => conflict.column('session_id').doNothing())
      .execute();
    this.revoked.set(sessionId, expiresAtSeconds);
  }

  /** The principal, unless its session was revoked. */
  admit(principal: Principal | null): Principal | null {
    if (!principal?.sessionId) return principal;
    const until = this.revoked.get(principal.sessionId);
    if (until === undefined) return principal;
    if (until <= this.nowSeconds()) {
      this.revoked.delete(principal.sessionId);
      return principal;
    }
    return null;
  }
}
