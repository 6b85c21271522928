import { action, computed, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import type { ShellRoot } from '../../../core/plugin-api';
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
import type { BookGroup } from './order-book';
import { RequestGuard, type GuardClock } from './request-guard';
import { HISTORY_STATUS_ALL, spotApi, TRADES_SHOWN } from './spot-api';

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

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

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
  /** The first page of the member's orders of the market (all statuses; the open ones are in openOrders too). */
  history: SpotOrderView[] = [];
  /** Whether the member has more orders of the market than `history` holds. */
  moreHistory = false;
  /** The member's latest fills of the market (newest first). */
  myTrades: SpotFillView[] = [];
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

  constructor(
    private readonly root: ShellRoot,
    clock?: GuardClock,
  ) {
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
    this.closed = false;
    this.watchSession();
    await this.loadMarkets();
    if (this.closed) return;
    const asked = this.markets.find((market) => market.path_name === path);
    runInAction(() => (this.unknownPair = path !== null && !asked && this.marketsStatus === 'ready' ? path : null));
    const chosen = asked ?? this.markets[0] ?? null;
    if (chosen && chosen.path_name === this.path && this.unsubscribe.length > 0) return;
    this.switchTo(chosen?.path_name ?? null);
  }

  close(): void {
    this.closed = true;
    this.stopTopics();
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
    try {
      const markets = await this.marketGuard.run('goods', () => spotApi.goods(this.root));
      runInAction(() => {
        this.markets = markets;
        this.marketsStatus = 'ready';
      });
    } catch {
      runInAction(() => (this.marketsStatus = 'error'));
    }
  }

  setPeriod(period: KlinePeriod): void {
    if (period === this.period) return;
    runInAction(() => {
      this.period = period;
      this.candles = [];
      this.latest = null;
    });
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
    this.latest = message.candle;
  }

  private applyTickers(rows: TickerRow[]): void {
    const byKey = new Map(this.tickers.map((row) => [`${row.symbol_name}:${row.contract_type}`, row]));
    for (const row of rows) byKey.set(`${row.symbol_name}:${row.contract_type}`, row);
    this.tickers = [...byKey.values()];
    // an operator's halt or reopening reaches the open screen with the tickers
    const halts = new Map(rows.filter((row) => row.contract_type === 0 && typeof row.halted === 'boolean').map((row) => [row.symbol_name, row.halted]));
    if (this.markets.some((market) => halts.has(market.symbol_name) && halts.get(market.symbol_name) !== market.halted)) {
      this.markets = this.markets.map((market) => {
        const halted = halts.get(market.symbol_name);
        return halted === undefined || halted === market.halted ? market : { ...market, halted };
      });
    }
  }

  // ------------------------------------------------------------ member orders

  /** Places an order on the open market; a refusal rejects with the HttpError (its field names the form field). */
  async place(side: OrderSide, type: OrderType, draft: OrderDraft): Promise<SpotOrderView> {
    if (!this.path) throw new Error('no market is open');
    const order = await spotApi.place(this.root, this.path, placeOrderInput(side, type, draft));
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
    this.memberGuard.resync('balances', () => spotApi.balances(this.root), (balances) => runInAction(() => (this.balances = balances)));
    if (!path) return;
    this.memberGuard.resync(
      `orders:${path}`,
      () => Promise.all([spotApi.openOrders(this.root, path), spotApi.history(this.root, path, HISTORY_STATUS_ALL, 1)]),
      ([open, history]) => {
        if (path !== this.path) return;
        runInAction(() => {
          this.openOrders = open;
          this.history = history.records;
          this.moreHistory = history.total > history.records.length;
        });
      },
    );
    this.memberGuard.resync(
      `trades:${path}`,
      () => spotApi.myTrades(this.root, path),
      (trades) => path === this.path && runInAction(() => (this.myTrades = trades)),
    );
  }

  /** Available balance of a currency in the spot account ("0" when none). */
  available(currency: string | undefined): string {
    return this.balances.find((balance) => balance.currency === currency)?.available ?? '0';
  }

  balanceScale(currency: string | undefined, fallback: number): number {
    return this.balances.find((balance) => balance.currency === currency)?.scale ?? fallback;
  }

  // ------------------------------------------------------------ market switching and loading

  private switchTo(path: string | null): void {
    this.stopTopics();
    runInAction(() => {
      this.path = path;
      this.depth = null;
      this.trades = [];
      this.candles = [];
      this.latest = null;
      this.comparison = null;
      this.openOrders = [];
      this.history = [];
      this.moreHistory = false;
      this.myTrades = [];
    });
    if (!path) return;
    const realtime = this.root.realtime;
    this.unsubscribe = [
      realtime.subscribe(SPOT_TOPICS.depth(path), (payload) => this.applyDepth(payload as DepthView), { onGap: () => this.resync('depth') }),
      realtime.subscribe(SPOT_TOPICS.trades(path), (payload) => this.onTrades(payload as TradesMessage), { onGap: () => this.resync('trades') }),
      realtime.subscribe(MARKET_TOPICS.index, (payload) => this.applyTickers((payload as TickerMessage).rows ?? []), {
        onGap: () => this.resync('tickers'),
      }),
    ];
    this.subscribeKline(path);
    void Promise.all([this.load('depth'), this.load('trades'), this.load('tickers'), this.load('comparison'), this.loadCandles()]);
    this.refreshMember();
  }

  private subscribeKline(path: string): void {
    this.unsubscribeKline?.();
    const period = this.period;
    this.unsubscribeKline = this.root.realtime.subscribe(SPOT_TOPICS.kline(path, period), (payload) => this.applyCandle(payload as KlineMessage), {
      onGap: () => this.marketGuard.resync(`candles:${path}:${period}`, () => spotApi.candles(this.root, path, period), (candles) => this.useCandles(path, period, candles)),
    });
  }

  private onTrades(message: TradesMessage): void {
    this.applyTrades(message);
    this.resync('comparison');
  }

  /** Each snapshot's request and what is done with its answer (only while its market is still the open one). */
  private readonly snapshots: { [K in MarketLoad]: { fetch: (path: string) => Promise<SnapshotOf[K]>; use: (data: SnapshotOf[K]) => void } } = {
    depth: { fetch: (path) => spotApi.depth(this.root, path), use: (view) => this.applyDepth(view) },
    trades: {
      fetch: (path) => spotApi.trades(this.root, path),
      use: (trades) => this.applyTrades({ symbol: this.market?.symbol_name ?? '', trades }),
    },
    tickers: { fetch: () => spotApi.tickers(this.root), use: (data) => this.applyTickers(data.symbols) },
    comparison: { fetch: (path) => spotApi.comparison(this.root, path), use: (comparison) => runInAction(() => (this.comparison = comparison)) },
  };

  /** The guard's key of a snapshot: per market, so another market's answer is never reused. */
  private keyOf(key: MarketLoad, path: string): string {
    return key === 'tickers' ? key : `${key}:${path}`;
  }

  private load<K extends MarketLoad>(key: K): Promise<void> {
    const path = this.path;
    if (!path) return Promise.resolve();
    const snapshot = this.snapshots[key];
    return this.marketGuard
      .run(this.keyOf(key, path), () => snapshot.fetch(path))
      .then((data) => {
        if (path === this.path) snapshot.use(data);
      })
      .catch(() => {});
  }

  private resync<K extends MarketLoad>(key: K): void {
    const path = this.path;
    if (!path || this.closed) return;
    const snapshot = this.snapshots[key];
    this.marketGuard.resync(this.keyOf(key, path), () => snapshot.fetch(path), (data) => {
      if (path === this.path) snapshot.use(data);
    });
  }

  private loadCandles(): Promise<void> {
    const path = this.path;
    const period = this.period;
    if (!path) return Promise.resolve();
    return this.marketGuard
      .run(`candles:${path}:${period}`, () => spotApi.candles(this.root, path, period))
      .then((candles) => this.useCandles(path, period, candles))
      .catch(() => {});
  }

  private useCandles(path: string, period: KlinePeriod, candles: CandleView[]): void {
    if (path !== this.path || period !== this.period) return;
    runInAction(() => {
      const latest = this.latest;
      // A live candle newer than the history's last stays on top.
      this.latest = latest && candles.length > 0 && latest.time >= candles[candles.length - 1]!.time ? latest : null;
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
