import { useEffect } from 'react';
import { useRoot } from '../../../core/web';
import { MARKET_TOPICS } from '../shared/service';
import type { MarketKind } from '../shared/types';
import type { MarketsStore } from './markets-store';
import { MARKETS_STORE } from './ids';

/**
 * The plugin's store; loads the given market lists once the component mounts and keeps them live while it
 * stays mounted (the index topic for spot rows only, all_symbol_detail when contracts are shown). Contracts are
 * left out on a site that does not trade them.
 */
export function useMarkets(...asked: MarketKind[]): MarketsStore {
  const store = useRoot().store<MarketsStore>(MARKETS_STORE);
  const kinds = store.listed(asked);
  const key = kinds.join(',');
  useEffect(() => {
    const topic = kinds.includes('contract') ? MARKET_TOPICS.allSymbolDetail : MARKET_TOPICS.index;
    const stop = store.follow(topic);
    // The shell's HTTP client already shows failures; the store keeps the error state for the page.
    for (const kind of kinds) store.ensure(kind).catch(() => {});
    return stop;
    // `key` stands for the kinds, so a new array with the same kinds does not reload.
  }, [store, key]);
  return store;
}
