import type { Kysely } from 'kysely';
import type { ServerContext } from '../../../core/plugin-api';
import { CONTRACT_TYPE } from '../shared/types';
import { listingKey, SYMBOL_LISTINGS } from './catalogue';
import { demoTicker } from './demo-tickers';
import { newMarketRow, SORT_STEP } from './repository';

/** Inserts the listed markets that are missing; existing rows (and operator edits) stay as they are. */
export async function seedSymbols(db: Kysely<any>): Promise<number> {
  const existing = await db.selectFrom('market_symbol').select(['symbol', 'contract_type']).execute();
  const present = new Set(existing.map((row) => listingKey(String(row.symbol), Number(row.contract_type))));
  let inserted = 0;
  for (const [index, listing] of SYMBOL_LISTINGS.entries()) {
    const symbol = `${listing.base}/${listing.quote}`;
    if (present.has(listingKey(symbol, listing.contractType))) continue;
    await db
      .insertInto('market_symbol')
      .values(newMarketRow({ ...listing, symbol, sort: (index + 1) * SORT_STEP }))
      .execute();
    inserted += 1;
  }
  return inserted;
}

/**
 * Demo sites get the reference tickers on rows that have no real ticker (or already hold demo
 * values); other sites get any leftover demo values removed, so no demo price is ever shown unlabelled.
 */
export async function syncDemoTickers(db: Kysely<any>, demo: boolean): Promise<void> {
  if (!demo) {
    await db
      .updateTable('market_symbol')
      .set({ close: null, zdf: null, high: null, low: null, amount: null, vol: null, demo: 0 })
      .where('demo', '=', 1)
      .execute();
    return;
  }
  const rows = await db.selectFrom('market_symbol').select(['id', 'symbol', 'contract_type', 'close', 'demo']).execute();
  for (const row of rows) {
    const ticker = demoTicker(String(row.symbol), Number(row.contract_type));
    const ownTicker = row.close !== null && Number(row.demo) !== 1;
    if (!ticker || ownTicker) continue;
    await db.updateTable('market_symbol').set({ ...ticker, demo: 1 }).where('id', '=', row.id).execute();
  }
}

export async function seedMarkets(context: ServerContext): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    await seedSymbols(trx);
    await syncDemoTickers(trx, context.site.features.demo);
  });
}
