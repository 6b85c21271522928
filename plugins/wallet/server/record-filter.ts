import type { SelectQueryBuilder } from 'kysely';
import { PAGE_NUMBER_SCHEMA, type JsonSchema } from '../../../core/server';
import type { RecordFilter } from '../shared/types';

/** Most rows an export holds. */
export const EXPORT_LIMIT = 10_000;
export const DEFAULT_PAGE_SIZE = 10;

export interface RecordQuery {
  memberId?: string;
  currency?: string;
  status?: string;
  /** Epoch ms bounds on the creation time: inclusive start, exclusive end. */
  startTime?: number;
  endTime?: number;
}

/** Narrows a deposit or withdrawal query (a table with member_id, currency, status, created_at) to a filter. */
export function whereRecord<Q extends SelectQueryBuilder<any, any, any>>(query: Q, filter: RecordQuery): Q {
  let q: SelectQueryBuilder<any, any, any> = query;
  if (filter.memberId !== undefined) q = q.where('member_id', '=', filter.memberId);
  if (filter.currency) q = q.where('currency', '=', filter.currency);
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.startTime !== undefined) q = q.where('created_at', '>=', new Date(filter.startTime).toISOString());
  if (filter.endTime !== undefined) q = q.where('created_at', '<', new Date(filter.endTime).toISOString());
  return q as Q;
}

// Epoch ms of years 1970..9999: the ISO text of these sorts like the time.
const TIME_BOUND = { type: 'integer', minimum: 0, maximum: 253402300799999 };

/** Body of a member's record list (RecordFilter). */
export function recordFilterSchema(statuses: readonly string[]): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      current: PAGE_NUMBER_SCHEMA,
      size: { type: 'integer', minimum: 1, maximum: 100, default: DEFAULT_PAGE_SIZE },
      currency: { type: 'string', maxLength: 20 },
      status: { type: 'string', enum: [...statuses] },
      startTime: TIME_BOUND,
      endTime: TIME_BOUND,
    },
  };
}

/** Query string of a console record list: ?status&currency&uid&current&size. */
export function consoleListSchema(statuses: readonly string[]): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      status: { type: 'string', enum: [...statuses] },
      currency: { type: 'string', maxLength: 20 },
      uid: { type: 'string', minLength: 1, maxLength: 40 },
      current: PAGE_NUMBER_SCHEMA,
      size: { type: 'integer', minimum: 1, maximum: 100, default: DEFAULT_PAGE_SIZE },
    },
  };
}

export function pagingOf(filter: RecordFilter | undefined): { current: number; size: number } {
  return { current: filter?.current ?? 1, size: filter?.size ?? DEFAULT_PAGE_SIZE };
}

export function queryOf(filter: RecordFilter | undefined): RecordQuery {
  return { currency: filter?.currency, status: filter?.status, startTime: filter?.startTime, endTime: filter?.endTime };
}
