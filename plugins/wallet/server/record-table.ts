import type { Kysely } from 'kysely';
import { pageOf, type Page, type ServerRegistrar } from '../../../core/server';
import type { RecordFilter } from '../shared/types';
import { EXPORT_LIMIT, pagingOf, queryOf, recordFilterSchema, whereRecord, type RecordQuery } from './record-filter';

/** The reads a deposit or withdrawal table shares: rows mapped by `rowOf`, newest first pages and exports. */
export class RecordTable<Row> {
  constructor(
    protected readonly db: Kysely<any>,
    private readonly table: string,
    private readonly rowOf: (row: Record<string, any>) => Row,
  ) {}

  async page(filter: RecordQuery, current: number, size: number): Promise<{ rows: Row[]; total: number }> {
    const counted = await whereRecord(this.db.selectFrom(this.table), filter)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst();
    const rows = await this.many((q) =>
      whereRecord(q, filter)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset((current - 1) * size),
    );
    return { rows, total: Number(counted?.count ?? 0) };
  }

  exportRows(filter: RecordQuery): Promise<Row[]> {
    return this.many((q) => whereRecord(q, filter).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(EXPORT_LIMIT));
  }

  protected async one(narrow: (q: any) => any): Promise<Row | null> {
    const row = await narrow(this.db.selectFrom(this.table).selectAll()).executeTakeFirst();
    return row ? this.rowOf(row) : null;
  }

  protected async many(narrow: (q: any) => any): Promise<Row[]> {
    const rows = await narrow(this.db.selectFrom(this.table).selectAll()).execute();
    return rows.map(this.rowOf);
  }
}

/** A member route listing the member's own records of a table (POST, RecordFilter body), a page, newest first. */
export function registerRecordLog<Row, Record>(
  registrar: ServerRegistrar,
  route: { path: string; statuses: readonly string[]; table: RecordTable<Row>; recordOf: (row: Row, t: (key: string) => string) => Record },
): void {
  registrar.route<unknown, RecordFilter | undefined, unknown, Page<Record>>({
    method: 'POST',
    path: route.path,
    auth: 'user',
    schema: { body: recordFilterSchema(route.statuses) },
    async handler(request) {
      const { current, size } = pagingOf(request.body);
      const { rows, total } = await route.table.page({ ...queryOf(request.body), memberId: request.principal!.id }, current, size);
      return pageOf(
        rows.map((row) => route.recordOf(row, request.t)),
        total,
        size,
        current,
      );
    },
  });
}
