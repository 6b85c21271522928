import type { ColumnDataType, CreateTableBuilder, Expression, Kysely, RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../../plugin-api';

/**
 * Column type for money amounts (decimal strings on the wire): exact numeric(38,18) on PostgreSQL,
 * text on SQLite (whose numeric affinity would turn decimals into doubles).
 */
export function moneyColumn(dialect: Dialect): ColumnDataType | RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`numeric(38, 18)` : 'text';
}

/** Adds an auto-increment integer primary key "id" (serial on PostgreSQL). */
export function withAutoId<T extends string>(table: CreateTableBuilder<T, any>, dialect: Dialect): CreateTableBuilder<T, any> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (column) => column.primaryKey())
    : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
}

/**
 * A top-level field of a JSON text column as SQL text, for filters:
 * json_extract on SQLite, ->> on PostgreSQL (the column holds JSON as text there too).
 */
export function jsonFieldText(dialect: Dialect, column: string, field: string): RawBuilder<string | null> {
  return dialect === 'postgres'
    ? sql<string | null>`(${sql.ref(column)}::jsonb ->> ${field})`
    : sql<string | null>`cast(json_extract(${sql.ref(column)}, ${'$.' + quoteJsonKey(field)}) as text)`;
}

/** A top-level field of a JSON text column for ordering; numeric fields order as numbers. */
export function jsonFieldSortKey(dialect: Dialect, column: string, field: string, numeric: boolean): Expression<unknown> {
  if (dialect === 'postgres') {
    return numeric
      ? sql`((${sql.ref(column)}::jsonb ->> ${field})::numeric)`
      : sql`(${sql.ref(column)}::jsonb ->> ${field})`;
  }
  return sql`json_extract(${sql.ref(column)}, ${'$.' + quoteJsonKey(field)})`;
}

function quoteJsonKey(field: string): string {
  return `"${field.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** True when the table exists (used by the migration runner before the migrations table is made). */
export async function tableExists(db: Kysely<any>, name: string): Promise<boolean> {
  const tables = await db.introspection.getTables();
  return tables.some((table) => table.name === name);
}
