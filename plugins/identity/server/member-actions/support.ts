import type { Kysely } from 'kysely';
import { ApiError, ERROR_CODES } from '../../../../core/server';

/** The once-only support action: sets member.supported = 1; a second call is refused and changes nothing. */
export async function supportOnce(db: Kysely<any>, memberId: number): Promise<void> {
  const updated = await db.updateTable('member').set({ supported: 1 }).where('id', '=', memberId).where('supported', '=', 0).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new ApiError(ERROR_CODES.badRequest, 'identity:alreadySupported');
}
