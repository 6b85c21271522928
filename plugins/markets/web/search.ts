import type { SearchContribution, SearchItem, ShellRoot } from '../../../core/plugin-api';
import type { MarketRow } from '../shared/types';
import { MARKETS_STORE } from './ids';
import type { MarketsStore } from './markets-store';
import { spotTradePath } from './trade-paths';

function searchItem(row: MarketRow): SearchItem {
  return {
    symbol: row.symbol_name,
    icon: row.avatar,
    ...(row.close !== null ? { close: row.close } : {}),
    ...(row.zdf !== null ? { zdf: row.zdf } : {}),
    ...(row.halted ? { halted: true } : {}),
  };
}

/** Hot markets first, so the search box's hot list (its first 8 rows) shows them. */
function hotFirst(rows: MarketRow[]): MarketRow[] {
  return [...rows.filter((row) => row.hot === 1), ...rows.filter((row) => row.hot !== 1)];
}

async function spotItems(root: ShellRoot): Promise<SearchItem[]> {
  return hotFirst(await root.store<MarketsStore>(MARKETS_STORE).current('spot')).map(searchItem);
}

/**
 * The header search's spot tab from the live market rows; a result opens the spot exchange page on the pair.
 * There is no contract tab: the shell shows a tab for every contribution and cannot hide one on a site without
 * a contract trading page (`tradesContracts`).
 */
export const marketSearch: SearchContribution[] = [
  {
    tab: 'spot',
    load: spotItems,
    open: (item, root) => root.navigate(spotTradePath(root, item.symbol)),
  },
];
