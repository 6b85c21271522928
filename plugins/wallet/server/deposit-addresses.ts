import type { Kysely } from 'kysely';
import type { ChainKind } from '../shared/types';
import type { ChainAdapter } from './chains/types';
import { isUniqueViolation } from './units';

export interface DepositAddressRow {
  memberId: string;
  currency: string;
  network: string;
  chain: ChainKind;
  hdIndex: number;
  address: string;
}

const ATTEMPTS = 8;

/**
 * Deposit addresses: one per (member, currency, network), each at the next free HD index of its kind of chain, so
 * an address never belongs to two members. Two requests racing for the same index or the same owner are resolved by
 * the unique indexes: the loser reads the winner's row or takes the next index.
 */
export class DepositAddresses {
  private readonly known = new Map<ChainKind, { rows: DepositAddressRow[] }>();

  constructor(
    private readonly db: Kysely<any>,
    private readonly now: () => Date,
  ) {}

  async addressFor(owner: { memberId: string; currency: string; network: string }, kind: ChainKind, adapter: ChainAdapter): Promise<string> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const existing = await this.find(owner, kind);
      if (existing) return existing.address;
      const last = await this.db.selectFrom('wallet_deposit_address').select((eb) => eb.fn.max('hd_index').as('max')).where('chain', '=', kind).executeTakeFirst();
      const hdIndex = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
      try {
        await this.db
          .insertInto('wallet_deposit_address')
          .values({
            member_id: owner.memberId,
            currency: owner.currency,
            network: owner.network,
            chain: kind,
            hd_index: hdIndex,
            address: adapter.depositAddress(hdIndex),
            created_at: this.now().toISOString(),
          })
          .execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error(`deposit address: no free HD index after ${ATTEMPTS} attempts`);
  }

  /**
   * Every deposit address on a kind of chain (what the watcher scans for). Rows are never changed or removed, so the
   * same count means the same rows: the list is read again only when it grew.
   */
  async onChain(kind: ChainKind): Promise<DepositAddressRow[]> {
    const counted = await this.db.selectFrom('wallet_deposit_address').select((eb) => eb.fn.countAll().as('count')).where('chain', '=', kind).executeTakeFirst();
    const count = Number(counted?.count ?? 0);
    const known = this.known.get(kind);
    if (known?.rows.length === count) return known.rows;
    const rows = (await this.db.selectFrom('wallet_deposit_address').selectAll().where('chain', '=', kind).execute()).map(rowOf);
    this.known.set(kind, { rows });
    return rows;
  }

  private async find(owner: { memberId: string; currency: string; network: string }, kind: ChainKind): Promise<DepositAddressRow | undefined> {
    const row = await this.db
      .selectFrom('wallet_deposit_address')
      .selectAll()
      .where('member_id', '=', owner.memberId)
      .where('currency', '=', owner.currency)
      .where('network', '=', owner.network)
      .where('chain', '=', kind)
      .executeTakeFirst();
    return row ? rowOf(row) : undefined;
  }
}

function rowOf(row: Record<string, any>): DepositAddressRow {
  return {
    memberId: String(row.member_id),
    currency: String(row.currency),
    network: String(row.network),
    chain: row.chain as ChainKind,
    hdIndex: Number(row.hd_index),
    address: String(row.address),
  };
}
