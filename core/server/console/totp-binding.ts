import type { Kysely } from 'kysely';
import { matchTotpStep } from './totp';

/**
 * Accepts a code of the operator's bound secret once: the step it belongs to must be later than the last
 * step accepted, and recording it is a conditional update, so two requests with one code cannot both pass.
 */
export async function acceptTotpCode(
  db: Kysely<any>,
  operator: { id: number; totp_secret: string | null; totp_last_step: number | null },
  code: string,
  nowMs: number,
): Promise<boolean> {
  if (!operator.totp_secret) return false;
  const step = matchTotpStep(operator.totp_secret, code, nowMs);
  if (step === null) return false;
  const result = await db
    .updateTable('operator')
    .set({ totp_last_step: step })
    .where('id', '=', operator.id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records that binding TOTP is the only thing this session may do (besides changing the password). */
export async function markSetupSession(db: Kysely<any>, sessionId: string, operatorId: string, now: Date): Promise<void> {
  await db.insertInto('operator_setup_session').values({ session_id: sessionId, operator_id: operatorId, created_at: now.toISOString() }).execute();
}

/** Once TOTP is bound, the operator's sessions opened before it stop being restricted. */
export async function clearSetupSessions(db: Kysely<any>, operatorId: string): Promise<void> {
  await db.deleteFrom('operator_setup_session').where('operator_id', '=', operatorId).execute();
}

/** Binds a secret whose code the operator just proved to hold; the step is used up. */
export async function bindTotpSecret(db: Kysely<any>, operatorId: number, secret: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('operator')
    .set({ totp_secret: secret, totp_last_step: step })
    .where('id', '=', operatorId)
    .where('totp_secret', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

