import { sql, type Kysely } from 'kysely';
import type { AuditRecord, RouteDefinition } from '../../plugin-api';
import { PAGE_NUMBER_SCHEMA, pageOf, type Page } from '../../shared';

export const AUDIT_PAGE_SIZE_MAX = 100;

interface AuditQuery {
  operator?: string;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
  page: number;
  size: number;
}

/** column LIKE 'text%': the filters' patterns admit no wildcard except "_", which is escaped (on both databases). */
function startsWith(column: string, text: string) {
  return sql<boolean>`${sql.ref(column)} like ${`${text.replace(/_/g, '\\_')}%`} escape '\\'`;
}

function parsed(text: unknown): unknown {
  return typeof text === 'string' ? JSON.parse(text) : null;
}

/**
 * GET /console/audit: the audit log, newest first, filtered by operator id, action and target (prefixes, so
 * "console.operator" finds every operator change and "cgform/nav" every change of the nav) and a time range. The log is append-only: there is no
 * route that changes or removes an entry.
 */
export function auditRoutes(db: Kysely<any>): RouteDefinition[] {
  const search: RouteDefinition<AuditQuery, unknown, unknown, Page<AuditRecord>> = {
    method: 'GET',
    path: '/console/audit',
    auth: 'operator',
    permission: 'audit.read',
    schema: {
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          operator: { type: 'string', pattern: '^\\d{1,18}$' },
          action: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.-]+$' },
          target: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_./-]+$' },
          from: { type: 'string', format: 'date-time' },
          to: { type: 'string', format: 'date-time' },
          page: PAGE_NUMBER_SCHEMA,
          size: { type: 'integer', minimum: 1, maximum: AUDIT_PAGE_SIZE_MAX, default: 20 },
        },
      },
    },
    async handler(request) {
      const { operator, action, target, from, to, page, size } = request.query;
      let query = db.selectFrom('audit_log');
      if (operator !== undefined) query = query.where('audit_log.operator_id', '=', operator);
      if (action !== undefined) query = query.where(startsWith('audit_log.action', action));
      if (target !== undefined) query = query.where(startsWith('audit_log.target', target));
      if (from !== undefined) query = query.where('audit_log.created_at', '>=', new Date(from).toISOString());
      if (to !== undefined) query = query.where('audit_log.created_at', '<=', new Date(to).toISOString());
      const total = await query.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
      const rows = await query
        .leftJoin('operator', (join) => join.on(sql<boolean>`cast(operator.id as varchar(64)) = audit_log.operator_id`))
        .selectAll('audit_log')
        .select('operator.username as operator_name')
        .orderBy('audit_log.id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      const records = rows.map((row) => ({
        id: String(row.id),
        operatorId: row.operator_id === null ? null : String(row.operator_id),
        operatorName: row.operator_name ?? null,
        action: String(row.action),
        target: row.target ?? null,
        before: parsed(row.before_json),
        after: parsed(row.after_json),
        ip: row.ip ?? null,
        createdAt: String(row.created_at),
      }));
      return pageOf(records, Number(total.count), size, page);
    },
  };
  return [search];
}
