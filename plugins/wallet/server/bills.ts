import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Bucket } from '../../../core/engine';
import type { Dialect } from '../../../core/server';
import { formatDecimal } from '../../../core/shared';
import { ACCOUNT_TYPES, type AccountTypeCode, type BillFilter, type BillRecord } from '../shared/types';
import { accountName } from './accounts';
import { billKindFilter, billKindOf, type BillRule } from './bill-kinds';
import type { Wallet } from './wallet';

interface EntryRow {
  seq: number | string;
  line: number | string;
  account_type: string;
  currency: string;
  bucket: Bucket;
  amount: string | number;
  kind: string;
  at: number | string;
}

type Entries = ExpressionBuilder<any, 'ledger_entry'>;

/** Amounts are text of digits on SQLite (a sign first when negative) and numeric on PostgreSQL. */
function isNegative(dialect: Dialect): Expression<SqlBool> {
  return dialect === 'postgres' ? sql<SqlBool>`amount < 0` : sql<SqlBool>`substr(amount, 1, 1) = '-'`;
}

function ruleCondition(eb: Entries, dialect: Dialect, rule: BillRule): Expression<SqlBool> {
  const parts: Array<Expression<SqlBool>> = [eb('kind', '=', rule.command)];
  if (rule.bucket !== undefined) parts.push(eb('bucket', '=', rule.bucket));
  if (rule.line !== undefined) parts.push(eb('line', '=', rule.line));
  if (rule.negative !== undefined) parts.push(rule.negative ? isNegative(dialect) : eb.not(isNegative(dialect)));
  return eb.and(parts);
}

const TYPE_CODES = new Map<string, AccountTypeCode>(Object.entries(ACCOUNT_TYPES).map(([name, code]) => [name, code]));

/** The member's ledger lines (bills), newest first. */
export class Bills {
  constructor(private readonly wallet: Wallet) {}

  async page(memberId: string, filter: BillFilter, limit: number, offset: number): Promise<{ records: BillRecord[]; total: number }> {
    const query = this.filtered(memberId, filter);
    const [rows, counted] = await Promise.all([
      query.selectAll().orderBy('at', 'desc').orderBy('seq', 'desc').orderBy('line', 'desc').limit(limit).offset(offset).execute() as Promise<EntryRow[]>,
      query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { records: rows.map((row) => this.recordOf(row)), total: Number(counted.total) };
  }

  private filtered(memberId: string, filter: BillFilter) {
    const { dialect, db } = this.wallet.context;
    let query = db.selectFrom('ledger_entry').where('owner', '=', memberId);
    if (filter.type !== undefined) query = query.where('account_type', '=', accountName(filter.type));
    if (filter.currency !== undefined) query = query.where('currency', '=', filter.currency);
    if (filter.startTime !== undefined) query = query.where('at', '>=', filter.startTime);
    if (filter.endTime !== undefined) query = query.where('at', '<', filter.endTime);
    if (filter.kind !== undefined) {
      const { rules, otherThan } = billKindFilter(filter.kind);
      query = query.where((eb) => {
        if (otherThan) return eb('kind', 'not in', otherThan);
        if (rules.length === 0) return sql<SqlBool>`1 = 0`;
        return eb.or(
          rules.map(({ rule, unless }) => eb.and([ruleCondition(eb, dialect, rule), ...unless.map((earlier) => eb.not(ruleCondition(eb, dialect, earlier)))])),
        );
      });
    }
    return query;
  }

  private recordOf(row: EntryRow): BillRecord {
    const minor = BigInt(String(row.amount));
    const line = Number(row.line);
    return {
      id: `${row.seq}-${line}`,
      type: TYPE_CODES.get(row.account_type) ?? ACCOUNT_TYPES.coin,
      currency: row.currency,
      kind: billKindOf({ command: row.kind, bucket: row.bucket, negative: minor < 0n, line }),
      bucket: row.bucket,
      amount: formatDecimal(minor, this.wallet.currencies.get(row.currency)?.scale ?? 0),
      createTime: new Date(Number(row.at)).toISOString(),
    };
  }
}
