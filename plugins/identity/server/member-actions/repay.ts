import type { Kysely } from 'kysely';
import { ApiError, ERROR_CODES, notFoundError, pageOf, type Page, type ServerContext } from '../../../../core/server';
import { RETURN_STATUS, type ReturnApplication, type ReturnStatus } from '../../shared/types';

export const RETURN_NOTE_MAX = 500;

function toApplication(row: Record<string, any>): ReturnApplication {
  return {
    id: String(row.id),
    member_id: String(row.member_id),
    uid: row.uid ?? null,
    status: Number(row.status) as ReturnStatus,
    created_at: String(row.created_at),
    processed_at: row.processed_at ?? null,
    operator_id: row.operator_id === null || row.operator_id === undefined ? null : String(row.operator_id),
    note: row.note ?? null,
  };
}

async function latestApplication(db: Kysely<any>, memberId: number): Promise<Record<string, any> | undefined> {
  return db.selectFrom('return_apply').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The member's repay status: that of the latest application, null when there is none. */
export async function returnStatus(db: Kysely<any>, memberId: number): Promise<ReturnStatus | null> {
  const latest = await latestApplication(db, memberId);
  return latest ? (Number(latest.status) as ReturnStatus) : null;
}

/**
 * Files a return application unless one is open (returning) or the funds were returned already (409).
 * A unique index on open applications per member stops two parallel requests from both getting in.
 */
export async function applyForReturn(db: Kysely<any>, memberId: number, now: Date): Promise<void> {
  const refuse = (status: ReturnStatus | null) =>
    status === RETURN_STATUS.returned
      ? new ApiError(ERROR_CODES.conflict, 'identity:returnAlreadyDone')
      : new ApiError(ERROR_CODES.conflict, 'identity:returnAlreadyApplied');
  const status = await returnStatus(db, memberId);
  if (status === RETURN_STATUS.returning || status === RETURN_STATUS.returned) throw refuse(status);
  try {
    await db
      .insertInto('return_apply')
      .values({ member_id: memberId, status: RETURN_STATUS.returning, created_at: now.toISOString(), processed_at: null, operator_id: null, note: null })
      .execute();
  } catch (error) {
    const after = await returnStatus(db, memberId);
    if (after === RETURN_STATUS.returning) throw refuse(after);
    throw error;
  }
}

export interface ReturnApplyQuery {
  status?: ReturnStatus;
  page: number;
  size: number;
}

export async function listReturnApplications(db: Kysely<any>, query: ReturnApplyQuery): Promise<Page<ReturnApplication>> {
  let base = db.selectFrom('return_apply');
  if (query.status !== undefined) base = base.where('return_apply.status', '=', query.status);
  const counted = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('member', 'member.id', 'return_apply.member_id')
    .selectAll('return_apply')
    .select('member.uid')
    .orderBy('return_apply.id', 'desc')
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute();
  return pageOf(rows.map(toApplication), Number(counted.total), query.size, query.page);
}

/**
 * An operator completes (returned) or rejects an open application; the change and the operator are
 * written to the audit log. Only an open application can be processed (409 otherwise).
 */
export async function processReturnApplication(
  context: ServerContext,
  input: { id: number; outcome: 'complete' | 'reject'; operatorId: string; note: string | null; ip: string },
): Promise<ReturnApplication> {
  const { db } = context;
  const before = await db.selectFrom('return_apply').selectAll().where('id', '=', input.id).executeTakeFirst();
  if (!before) throw notFoundError('id');
  if (Number(before.status) !== RETURN_STATUS.returning) throw new ApiError(ERROR_CODES.conflict, 'identity:returnNotOpen', { field: 'id' });
  const status = input.outcome === 'complete' ? RETURN_STATUS.returned : RETURN_STATUS.rejected;
  const changes = { status, processed_at: context.now().toISOString(), operator_id: input.operatorId, note: input.note };
  const updated = await db.updateTable('return_apply').set(changes).where('id', '=', input.id).where('status', '=', RETURN_STATUS.returning).executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(ERROR_CODES.conflict, 'identity:returnNotOpen', { field: 'id' });
  const after = { ...before, ...changes };
  await context.audit.record({
    operatorId: input.operatorId,
    action: `identity.return-apply.${input.outcome}`,
    target: `return_apply:${input.id}`,
    before: toApplication(before),
    after: toApplication(after),
    ip: input.ip,
  });
  return toApplication(after);
}
