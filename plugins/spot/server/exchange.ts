import { stopRises, type AppliedSpotCommand, type OrderStatus, type PlaceSpotOrder, type SpotAccepted, type SpotCommand, type SpotEngine, type SpotResult } from '../../../core/engine';
import { MarketDataStore } from '../../../core/engine/persistence';
import { ApiError, ERROR_CODES, type ServerContext } from '../../../core/server';
import { parseDecimal } from '../../../core/shared';
import { bandRefusalText, type BandRefusalText } from '../shared/price-band';
import type { MarketsService } from '../../markets/shared/service';
import type { SpotEngineAccess, WalletService } from '../../wallet/shared/service';
import { refreshTopic } from '../../wallet/shared/types';
import type { SpotRefreshMessage } from '../shared/types';
import { newSpotCommandId } from './command-id';
import { KEEP_FINISHED, OrderHistory, type OrderHistoryStorage, type OrderRecord } from './history';
import { OrderHistoryStore } from './history-store';
import { MarketFeed } from './market-feed';
import { FLUSH_INTERVAL_MS } from './market-data-writer';
import type { SpotMarketReader } from './market-reader';
import { rejectionError } from './orders';
import { marketFormat, orderStatus, type MarketFormat } from './views';

type Distribute<T> = T extends unknown ? Omit<T, 'id' | 'at'> : never;

/**
 * Spot commands replayed at start for the views that have nothing stored yet: the newest ones only, so that a start
 * does not read the whole log (docs/engine-spot.md, "What a restart keeps").
 */
export const HISTORY_WINDOW = 100_000;

/**
 * The spot plugin's side of the shared sequence: submits commands through the wallet's ledger, keeps the order
 * history and the market data in step with the accepted ones and tells every affected member over realtime.
 */
export class SpotExchange {
  readonly history = new OrderHistory(KEEP_FINISHED, (symbol) => this.market(symbol));
  private readonly access: SpotEngineAccess;
  private readonly feed: MarketFeed;
  /** Market formats by symbol, of engine `formatsOf` (a rebuilt engine starts over), until a market command is accepted. */
  private readonly formats = new Map<string, MarketFormat>();
  private formatsOf: SpotEngine | undefined;
  private historyFlush: ReturnType<typeof setInterval> | undefined;
  /** The time of the last command stamped here. */
  private lastStamp = 0;
  private readonly historyStore: OrderHistoryStorage;

  /** The views' rows are written by the ledger's writer unless `historyStore` says otherwise. */
  constructor(
    private readonly context: ServerContext,
    readonly wallet: WalletService,
    markets: MarketsService,
    historyStore?: OrderHistoryStorage,
  ) {
    this.access = wallet.spot();
    const { db, dialect } = context;
    this.historyStore = historyStore ?? new OrderHistoryStore(db, dialect, this.access.writeViews);
    const store = new MarketDataStore(db, dialect, { write: this.access.writeViews });
    this.feed = new MarketFeed({ context, engine: () => this.engine, wallet, markets, store });
  }

  /** Depth, recent trades, candles and tickers of the markets. */
  get marketData(): SpotMarketReader {
    return this.feed;
  }

  get engine(): SpotEngine {
    return this.access.engine();
  }

  /**
   * Rebuilds the views (the ledger is open: the wallet bootstraps first). Every market is opened from its addMarket
   * command; the market data is restored from its tables and the order history reads its checkpoint; then the log
   * is replayed from the older of the two checkpoints, each view taking the commands after its own. A view with
   * nothing stored takes the last `window` commands of the log, and the order history then also the engine's open
   * orders placed before them. Then lists every market with its ticker in the market lists and starts writing the
   * history's changes.
   */
  async load(window = HISTORY_WINDOW): Promise<void> {
    const windowFrom = Math.max(0, this.engine.lastSeq - window);
    for await (const applied of this.access.marketsAdded(this.engine.lastSeq)) {
      this.history.apply(applied);
      this.feed.record(applied, false);
    }
    const stored = await this.historyStore.checkpoint();
    if (stored > 0) this.history.persist(this.historyStore, stored);
    const historyFrom = stored > 0 ? stored : windowFrom;
    const from = Math.min(historyFrom, (await this.feed.restore()) || windowFrom);
    // the last prices as the replayed commands leave them (unknown before a market's first trade in the window)
    const lastPrices = new Map<string, bigint>();
    for await (const applied of this.access.log(from)) {
      const { command, result } = applied;
      if (command.kind === 'addMarket') continue;
      if (result.seq > historyFrom) this.history.apply(applied, result.stopRising ?? this.stopRising(command, (symbol) => lastPrices.get(symbol) ?? null));
      for (const trade of result.trades) lastPrices.set(trade.symbol, trade.price);
      this.feed.record(applied, false);
    }
    if (stored === 0) {
      const formats = new Map<string, MarketFormat>();
      const formatOf = (symbol: string) => formats.get(symbol) ?? formats.set(symbol, this.market(symbol)).get(symbol)!;
      this.history.addEarlier(this.engine.openOrders(), formatOf);
      this.history.persist(this.historyStore, 0);
    }
    await this.feed.listAll();
    this.historyFlush = setInterval(() => void this.flushHistory(), FLUSH_INTERVAL_MS);
    this.historyFlush.unref?.();
  }

  /** The order history with a member's stored orders read (call before reading a member's orders). */
  async historyOf(memberId: string): Promise<OrderHistory> {
    await this.history.ensureUser(memberId);
    return this.history;
  }

  /** The USDT price of a currency from its CODE/USDT market's last trade (what balances are valued at), or undefined. */
  usdtPrice(currency: string): string | undefined {
    return this.feed.lastPrice(`${currency}/USDT`);
  }

  /** Stops the timers and writes the views' last changes. */
  async close(): Promise<void> {
    clearInterval(this.historyFlush);
    await this.feed.close();
    await this.flushHistory();
  }

  /** Writes the order history's changes; a failure is logged (the next flush writes them). */
  private async flushHistory(): Promise<void> {
    try {
      await this.history.flush();
    } catch (error) {
      this.context.log.error('spot order history write failed', { error: String(error) });
    }
  }

  /** An order's status now: the engine's while it is open there, else its record's. */
  readonly statusOf = (record: OrderRecord): OrderStatus => orderStatus(record, this.engine.order(record.id));

  market(symbol: string): MarketFormat {
    const engine = this.engine;
    if (this.formatsOf !== engine) {
      this.formats.clear();
      this.formatsOf = engine;
    }
    let market = this.formats.get(symbol);
    if (!market) {
      market = marketFormat(engine, this.wallet, symbol);
      if (!market) throw new ApiError(ERROR_CODES.badRequest, 'spot:errUnknownMarket', { field: 'symbol' });
      this.formats.set(symbol, market);
    }
    return market;
  }

  /** Applies a command with a fresh id; a refusal is thrown as the request's 4xx (`amountField` named for funds). */
  async apply(body: Distribute<SpotCommand>, amountField?: 'num' | 'money'): Promise<SpotAccepted> {
    const at = this.stamp();
    // not `{ ...body, id, at }`: in V8 keys added after a spread can give every command a hidden class of its own, and
    // then each later read of a command (the engine's, the views', the writer's) misses its inline caches
    const command = Object.assign({}, body, { id: newSpotCommandId(at), at }) as SpotCommand;
    const result = await this.submit(command);
    if (!result.ok) {
      const band = result.reason === 'priceOutsideBand' && command.kind === 'placeOrder' ? this.bandReference(command) : undefined;
      throw rejectionError(result, amountField, 'symbol' in body ? this.engine.market(body.symbol) : undefined, band);
    }
    return result;
  }

  /**
   * A band refusal's text: the price the order was measured from and its side's limit. The last price is read after
   * the refusal: a trade in between may have moved it.
   */
  private bandReference(order: PlaceSpotOrder): BandRefusalText | undefined {
    const { config } = this.market(order.symbol);
    const scale = config.priceScale;
    const trigger = order.type === 'stopLimit' && order.trigger !== undefined;
    const reference = trigger ? parseDecimal(order.trigger!, scale) : this.engine.lastPrice(order.symbol);
    if (reference === null) return undefined;
    const rules = { percent: config.priceBandPercent ?? 0, tick: parseDecimal(config.tickSize, scale), scale, currency: config.quote };
    return bandRefusalText(order.side, trigger, reference, rules);
  }

  /**
   * The time for a new command: now, or the last command's time if the clock went back — never earlier, so that a
   * clock set back does not make new commands look as old as ones the engine's accepted-id window forgot.
   */
  stamp(): number {
    this.lastStamp = Math.max(this.context.now().getTime(), this.lastStamp);
    return this.lastStamp;
  }

  /** Submits a command as is (its own id: a repeat returns the first result and changes nothing). */
  async submit(command: SpotCommand): Promise<SpotResult> {
    const result = await this.access.submit(command);
    if (result.ok && !result.duplicate) {
      if (command.kind !== 'placeOrder' && command.kind !== 'cancelOrder') this.formats.clear();
      // placing a stop trades nothing: the engine's last price is still the one the stop was placed against
      this.history.apply({ command, result });
      this.feed.record({ command, result }, true);
      this.publish(command, result);
      if (command.kind === 'addMarket') await this.feed.list(command.market.symbol);
      if (command.kind === 'haltMarket') await this.feed.list(command.symbol);
    }
    return result;
  }

  /**
   * A logged stop-limit's direction when its result does not carry it (logs written before results did): the
   * book's rule against the last price the replay has seen.
   */
  private stopRising(command: SpotCommand, lastPrice: (symbol: string) => bigint | null): boolean | null {
    if (command.kind !== 'placeOrder' || command.type !== 'stopLimit' || command.trigger === undefined) return null;
    return stopRises(parseDecimal(command.trigger, this.market(command.symbol).config.priceScale), lastPrice(command.symbol), command.side === 'buy');
  }

  private publish(command: SpotCommand, result: SpotAccepted): void {
    const symbol = 'symbol' in command ? command.symbol : command.market.symbol;
    const touched = new Map<string, Set<SpotRefreshMessage['event']>>();
    const touch = (userId: string, event: SpotRefreshMessage['event']) => {
      const events = touched.get(userId) ?? new Set();
      events.add(event).add('balance');
      touched.set(userId, events);
    };
    if ('userId' in command) touch(command.userId, 'order');
    for (const trade of result.trades) {
      touch(trade.makerUserId, 'trade');
      touch(trade.takerUserId, 'trade');
    }
    for (const update of result.orders) touch(update.userId, 'order');
    // a stop the trades of others triggered: its owner's lists show it open from now on
    for (const order of result.triggered ?? []) touch(order.userId, 'order');
    for (const [userId, events] of touched) {
      for (const event of events) {
        const message: SpotRefreshMessage = { type: 'spot', event, symbol, ...(result.orderId !== undefined ? { orderId: result.orderId } : {}) };
        this.context.realtime.publish(refreshTopic(userId), message);
      }
    }
  }
}
