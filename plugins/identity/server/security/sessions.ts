import type { ServerContext } from '../../../../core/server';

/**
 * Ends the member's sessions except one: every live refresh-token family is revoked and the kernel stops its
 * access tokens at once. Returns how many sessions were ended.
 */
export async function endMemberSessions(context: ServerContext, memberId: number, exceptSessionId?: string): Promise<number> {
  const now = context.now();
  const families = await context.db.transaction().execute(async (trx) => {
    let live = trx
      .selectFrom('refresh_token')
      .select('family_id')
      .select((eb) => eb.fn.max('expires_at').as('last_expiry'))
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .groupBy('family_id');
    if (exceptSessionId) live = live.where('family_id', '!=', exceptSessionId);
    const rows = await live.execute();
    if (rows.length === 0) return [];
    const ids = rows.map((row) => String(row.family_id));
    await trx.updateTable('refresh_token').set({ revoked_at: now.toISOString() }).where('family_id', 'in', ids).where('revoked_at', 'is', null).execute();
    // an access token is issued with each refresh token, so the family's latest refresh expiry bounds them
    return rows.map((row) => ({ familyId: String(row.family_id), expiresAt: new Date(String(row.last_expiry)) }));
  });
  for (const family of families) await context.sessions.revoke(family.familyId, family.expiresAt);
  return families.length;
}
