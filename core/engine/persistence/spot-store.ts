import type { Kysely } from 'kysely';
import type { Dialect } from '../../plugin-api';
import type { AppliedCommand, BalanceChange } from '../ledger/journal';
import type { AppliedSpotCommand } from '../spot/types';
import { decodeJson, encodeJson } from './codec';
import { BALANCE_TABLE, COMMAND_TABLE, ENTRY_TABLE, LedgerStore, batchRows, insertRows, type TableShape } from './store';

const SPOT_COMMAND_TABLE: TableShape = {
  name: 'spot_command',
  columns: ['seq', 'id', 'kind', 'at', 'ledger_from', 'ledger_to', 'body'],
  pgTypes: ['bigint', 'varchar', 'varchar', 'bigint', 'bigint', 'bigint', 'text'],
  suffix: '',
};

/**
 * The durable side of the spot exchange: one batch — the ledger commands (wallet and spot steps alike),
 * their bills lines, the changed balances and the spot commands — in ONE transaction.
 */
export class SpotStore {
  readonly ledger: LedgerStore;

  constructor(
    readonly db: Kysely<any>,
    readonly dialect: Dialect,
  ) {
    this.ledger = new LedgerStore(db, dialect);
  }

  async commit(records: readonly AppliedCommand[], changes: readonly BalanceChange[], spot: readonly AppliedSpotCommand[]): Promise<void> {
    if (records.length === 0 && changes.length === 0 && spot.length === 0) return;
    const rows = batchRows(records, changes);
    const spotRows: unknown[] = [];
    for (const { command, result } of spot) {
      spotRows.push(result.seq, result.id, result.kind, command.at, result.ledgerFrom, result.ledgerTo, encodeJson({ command, result }));
    }
    await this.db.transaction().execute(async (trx) => {
      await insertRows(trx, this.dialect, COMMAND_TABLE, rows.commands);
      await insertRows(trx, this.dialect, ENTRY_TABLE, rows.entries);
      await insertRows(trx, this.dialect, BALANCE_TABLE, rows.balances);
      await insertRows(trx, this.dialect, SPOT_COMMAND_TABLE, spotRows);
    });
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
