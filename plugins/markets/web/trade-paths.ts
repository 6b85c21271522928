import type { ShellRoot } from '../../../core/plugin-api';
import { CONTRACT_TYPE, pairPathSegment, type MarketRow } from '../shared/types';

/** Route of the spot plugin's trading page (/exchange/index?symbol=BTC_USDT). */
export const SPOT_EXCHANGE_ROUTE = 'spot.exchange';
/** Path of that page on a site without the spot plugin (spec §2). */
export const SPOT_EXCHANGE_PATH = '/exchange/index';
/** Path of a contract's trading screen (spec §2); no plugin provides it yet. */
export const CONTRACT_SCREEN_PATH = '/exchange/full-contract';

/** The trading page of a market: spot pairs open the spot exchange page on that pair, contracts the contract screen. */
export function tradePath(root: Pick<ShellRoot, 'href'>, market: Pick<MarketRow, 'symbol_name' | 'contract_type'>): string {
  const pair = pairPathSegment(market.symbol_name);
  if (market.contract_type !== CONTRACT_TYPE.spot) return `${CONTRACT_SCREEN_PATH}/${pair}`;
  let page = SPOT_EXCHANGE_PATH;
  try {
    page = root.href(SPOT_EXCHANGE_ROUTE);
  } catch {
    // A site without the spot plugin still links to the spec's path.
  }
  return `${page}?symbol=${encodeURIComponent(pair)}`;
}
