import type { Kysely } from 'kysely';
import type { JsonSchema, RouteDefinition } from '../../plugin-api';
import { ApiError, ERROR_CODES, PAGE_NUMBER_SCHEMA, ROW_ID_SCHEMA, pageOf, type Page } from '../../shared';
import type { AuditLog } from '../audit';
import { notFoundError } from '../http/envelope';
import { COLLECTION_CODE_PATTERN, collectionSchemaOf } from './collection-schema';
import { RowValidator } from './row-validation';
import type { CgformStore, FormHead, FormRow } from './store';

/** Edited on the console's site-settings page (permission settings.edit), not as content. */
export const SETTINGS_COLLECTION = 'site_settings';
export const ROWS_PAGE_SIZE_MAX = 100;

/** A collection as the console lists it. */
export interface CollectionSummary {
  code: string;
  title: string;
  rowCount: number;
  schema: JsonSchema;
  uiSchema: JsonSchema;
}

export interface CollectionRoutesOptions {
  db: Kysely<any>;
  store: CgformStore;
  audit: AuditLog;
}

const codeParam = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' };
const rowBody = { type: 'object' };

function summaryOf(head: FormHead, rowCount: number): CollectionSummary {
  return { code: head.code, title: head.name, rowCount, schema: head.schema, uiSchema: head.uiSchema };
}

/**
 * Content editing in the console (permission content.edit): the cgform collections with their schemas, a new
 * collection from a JSON Schema, and rows created, replaced and removed — each validated against the
 * collection's schema here on the server and audited with before and after.
 */
export function collectionRoutes(options: CollectionRoutesOptions): RouteDefinition[] {
  const { db, store, audit } = options;
  const validator = new RowValidator();
  const guarded = { auth: 'operator', permission: 'content.edit' } as const;

  async function collection(code: string): Promise<FormHead> {
    if (code === SETTINGS_COLLECTION) throw new ApiError(ERROR_CODES.forbidden, 'console-core:settingsOnly', { field: 'code' });
    const head = await store.head(code);
    if (!head) throw notFoundError('code');
    return head;
  }

  async function existingRow(head: FormHead, id: number, executor: Kysely<any> = db): Promise<FormRow> {
    const row = await store.row(head.code, id, executor);
    if (!row) throw notFoundError('id');
    return row;
  }

  const dataOf = ({ id: _id, ...data }: FormRow) => data;

  const list: RouteDefinition<unknown, unknown, unknown, CollectionSummary[]> = {
    method: 'GET',
    path: '/console/collections',
    ...guarded,
    schema: { querystring: { type: 'object', additionalProperties: false, properties: {} } },
    async handler() {
      const [heads, counts] = await Promise.all([store.heads(), store.rowCounts()]);
      return heads.filter((head) => head.code !== SETTINGS_COLLECTION).map((head) => summaryOf(head, counts.get(head.code) ?? 0));
    },
  };

  const one: RouteDefinition<unknown, unknown, { code: string }, CollectionSummary> = {
    method: 'GET',
    path: '/console/collections/{code}',
    ...guarded,
    schema: { params: { type: 'object', properties: { code: codeParam } } },
    async handler(request) {
      const head = await collection(request.params.code);
      return summaryOf(head, (await store.rowCounts()).get(head.code) ?? 0);
    },
  };

  const create: RouteDefinition<unknown, { code: string; title: string; schema: unknown }, unknown, CollectionSummary> = {
    method: 'POST',
    path: '/console/collections',
    ...guarded,
    schema: {
      body: {
        type: 'object',
        required: ['code', 'title', 'schema'],
        additionalProperties: false,
        properties: {
          code: { type: 'string', pattern: COLLECTION_CODE_PATTERN },
          title: { type: 'string', minLength: 1, maxLength: 200 },
          schema: { type: 'object' },
        },
      },
    },
    async handler(request) {
      const { code, title } = request.body;
      const schema = collectionSchemaOf(request.body.schema);
      const exists = () => new ApiError(ERROR_CODES.conflict, 'console-core:collectionExists', { field: 'code' });
      if (await store.head(code)) throw exists();
      try {
        await store.createHead(db, { code, name: title, schema });
      } catch (error) {
        // two operators adding the same code at once: the unique index decides
        if (await store.head(code)) throw exists();
        throw error;
      }
      await audit.record({ operatorId: request.principal!.id, action: 'cgform.collection.create', target: `cgform/${code}`, after: { title, schema }, ip: request.ip });
      return summaryOf((await store.head(code))!, 0);
    },
  };

  const rows: RouteDefinition<{ page: number; size: number }, unknown, { code: string }, Page<FormRow>> = {
    method: 'GET',
    path: '/console/collections/{code}/rows',
    ...guarded,
    schema: {
      params: { type: 'object', properties: { code: codeParam } },
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          page: PAGE_NUMBER_SCHEMA,
          size: { type: 'integer', minimum: 1, maximum: ROWS_PAGE_SIZE_MAX, default: 20 },
        },
      },
    },
    async handler(request) {
      const head = await collection(request.params.code);
      const { page, size } = request.query;
      const { records, total } = await store.query(head, { filters: {}, column: 'id', order: 'asc', limit: size, offset: (page - 1) * size });
      return pageOf(records, total, size, page);
    },
  };

  const addRow: RouteDefinition<unknown, Record<string, unknown>, { code: string }, FormRow> = {
    method: 'POST',
    path: '/console/collections/{code}/rows',
    ...guarded,
    schema: { params: { type: 'object', properties: { code: codeParam } }, body: rowBody },
    async handler(request) {
      const head = await collection(request.params.code);
      validator.check(head, request.body);
      const id = await store.insertRow(db, head.code, request.body);
      await audit.record({ operatorId: request.principal!.id, action: 'cgform.row.create', target: `cgform/${head.code}/${id}`, after: request.body, ip: request.ip });
      return { id, ...request.body };
    },
  };

  const rowParams = { type: 'object', properties: { code: codeParam, id: ROW_ID_SCHEMA } };

  const replaceRow: RouteDefinition<unknown, Record<string, unknown>, { code: string; id: number }, FormRow> = {
    method: 'POST',
    path: '/console/collections/{code}/rows/{id}',
    ...guarded,
    schema: { params: rowParams, body: rowBody },
    async handler(request) {
      const head = await collection(request.params.code);
      validator.check(head, request.body);
      const before = await db.transaction().execute(async (trx) => {
        const current = await existingRow(head, request.params.id, trx);
        await store.updateRow(trx, head.code, current.id, request.body);
        return dataOf(current);
      });
      await audit.record({
        operatorId: request.principal!.id,
        action: 'cgform.row.update',
        target: `cgform/${head.code}/${request.params.id}`,
        before,
        after: request.body,
        ip: request.ip,
      });
      return { id: request.params.id, ...request.body };
    },
  };

  const removeRow: RouteDefinition<unknown, unknown, { code: string; id: number }, null> = {
    method: 'POST',
    path: '/console/collections/{code}/rows/{id}/delete',
    ...guarded,
    schema: { params: rowParams },
    async handler(request) {
      const head = await collection(request.params.code);
      const before = await db.transaction().execute(async (trx) => {
        const current = await existingRow(head, request.params.id, trx);
        // nav and footer rows form a tree through pid: removing a parent would orphan its children
        if (head.schema.properties?.pid) {
          const children = await store.query(head, { filters: { pid: String(current.id) }, column: 'id', order: 'asc', limit: 1 }, trx);
          if (children.total > 0) throw new ApiError(ERROR_CODES.conflict, 'console-core:rowHasChildren', { field: 'id' });
        }
        await store.deleteRow(trx, head.code, current.id);
        return dataOf(current);
      });
      await audit.record({ operatorId: request.principal!.id, action: 'cgform.row.delete', target: `cgform/${head.code}/${request.params.id}`, before, ip: request.ip });
      return null;
    },
  };

  return [list, one, create, rows, addRow, replaceRow, removeRow];
}
