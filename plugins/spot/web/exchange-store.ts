import { action, computed, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import type { ShellRoot } from '../../../core/plugin-api';
import { ERROR_CODES } from '../../../core/shared';
import { isAbortError, isHttpError } from '../../../core/web';
import { MARKET_TOPICS, type TickerMessage, type TickerRow } from '../../markets/shared/service';
import type { MarketInitData } from '../../markets/shared/types';
import type { CurrencyBalance } from '../../wallet/shared/types';
import { refreshTopic } from '../../wallet/shared/types';
import {
  SPOT_TOPICS,
  type CandleView,
  type DepthView,
  type KlineMessage,
  type KlinePeriod,
  type OrderSide,
  type OrderType,
  type PriceComparison,
  type SpotFillView,
  type SpotOrderView,
  type SpotSymbol,
  type TradesMessage,
  type TradeView,
} from '../shared/types';
import type { OrderDraft } from './order-form';
import { placeOrderInput } from './order-form';
import { fallbackQuoteScale } from './format';
import type { BookGroup } from './order-book';
import { RequestGuard, type GuardClock } from './request-guard';
import { spotApi, TRADES_SHOWN } from './spot-api';

/** The market snapshots the screen loads besides the candles, and their answers. */
interface SnapshotOf {
  depth: DepthView;
  trades: TradeView[];
  tickers: MarketInitData;
  comparison: PriceComparison;
}
type MarketLoad = keyof SnapshotOf;

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** How soon member data (orders, balances) is asked again after a burst of refresh messages. */
export const MEMBER_REFRESH_MS = 250;
/** How soon a failed load of the price comparison is tried again. */
export const COMPARISON_RETRY_MS = 5_000;
/** The order history tab's rows: the server's page. */
export const HISTORY_ROWS = 10;
/** The statuses of finished orders, each asked for on its own (the history call filters by one status). */
const FINISHED_STATUSES = ['filled', 'cancelled'] as const;

const timers: Pick<GuardClock, 'later' | 'cancel'> = {
  later: (run, ms) => setTimeout(run, ms),
  cancel: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The fields of an order refusal that may mean the market's settings changed since the list was loaded: its price
 * (beyond a band set or moved, off a tick changed) or the market itself (halted). The answer names the field, not
 * the engine's reason; a refusal of the amount (funds, mostly) says nothing about the market.
 */
const MARKET_RULE_FIELDS: ReadonlySet<string> = new Set(['price', 'symbol']);

/** Whether the server refused an order on a field the market's settings decide. */
const refusedByMarketRules = (error: unknown): boolean =>
  isHttpError(error) &&
  error.kind === 'response' &&
  error.code === ERROR_CODES.badRequest &&
  MARKET_RULE_FIELDS.has(error.field ?? '');

/**
 * The exchange screen's state for one market at a time: market data loaded through the one-second guard, the
 * market's topics subscribed while the screen is open (a gap or reconnect reloads the snapshot), and the signed-in
 * member's balances and orders, reloaded when refresh_{userId} says they changed.
 */
export class ExchangeStore {
  markets: SpotSymbol[] = [];
  marketsStatus: LoadStatus = 'idle';
  /** The open market's path symbol (BTC_USDT), or null before the markets are known. */
  path: string | null = null;
  /** The path symbol asked for when no spot market here has it (BNB_USDT); the first market is open instead. */
  unknownPair: string | null = null;
  period: KlinePeriod = '15min';
  tickers: TickerRow[] = [];
  comparison: PriceComparison | null = null;
  depth: DepthView | null = null;
  trades: TradeView[] = [];
  /** The chart's history (replaced when loaded); `latest` is the live candle on top of it. */
  candles: CandleView[] = [];
  latest: CandleView | null = null;
  balances: CurrencyBalance[] = [];
  openOrders: SpotOrderView[] = [];
  /** The member's newest finished (filled or cancelled) orders of the market, newest first. */
  history: SpotOrderView[] = [];
  /** Whether the member has more orders of the market than `history` holds. */
  moreHistory = false;
  /** The member's latest fills of the market (newest first). */
  myTrades: SpotFillView[] = [];
  /**
   * Whether the member's orders (open and finished) and fills of the open market are still to arrive for the first
   * time: the tabs show a spinner, not "No orders". A failed load ends the wait (the HTTP client says why).
   */
  ordersPending = false;
  tradesPending = false;
  group: BookGroup = 1;
  /** A price the member clicked in the book or trades, for the forms to take (with a counter so a repeat click counts). */
  picked: { price: string; at: number } | null = null;

  private readonly marketGuard: RequestGuard;
  private readonly memberGuard: RequestGuard;
  private unsubscribe: (() => void)[] = [];
  private unsubscribeKline: (() => void) | null = null;
  private stopSession: (() => void) | null = null;
  private stopMember: (() => void) | null = null;
  private closed = true;
  /** How many live candles have been taken: a candle history asked for before the latest one does not replace it. */
  private liveCandles = 0;
  private comparisonRetry: unknown = null;
  /** Ticker symbols a reload of the market list was asked for (a symbol still not listed after it asks no more). */
  private readonly lookedUp = new Set<string>();
  private readonly clock: Pick<GuardClock, 'later' | 'cancel'>;
  /** Aborts the screen's loads (market list, tickers, balances) when it closes. */
  private screenLoads = new AbortController();
  /** Aborts the open market's loads when another market opens or the screen closes. */
  private marketLoads = new AbortController();
  /** Aborts the open period's candle loads when another period or market opens or the screen closes. */
  private candleLoads = new AbortController();
  /** Counts the open() calls: only the latest goes on once the market list is known. */
  private opening = 0;

  constructor(
    private readonly root: ShellRoot,
    clock?: GuardClock,
  ) {
    this.clock = clock ?? timers;
    this.marketGuard = new RequestGuard(undefined, clock);
    this.memberGuard = new RequestGuard(MEMBER_REFRESH_MS, clock);
    makeObservable<ExchangeStore, 'applyTickers'>(this, {
      markets: observableRef,
      marketsStatus: observable,
      path: observable,
      unknownPair: observable,
      period: observable,
      tickers: observableRef,
      comparison: observableRef,
      depth: observableRef,
      trades: observableRef,
      candles: observableRef,
      latest: observableRef,
      balances: observableRef,
      openOrders: observableRef,
      history: observableRef,
      moreHistory: observable,
      myTrades: observableRef,
      ordersPending: observable,
      tradesPending: observable,
      group: observable,
      picked: observableRef,
      market: computed,
      ticker: computed,
      lastPrice: computed,
      applyDepth: action,
      applyTrades: action,
      applyCandle: action,
      applyTickers: action,
      setGroup: action,
      pickPrice: action,
    });
  }

  get market(): SpotSymbol | null {
    return this.markets.find((market) => market.path_name === this.path) ?? null;
  }

  get ticker(): TickerRow | null {
    const symbol = this.market?.symbol_name;
    return this.tickers.find((row) => row.symbol_name === symbol && row.contract_type === 0) ?? null;
  }

  /** The latest trade's price, else the ticker's, else the market's. */
  get lastPrice(): string | null {
    return this.trades[0]?.price ?? this.ticker?.close ?? this.market?.close ?? null;
  }

  /** Opens a market (null or one not listed: the first one listed) and keeps its data live until close(). */
  async open(path: string | null): Promise<void> {
    const asking = ++this.opening;
    if (this.screenLoads.signal.aborted) this.screenLoads = new AbortController();
    this.closed = false;
    this.watchSession();
    await this.loadMarkets();
    if (this.closed || asking !== this.opening) return;
    const asked = this.markets.find((market) => market.path_name === path);
    runInAction(() => (this.unknownPair = path !== null && !asked && this.marketsStatus === 'ready' ? path : null));
    const chosen = asked ?? this.markets[0] ?? null;
    if (chosen && chosen.path_name === this.path && this.unsubscribe.length > 0) return;
    this.switchTo(chosen?.path_name ?? null);
  }

  close(): void {
    this.closed = true;
    this.marketLoads.abort();
    this.candleLoads.abort();
    this.screenLoads.abort();
    this.stopTopics();
    this.stopComparisonRetry();
    this.stopSession?.();
    this.stopSession = null;
    this.stopMember?.();
    this.stopMember = null;
    this.marketGuard.dispose();
    this.memberGuard.dispose();
  }

  async loadMarkets(): Promise<void> {
    if (this.marketsStatus === 'ready') return;
    runInAction(() => (this.marketsStatus = 'loading'));
    const signal = this.screenLoads.signal;
    try {
      const markets = await this.marketGuard.run('goods', () => spotApi.goods(this.root, signal), signal);
      runInAction(() => {
        this.markets = markets;
        this.marketsStatus = 'ready';
      });
    } catch (error) {
      // aborted: the screen closed, and the next open() loads the list again
      if (!isAbortError(error)) runInAction(() => (this.marketsStatus = 'error'));
    }
  }

  setPeriod(period: KlinePeriod): void {
    if (period === this.period) return;
    runInAction(() => {
      this.period = period;
      this.candles = [];
      this.latest = null;
    });
    this.renewCandleLoads();
    if (!this.path || this.closed) return;
    this.subscribeKline(this.path);
    this.loadCandles();
  }

  setGroup(group: BookGroup): void {
    this.group = group;
  }

  pickPrice(price: string): void {
    this.picked = { price, at: (this.picked?.at ?? 0) + 1 };
  }

  // ------------------------------------------------------------ realtime messages

  /** A depth snapshot or message; one with a lower seq than the book held (or of another market) is stale. */
  applyDepth(view: DepthView): void {
    if (view.symbol !== this.market?.symbol_name) return;
    if (this.depth && view.seq < this.depth.seq) return;
    this.depth = view;
  }

  /** A batch of trades (newest first) on top of those shown; trades already shown are skipped. */
  applyTrades(message: TradesMessage): void {
    if (message.symbol !== this.market?.symbol_name || message.trades.length === 0) return;
    const known = new Set(this.trades.map((trade) => trade.id));
    const fresh = message.trades.filter((trade) => !known.has(trade.id));
    if (fresh.length === 0) return;
    this.trades = [...fresh, ...this.trades].sort((a, b) => b.id - a.id).slice(0, TRADES_SHOWN);
  }

  /** The current candle: it replaces the last one of the same bucket or opens a new one; an older bucket is ignored. */
  applyCandle(message: KlineMessage): void {
    if (message.symbol !== this.market?.symbol_name || message.period !== this.period) return;
    const top = this.latest ?? this.candles[this.candles.length - 1];
    if (top && message.candle.time < top.time) return;
    this.liveCandles += 1;
    this.latest = message.candle;
  }

  private applyTickers(rows: TickerRow[]): void {
    const byKey = new Map(this.tickers.map((row) => [`${row.symbol_name}:${row.contract_type}`, row]));
    for (const row of rows) byKey.set(`${row.symbol_name}:${row.contract_type}`, row);
    this.tickers = [...byKey.values()];
    this.lookUpNewMarkets(rows);
    // an operator's halt or reopening reaches the open screen with the tickers
    const halts = new Map(rows.filter((row) => row.contract_type === 0 && typeof row.halted === 'boolean').map((row) => [row.symbol_name, row.halted]));
    if (this.markets.some((market) => halts.has(market.symbol_name) && halts.get(market.symbol_name) !== market.halted)) {
      this.markets = this.markets.map((market) => {
        const halted = halts.get(market.symbol_name);
        return halted === undefined || halted === market.halted ? market : { ...market, halted };
      });
    }
  }

  /**
   * A ticker of a spot market the list does not hold (one the operator just added) reloads the list, through the
   * market guard (at most once a second); a symbol still missing after that is not asked about again.
   */
  private lookUpNewMarkets(rows: TickerRow[]): void {
    if (this.marketsStatus !== 'ready' || this.closed) return;
    const listed = new Set(this.markets.map((market) => market.symbol_name));
    const unknown = rows.filter((row) => row.contract_type === 0 && !listed.has(row.symbol_name) && !this.lookedUp.has(row.symbol_name));
    if (unknown.length === 0) return;
    for (const row of unknown) this.lookedUp.add(row.symbol_name);
    this.reloadMarkets();
  }

  /** Loads the market list again through the market guard (at most once a second); the list shown stays meanwhile. */
  private reloadMarkets(): void {
    if (this.marketsStatus !== 'ready' || this.closed) return;
    const signal = this.screenLoads.signal;
    this.marketGuard.resync('goods', () => spotApi.goods(this.root, signal), (markets) => runInAction(() => (this.markets = markets)), signal);
  }

  // ------------------------------------------------------------ member orders

  /**
   * Places an order on the open market; a refusal rejects with the HttpError (its field names the form field). A
   * refusal by the market's rules reloads the market list: an operator may have set a band (or halted the market)
   * since it was loaded, and the form then refuses such an order itself.
   */
  async place(side: OrderSide, type: OrderType, draft: OrderDraft): Promise<SpotOrderView> {
    if (!this.path) throw new Error('no market is open');
    let order: SpotOrderView;
    try {
      order = await spotApi.place(this.root, this.path, placeOrderInput(side, type, draft));
    } catch (error) {
      if (refusedByMarketRules(error)) this.reloadMarkets();
      throw error;
    }
    this.refreshMember();
    return order;
  }

  async cancel(id: number): Promise<void> {
    await spotApi.cancel(this.root, id);
    this.refreshMember();
  }

  /** Asks for the member's balances and orders again (coalesced: at most one request per MEMBER_REFRESH_MS). */
  refreshMember(): void {
    if (!this.root.session.isLogin || this.closed) return;
    const path = this.path;
    const { signal: screen } = this.screenLoads;
    const { signal: market } = this.marketLoads;
    this.memberGuard.resync('balances', () => spotApi.balances(this.root, screen), (balances) => runInAction(() => (this.balances = balances)), screen);
    if (!path) return;
    // a failed load of the open market ends its wait; an aborted one belongs to a market no longer open
    const endWait = (flag: 'ordersPending' | 'tradesPending') => (error: unknown) => {
      if (path === this.path) runInAction(() => (this[flag] = false));
      throw error;
    };
    this.memberGuard.resync(
      `orders:${path}`,
      () =>
        Promise.all([
          spotApi.openOrders(this.root, path, market),
          ...FINISHED_STATUSES.map((status) => spotApi.history(this.root, path, status, 1, market)),
        ]).catch(endWait('ordersPending')),
      ([open, ...finished]) => {
        if (path !== this.path) return;
        const history = newestFinished(finished);
        runInAction(() => {
          this.openOrders = open;
          this.history = history.records;
          this.moreHistory = history.more;
          this.ordersPending = false;
        });
      },
      market,
    );
    this.memberGuard.resync(
      `trades:${path}`,
      () => spotApi.myTrades(this.root, path, market).catch(endWait('tradesPending')),
      (trades) =>
        path === this.path &&
        runInAction(() => {
          this.myTrades = trades;
          this.tradesPending = false;
        }),
      market,
    );
  }

  /** Available balance of a currency in the spot account ("0" when none). */
  available(currency: string | undefined): string {
    return this.balances.find((balance) => balance.currency === currency)?.available ?? '0';
  }

  /** Decimals of the market's quote currency: its balance's scale, or those of price × quantity signed out. */
  quoteScale(market: SpotSymbol): number {
    return this.balances.find((balance) => balance.currency === market.quote_symbol)?.scale ?? fallbackQuoteScale(market);
  }

  // ------------------------------------------------------------ market switching and loading

  private switchTo(path: string | null): void {
    this.marketLoads.abort();
    this.marketLoads = new AbortController();
    this.renewCandleLoads();
    this.stopTopics();
    this.stopComparisonRetry();
    runInAction(() => {
      this.path = path;
      this.depth = null;
      this.trades = [];
      this.candles = [];
      this.latest = null;
      this.comparison = null;
      this.liveCandles = 0;
      this.openOrders = [];
      this.history = [];
      this.moreHistory = false;
      this.myTrades = [];
      this.ordersPending = this.tradesPending = path !== null && this.root.session.isLogin;
    });
    if (!path) return;
    const realtime = this.root.realtime;
    this.unsubscribe = [
      realtime.subscribe(SPOT_TOPICS.depth(path), (payload) => this.applyDepth(payload as DepthView), { onGap: () => this.resync('depth') }),
      // the comparison follows the last price: missed trades or tickers (a reconnect) leave it stale too
      realtime.subscribe(SPOT_TOPICS.trades(path), (payload) => this.onTrades(payload as TradesMessage), {
        onGap: () => {
          this.resync('trades');
          this.resync('comparison');
        },
      }),
      realtime.subscribe(MARKET_TOPICS.index, (payload) => this.applyTickers((payload as TickerMessage).rows ?? []), {
        onGap: () => {
          this.resync('tickers');
          this.resync('comparison');
        },
      }),
    ];
    this.subscribeKline(path);
    void Promise.all([this.load('depth'), this.load('trades'), this.load('tickers'), this.loadComparison(), this.loadCandles()]);
    this.refreshMember();
  }

  private subscribeKline(path: string): void {
    this.unsubscribeKline?.();
    const period = this.period;
    this.unsubscribeKline = this.root.realtime.subscribe(SPOT_TOPICS.kline(path, period), (payload) => this.applyCandle(payload as KlineMessage), {
      onGap: () => {
        const signal = this.candleLoads.signal;
        this.marketGuard.resync(
          `candles:${path}:${period}`,
          () => this.fetchCandles(path, period, signal),
          (answer) => this.useCandles(path, period, answer),
          signal,
        );
      },
    });
  }

  private onTrades(message: TradesMessage): void {
    this.applyTrades(message);
    this.resync('comparison');
  }

  /** Each snapshot's request and what is done with its answer (only while its market is still the open one). */
  private readonly snapshots: {
    [K in MarketLoad]: { fetch: (path: string, signal: AbortSignal) => Promise<SnapshotOf[K]>; use: (data: SnapshotOf[K]) => void };
  } = {
    depth: { fetch: (path, signal) => spotApi.depth(this.root, path, signal), use: (view) => this.applyDepth(view) },
    trades: {
      fetch: (path, signal) => spotApi.trades(this.root, path, signal),
      use: (trades) => this.applyTrades({ symbol: this.market?.symbol_name ?? '', trades }),
    },
    tickers: { fetch: (_path, signal) => spotApi.tickers(this.root, signal), use: (data) => this.applyTickers(data.symbols) },
    comparison: {
      fetch: (path, signal) => spotApi.comparison(this.root, path, signal),
      use: (comparison) => runInAction(() => (this.comparison = comparison)),
    },
  };

  /** The guard's key of a snapshot: per market, so another market's answer is never reused. */
  private keyOf(key: MarketLoad, path: string): string {
    return key === 'tickers' ? key : `${key}:${path}`;
  }

  /** The tickers are all markets': a switch of market lets their load run on, only closing the screen aborts it. */
  private signalOf(key: MarketLoad): AbortSignal {
    return key === 'tickers' ? this.screenLoads.signal : this.marketLoads.signal;
  }

  /** Loads a snapshot of the open market; resolves false when the request failed (an aborted one did not fail). */
  private load<K extends MarketLoad>(key: K): Promise<boolean> {
    const path = this.path;
    if (!path) return Promise.resolve(true);
    const snapshot = this.snapshots[key];
    const signal = this.signalOf(key);
    return this.marketGuard.run(this.keyOf(key, path), () => snapshot.fetch(path, signal), signal).then(
      (data) => {
        if (path === this.path) snapshot.use(data);
        return true;
      },
      (error) => isAbortError(error),
    );
  }

  /** The price comparison, tried again every COMPARISON_RETRY_MS while it fails (its call is silent). */
  private async loadComparison(): Promise<void> {
    const path = this.path;
    if (await this.load('comparison')) return;
    if (path !== this.path || this.closed || this.comparisonRetry !== null) return;
    this.comparisonRetry = this.clock.later(() => {
      this.comparisonRetry = null;
      if (path === this.path && !this.closed) void this.loadComparison();
    }, COMPARISON_RETRY_MS);
  }

  private stopComparisonRetry(): void {
    if (this.comparisonRetry !== null) this.clock.cancel(this.comparisonRetry);
    this.comparisonRetry = null;
  }

  private resync<K extends MarketLoad>(key: K): void {
    const path = this.path;
    if (!path || this.closed) return;
    const snapshot = this.snapshots[key];
    const signal = this.signalOf(key);
    this.marketGuard.resync(
      this.keyOf(key, path),
      () => snapshot.fetch(path, signal),
      (data) => {
        if (path === this.path) snapshot.use(data);
      },
      signal,
    );
  }

  private renewCandleLoads(): void {
    this.candleLoads.abort();
    this.candleLoads = new AbortController();
  }

  private loadCandles(): Promise<void> {
    const path = this.path;
    const period = this.period;
    if (!path) return Promise.resolve();
    const signal = this.candleLoads.signal;
    return this.marketGuard
      .run(`candles:${path}:${period}`, () => this.fetchCandles(path, period, signal), signal)
      .then((answer) => this.useCandles(path, period, answer))
      .catch(() => {});
  }

  /** A candle history with how many live candles had been taken when it was asked for. */
  private async fetchCandles(path: string, period: KlinePeriod, signal: AbortSignal): Promise<{ candles: CandleView[]; asked: number }> {
    const asked = this.liveCandles;
    return { candles: await spotApi.candles(this.root, path, period, signal), asked };
  }

  /**
   * A loaded history replaces the chart's. The live candle stays on top only when it is of a later bucket than the
   * history's last, or of the same bucket and taken after the history was asked for: otherwise the server's is newer.
   */
  private useCandles(path: string, period: KlinePeriod, { candles, asked }: { candles: CandleView[]; asked: number }): void {
    if (path !== this.path || period !== this.period) return;
    runInAction(() => {
      const latest = this.latest;
      const last = candles[candles.length - 1];
      const newer = this.liveCandles > asked;
      const keep = latest !== null && (last === undefined ? newer : latest.time > last.time || (newer && latest.time === last.time));
      this.latest = keep ? latest : null;
      this.candles = candles;
    });
  }

  private stopTopics(): void {
    for (const stop of this.unsubscribe) stop();
    this.unsubscribe = [];
    this.unsubscribeKline?.();
    this.unsubscribeKline = null;
  }

  /** Member data follows the session: loaded at sign-in, cleared at sign-out, refreshed on refresh_{userId}. */
  private watchSession(): void {
    if (this.stopSession) return;
    this.stopSession = reaction(
      () => this.root.session.user?.id ?? null,
      (userId) => {
        this.stopMember?.();
        this.stopMember = null;
        runInAction(() => {
          this.balances = [];
          this.openOrders = [];
          this.history = [];
          this.moreHistory = false;
          this.myTrades = [];
          this.ordersPending = this.tradesPending = userId !== null && this.path !== null;
        });
        if (!userId) return;
        this.stopMember = this.root.realtime.subscribe(refreshTopic(userId), (payload) => this.onMemberMessage(payload), {
          onGap: () => this.refreshMember(),
        });
        this.refreshMember();
      },
      { fireImmediately: true },
    );
  }

  private onMemberMessage(payload: unknown): void {
    if (!isObject(payload)) return;
    if (payload.type === 'spot' || payload.type === 'wallet') this.refreshMember();
  }
}

/**
 * The newest finished orders from the first page of each finished status (newest first, HISTORY_ROWS a page):
 * the newest HISTORY_ROWS of them all are among those pages. `more` when the member has others.
 */
export function newestFinished(pages: readonly { records: SpotOrderView[]; total: number }[]): { records: SpotOrderView[]; more: boolean } {
  const byId = new Map(pages.flatMap((page) => page.records).map((order) => [order.id, order]));
  const records = [...byId.values()].sort((a, b) => b.id - a.id).slice(0, HISTORY_ROWS);
  const total = pages.reduce((sum, page) => sum + page.total, 0);
  return { records, more: total > records.length };
}
