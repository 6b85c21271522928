import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { HttpClient, RealtimeClient } from '../../../core/plugin-api';
import type { CurrencyItem } from '../../../core/web';
import { compareDecimal, MARKET_REQUEST_GUARD_MS } from '../../../core/shared';
import { MARKET_TOPICS, type TickerMessage } from '../shared/service';
import { CONTRACT_TYPE, type MarketInitData, type MarketKind, type MarketRow } from '../shared/types';
import { Watchlist, type WatchlistHost } from '../shared/watchlist';
import { mergeTickers, type PriceMove } from './live-rows';
import { quoteValues } from './quote-value';

export const INIT_DATA_PATH = '/coin/open/market/initData';
export const COIN_RATE_PATH = '/coin/open/getCoinRate';
export const BOARD_SIZE = 5;

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The table tabs of the markets page: the member's favourites, spot, USDT-margined and coin-margined contracts. */
export type MarketTab = 'favourites' | 'spot' | 'ubw' | 'bbw';
export const MARKET_TABS: readonly MarketTab[] = ['favourites', 'spot', 'ubw', 'bbw'];
const CONTRACT_TABS: readonly MarketTab[] = ['ubw', 'bbw'];

export interface MarketsStoreOptions {
  /** Whether the site has a page to trade contracts (`tradesContracts`); without one no contract market is shown. */
  tradesContracts?: boolean;
  now?: () => number;
}

/** The market topics a page follows: index carries the spot rows, all_symbol_detail every row. */
export type MarketTopic = (typeof MARKET_TOPICS)[keyof typeof MARKET_TOPICS];
const TOPIC_KINDS: Record<MarketTopic, readonly MarketKind[]> = {
  [MARKET_TOPICS.index]: ['spot'],
  [MARKET_TOPICS.allSymbolDetail]: ['spot', 'contract'],
};

function isTickerMessage(payload: unknown): payload is TickerMessage {
  return typeof payload === 'object' && payload !== null && Array.isArray((payload as TickerMessage).rows);
}

/** One display currency as GET /coin/open/getCoinRate lists it (rate: units per 1 USD). */
export type CoinRate = CurrencyItem;

interface Request<T> {
  at: number;
  settled: boolean;
  promise: Promise<T>;
}

/**
 * Market rows for every page of the plugin. Each list loads once; any request for the same data
 * within one second reuses the one already sent (spec §9: a one-second guard on market data). While a page
 * follows a market topic, its ticker messages update the rows in place; a missed message reloads the lists.
 */
export class MarketsStore implements WatchlistHost {
  spot: MarketRow[] = [];
  contracts: MarketRow[] = [];
  rates: CoinRate[] = [];
  status: Record<MarketKind | 'rates', LoadStatus> = { spot: 'idle', contract: 'idle', rates: 'idle' };
  serverTime: string | null = null;
  /** The last price move of each market (rowKey) since the page opened, for the price colour. */
  moves: ReadonlyMap<string, PriceMove> = new Map();
  readonly watchlist: Watchlist;
  /** Contract markets are listed: the site has a page to trade them. */
  readonly tradesContracts: boolean;
  /** The tabs of the markets page: the contract tabs only when contracts are listed. */
  readonly tabs: readonly MarketTab[];

  private readonly now: () => number;
  private readonly requests = new Map<string, Request<unknown>>();
  private readonly following = new Map<MarketTopic, { count: number; stop: () => void }>();

  constructor(
    private readonly http: HttpClient,
    private readonly realtime: Pick<RealtimeClient, 'subscribe'>,
    options: MarketsStoreOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.tradesContracts = options.tradesContracts ?? false;
    this.tabs = MARKET_TABS.filter((tab) => this.tradesContracts || !CONTRACT_TABS.includes(tab));
    this.watchlist = new Watchlist(http);
    makeObservable<MarketsStore, 'applyMarkets' | 'applyTickers'>(this, {
      spot: observableRef,
      contracts: observableRef,
      rates: observableRef,
      status: observable,
      serverTime: observable,
      moves: observableRef,
      isDemo: computed,
      quoteUsd: computed,
      gainers: computed,
      newest: computed,
      hot: computed,
      applyMarkets: action,
      applyTickers: action,
    });
  }

  /**
   * Keeps the rows of a topic live until the returned function is called; pages and boards follow while
   * mounted. One subscription per topic however many follow it.
   */
  follow(topic: MarketTopic): () => void {
    let entry = this.following.get(topic);
    if (!entry) {
      const stop = this.realtime.subscribe(topic, (payload) => this.applyTickers(topic, payload), {
        onGap: () => this.reloadFollowed(topic),
      });
      entry = { count: 0, stop };
      this.following.set(topic, entry);
    }
    entry.count += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.count -= 1;
      if (entry.count > 0) return;
      entry.stop();
      this.following.delete(topic);
    };
  }

  /** The given market lists, less the contracts on a site that does not trade them. */
  listed(kinds: readonly MarketKind[]): MarketKind[] {
    return kinds.filter((kind) => kind === 'spot' || this.tradesContracts);
  }

  /** The rows of a list as they are now: live while followed, otherwise asked again (within the guard). */
  async current(kind: MarketKind): Promise<MarketRow[]> {
    if (this.listed([kind]).length === 0) return [];
    const live = [...this.following.keys()].some((topic) => TOPIC_KINDS[topic].includes(kind));
    await (live ? this.ensure(kind) : this.refresh(kind));
    return kind === 'spot' ? this.spot : this.contracts;
  }

  /** Loads a market list unless it is already there. */
  ensure(kind: MarketKind): Promise<void> {
    return this.status[kind] === 'ready' ? Promise.resolve() : this.refresh(kind);
  }

  /** Asks the server again (at most once per second). */
  refresh(kind: MarketKind): Promise<void> {
    return this.guarded(`markets:${kind}`, async () => {
      runInAction(() => (this.status[kind] = 'loading'));
      try {
        const data = await this.http.get<MarketInitData>(INIT_DATA_PATH, { query: { type: kind } });
        this.applyMarkets(kind, data);
      } catch (error) {
        runInAction(() => (this.status[kind] = 'error'));
        throw error;
      }
    });
  }

  ensureRates(): Promise<void> {
    if (this.status.rates === 'ready') return Promise.resolve();
    return this.guarded('rates', async () => {
      runInAction(() => (this.status.rates = 'loading'));
      try {
        const rates = await this.http.get<CoinRate[]>(COIN_RATE_PATH);
        runInAction(() => {
          this.rates = rates;
          this.status.rates = 'ready';
        });
      } catch (error) {
        runInAction(() => (this.status.rates = 'error'));
        throw error;
      }
    });
  }

  /** The rows of a tab; the favourites tab lists the member's watched markets in the order they were added. */
  rowsOf(tab: MarketTab, memberId?: string | null): MarketRow[] {
    if (tab === 'spot') return this.spot;
    if (tab === 'favourites') return this.watchlist.pick(memberId, [...this.spot, ...this.listedContracts]);
    const type = tab === 'ubw' ? CONTRACT_TYPE.ubw : CONTRACT_TYPE.bbw;
    return this.listedContracts.filter((row) => row.contract_type === type);
  }

  /** The contract rows, none on a site that does not trade contracts. */
  private get listedContracts(): MarketRow[] {
    return this.tradesContracts ? this.contracts : [];
  }

  /** True when any row shown comes from demo reference prices. */
  get isDemo(): boolean {
    return this.spot.some((row) => row.demo) || this.listedContracts.some((row) => row.demo);
  }

  /** USD a unit of each quote currency the rows can value (quoteValues), live with the spot rows. */
  get quoteUsd(): ReadonlyMap<string, string> {
    return quoteValues(this.spot);
  }

  /** Spot rows with the highest 24 h change first. */
  get gainers(): MarketRow[] {
    return this.spot
      .filter((row) => row.zdf !== null)
      .slice()
      .sort((a, b) => compareDecimal(b.zdf!, a.zdf!))
      .slice(0, BOARD_SIZE);
  }

  get newest(): MarketRow[] {
    return this.spot.filter((row) => row.is_new === 1).slice(0, BOARD_SIZE);
  }

  get hot(): MarketRow[] {
    return this.spot.filter((row) => row.hot === 1).slice(0, BOARD_SIZE);
  }

  private applyMarkets(kind: MarketKind, data: MarketInitData): void {
    if (kind === 'spot') this.spot = data.symbols;
    else this.contracts = data.symbols;
    this.serverTime = data.serverTime;
    this.status[kind] = 'ready';
  }

  private applyTickers(topic: MarketTopic, payload: unknown): void {
    if (!isTickerMessage(payload)) return;
    const spot = mergeTickers(this.spot, payload.rows.filter((row) => row.contract_type === CONTRACT_TYPE.spot));
    const contracts = TOPIC_KINDS[topic].includes('contract')
      ? mergeTickers(this.contracts, payload.rows.filter((row) => row.contract_type !== CONTRACT_TYPE.spot))
      : null;
    this.spot = spot.rows;
    if (contracts) this.contracts = contracts.rows;
    const moves = [...spot.moves, ...(contracts?.moves ?? [])];
    if (moves.length > 0) this.moves = new Map([...this.moves, ...moves]);
    // A market listed since the list loaded: ask for the list again.
    if (spot.unknown > 0) this.reloadLoaded('spot');
    if (contracts && contracts.unknown > 0) this.reloadLoaded('contract');
  }

  private reloadFollowed(topic: MarketTopic): void {
    for (const kind of TOPIC_KINDS[topic]) this.reloadLoaded(kind);
  }

  /** Reloads a list that is shown (loaded or loading); a list no page asked for stays unloaded. */
  private reloadLoaded(kind: MarketKind): void {
    if (this.status[kind] !== 'idle') this.refresh(kind).catch(() => {});
  }

  private guarded<T>(key: string, send: () => Promise<T>): Promise<T> {
    const last = this.requests.get(key) as Request<T> | undefined;
    const at = this.now();
    if (last && (!last.settled || at - last.at < MARKET_REQUEST_GUARD_MS)) return last.promise;
    const request: Request<T> = { at, settled: false, promise: send() };
    const settle = () => {
      request.settled = true;
    };
    request.promise.then(settle, settle);
    this.requests.set(key, request);
    return request.promise;
  }
}
