import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../plugin-api';
import { isSystemKey, parseAccountKey } from '../ledger/accounts';
import type { Balance } from '../ledger/balances';
import type { LedgerCommand } from '../ledger/commands';
import type { CommandResult } from '../ledger/events';
import type { AppliedCommand, BalanceChange } from '../ledger/journal';
import { decodeJson, encodeApplied } from './codec';

/** Rows per INSERT statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const ROWS_PER_STATEMENT = 1000;

const COMMAND_COLUMNS = ['seq', 'id', 'kind', 'at', 'ok', 'body'] as const;
const ENTRY_COLUMNS = ['seq', 'line', 'owner', 'account_type', 'currency', 'bucket', 'amount', 'kind', 'at'] as const;
const BALANCE_COLUMNS = ['account', 'owner', 'account_type', 'currency', 'available', 'frozen', 'bonus', 'updated_seq'] as const;
const BALANCE_UPSERT =
  ' on conflict ("account") do update set "available" = excluded."available", "frozen" = excluded."frozen",' +
  ' "bonus" = excluded."bonus", "updated_seq" = excluded."updated_seq"';

interface StoredBody {
  command: LedgerCommand;
  result: CommandResult;
}

/**
 * The ledger's durable side. commit() writes one batch — its commands with their results, the user
 * ledger lines for bills, and the final balance of every account the batch changed — in ONE transaction.
 */
export class LedgerStore {
  constructor(
    readonly db: Kysely<any>,
    readonly dialect: Dialect,
  ) {}

  async commit(records: readonly AppliedCommand[], changes: readonly BalanceChange[]): Promise<void> {
    if (records.length === 0 && changes.length === 0) return;
    await this.writeRows(batchRows(records, changes));
  }

  /** Writes rows prepared by batchRows() in one transaction. */
  async writeRows(rows: BatchRows): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.insert(trx, 'ledger_command', COMMAND_COLUMNS, rows.commands);
      await this.insert(trx, 'ledger_entry', ENTRY_COLUMNS, rows.entries);
      await this.insert(trx, 'ledger_balance', BALANCE_COLUMNS, rows.balances, BALANCE_UPSERT);
    });
  }

  /**
   * Multi-row INSERTs compiled by hand: the query builder's per-value nodes cost more than the database
   * does at thousands of rows per batch. Column names are constants; every value is a bound parameter.
   */
  private async insert(trx: Transaction<any>, table: string, columns: readonly string[], rows: unknown[][], suffix = ''): Promise<void> {
    const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
      const parameters: unknown[] = [];
      const tuples: string[] = [];
      for (const row of chunk) {
        const marks: string[] = [];
        for (const value of row) {
          parameters.push(value);
          marks.push(this.dialect === 'postgres' ? `$${parameters.length}` : '?');
        }
        tuples.push(`(${marks.join(', ')})`);
      }
      await trx.executeQuery(CompiledQuery.raw(head + tuples.join(', ') + suffix, parameters));
    }
  }

  async loadBalances(): Promise<Array<[string, Balance]>> {
    const rows = await this.db.selectFrom('ledger_balance').select(['account', 'available', 'frozen', 'bonus']).execute();
    return rows.map((row) => [
      String(row.account),
      { available: toBigInt(row.available), frozen: toBigInt(row.frozen), bonus: toBigInt(row.bonus) },
    ]);
  }

  /** The command log in sequence order, read in pages. */
  async *loadCommands(pageSize = 5000): AsyncGenerator<AppliedCommand> {
    let after = 0;
    for (;;) {
      const rows = await this.db.selectFrom('ledger_command').select(['seq', 'body']).where('seq', '>', after).orderBy('seq').limit(pageSize).execute();
      for (const row of rows) yield decodeJson<StoredBody>(String(row.body));
      if (rows.length < pageSize) return;
      after = Number(rows[rows.length - 1]!.seq);
    }
  }

  async hasCommand(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('ledger_command').select('seq').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }
}

/** A batch as table rows (plain values, so it can also be handed to a writer thread). */
export interface BatchRows {
  commands: unknown[][];
  entries: unknown[][];
  balances: unknown[][];
}

export function batchRows(records: readonly AppliedCommand[], changes: readonly BalanceChange[]): BatchRows {
  const commands = records.map(({ command, result }) => [
    result.seq,
    result.id,
    result.kind,
    command.at,
    result.ok ? 1 : 0,
    encodeApplied(command, result),
  ]);
  const entries: unknown[][] = [];
  for (const { command, result } of records) if (result.ok) pushEntries(entries, command, result);
  const lastSeq = records.length > 0 ? records[records.length - 1]!.result.seq : 0;
  const balances = changes.map(({ account, balance }) => {
    const ref = parseAccountKey(account);
    return [account, ref.owner, ref.type, ref.currency, balance.available.toString(), balance.frozen.toString(), balance.bonus.toString(), lastSeq];
  });
  return { commands, entries, balances };
}

/** User lines of a posting, one row each, for the bills view (system lines are in the command log). */
function pushEntries(rows: unknown[][], command: LedgerCommand, result: Extract<CommandResult, { ok: true }>): void {
  let line = 0;
  for (const event of result.events) {
    for (const posting of event.lines) {
      line++;
      if (isSystemKey(posting.account)) continue;
      const ref = parseAccountKey(posting.account);
      rows.push([result.seq, line, ref.owner, ref.type, ref.currency, posting.bucket, posting.amount.toString(), result.kind, command.at]);
    }
  }
}

function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(value);
  // PostgreSQL numeric(38, 0) comes back as a string of digits
  return BigInt(String(value));
}
