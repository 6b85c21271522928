import type { Kysely } from 'kysely';
import type { Dialect } from '../../plugin-api';
import type { AppliedCommand, BalanceChange } from '../ledger/journal';
import type { AppliedSpotCommand } from '../spot/types';
import { decodeJson, encodeJson } from './codec';
import { LedgerStore, type BatchSink } from './store';

/**
 * The durable side of the spot exchange: one batch — the ledger commands (wallet and spot steps alike),
 * their bills lines, the changed balances and the spot commands — in ONE transaction, written by the
 * ledger's store (on SQLite files, SqliteWorkerStore: in its writer thread).
 */
export class SpotStore {
  constructor(
    readonly db: Kysely<any>,
    readonly dialect: Dialect,
    readonly ledger: LedgerStore = new LedgerStore(db, dialect),
  ) {}

  /** Where the next batch's ledger records go as they are applied (LedgerStore.openBatch). */
  openBatch(): BatchSink {
    return this.ledger.openBatch();
  }

  /** `sink`, when given, is the openBatch() sink that received exactly these records. */
  async commit(records: readonly AppliedCommand[], changes: readonly BalanceChange[], spot: readonly AppliedSpotCommand[], sink?: BatchSink): Promise<void> {
    const spotRows: unknown[] = [];
    for (const { command, result } of spot) {
      spotRows.push(result.seq, result.id, result.kind, command.at, result.ledgerFrom, result.ledgerTo, encodeJson({ command, result }));
    }
    await this.ledger.commit(records, changes, sink, spotRows);
  }

  /** The spot command log in sequence order, read in pages. */
  async *loadSpotCommands(pageSize = 5000): AsyncGenerator<AppliedSpotCommand> {
    let after = 0;
    for (;;) {
      const rows = await this.db.selectFrom('spot_command').select(['seq', 'body']).where('seq', '>', after).orderBy('seq').limit(pageSize).execute();
      for (const row of rows) yield decodeJson<AppliedSpotCommand>(String(row.body));
      if (rows.length < pageSize) return;
      after = Number(rows[rows.length - 1]!.seq);
    }
  }

  /** Whether a ledger or spot command id is in the database (a commit reported as failed may have landed). */
  async hasCommand(id: string): Promise<boolean> {
    if (await this.ledger.hasCommand(id)) return true;
    const row = await this.db.selectFrom('spot_command').select('seq').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }
}
