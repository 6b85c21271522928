import type BetterSqlite3 from 'better-sqlite3';
import { BALANCE_TABLE, COMMAND_TABLE, ENTRY_TABLE, SPOT_COMMAND_TABLE, SQLITE_ROWS_PER_STATEMENT, insertHead, sqliteValues, type BatchRows, type TableRows, type TableShape } from './store';

/**
 * Writes batches straight through better-sqlite3 with statements prepared once: a full multi-row INSERT
 * for every SQLITE_ROWS_PER_STATEMENT rows and a one-row INSERT for the rest. One transaction per batch:
 * its ledger rows and, in a batch of the spot exchange, its spot_command rows.
 */
export class SqliteBatchWriter {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  private readonly transaction: (parts: readonly BatchRows[]) => void;
  private readonly tablesTransaction: (writes: readonly TableRows[]) => void;

  constructor(private readonly sqlite: BetterSqlite3.Database) {
    this.transaction = sqlite.transaction((parts: readonly BatchRows[]) => {
      this.insert(COMMAND_TABLE, concat(parts.map((part) => part.commands)));
      this.insert(ENTRY_TABLE, concat(parts.map((part) => part.entries)));
      this.insert(BALANCE_TABLE, concat(parts.map((part) => part.balances)));
      // prepared on first use: a database without SPOT_MIGRATIONS never gets here
      this.insert(SPOT_COMMAND_TABLE, concat(parts.map((part) => part.spot ?? [])));
    }).immediate;
    this.tablesTransaction = sqlite.transaction((writes: readonly TableRows[]) => {
      for (const { table, rows, replace } of writes) {
        if (replace) this.sqlite.prepare(`delete from "${table.name}"`).run();
        this.insert(table, rows);
      }
    }).immediate;
  }

  /** Writes the rows of several tables (LedgerStore.writeTables) in one transaction. */
  writeTables(writes: readonly TableRows[]): void {
    this.tablesTransaction(writes);
  }

  /** Writes one batch, given whole or in parts, in one transaction. */
  write(batch: BatchRows | readonly BatchRows[]): void {
    this.transaction(Array.isArray(batch) ? batch : [batch as BatchRows]);
  }

  private insert(table: TableShape, flat: unknown[]): void {
    const width = table.columns.length;
    const rows = flat.length / width;
    const full = rows - (rows % SQLITE_ROWS_PER_STATEMENT);
    if (full > 0) {
      const many = this.statement(table, SQLITE_ROWS_PER_STATEMENT);
      const span = SQLITE_ROWS_PER_STATEMENT * width;
      for (let offset = 0; offset < full * width; offset += span) many.run(flat.slice(offset, offset + span));
    }
    if (full < rows) {
      const one = this.statement(table, 1);
      for (let offset = full * width; offset < flat.length; offset += width) one.run(flat.slice(offset, offset + width));
    }
  }

  private statement(table: TableShape, rows: number): BetterSqlite3.Statement {
    const key = `${table.name}/${rows}`;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.sqlite.prepare(insertHead(table) + sqliteValues(table, rows) + table.suffix);
      this.statements.set(key, statement);
    }
    return statement;
  }
}

function concat(arrays: unknown[][]): unknown[] {
  return arrays.length === 1 ? arrays[0]! : ([] as unknown[]).concat(...arrays);
}
