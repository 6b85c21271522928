import type { Kysely } from 'kysely';
import type { MarketKind } from '../shared/types';
import type { MarketSymbolRecord } from './rows';

/** Enabled markets of one kind, in display order. */
export async function listMarkets(db: Kysely<any>, kind: MarketKind): Promise<MarketSymbolRecord[]> {
  return (await db
    .selectFrom('market_symbol')
    .selectAll()
    .where('kind', '=', kind)
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute()) as MarketSymbolRecord[];
}
