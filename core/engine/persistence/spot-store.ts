import type { Kysely } from 'kysely';
import type { Dialect } from '../../plugin-api';
import type { AppliedCommand, BalanceChange } from '../ledger/journal';
import type { AppliedSpotCommand } from '../spot/types';
import { decodeJson } from './codec';
import { LedgerStore, type BatchSink, type TableShape } from './store';

/** A stored snapshot: the state of both engines after the given sequence numbers (see spot-snapshot.ts). */
export interface StoredSnapshot {
  spotSeq: number;
  ledgerSeq: number;
  /** sha-256 (hex) of body. */
  checksum: string;
  /** The head (spot_snapshot.body). */
  body: Buffer;
  /** The bulk, in order (spot_snapshot_chunk rows). */
  chunks: Buffer[];
}

// written through a table writer on SQLite only (PostgreSQL's bytea goes through the query builder): no pgTypes
const SNAPSHOT_TABLE: TableShape = { name: 'spot_snapshot', columns: ['spot_seq', 'ledger_seq', 'checksum', 'body'], pgTypes: [], suffix: '' };
const SNAPSHOT_CHUNK_TABLE: TableShape = { name: 'spot_snapshot_chunk', columns: ['spot_seq', 'part', 'body'], pgTypes: [], suffix: '' };

/**
 * The durable side of the spot exchange: one batch — the wallet's ledger commands, the bills lines of every
 * posting (the spot commands' steps included), the changed balances and the spot commands — in ONE transaction,
 * written by the ledger's store (on SQLite files, SqliteWorkerStore: in its writer thread). The steps themselves
 * are not logged as ledger commands: replaying their spot command books them again.
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

  /**
   * `sink`, when given, is the openBatch() sink that received exactly these records (with the steps of the spot
   * commands marked); without it, the records within a spot command's ledger range are its steps.
   */
  async commit(records: readonly AppliedCommand[], changes: readonly BalanceChange[], spot: readonly AppliedSpotCommand[], sink?: BatchSink): Promise<void> {
    if (!sink) {
      sink = this.openBatch();
      let range = 0;
      for (const record of records) {
        const seq = record.result.seq;
        while (range < spot.length && spot[range]!.result.ledgerTo < seq) range++;
        sink.add(record, range < spot.length && spot[range]!.result.ledgerFrom < seq);
      }
    }
    await this.ledger.commit(records, changes, sink, spot);
  }

  /** The spot command log in sequence order after `after` (and up to `upTo`), read in pages. */
  async *loadSpotCommands(after = 0, pageSize = 5000, upTo = Number.MAX_SAFE_INTEGER): AsyncGenerator<AppliedSpotCommand> {
    for (;;) {
      const rows = await this.db.selectFrom('spot_command').select(['seq', 'body']).where('seq', '>', after).where('seq', '<=', upTo).orderBy('seq').limit(pageSize).execute();
      for (const row of rows) yield decodeJson<AppliedSpotCommand>(String(row.body));
      if (rows.length < pageSize) return;
      after = Number(rows[rows.length - 1]!.seq);
    }
  }

  /** The addMarket commands with seq ≤ `upTo`, in sequence order (every market, without reading the orders). */
  async *loadAddedMarkets(upTo: number): AsyncGenerator<AppliedSpotCommand> {
    const rows = await this.db.selectFrom('spot_command').select('body').where('kind', '=', 'addMarket').where('seq', '<=', upTo).orderBy('seq').execute();
    for (const row of rows) yield decodeJson<AppliedSpotCommand>(String(row.body));
  }

  /** Stores a snapshot (see SpotService.snapshot) and drops the older ones, in one transaction. */
  async saveSnapshot(snapshot: StoredSnapshot): Promise<void> {
    if (this.dialect === 'sqlite') {
      // by the ledger's writer (the writer thread on SQLite files): between two batches, never waiting for their lock
      await this.ledger.writeTables([
        { table: SNAPSHOT_CHUNK_TABLE, rows: snapshot.chunks.flatMap((body, part) => [snapshot.spotSeq, part, body]), replace: true },
        { table: SNAPSHOT_TABLE, rows: [snapshot.spotSeq, snapshot.ledgerSeq, snapshot.checksum, snapshot.body], replace: true },
      ]);
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      // a snapshot row without its chunks is never seen: the head and the chunks go in and out together
      await trx.deleteFrom('spot_snapshot').execute();
      await trx.deleteFrom('spot_snapshot_chunk').execute();
      await trx
        .insertInto('spot_snapshot')
        .values({ spot_seq: snapshot.spotSeq, ledger_seq: snapshot.ledgerSeq, checksum: snapshot.checksum, body: snapshot.body })
        .execute();
      for (const [part, body] of snapshot.chunks.entries()) {
        await trx.insertInto('spot_snapshot_chunk').values({ spot_seq: snapshot.spotSeq, part, body }).execute();
      }
    });
  }

  /** The newest snapshot, if any, with its chunks. */
  async loadSnapshot(): Promise<StoredSnapshot | undefined> {
    const row = await this.db.selectFrom('spot_snapshot').selectAll().orderBy('spot_seq', 'desc').limit(1).executeTakeFirst();
    if (!row) return undefined;
    const spotSeq = Number(row.spot_seq);
    const chunks = await this.db.selectFrom('spot_snapshot_chunk').select('body').where('spot_seq', '=', spotSeq).orderBy('part').execute();
    return { spotSeq, ledgerSeq: Number(row.ledger_seq), checksum: String(row.checksum), body: asBuffer(row.body), chunks: chunks.map((chunk) => asBuffer(chunk.body)) };
  }

  /** Whether a ledger or spot command id is in the database (a commit reported as failed may have landed). */
  async hasCommand(id: string): Promise<boolean> {
    if (await this.ledger.hasCommand(id)) return true;
    const row = await this.db.selectFrom('spot_command').select('seq').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }
}

function asBuffer(value: unknown): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array);
}
