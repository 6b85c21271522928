import type { Kysely } from 'kysely';
import { ApiError, ERROR_CODES, notFoundError } from '../../../../core/server';
import { PAYMENT_METHODS_MAX, type PaymentBody, type PaymentMethod } from '../../shared/types';

const VISIBLE_TAIL = 4;

/** A bank account number as lists show it: only the last 4 characters. */
export function maskAccountNumber(accountNumber: string): string {
  return `****${accountNumber.slice(-VISIBLE_TAIL)}`;
}

/** The table row of a validated body: one column set for both kinds, unused columns null. */
export function paymentColumns(body: PaymentBody): Record<string, string | null> {
  if (body.kind === 'bank') {
    return {
      kind: 'bank',
      holder_name: body.holderName,
      account: body.accountNumber,
      bank_name: body.bankName,
      branch: body.branch || null,
      provider: null,
      qr_image: null,
    };
  }
  return {
    kind: 'ewallet',
    holder_name: body.holderName,
    account: body.account,
    bank_name: null,
    branch: null,
    provider: body.provider,
    qr_image: body.qrImage || null,
  };
}

export function toPaymentMethod(row: Record<string, any>): PaymentMethod {
  const common = { id: String(row.id), created_at: String(row.created_at), updated_at: String(row.updated_at), holderName: String(row.holder_name) };
  if (row.kind === 'bank') {
    return {
      ...common,
      kind: 'bank',
      bankName: String(row.bank_name),
      accountNumber: maskAccountNumber(String(row.account)),
      ...(row.branch ? { branch: String(row.branch) } : {}),
    };
  }
  return {
    ...common,
    kind: 'ewallet',
    provider: String(row.provider),
    account: String(row.account),
    ...(row.qr_image ? { qrImage: String(row.qr_image) } : {}),
  };
}

export async function listPaymentMethods(db: Kysely<any>, memberId: number): Promise<PaymentMethod[]> {
  const rows = await db.selectFrom('member_payment').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
  return rows.map(toPaymentMethod);
}

export async function addPaymentMethod(db: Kysely<any>, memberId: number, body: PaymentBody, now: Date): Promise<PaymentMethod> {
  return db.transaction().execute(async (trx) => {
    // A no-op update locks the member's row (PostgreSQL; SQLite serialises writers anyway), so two adds sent at once
    // count one after the other and the limit holds.
    await trx.updateTable('member').set((eb) => ({ id: eb.ref('id') })).where('id', '=', memberId).execute();
    const counted = await trx.selectFrom('member_payment').select((eb) => eb.fn.countAll().as('total')).where('member_id', '=', memberId).executeTakeFirstOrThrow();
    if (Number(counted.total) >= PAYMENT_METHODS_MAX) {
      throw new ApiError(ERROR_CODES.conflict, 'identity:paymentLimit', { params: { max: PAYMENT_METHODS_MAX } });
    }
    const at = now.toISOString();
    const inserted = await trx
      .insertInto('member_payment')
      .values({ member_id: memberId, ...paymentColumns(body), created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await trx.selectFrom('member_payment').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
    return toPaymentMethod(row);
  });
}

/** Replaces a method's fields (its kind may change); another member's id answers like a missing one. */
export async function editPaymentMethod(db: Kysely<any>, memberId: number, id: number, body: PaymentBody, now: Date): Promise<PaymentMethod> {
  const updated = await db
    .updateTable('member_payment')
    .set({ ...paymentColumns(body), updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw notFoundError('id');
  const row = await db.selectFrom('member_payment').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return toPaymentMethod(row);
}

export async function deletePaymentMethod(db: Kysely<any>, memberId: number, id: number): Promise<void> {
  const deleted = await db.deleteFrom('member_payment').where('id', '=', id).where('member_id', '=', memberId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFoundError('id');
}
