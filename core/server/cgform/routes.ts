import { ApiError, PAGE_NUMBER_SCHEMA, PAGE_SIZE_ALL, ROW_ID_SCHEMA, pageOf } from '../../shared';
import type { RouteDefinition } from '../../plugin-api';
import { notFoundError } from '../http/envelope';
import { propertyType, ROW_COLUMNS, type CgformStore, type FormHead } from './store';

export const PAGE_SIZE_MAX = 1000;
const PAGING_KEYS = new Set(['pageNo', 'pageSize', 'column', 'order']);
const FILTERABLE_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

const formCodeParam = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' };

const getDataQuery = {
  type: 'object',
  properties: {
    pageNo: PAGE_NUMBER_SCHEMA,
    pageSize: { type: 'integer', anyOf: [{ minimum: 1, maximum: PAGE_SIZE_MAX }, { const: PAGE_SIZE_ALL }], default: 10 },
    column: { type: 'string', pattern: '^[A-Za-z0-9_]{1,64}$', default: 'id' },
    order: { enum: ['asc', 'desc'], default: 'desc' },
  },
};

interface GetDataQuery {
  pageNo: number;
  pageSize: number;
  column: string;
  order: 'asc' | 'desc';
  [filter: string]: unknown;
}

async function requireForm(store: CgformStore, code: string): Promise<FormHead> {
  const head = await store.head(code);
  if (!head) throw notFoundError('formId');
  return head;
}

/**
 * Filters are the remaining query keys: each must be a scalar property of the form's schema and appear once.
 * Keys starting with "_" (cache busters) are ignored.
 */
export function rowFilters(head: FormHead, query: Record<string, unknown>): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (PAGING_KEYS.has(key) || key.startsWith('_')) continue;
    if (!FILTERABLE_TYPES.has(propertyType(head, key) ?? '') || typeof value !== 'string') throw ApiError.fieldInvalid(key);
    filters[key] = value;
  }
  return filters;
}

/** GET /cgform-api/getData/{formId} and GET /cgform-api/detailData/{formId}/{id}. */
export function cgformReadRoutes(store: CgformStore): RouteDefinition[] {
  return [
    {
      method: 'GET',
      path: '/cgform-api/getData/{formId}',
      schema: { params: { type: 'object', properties: { formId: formCodeParam } }, querystring: getDataQuery },
      async handler(request) {
        const query = request.query as GetDataQuery;
        const head = await requireForm(store, request.params.formId);
        if (!(ROW_COLUMNS as readonly string[]).includes(query.column) && !head.schema.properties?.[query.column]) {
          throw ApiError.fieldInvalid('column');
        }
        const filters = rowFilters(head, query);
        const all = query.pageSize === PAGE_SIZE_ALL;
        const { records, total } = await store.query(head, {
          filters,
          column: query.column,
          order: query.order,
          ...(all ? {} : { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize }),
        });
        return pageOf(records, total, query.pageSize, all ? 1 : query.pageNo);
      },
    },
    {
      method: 'GET',
      path: '/cgform-api/detailData/{formId}/{id}',
      schema: {
        params: {
          type: 'object',
          properties: { formId: formCodeParam, id: ROW_ID_SCHEMA },
        },
      },
      async handler(request) {
        const head = await requireForm(store, request.params.formId);
        const row = await store.row(head.code, request.params.id);
        if (!row) throw notFoundError('id');
        return row;
      },
    },
  ];
}
