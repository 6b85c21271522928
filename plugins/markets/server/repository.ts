import type { Kysely } from 'kysely';
import { CONTRACT_TYPE, type MarketKind } from '../shared/types';
import type { MarketListing } from '../shared/service';
import type { MarketSymbolRecord } from './rows';

export const SORT_STEP = 10;

/** Enabled markets of one kind (or every kind, spot first), in display order. */
export async function listMarkets(db: Kysely<any>, kind?: MarketKind): Promise<MarketSymbolRecord[]> {
  let query = db.selectFrom('market_symbol').selectAll().where('enabled', '=', 1);
  if (kind) query = query.where('kind', '=', kind);
  else query = query.orderBy('contract_type');
  return (await query.orderBy('sort').orderBy('id').execute()) as MarketSymbolRecord[];
}

/** The enabled market of a pair and contract type, or undefined. */
export async function findMarket(db: Kysely<any>, symbol: string, contractType: number): Promise<MarketSymbolRecord | undefined> {
  return (await db
    .selectFrom('market_symbol')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('contract_type', '=', contractType)
    .where('enabled', '=', 1)
    .executeTakeFirst()) as MarketSymbolRecord | undefined;
}

/** A new market_symbol row: enabled, without a ticker. */
export function newMarketRow(listing: MarketListing & { sort: number; hot: boolean; isNew: boolean; listedAt: string }) {
  return {
    symbol: listing.symbol,
    base: listing.base,
    quote: listing.quote,
    kind: listing.contractType === CONTRACT_TYPE.spot ? 'spot' : 'contract',
    contract_type: listing.contractType,
    price_scale: listing.priceScale,
    qty_scale: listing.qtyScale,
    sort: listing.sort,
    hot: listing.hot ? 1 : 0,
    is_new: listing.isNew ? 1 : 0,
    enabled: 1,
    listed_at: listing.listedAt,
    demo: 0,
  };
}

/**
 * Inserts the market's row when missing (enabled, marked new, after the others) and otherwise sets its scales
 * and enables it; both dialects, safe against a concurrent insert of the same market.
 */
export async function upsertListing(db: Kysely<any>, listing: MarketListing, listedAt: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const last = await trx.selectFrom('market_symbol').select((eb) => eb.fn.max('sort').as('sort')).executeTakeFirst();
    await trx
      .insertInto('market_symbol')
      .values(newMarketRow({ ...listing, sort: Number(last?.sort ?? 0) + SORT_STEP, hot: false, isNew: true, listedAt }))
      .onConflict((conflict) =>
        conflict.columns(['symbol', 'contract_type']).doUpdateSet({ price_scale: listing.priceScale, qty_scale: listing.qtyScale, enabled: 1 }),
      )
      .execute();
  });
}
