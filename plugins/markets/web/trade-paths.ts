import type { ShellRoot } from '../../../core/plugin-api';
import { CONTRACT_TYPE, pairPathSegment, type MarketRow } from '../shared/types';

/** Route of the spot plugin's trading page (/exchange/index?symbol=BTC_USDT). */
export const SPOT_EXCHANGE_ROUTE = 'spot.exchange';
/** Path of that page on a site without the spot plugin (spec §2). */
export const SPOT_EXCHANGE_PATH = '/exchange/index';
/**
 * Route of the contract trading page, provided by a contracts plugin (the home page's product card links to the
 * same name). It takes the pair (`BTC_USDT`) in `symbol`, as a `:symbol` segment or in the query. A site without
 * it lists no contract markets.
 */
export const CONTRACT_EXCHANGE_ROUTE = 'contracts.exchange';

/** Any pair: the route may need `:symbol`, without which `href` throws even when the route exists. */
const PROBE_PAIR = 'BTC_USDT';

type HrefRoot = Pick<ShellRoot, 'href'>;

function routeHref(root: HrefRoot, name: string, params?: Record<string, string>): string | null {
  try {
    return root.href(name, params);
  } catch {
    return null;
  }
}

function contractHref(root: HrefRoot, pair: string): string | null {
  return routeHref(root, CONTRACT_EXCHANGE_ROUTE, { symbol: pair });
}

/** True when a selected plugin provides the contract trading page; contract markets are shown only then. */
export function tradesContracts(root: HrefRoot): boolean {
  return contractHref(root, PROBE_PAIR) !== null;
}

/** The spot exchange page on a pair (`BTC/USDT`); a site without the spot plugin still links to the spec's path. */
export function spotTradePath(root: HrefRoot, symbol: string): string {
  const page = routeHref(root, SPOT_EXCHANGE_ROUTE) ?? SPOT_EXCHANGE_PATH;
  return `${page}?symbol=${encodeURIComponent(pairPathSegment(symbol))}`;
}

/**
 * The trading page of a market: spot pairs open the spot exchange page on that pair, contracts the contract
 * trading page, or null on a site without one (where no contract market is shown).
 */
export function tradePath(root: HrefRoot, market: Pick<MarketRow, 'symbol_name' | 'contract_type'>): string | null {
  if (market.contract_type === CONTRACT_TYPE.spot) return spotTradePath(root, market.symbol_name);
  return contractHref(root, pairPathSegment(market.symbol_name));
}
