import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { HttpClient } from '../../../core/plugin-api';
import type { CurrencyItem } from '../../../core/web';
import { compareDecimal, MARKET_REQUEST_GUARD_MS } from '../../../core/shared';
import { CONTRACT_TYPE, type MarketInitData, type MarketKind, type MarketRow } from '../shared/types';

export const INIT_DATA_PATH = '/coin/open/market/initData';
export const COIN_RATE_PATH = '/coin/open/getCoinRate';
export const BOARD_SIZE = 5;

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The table tabs of the markets page: spot, USDT-margined and coin-margined contracts. */
export type MarketTab = 'spot' | 'ubw' | 'bbw';
export const MARKET_TABS: readonly MarketTab[] = ['spot', 'ubw', 'bbw'];

/** One display currency as GET /coin/open/getCoinRate lists it (rate: units per 1 USD). */
export type CoinRate = CurrencyItem;

interface Request<T> {
  at: number;
  settled: boolean;
  promise: Promise<T>;
}

/**
 * Market rows for every page of the plugin. Each list loads once; any request for the same data
 * within one second reuses the one already sent (spec §9: a one-second guard on market data).
 */
export class MarketsStore {
  spot: MarketRow[] = [];
  contracts: MarketRow[] = [];
  rates: CoinRate[] = [];
  status: Record<MarketKind | 'rates', LoadStatus> = { spot: 'idle', contract: 'idle', rates: 'idle' };
  serverTime: string | null = null;

  private readonly requests = new Map<string, Request<unknown>>();

  constructor(
    private readonly http: HttpClient,
    private readonly now: () => number = Date.now,
  ) {
    makeObservable<MarketsStore, 'applyMarkets'>(this, {
      spot: observableRef,
      contracts: observableRef,
      rates: observableRef,
      status: observable,
      serverTime: observable,
      isDemo: computed,
      gainers: computed,
      newest: computed,
      hot: computed,
      applyMarkets: action,
    });
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

  rowsOf(tab: MarketTab): MarketRow[] {
    if (tab === 'spot') return this.spot;
    const type = tab === 'ubw' ? CONTRACT_TYPE.ubw : CONTRACT_TYPE.bbw;
    return this.contracts.filter((row) => row.contract_type === type);
  }

  /** True when any row shown comes from demo reference prices. */
  get isDemo(): boolean {
    return this.spot.some((row) => row.demo) || this.contracts.some((row) => row.demo);
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
