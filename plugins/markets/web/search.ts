import type { SearchContribution, SearchItem, ShellRoot } from '../../../core/plugin-api';
import { CONTRACT_TYPE, type MarketKind, type MarketRow } from '../shared/types';
import { MARKETS_STORE } from './ids';
import type { MarketsStore } from './markets-store';
import { tradePath } from './trade-paths';

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

async function searchItems(root: ShellRoot, kind: MarketKind): Promise<SearchItem[]> {
  return hotFirst(await root.store<MarketsStore>(MARKETS_STORE).current(kind)).map(searchItem);
}

/** Header search tabs from the live market rows: spot pairs open the spot screen, contracts the contract screen. */
export const marketSearch: SearchContribution[] = [
  {
    tab: 'spot',
    load: (root) => searchItems(root, 'spot'),
    open: (item, root) => root.navigate(tradePath(root, { symbol_name: item.symbol, contract_type: CONTRACT_TYPE.spot })),
  },
  {
    tab: 'contract',
    load: (root) => searchItems(root, 'contract'),
    open: (item, root) => root.navigate(tradePath(root, { symbol_name: item.symbol, contract_type: CONTRACT_TYPE.ubw })),
  },
];
