import type { Kysely } from 'kysely';
import type { ChainKind, WithdrawalRecord, WithdrawalStatus } from '../shared/types';
import { RecordTable } from './record-table';
import { toBigInt } from './units';

/** Where the held amount is in the ledger: frozen, returned to available, or paid out. */
export type FundsState = 'held' | 'released' | 'settled';

/** A withdrawal as the chain side keeps it (wallet_withdrawal). */
export interface WithdrawalRow {
  id: string;
  memberId: string;
  clientId: string | null;
  currency: string;
  network: string;
  chain: ChainKind;
  address: string;
  asset: string;
  /** Decimal strings in the currency's scale: gross amount, fee, and amount − fee. */
  amount: string;
  fee: string;
  receive: string;
  /** receive in on-chain base units. */
  chainAmount: bigint;
  status: WithdrawalStatus;
  funds: FundsState;
  /** A plain reason (the operator's), or a message key `wallet:…` (a chain failure) translated when shown. */
  reason: string | null;
  txHash: string | null;
  /** The signed transaction of txHash (hex), kept to broadcast it again; null on the devnet. */
  rawTx: string | null;
  confirmations: number;
  attempts: number;
  nextAttemptAt: number;
  reviewedBy: string | null;
  reviewedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type NewWithdrawal = Pick<
  WithdrawalRow,
  'id' | 'memberId' | 'clientId' | 'currency' | 'network' | 'chain' | 'address' | 'asset' | 'amount' | 'fee' | 'receive' | 'chainAmount'
>;

export type WithdrawalChange = Partial<Pick<WithdrawalRow, 'status' | 'funds' | 'reason' | 'txHash' | 'rawTx' | 'confirmations' | 'attempts' | 'nextAttemptAt' | 'reviewedBy' | 'reviewedAt'>>;

/** Reasons stored as message keys are translated for the reader; an operator's reason is shown as written. */
export function withdrawalRecordOf(row: WithdrawalRow, t: (key: string) => string = (key) => key): WithdrawalRecord {
  return {
    id: row.id,
    currency: row.currency,
    network: row.network,
    address: row.address,
    amount: row.amount,
    fee: row.fee,
    receive: row.receive,
    status: row.status,
    reason: row.reason === null ? null : row.reason.startsWith('wallet:') ? t(row.reason) : row.reason,
    txHash: row.txHash,
    confirmations: row.confirmations,
    cancellable: row.status === 'review',
    createTime: row.createdAt,
    updateTime: row.updatedAt,
  };
}

const COLUMNS: Record<keyof WithdrawalChange, string> = {
  status: 'status',
  funds: 'funds',
  reason: 'reason',
  txHash: 'tx_hash',
  rawTx: 'raw_tx',
  confirmations: 'confirmations',
  attempts: 'attempts',
  nextAttemptAt: 'next_attempt_at',
  reviewedBy: 'reviewed_by',
  reviewedAt: 'reviewed_at',
};

/** The wallet_withdrawal table. Every state change is a compare-and-set on the status it starts from. */
export class WithdrawalStore extends RecordTable<WithdrawalRow> {
  constructor(
    db: Kysely<any>,
    private readonly now: () => Date,
  ) {
    super(db, 'wallet_withdrawal', withdrawalRowOf);
  }

  async insert(withdrawal: NewWithdrawal): Promise<void> {
    const at = this.now().toISOString();
    await this.db
      .insertInto('wallet_withdrawal')
      .values({
        id: withdrawal.id,
        member_id: withdrawal.memberId,
        client_id: withdrawal.clientId,
        currency: withdrawal.currency,
        network: withdrawal.network,
        chain: withdrawal.chain,
        address: withdrawal.address,
        asset: withdrawal.asset,
        amount: withdrawal.amount,
        fee: withdrawal.fee,
        receive: withdrawal.receive,
        chain_amount: withdrawal.chainAmount.toString(),
        status: 'review',
        funds: 'held',
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  byId(id: string): Promise<WithdrawalRow | null> {
    return this.one((q) => q.where('id', '=', id));
  }

  byClientId(memberId: string, clientId: string): Promise<WithdrawalRow | null> {
    return this.one((q) => q.where('member_id', '=', memberId).where('client_id', '=', clientId));
  }

  /** Applies the change only while the withdrawal is in one of `from`; returns the new row, or null when it was not. */
  async transition(id: string, from: readonly WithdrawalStatus[], change: WithdrawalChange): Promise<WithdrawalRow | null> {
    const set: Record<string, unknown> = { updated_at: this.now().toISOString() };
    for (const [key, value] of Object.entries(change)) set[COLUMNS[key as keyof WithdrawalChange]] = value;
    const result = await this.db.updateTable('wallet_withdrawal').set(set).where('id', '=', id).where('status', 'in', [...from]).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? this.byId(id) : null;
  }

  async setFunds(id: string, funds: Exclude<FundsState, 'held'>): Promise<void> {
    await this.db.updateTable('wallet_withdrawal').set({ funds, updated_at: this.now().toISOString() }).where('id', '=', id).where('funds', '=', 'held').execute();
  }

  /** Withdrawals the processor works on: approved ones due for an attempt, and broadcast ones. */
  inFlight(nowMs: number): Promise<WithdrawalRow[]> {
    return this.many((q) =>
      q
        .where((eb: any) => eb.or([eb.and([eb('status', '=', 'approved'), eb('next_attempt_at', '<=', nowMs)]), eb('status', '=', 'broadcast')]))
        .orderBy('created_at')
        .orderBy('id'),
    );
  }

  /** Finished withdrawals whose ledger side is not done yet (a crash between the two steps). */
  unfinishedFunds(): Promise<WithdrawalRow[]> {
    return this.many((q) => q.where('funds', '=', 'held').where('status', 'in', ['cancelled', 'rejected', 'failed', 'completed']));
  }

}

const nullable = (value: unknown) => (value === null || value === undefined ? null : String(value));

function withdrawalRowOf(row: Record<string, any>): WithdrawalRow {
  return {
    id: String(row.id),
    memberId: String(row.member_id),
    clientId: nullable(row.client_id),
    currency: String(row.currency),
    network: String(row.network),
    chain: row.chain as ChainKind,
    address: String(row.address),
    asset: String(row.asset),
    amount: String(row.amount),
    fee: String(row.fee),
    receive: String(row.receive),
    chainAmount: toBigInt(row.chain_amount),
    status: row.status as WithdrawalStatus,
    funds: row.funds as FundsState,
    reason: nullable(row.reason),
    txHash: nullable(row.tx_hash),
    rawTx: nullable(row.raw_tx),
    confirmations: Number(row.confirmations),
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    reviewedBy: nullable(row.reviewed_by),
    reviewedAt: nullable(row.reviewed_at),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
  };
}
