import type { Kysely } from 'kysely';
import { maskIdNumber, type KycApplicationView, type KycImage, type KycReviewItem, type KycStatus } from '../shared/types';

export interface NewApplication {
  memberId: string;
  realName: string;
  idNumberHash: string;
  idNumberLast4: string;
  country: string;
  images: Partial<Record<KycImage, string>> & Record<'front' | 'back' | 'hand', string>;
  createdAt: string;
}

interface ApplicationRow {
  id: number | string;
  member_id: string;
  real_name: string;
  id_number_last4: string;
  country: string;
  front_upload: string;
  back_upload: string;
  hand_upload: string;
  phone_upload: string | null;
  status: KycStatus;
  reason: string | null;
  created_at: string;
  reviewed_at: string | null;
  operator_id: string | null;
}

const IMAGE_COLUMNS = { front: 'front_upload', back: 'back_upload', hand: 'hand_upload', phone: 'phone_upload' } as const;

export function viewOf(row: ApplicationRow): KycApplicationView {
  return {
    status: row.status,
    reason: row.reason ?? null,
    realName: row.real_name,
    idNumberMasked: maskIdNumber(row.id_number_last4),
    country: row.country,
    submittedAt: row.created_at,
    reviewedAt: row.reviewed_at ?? null,
  };
}

export function reviewItemOf(row: ApplicationRow): KycReviewItem {
  return {
    ...viewOf(row),
    id: String(row.id),
    memberId: String(row.member_id),
    images: (Object.keys(IMAGE_COLUMNS) as KycImage[]).filter((image) => row[IMAGE_COLUMNS[image]]),
    operatorId: row.operator_id ?? null,
  };
}

/** A unique-index violation on SQLite or PostgreSQL (the one-open-application rule). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(message ?? '');
}

/** The kyc_application table. */
export class Applications {
  constructor(private readonly db: Kysely<any>) {}

  async latestOf(memberId: string): Promise<ApplicationRow | undefined> {
    return (await this.db
      .selectFrom('kyc_application')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()) as ApplicationRow | undefined;
  }

  async hasOpen(memberId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('kyc_application')
      .select('id')
      .where('member_id', '=', memberId)
      .where('status', '=', 'submitted')
      .executeTakeFirst();
    return row !== undefined;
  }

  async isApproved(memberId: string): Promise<boolean> {
    return (await this.latestOf(memberId))?.status === 'approved';
  }

  async insert(application: NewApplication): Promise<void> {
    await this.db
      .insertInto('kyc_application')
      .values({
        member_id: application.memberId,
        real_name: application.realName,
        id_number_hash: application.idNumberHash,
        id_number_last4: application.idNumberLast4,
        country: application.country,
        front_upload: application.images.front,
        back_upload: application.images.back,
        hand_upload: application.images.hand,
        phone_upload: application.images.phone ?? null,
        status: 'submitted',
        created_at: application.createdAt,
      })
      .execute();
  }

  async byId(id: number): Promise<ApplicationRow | undefined> {
    return (await this.db.selectFrom('kyc_application').selectAll().where('id', '=', id).executeTakeFirst()) as ApplicationRow | undefined;
  }

  /** Oldest first: the queue is worked in arrival order. */
  async page(filter: { status?: KycStatus; page: number; size: number }): Promise<{ rows: ApplicationRow[]; total: number }> {
    let query = this.db.selectFrom('kyc_application');
    if (filter.status) query = query.where('status', '=', filter.status);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('id', 'asc').limit(filter.size).offset((filter.page - 1) * filter.size).execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as ApplicationRow[], total: Number(count.total) };
  }

  /** Decides an open application; false when it was no longer open. */
  async review(id: number, decision: { status: 'approved' | 'rejected'; reason: string | null; operatorId: string; at: string }): Promise<boolean> {
    const result = await this.db
      .updateTable('kyc_application')
      .set({ status: decision.status, reason: decision.reason, operator_id: decision.operatorId, reviewed_at: decision.at })
      .where('id', '=', id)
      .where('status', '=', 'submitted')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  static imageOf(row: ApplicationRow, which: KycImage): string | null {
    return row[IMAGE_COLUMNS[which]] ?? null;
  }
}

export type { ApplicationRow };
