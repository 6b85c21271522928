import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect, JsonSchema } from '../../plugin-api';
import { jsonFieldSortKey, jsonFieldText } from '../db/columns';
import { REPO_ROOT } from '../site-config-loader';

export const CGFORM_SCHEMA_DIR = join(REPO_ROOT, 'schemas', 'cgform');

export interface FormHead {
  id: number;
  code: string;
  name: string;
  schema: JsonSchema & { properties?: Record<string, { type?: string | string[]; enum?: unknown[] }> };
  uiSchema: JsonSchema;
}

/** A stored row as the API shows it: its id, then its data fields. */
export type FormRow = { id: number } & Record<string, unknown>;

export interface RowQuery {
  filters: Record<string, string>;
  /** "id", "created_at", "updated_at" or a property of the form's schema. */
  column: string;
  order: 'asc' | 'desc';
  /** Omitted for every row. */
  limit?: number;
  offset?: number;
}

export const ROW_COLUMNS = ['id', 'created_at', 'updated_at'] as const;

export function readFormSchema(code: string): JsonSchema {
  return JSON.parse(readFileSync(join(CGFORM_SCHEMA_DIR, `${code}.schema.json`), 'utf8'));
}

function toHead(row: Record<string, any>): FormHead {
  return { id: Number(row.id), code: row.code, name: row.name, schema: JSON.parse(row.schema), uiSchema: JSON.parse(row.ui_schema) };
}

function toRow(row: { id: unknown; data: unknown }): FormRow {
  return { id: Number(row.id), ...(JSON.parse(String(row.data)) as Record<string, unknown>) };
}

/** JSON type of a top-level property, from "type" or from the values of an "enum". */
export function propertyType(head: FormHead, field: string): string | undefined {
  const property = head.schema.properties?.[field];
  if (!property) return undefined;
  if (typeof property.type === 'string') return property.type;
  if (Array.isArray(property.enum) && property.enum.length > 0) {
    return typeof property.enum[0] === 'number' ? 'number' : typeof property.enum[0];
  }
  return undefined;
}

export class CgformStore {
  constructor(
    private readonly db: Kysely<any>,
    private readonly dialect: Dialect,
    private readonly now: () => Date,
  ) {}

  async head(code: string): Promise<FormHead | undefined> {
    const row = await this.db.selectFrom('cgform_head').selectAll().where('code', '=', code).executeTakeFirst();
    return row ? toHead(row) : undefined;
  }

  async forms(): Promise<Array<{ code: string; name: string }>> {
    return this.db.selectFrom('cgform_head').select(['code', 'name']).orderBy('id', 'asc').execute();
  }

  /** Every form head with its schemas, oldest first. */
  async heads(): Promise<FormHead[]> {
    const rows = await this.db.selectFrom('cgform_head').selectAll().orderBy('id', 'asc').execute();
    return rows.map(toHead);
  }

  /** Row count per form code (forms without rows are absent). */
  async rowCounts(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('cgform_row')
      .select(['form_code', sql<string | number>`count(*)`.as('total')])
      .groupBy('form_code')
      .execute();
    return new Map(rows.map((row) => [String(row.form_code), Number(row.total)]));
  }

  async createHead(
    executor: Kysely<any> | Transaction<any>,
    form: { code: string; name: string; schema: JsonSchema; uiSchema?: JsonSchema },
  ): Promise<void> {
    await executor
      .insertInto('cgform_head')
      .values({
        code: form.code,
        name: form.name,
        schema: JSON.stringify(form.schema),
        ui_schema: JSON.stringify(form.uiSchema ?? {}),
        created_at: this.now().toISOString(),
      })
      .execute();
  }

  async insertRow(executor: Kysely<any> | Transaction<any>, code: string, data: Record<string, unknown>): Promise<number> {
    const at = this.now().toISOString();
    const inserted = await executor
      .insertInto('cgform_row')
      .values({ form_code: code, data: JSON.stringify(data), created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  /** Replaces a row's data; false when the form has no such row. */
  async updateRow(executor: Kysely<any> | Transaction<any>, code: string, id: number, data: Record<string, unknown>): Promise<boolean> {
    const result = await executor
      .updateTable('cgform_row')
      .set({ data: JSON.stringify(data), updated_at: this.now().toISOString() })
      .where('form_code', '=', code)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Removes a row; false when the form has no such row. */
  async deleteRow(executor: Kysely<any> | Transaction<any>, code: string, id: number): Promise<boolean> {
    const result = await executor.deleteFrom('cgform_row').where('form_code', '=', code).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async row(code: string, id: number, executor: Kysely<any> = this.db): Promise<FormRow | undefined> {
    const row = await executor
      .selectFrom('cgform_row')
      .select(['id', 'data'])
      .where('form_code', '=', code)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toRow(row) : undefined;
  }

  /** Every row of a form, oldest first. */
  async rows(code: string): Promise<FormRow[]> {
    const rows = await this.db.selectFrom('cgform_row').select(['id', 'data']).where('form_code', '=', code).orderBy('id', 'asc').execute();
    return rows.map(toRow);
  }

  /** A filtered, ordered slice of a form's rows and the total count of the filter. */
  async query(head: FormHead, query: RowQuery, executor: Kysely<any> = this.db): Promise<{ records: FormRow[]; total: number }> {
    let base = executor.selectFrom('cgform_row').where('form_code', '=', head.code);
    for (const [field, value] of Object.entries(query.filters)) {
      base = base.where(jsonFieldText(this.dialect, 'data', field), '=', this.storedText(propertyType(head, field), value));
    }
    const counted = await base.select(sql<string | number>`count(*)`.as('total')).executeTakeFirstOrThrow();
    let select = base.select(['id', 'data']);
    if ((ROW_COLUMNS as readonly string[]).includes(query.column)) {
      select = select.orderBy(query.column, query.order);
    } else {
      const numeric = ['integer', 'number'].includes(propertyType(head, query.column) ?? '');
      select = select.orderBy(jsonFieldSortKey(this.dialect, 'data', query.column, numeric), query.order);
    }
    if (query.column !== 'id') select = select.orderBy('id', query.order);
    if (query.limit !== undefined) select = select.limit(query.limit).offset(query.offset ?? 0);
    const rows = await select.execute();
    return { records: rows.map(toRow), total: Number(counted.total) };
  }

  /** How a filter value reads once extracted as text: booleans differ between the two databases. */
  private storedText(type: string | undefined, value: string): string {
    if (type !== 'boolean') return value;
    const truthy = value === 'true' || value === '1';
    if (this.dialect === 'postgres') return truthy ? 'true' : 'false';
    return truthy ? '1' : '0';
  }
}
