import type { Kysely } from 'kysely';
import type { AuditEntry } from '../plugin-api';

function json(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

/**
 * The audit log is append-only: this module inserts rows and has no update or delete path.
 * operatorId is null for attempts that name no known operator (e.g. a failed login).
 */
export function createAuditLog(db: Kysely<any>, now: () => Date) {
  const write = async (entry: Omit<AuditEntry, 'operatorId'> & { operatorId: string | null }) => {
    await db
      .insertInto('audit_log')
      .values({
        operator_id: entry.operatorId,
        action: entry.action,
        target: entry.target ?? null,
        before_json: json(entry.before),
        after_json: json(entry.after),
        ip: entry.ip ?? null,
        created_at: now().toISOString(),
      })
      .execute();
  };
  return {
    record: (entry: AuditEntry) => write(entry),
    write,
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
