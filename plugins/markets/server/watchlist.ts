import type { Kysely } from 'kysely';
import { ApiError, ERROR_CODES } from '../../../core/server';
import type { ContractTypeCode, WatchlistItem } from '../shared/types';
import { findMarket } from './repository';

/** Most markets one member may keep in the watchlist. */
export const WATCHLIST_LIMIT = 200;

const TABLE = 'market_watchlist';

/** "BTC_USDT" -> "BTC/USDT". */
export function pairSymbol(pathSegment: string): string {
  return pathSegment.replace('_', '/');
}

/** A member's watched markets, oldest first; markets no longer listed are left out. */
export async function watchlistOf(db: Kysely<any>, memberId: string): Promise<WatchlistItem[]> {
  const rows = await db
    .selectFrom(`${TABLE} as w`)
    .innerJoin('market_symbol as m', (join) => join.onRef('m.symbol', '=', 'w.symbol').onRef('m.contract_type', '=', 'w.contract_type'))
    .select(['w.symbol', 'w.contract_type'])
    .where('w.member_id', '=', memberId)
    .where('m.enabled', '=', 1)
    .orderBy('w.created_at')
    .orderBy('w.id')
    .execute();
  return rows.map((row) => ({ symbol_name: String(row.symbol), contract_type: Number(row.contract_type) as ContractTypeCode }));
}

async function requireListed(db: Kysely<any>, symbol: string, contractType: ContractTypeCode): Promise<void> {
  if (!(await findMarket(db, symbol, contractType))) throw new ApiError(ERROR_CODES.badRequest, 'markets:marketUnknown', { field: 'a' });
}

/** Adds a listed market (400 naming `a` for an unknown one, or when the list is full); adding twice keeps one. */
export async function addToWatchlist(db: Kysely<any>, memberId: string, symbol: string, contractType: ContractTypeCode, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireListed(trx, symbol, contractType);
    const present = await trx
      .selectFrom(TABLE)
      .select('id')
      .where('member_id', '=', memberId)
      .where('symbol', '=', symbol)
      .where('contract_type', '=', contractType)
      .executeTakeFirst();
    if (present) return;
    const { count } = (await trx
      .selectFrom(TABLE)
      .select((eb) => eb.fn.countAll().as('count'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow()) as { count: unknown };
    if (Number(count) >= WATCHLIST_LIMIT) {
      throw new ApiError(ERROR_CODES.badRequest, 'markets:watchlistFull', { field: 'a', params: { limit: WATCHLIST_LIMIT } });
    }
    await trx
      .insertInto(TABLE)
      .values({ member_id: memberId, symbol, contract_type: contractType, created_at: now.toISOString() })
      .onConflict((conflict) => conflict.columns(['member_id', 'symbol', 'contract_type']).doNothing())
      .execute();
  });
}

/** Removes a listed market from the member's watchlist; removing one that is not there changes nothing. */
export async function removeFromWatchlist(db: Kysely<any>, memberId: string, symbol: string, contractType: ContractTypeCode): Promise<void> {
  await requireListed(db, symbol, contractType);
  await db.deleteFrom(TABLE).where('member_id', '=', memberId).where('symbol', '=', symbol).where('contract_type', '=', contractType).execute();
}
