import type { Kysely } from 'kysely';
import type { ServerContext } from '../../plugin-api';

export type SessionRevoker = ServerContext['sessions'];

/** Remembers a session an operator signed in with (until its token expires), so it can be ended early. */
export async function recordOperatorSession(
  db: Kysely<any>,
  session: { sessionId: string; operatorId: string; expiresAtSeconds: number },
  now: Date,
): Promise<void> {
  await db.deleteFrom('operator_session').where('operator_id', '=', session.operatorId).where('expires_at', '<=', Math.floor(now.getTime() / 1000)).execute();
  await db
    .insertInto('operator_session')
    .values({ session_id: session.sessionId, operator_id: session.operatorId, expires_at: session.expiresAtSeconds, created_at: now.toISOString() })
    .execute();
}

/**
 * Ends the operator's live sessions, all of them or all but `except` (the session making the request): each is
 * revoked through the kernel, so its tokens answer 401 from the next request on. Returns how many were ended.
 */
export async function endOperatorSessions(
  db: Kysely<any>,
  sessions: SessionRevoker,
  operatorId: string,
  now: Date,
  except?: string,
): Promise<number> {
  let query = db
    .selectFrom('operator_session')
    .select(['session_id', 'expires_at'])
    .where('operator_id', '=', operatorId)
    .where('expires_at', '>', Math.floor(now.getTime() / 1000));
  if (except !== undefined) query = query.where('session_id', '!=', except);
  const live = await query.execute();
  for (const session of live) await sessions.revoke(String(session.session_id), new Date(Number(session.expires_at) * 1000));
  if (live.length > 0) await db.deleteFrom('operator_session').where('session_id', 'in', live.map((session) => String(session.session_id))).execute();
  return live.length;
}
