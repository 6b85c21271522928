import type { SearchContribution, SearchItem, ShellRoot } from '../../plugin-api';
import { MARKET_REQUEST_GUARD_MS, SEARCH_HOT_COUNT, SEARCH_SUGGESTION_COUNT } from '../../shared';
import type { Owned } from '../registry/registry';

export type SearchTab = SearchContribution['tab'];
export const SEARCH_TABS: readonly SearchTab[] = ['spot', 'contract'];

export interface SearchRow {
  item: SearchItem;
  provider: Owned<SearchContribution>;
}

export type SearchView =
  | { kind: 'hot'; rows: SearchRow[] }
  | { kind: 'results'; rows: SearchRow[] }
  | { kind: 'empty'; suggestions: SearchRow[] };

/** Symbol text compared case-insensitively, ignoring '/' and '_' ("btc_usdt" finds "BTC/USDT"). */
export function normalizeSymbol(text: string): string {
  return text.toLowerCase().replace(/[/_\s]/g, '');
}

/** What the search panel lists for a text (spec §2): hot 8 without text, matches, or 4 suggestions. */
export function searchView(rows: SearchRow[], text: string): SearchView {
  const needle = normalizeSymbol(text);
  if (!needle) return { kind: 'hot', rows: rows.slice(0, SEARCH_HOT_COUNT) };
  const matches = rows.filter((row) => normalizeSymbol(row.item.symbol).includes(needle));
  if (matches.length) return { kind: 'results', rows: matches };
  return { kind: 'empty', suggestions: rows.slice(0, SEARCH_SUGGESTION_COUNT) };
}

/**
 * Rows of the header search, per tab, from the plugins' search contributions. A load is reused for
 * one second, so opening the box again right away does not ask for market data again.
 */
export class SearchStore {
  private readonly cache = new Map<SearchTab, { at: number; rows: Promise<SearchRow[]> }>();

  constructor(
    private readonly root: ShellRoot,
    private readonly providers: Owned<SearchContribution>[],
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Tabs that have at least one provider, in display order. */
  get tabs(): SearchTab[] {
    return SEARCH_TABS.filter((tab) => this.providers.some((provider) => provider.tab === tab));
  }

  load(tab: SearchTab): Promise<SearchRow[]> {
    const cached = this.cache.get(tab);
    if (cached && this.now() - cached.at < MARKET_REQUEST_GUARD_MS) return cached.rows;
    const rows = Promise.all(
      this.providers
        .filter((provider) => provider.tab === tab)
        .map(async (provider) => {
          try {
            return (await provider.load(this.root)).map((item) => ({ item, provider }));
          } catch {
            return [];
          }
        }),
    ).then((lists) => lists.flat());
    this.cache.set(tab, { at: this.now(), rows });
    return rows;
  }
}
