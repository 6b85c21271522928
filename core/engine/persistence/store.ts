import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../plugin-api';
import { isSystemKey, parseAccountKey, type AccountRef } from '../ledger/accounts';
import type { Balance } from '../ledger/balances';
import type { LedgerCommand } from '../ledger/commands';
import type { CommandResult } from '../ledger/events';
import type { AppliedCommand, BalanceChange } from '../ledger/journal';
import type { AppliedSpotCommand } from '../spot/types';
import { decodeJson, encodeApplied, encodeSpotApplied } from './codec';

/** A ledger table as the batch writers see it: its columns, their PostgreSQL types, and what follows the INSERT. */
export interface TableShape {
  name: string;
  columns: readonly string[];
  /** Column types on PostgreSQL, to cast the JSON text of each value. */
  pgTypes: readonly string[];
  suffix: string;
}

export const COMMAND_TABLE: TableShape = {
  name: 'ledger_command',
  columns: ['seq', 'id', 'kind', 'at', 'ok', 'body'],
  pgTypes: ['bigint', 'varchar', 'varchar', 'bigint', 'integer', 'text'],
  suffix: '',
};
export const ENTRY_TABLE: TableShape = {
  name: 'ledger_entry',
  columns: ['seq', 'line', 'owner', 'account_type', 'currency', 'bucket', 'amount', 'kind', 'at'],
  pgTypes: ['bigint', 'integer', 'varchar', 'varchar', 'varchar', 'varchar', 'numeric', 'varchar', 'bigint'],
  suffix: '',
};
export const BALANCE_TABLE: TableShape = {
  name: 'ledger_balance',
  columns: ['account', 'owner', 'account_type', 'currency', 'available', 'frozen', 'bonus', 'updated_seq'],
  pgTypes: ['varchar', 'varchar', 'varchar', 'varchar', 'numeric', 'numeric', 'numeric', 'bigint'],
  suffix:
    ' on conflict ("account") do update set "available" = excluded."available", "frozen" = excluded."frozen",' +
    ' "bonus" = excluded."bonus", "updated_seq" = excluded."updated_seq"',
};
/** The spot command log (SPOT_MIGRATIONS): written in the same transaction as the ledger rows of its batch. */
export const SPOT_COMMAND_TABLE: TableShape = {
  name: 'spot_command',
  columns: ['seq', 'id', 'kind', 'at', 'ledger_from', 'ledger_to', 'body'],
  pgTypes: ['bigint', 'varchar', 'varchar', 'bigint', 'bigint', 'bigint', 'text'],
  suffix: '',
};

/** Rows per multi-row INSERT on SQLite (the parameters stay well under its bound-parameter limit). */
export const SQLITE_ROWS_PER_STATEMENT = 200;

export function insertHead(table: TableShape): string {
  return `insert into "${table.name}" (${table.columns.map((c) => `"${c}"`).join(', ')}) `;
}

/** `values (?, ?), (?, ?)…` for `rows` rows of the table. */
export function sqliteValues(table: TableShape, rows: number): string {
  const tuple = `(${table.columns.map(() => '?').join(', ')})`;
  return `values ${Array.from({ length: rows }, () => tuple).join(', ')}`;
}

interface StoredBody {
  command: LedgerCommand;
  result: CommandResult;
}

/**
 * INSERTs compiled by hand (the query builder's per-value nodes cost more than the database does at
 * thousands of rows per batch): on PostgreSQL one INSERT … SELECT per table whose only parameter is the
 * rows as one JSON array (JSON.stringify is native; pg's array literals are built char by char), on
 * SQLite multi-row VALUES. Column names are constants; values are bound parameters.
 */
export async function insertRows(trx: Transaction<any>, dialect: Dialect, table: TableShape, flat: unknown[]): Promise<void> {
  const width = table.columns.length;
  if (flat.length === 0) return;
  if (dialect === 'postgres') {
    const rows: unknown[][] = [];
    for (let offset = 0; offset < flat.length; offset += width) rows.push(flat.slice(offset, offset + width));
    const fields = table.pgTypes.map((type, i) => `(r->>${i})::${type}`).join(', ');
    const query = `${insertHead(table)}select ${fields} from json_array_elements($1::json) as r${table.suffix}`;
    await trx.executeQuery(CompiledQuery.raw(query, [JSON.stringify(rows)]));
    return;
  }
  const rows = flat.length / width;
  for (let start = 0; start < rows; start += SQLITE_ROWS_PER_STATEMENT) {
    const count = Math.min(SQLITE_ROWS_PER_STATEMENT, rows - start);
    const parameters = flat.slice(start * width, (start + count) * width);
    await trx.executeQuery(CompiledQuery.raw(insertHead(table) + sqliteValues(table, count) + table.suffix, parameters));
  }
}

/** One table's rows, flat (`columns.length` values a row), as insertRows takes them. */
export interface TableRows {
  table: TableShape;
  rows: unknown[];
  /** Delete every row of the table first, in the same transaction (a table that holds one thing, replaced whole). */
  replace?: boolean;
}

/** Writes the rows of several tables in one transaction. */
export type TableWriter = (writes: readonly TableRows[]) => Promise<void>;

/** A TableWriter on the connection `db` (on SQLite, in the calling thread). */
export function transactionWriter(db: Kysely<any>, dialect: Dialect): TableWriter {
  return (writes) =>
    db.transaction().execute(async (trx) => {
      for (const { table, rows, replace } of writes) {
        if (replace) await trx.deleteFrom(table.name).execute();
        await insertRows(trx, dialect, table, rows);
      }
    });
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

  /**
   * Where the next batch's records go as the engine applies them, so that little is left to do when the
   * batch is sealed: here its rows are built on the spot.
   */
  openBatch(): BatchSink {
    return new BatchRowsBuilder();
  }

  /**
   * `sink`, when given, is the openBatch() sink that received exactly these records; `spot` are the accepted
   * spot commands of the batch (SpotStore), written to spot_command in the same transaction.
   */
  async commit(records: readonly AppliedCommand[], changes: readonly BalanceChange[], sink?: BatchSink, spot: readonly AppliedSpotCommand[] = []): Promise<void> {
    if (records.length === 0 && changes.length === 0 && spot.length === 0) return;
    const rows = sink instanceof BatchRowsBuilder ? sink.finish(changes) : batchRows(records, changes);
    await this.writeRows(withSpot(rows, spot));
  }

  /** Writes rows prepared by batchRows() in one transaction. */
  async writeRows(rows: BatchRows): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await insertRows(trx, this.dialect, COMMAND_TABLE, rows.commands);
      await insertRows(trx, this.dialect, ENTRY_TABLE, rows.entries);
      await insertRows(trx, this.dialect, BALANCE_TABLE, rows.balances);
      if (rows.spot) await insertRows(trx, this.dialect, SPOT_COMMAND_TABLE, rows.spot);
    });
  }

  /**
   * Writes rows derived from the durable log (the spot views) in one transaction, by the same writer as the
   * batches: on SQLite files SqliteWorkerStore writes them in its thread, so they do not hold up the main one.
   */
  writeTables(writes: readonly TableRows[]): Promise<void> {
    return transactionWriter(this.db, this.dialect)(writes);
  }

  async loadBalances(): Promise<Array<[string, Balance]>> {
    const rows = await this.db.selectFrom('ledger_balance').select(['account', 'available', 'frozen', 'bonus']).execute();
    return rows.map((row) => [
      String(row.account),
      { available: toBigInt(row.available), frozen: toBigInt(row.frozen), bonus: toBigInt(row.bonus) },
    ]);
  }

  /** The command log in sequence order after `after` (and up to `upTo`), read in pages. */
  async *loadCommands(after = 0, pageSize = 5000, upTo = Number.MAX_SAFE_INTEGER): AsyncGenerator<AppliedCommand> {
    for (;;) {
      const rows = await this.db.selectFrom('ledger_command').select(['seq', 'body']).where('seq', '>', after).where('seq', '<=', upTo).orderBy('seq').limit(pageSize).execute();
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

/**
 * A batch as table rows, each table's rows flattened into one array (row after row, in the table's column
 * order): plain values, cheap to hand to a writer thread.
 */
export interface BatchRows {
  commands: unknown[];
  entries: unknown[];
  balances: unknown[];
  /** spot_command rows, in a batch of the spot exchange. */
  spot?: unknown[];
}

/** `rows` with the spot_command rows of the batch's spot commands, if it has any. */
export function withSpot(rows: BatchRows, spot: readonly AppliedSpotCommand[]): BatchRows {
  if (spot.length === 0) return rows;
  const spotRows: unknown[] = [];
  for (const { command, result } of spot) {
    spotRows.push(result.seq, result.id, result.kind, command.at, result.ledgerFrom, result.ledgerTo, encodeSpotApplied(command, result));
  }
  return { ...rows, spot: spotRows };
}

/** Receives a batch's records in order while the batch is open. */
export interface BatchSink {
  /**
   * `step`: the record is a step of a spot command (a hold, settle or release it booked). Its bills lines are
   * written, its command row is not: the spot command's replay books it again (docs/engine-spot.md).
   */
  add(record: AppliedCommand, step?: boolean): void;
  /** The batch was rolled back before its commit: nothing of it will be committed. */
  discard(): void;
}

/** Builds a batch's rows command by command (as the engine applies them), then its balances once sealed. */
export class BatchRowsBuilder implements BatchSink {
  private commands: unknown[] = [];
  private entries: unknown[] = [];
  private lastSeq = 0;

  add({ command, result }: AppliedCommand, step = false): void {
    if (!step) this.commands.push(result.seq, result.id, result.kind, command.at, result.ok ? 1 : 0, encodeApplied(command, result));
    if (result.ok) pushEntries(this.entries, command, result);
    this.lastSeq = result.seq;
  }

  discard(): void {}

  /** The command and entry rows added since the last take() (for a batch sent on in parts). */
  take(): BatchRows {
    const rows = { commands: this.commands, entries: this.entries, balances: [] };
    this.commands = [];
    this.entries = [];
    return rows;
  }

  /** The rows not taken yet, with the final balance of every account the batch changed (one upsert each). */
  finish(changes: readonly BalanceChange[]): BatchRows {
    const balances: unknown[] = [];
    for (const { account, balance } of changes) {
      const ref = accountRef(account);
      balances.push(account, ref.owner, ref.type, ref.currency, balance.available.toString(), balance.frozen.toString(), balance.bonus.toString(), this.lastSeq);
    }
    return { ...this.take(), balances };
  }
}

export function batchRows(records: readonly AppliedCommand[], changes: readonly BalanceChange[]): BatchRows {
  const builder = new BatchRowsBuilder();
  for (const record of records) builder.add(record);
  return builder.finish(changes);
}

/** User lines of a posting, one row each, for the bills view (system lines are in the command log). */
function pushEntries(rows: unknown[], command: LedgerCommand, result: Extract<CommandResult, { ok: true }>): void {
  let line = 0;
  for (const event of result.events) {
    for (const posting of event.lines) {
      line++;
      if (isSystemKey(posting.account)) continue;
      const ref = accountRef(posting.account);
      rows.push(result.seq, line, ref.owner, ref.type, ref.currency, posting.bucket, posting.amount.toString(), result.kind, command.at);
    }
  }
}

/** Account keys split into their parts, kept: the batches name the same accounts over and over. */
const ACCOUNT_REFS = new Map<string, AccountRef>();
const MAX_ACCOUNT_REFS = 100_000;

function accountRef(key: string): AccountRef {
  let ref = ACCOUNT_REFS.get(key);
  if (!ref) {
    if (ACCOUNT_REFS.size >= MAX_ACCOUNT_REFS) ACCOUNT_REFS.clear();
    ref = parseAccountKey(key);
    ACCOUNT_REFS.set(key, ref);
  }
  return ref;
}

function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(value);
  // PostgreSQL numeric(38, 0) comes back as a string of digits
  return BigInt(String(value));
}
