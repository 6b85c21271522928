// The member's watchlist in the browser, owned by the markets store and shared with the trading screens. Web only
// (MobX); the server imports none of it.
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { HttpClient } from '../../../core/plugin-api';
import { pairPathSegment, rowKey, WATCHLIST_PATHS, type MarketRow, type WatchlistItem } from './types';

/** The markets plugin's store id: `root.store<WatchlistHost>(MARKETS_STORE).watchlist` is the one watchlist. */
export const MARKETS_STORE = 'markets';

/** A market as the watchlist names it. */
export type WatchedMarket = Pick<MarketRow, 'symbol_name' | 'contract_type'>;

/** What another plugin may rely on of the markets store. */
export interface WatchlistHost {
  readonly watchlist: Watchlist;
}

function changePath(path: string, market: WatchedMarket): string {
  return path.replace(':a', pairPathSegment(market.symbol_name)).replace(':b', String(market.contract_type));
}

/** The signed-in member's watched markets (the star on market rows, the Favourites tabs). */
export class Watchlist {
  items: WatchlistItem[] = [];
  /** The member the items belong to; null until loaded. */
  owner: string | null = null;
  /** Markets whose star was just pressed and whose answer is still on its way. */
  pending = new Set<string>();
  private loading: { owner: string; promise: Promise<void> } | null = null;

  constructor(private readonly http: HttpClient) {
    makeObservable<Watchlist, 'apply'>(this, { items: observableRef, owner: observable, pending: observable, apply: action });
  }

  /** Loads the member's list unless it is already there; a different member's list is dropped first. */
  load(memberId: string): Promise<void> {
    if (this.owner === memberId) return Promise.resolve();
    if (this.loading?.owner === memberId) return this.loading.promise;
    const promise = this.http.get<WatchlistItem[]>(WATCHLIST_PATHS.list).then((items) => this.apply(memberId, items));
    this.loading = { owner: memberId, promise };
    const done = () => {
      if (this.loading?.promise === promise) this.loading = null;
    };
    promise.then(done, done);
    return promise;
  }

  /** The items of this member, or none while another member's (or no) list is loaded. */
  of(memberId: string | null | undefined): WatchlistItem[] {
    return memberId && this.owner === memberId ? this.items : [];
  }

  has(memberId: string | null | undefined, market: WatchedMarket): boolean {
    const key = rowKey(market);
    return this.of(memberId).some((item) => rowKey(item) === key);
  }

  /** Of the given rows, those of the markets this member watches, in the order they were added. */
  pick<T extends WatchedMarket>(memberId: string | null | undefined, rows: readonly T[]): T[] {
    const byKey = new Map(rows.map((row) => [rowKey(row), row]));
    return this.of(memberId).flatMap((item) => byKey.get(rowKey(item)) ?? []);
  }

  /** Stars or unstars a market; the server's answer becomes the list. */
  async toggle(memberId: string, market: WatchedMarket): Promise<void> {
    const key = rowKey(market);
    if (this.pending.has(key)) return;
    const path = this.has(memberId, market) ? WATCHLIST_PATHS.cancel : WATCHLIST_PATHS.add;
    runInAction(() => this.pending.add(key));
    try {
      this.apply(memberId, await this.http.post<WatchlistItem[]>(changePath(path, market)));
    } finally {
      runInAction(() => this.pending.delete(key));
    }
  }

  private apply(memberId: string, items: WatchlistItem[]): void {
    this.owner = memberId;
    this.items = items;
  }
}
