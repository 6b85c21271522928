import type { Kysely } from 'kysely';
import type { DepositRecord, DepositStatus } from '../shared/types';
import { RecordTable } from './record-table';
import { toBigInt } from './units';

/** A deposit as the chain side keeps it (wallet_deposit). */
export interface DepositRow {
  id: string;
  memberId: string;
  currency: string;
  network: string;
  /** The adapter's chain name ("devnet", "evm:1"). */
  chain: string;
  address: string;
  hdIndex: number;
  asset: string;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  chainAmount: bigint;
  /** Decimal string in the currency's scale. */
  amount: string;
  status: DepositStatus;
  confirmations: number;
  requiredConfirmations: number;
  createdAt: string;
  creditedAt: string | null;
}

export type NewDeposit = Omit<DepositRow, 'id' | 'status' | 'confirmations' | 'createdAt' | 'creditedAt'>;

export function depositRecordOf(row: DepositRow): DepositRecord {
  return {
    id: row.id,
    currency: row.currency,
    network: row.network,
    address: row.address,
    amount: row.amount,
    txHash: row.txHash,
    confirmations: row.confirmations,
    requiredConfirmations: row.requiredConfirmations,
    status: row.status,
    createTime: row.createdAt,
    creditTime: row.creditedAt,
  };
}

/** The wallet_deposit table. */
export class DepositStore extends RecordTable<DepositRow> {
  constructor(
    db: Kysely<any>,
    private readonly now: () => Date,
  ) {
    super(db, 'wallet_deposit', depositRowOf);
  }

  /**
   * Records a transfer seen on chain. New: pending. Seen again in another block (a reorg re-included it) or after
   * being reversed: back to pending with the new block. A credited deposit never changes. Returns the row when
   * something changed.
   */
  async record(deposit: NewDeposit): Promise<DepositRow | null> {
    const at = this.now().toISOString();
    const inserted = await this.db
      .insertInto('wallet_deposit')
      .values({
        member_id: deposit.memberId,
        currency: deposit.currency,
        network: deposit.network,
        chain: deposit.chain,
        address: deposit.address,
        hd_index: deposit.hdIndex,
        asset: deposit.asset,
        tx_hash: deposit.txHash,
        log_index: deposit.logIndex,
        block_number: deposit.blockNumber.toString(),
        block_hash: deposit.blockHash,
        chain_amount: deposit.chainAmount.toString(),
        amount: deposit.amount,
        status: 'pending',
        confirmations: 0,
        required_confirmations: deposit.requiredConfirmations,
        created_at: at,
        updated_at: at,
      })
      .onConflict((conflict) => conflict.columns(['chain', 'tx_hash', 'log_index']).doNothing())
      .executeTakeFirst();
    const key = (q: any) => q.where('chain', '=', deposit.chain).where('tx_hash', '=', deposit.txHash).where('log_index', '=', deposit.logIndex);
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return this.one(key);
    const moved = await key(
      this.db
        .updateTable('wallet_deposit')
        .set({ status: 'pending', block_number: deposit.blockNumber.toString(), block_hash: deposit.blockHash, confirmations: 0, updated_at: at }),
    )
      .where('status', '!=', 'credited')
      .where((eb: any) => eb.or([eb('status', '=', 'reversed'), eb('block_hash', '!=', deposit.blockHash)]))
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) > 0 ? this.one(key) : null;
  }

  pendingOn(chain: string): Promise<DepositRow[]> {
    return this.many((q) => q.where('chain', '=', chain).where('status', '=', 'pending').orderBy('block_number').orderBy('id'));
  }

  /** Pending deposits in blocks above `blockNumber` become reversed (their blocks were orphaned). */
  async reverseAbove(chain: string, blockNumber: bigint): Promise<DepositRow[]> {
    const orphaned = await this.many((q) => q.where('chain', '=', chain).where('status', '=', 'pending').where('block_number', '>', blockNumber.toString()));
    return this.reverse(orphaned);
  }

  async reverse(rows: DepositRow[]): Promise<DepositRow[]> {
    const reversed: DepositRow[] = [];
    for (const row of rows) {
      const result = await this.db
        .updateTable('wallet_deposit')
        .set({ status: 'reversed', updated_at: this.now().toISOString() })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) reversed.push({ ...row, status: 'reversed' });
    }
    return reversed;
  }

  /** Credited deposits in blocks above `blockNumber` (a reorg deeper than their confirmations). */
  creditedAbove(chain: string, blockNumber: bigint): Promise<DepositRow[]> {
    return this.many((q) => q.where('chain', '=', chain).where('status', '=', 'credited').where('block_number', '>', blockNumber.toString()));
  }

  async setConfirmations(id: string, confirmations: number): Promise<void> {
    await this.db.updateTable('wallet_deposit').set({ confirmations, updated_at: this.now().toISOString() }).where('id', '=', id).where('status', '=', 'pending').execute();
  }

  async markCredited(id: string, confirmations: number): Promise<DepositRow | null> {
    const at = this.now().toISOString();
    const result = await this.db
      .updateTable('wallet_deposit')
      .set({ status: 'credited', confirmations, credited_at: at, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? this.one((q) => q.where('id', '=', id)) : null;
  }

  /** (address index, asset) pairs holding credited coins not yet moved to the hot wallet. */
  async unswept(chain: string): Promise<Array<{ hdIndex: number; asset: string }>> {
    const rows = await this.db
      .selectFrom('wallet_deposit')
      .select(['hd_index', 'asset'])
      .distinct()
      .where('chain', '=', chain)
      .where('status', '=', 'credited')
      .where('swept', '=', 0)
      .execute();
    return rows.map((row) => ({ hdIndex: Number(row.hd_index), asset: String(row.asset) }));
  }

  async markSwept(chain: string, hdIndex: number, asset: string): Promise<void> {
    await this.db
      .updateTable('wallet_deposit')
      .set({ swept: 1 })
      .where('chain', '=', chain)
      .where('hd_index', '=', hdIndex)
      .where('asset', '=', asset)
      .where('status', '=', 'credited')
      .execute();
  }

  byId(id: string): Promise<DepositRow | null> {
    return /^\d{1,18}$/.test(id) ? this.one((q) => q.where('id', '=', id)) : Promise.resolve(null);
  }

}

function depositRowOf(row: Record<string, any>): DepositRow {
  return {
    id: String(row.id),
    memberId: String(row.member_id),
    currency: String(row.currency),
    network: String(row.network),
    chain: String(row.chain),
    address: String(row.address),
    hdIndex: Number(row.hd_index),
    asset: String(row.asset),
    txHash: String(row.tx_hash),
    logIndex: Number(row.log_index),
    blockNumber: toBigInt(row.block_number),
    blockHash: String(row.block_hash),
    chainAmount: toBigInt(row.chain_amount),
    amount: String(row.amount),
    status: row.status as DepositStatus,
    confirmations: Number(row.confirmations),
    requiredConfirmations: Number(row.required_confirmations),
    createdAt: String(row.created_at),
    creditedAt: row.credited_at === null || row.credited_at === undefined ? null : String(row.credited_at),
  };
}
