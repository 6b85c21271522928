import type { ShellRoot } from '../../../core/plugin-api';
import { CONTRACT_TYPE, pairPathSegment, type MarketRow } from '../shared/types';

/** Route of the spot plugin's full-screen trading page (/exchange/full-screen/:type). */
export const SPOT_SCREEN_ROUTE = 'spot.fullScreen';

/** The trading screen of a market: spot pairs open the spot screen, contracts the contract screen (spec §2 paths). */
export function tradePath(root: Pick<ShellRoot, 'href'>, market: Pick<MarketRow, 'symbol_name' | 'contract_type'>): string {
  const pair = pairPathSegment(market.symbol_name);
  if (market.contract_type !== CONTRACT_TYPE.spot) return `/exchange/full-contract/${pair}`;
  try {
    return root.href(SPOT_SCREEN_ROUTE, { type: pair });
  } catch {
    // A site without the spot plugin still links to the spec's path.
    return `/exchange/full-screen/${pair}`;
  }
}
