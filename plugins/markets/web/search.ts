import type { SearchContribution, SearchItem, ShellRoot } from '../../../core/plugin-api';
import { pairPathSegment, type MarketRow } from '../shared/types';
import { MARKETS_STORE } from './ids';
import type { MarketsStore } from './markets-store';

function searchItem(row: MarketRow): SearchItem {
  return {
    symbol: row.symbol_name,
    icon: row.avatar,
    ...(row.close !== null ? { close: row.close } : {}),
    ...(row.zdf !== null ? { zdf: row.zdf } : {}),
  };
}

/** Hot markets first, so the search box's hot list (its first 8 rows) shows them. */
function hotFirst(rows: MarketRow[]): MarketRow[] {
  return [...rows.filter((row) => row.hot === 1), ...rows.filter((row) => row.hot !== 1)];
}

async function rowsOf(root: ShellRoot, kind: 'spot' | 'contract'): Promise<MarketRow[]> {
  const store = root.store<MarketsStore>(MARKETS_STORE);
  await store.ensure(kind);
  return kind === 'spot' ? store.spot : store.contracts;
}

/** Header search tabs: spot pairs open the spot screen, contracts the contract screen. */
export const marketSearch: SearchContribution[] = [
  {
    tab: 'spot',
    load: async (root) => hotFirst(await rowsOf(root, 'spot')).map(searchItem),
    open: (item, root) => root.navigate(`/exchange/full-screen/${pairPathSegment(item.symbol)}`),
  },
  {
    tab: 'contract',
    load: async (root) => hotFirst(await rowsOf(root, 'contract')).map(searchItem),
    open: (item, root) => root.navigate(`/exchange/full-contract/${pairPathSegment(item.symbol)}`),
  },
];
