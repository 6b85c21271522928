import { DEFAULT_KEEP, MarketData, candleView, type AppliedSpotCommand, type MarketDataOptions, type MarketTrade, type SpotEngine, type SpotMarketConfig, type SpotTrade, type Ticker } from '../../../core/engine';
import { MarketDataStore } from '../../../core/engine/persistence';
import type { ServerContext } from '../../../core/server';
import type { MarketsService } from '../../markets/shared/service';
import { CONTRACT_TYPE } from '../../markets/shared/types';
import type { WalletService } from '../../wallet/shared/service';
import {
  KLINE_PERIODS,
  SPOT_TOPICS,
  pathOfSymbol,
  type CandleView,
  type DepthView,
  type KlineMessage,
  type KlinePeriod,
  type TradeView,
  type TradesMessage,
} from '../shared/types';
import { MarketDataWriter } from './market-data-writer';
import type { SpotMarketReader } from './market-reader';
import { Throttle } from './throttle';
import { MarketFormat } from './views';

/** Levels a side of a depth topic message. */
export const DEPTH_TOPIC_LEVELS = 50;
/** A market's topics and ticker are sent at most once per this interval (≤ 10 messages a second). */
export const PUBLISH_INTERVAL_MS = 100;
/** Recent trades kept per market (the trades calls read up to this many). */
export const RECENT_TRADES = 1000;
/** The 24 h window slides without trades too: the tickers are pushed again this often. */
const TICKER_REFRESH_MS = 60_000;

/** One market's data and what changed since its topics were last sent. */
interface FeedMarket {
  symbol: string;
  path: string;
  format: MarketFormat;
  data: MarketData;
  /** Trades not yet sent, oldest first. */
  unsent: TradeView[];
  bookChanged: boolean;
  traded: boolean;
  throttle: Throttle;
}

/** What the feed keeps market data in (MarketDataStore). */
export type MarketDataStorage = Pick<MarketDataStore, 'write' | 'loadCandles' | 'loadStates'>;

export interface MarketFeedOptions {
  context: Pick<ServerContext, 'now' | 'realtime' | 'log' | 'site' | 'db' | 'dialect'>;
  engine: () => SpotEngine;
  wallet: WalletService;
  markets: MarketsService;
  /** Default: a MarketDataStore on the site's database. */
  store?: MarketDataStorage;
}

/**
 * The spot markets' public data: every accepted command's trades feed a MarketData per market (candles, the
 * rolling 24 h ticker, recent trades) and depth is read from the engine's books. Once restored from the store
 * (`restore`, at start), the trades and candles of the commands after the store's checkpoint are written to it
 * with the new checkpoint every FLUSH_INTERVAL_MS, and kline history older than memory is read from it. Live changes are
 * sent per market at most every PUBLISH_INTERVAL_MS: depth and the current candles (latest state), the trades
 * since the previous message, and the ticker to the markets plugin's lists.
 */
export class MarketFeed implements SpotMarketReader {
  private readonly markets = new Map<string, FeedMarket>();
  private readonly refresh: ReturnType<typeof setInterval>;
  private readonly store: MarketDataStorage;
  /** Set by `restore`: from then on recorded trades are written. */
  private writer: MarketDataWriter | undefined;
  /** The checkpoint restored from: commands up to it are in the restored data already. */
  private restoredSeq = 0;

  constructor(private readonly options: MarketFeedOptions) {
    this.store = options.store ?? new MarketDataStore(options.context.db, options.context.dialect);
    this.refresh = setInterval(() => this.pushTickers(), TICKER_REFRESH_MS);
    this.refresh.unref?.();
  }

  /**
   * Replaces every opened market's data with what the store holds and starts writing; returns the store's
   * checkpoint (0: nothing stored), the seq after which the log is to be recorded. Every market with stored
   * data must be open before (its addMarket command recorded): a market opened later starts empty.
   */
  async restore(): Promise<number> {
    const { checkpoint, states } = await this.store.loadStates([...this.markets.keys()], DEFAULT_KEEP, RECENT_TRADES);
    for (const market of this.markets.values()) market.data = MarketData.restore(this.dataOptions(market.format), states.get(market.symbol)!);
    this.writer?.stop();
    this.writer = new MarketDataWriter(this.store, checkpoint, this.options.context.log);
    this.restoredSeq = checkpoint;
    return checkpoint;
  }

  /**
   * Adds an accepted command; `live` ones are also published (the log replay at start is not). After `restore`,
   * a command at or below the restored checkpoint is already in the data (only its market is opened).
   */
  record({ command, result }: AppliedSpotCommand, live: boolean): void {
    if (command.kind === 'addMarket' && this.open(command.market) && this.writer && result.seq <= this.restoredSeq) {
      // its stored data was not restored: what is recorded next would overwrite stored candles
      this.options.context.log.error('spot market opened after the market data restore', { symbol: command.market.symbol });
    }
    if (this.writer && result.seq <= this.restoredSeq) return;
    for (const trade of result.trades) this.recordTrade(trade, live);
    this.writer?.advance(result.seq);
    if (!live || (command.kind !== 'placeOrder' && command.kind !== 'cancelOrder')) return;
    const market = this.markets.get(command.symbol);
    if (!market) return;
    market.bookChanged = true;
    market.throttle.request();
  }

  /**
   * Lists a market in the market lists, halted or not as the engine has it (idempotent); a failure is logged, the
   * next start lists it again.
   */
  async list(symbol: string): Promise<void> {
    const market = this.markets.get(symbol);
    if (!market) return;
    const { base, quote, priceScale, qtyScale } = market.format.config;
    const halted = this.options.engine().market(symbol)?.halted ?? false;
    try {
      await this.options.markets.list({ symbol, base, quote, contractType: CONTRACT_TYPE.spot, priceScale, qtyScale, halted });
    } catch (error) {
      this.options.context.log.error('spot market listing failed', { symbol, error: String(error) });
    }
  }

  /** Lists every market and pushes each one's ticker (at start, after the replay). */
  async listAll(): Promise<void> {
    for (const symbol of this.markets.keys()) await this.list(symbol);
    this.pushTickers();
  }

  /** The last trade price of a market, or undefined. */
  lastPrice(symbol: string): string | undefined {
    const market = this.markets.get(symbol);
    const last = market && this.options.engine().lastPrice(symbol);
    return market && last ? market.format.price(last) : undefined;
  }

  depth(symbol: string, limit: number): DepthView {
    const time = this.options.context.now().getTime();
    const market = this.markets.get(symbol);
    const book = this.options.engine().book(symbol);
    if (!market || !book) return { symbol, seq: 0, bids: [], asks: [], time };
    const { seq, bids, asks } = book.depth(limit);
    const level = ({ price, qty }: { price: bigint; qty: bigint }): [string, string] => [market.format.price(price), market.format.qty(qty)];
    return { symbol, seq, bids: bids.map(level), asks: asks.map(level), time };
  }

  trades(symbol: string, limit: number): TradeView[] {
    return this.markets.get(symbol)?.data.recentTrades(limit) ?? [];
  }

  /** From memory, and from the store for the part of the range older than the candles memory holds. */
  async candles(symbol: string, period: KlinePeriod, query: { from?: number; to?: number; limit: number }): Promise<CandleView[]> {
    const market = this.markets.get(symbol);
    if (!market) return [];
    const held = market.data.candles(period, query);
    const { oldest, full } = market.data.heldCandles(period);
    // memory holds every candle from its oldest on; older ones exist only once it is full
    if (!this.writer || oldest === undefined || !full || held.length >= query.limit || (query.from !== undefined && query.from >= oldest)) return held;
    const to = Math.min(query.to ?? oldest, oldest - 1);
    const older = await this.store.loadCandles(symbol, period, { from: query.from, to, limit: query.limit - held.length });
    return [...older.map((candle) => candleView(candle, market.data.scales)), ...held];
  }

  ticker(symbol: string): Ticker | null {
    return this.markets.get(symbol)?.data.tickerAt(this.options.context.now().getTime()) ?? null;
  }

  /** Stops the timers; what is not written yet stays so (the next start records it again from the log). */
  stop(): void {
    clearInterval(this.refresh);
    for (const market of this.markets.values()) market.throttle.stop();
    this.writer?.stop();
  }

  /** Writes what is pending now (after a write under way); false when the write failed (the rows are kept). */
  async flush(): Promise<boolean> {
    return (await this.writer?.flush()) ?? true;
  }

  /** Stops the timers and writes what is pending (at shutdown). */
  async close(): Promise<void> {
    this.stop();
    await this.flush();
  }

  /** Opens a market not open yet; false when it was open. */
  private open(config: SpotMarketConfig): boolean {
    if (this.markets.has(config.symbol)) return false;
    const format = new MarketFormat(config, this.options.wallet);
    const market: FeedMarket = {
      symbol: config.symbol,
      path: pathOfSymbol(config.symbol),
      format,
      data: new MarketData(this.dataOptions(format)),
      unsent: [],
      bookChanged: false,
      traded: false,
      throttle: new Throttle(PUBLISH_INTERVAL_MS, () => this.send(market)),
    };
    this.markets.set(config.symbol, market);
    return true;
  }

  private dataOptions({ config, quoteScale }: MarketFormat): MarketDataOptions {
    return { symbol: config.symbol, priceScale: config.priceScale, qtyScale: config.qtyScale, quoteScale, recentTrades: RECENT_TRADES };
  }

  private recordTrade(trade: SpotTrade, live: boolean): void {
    const market = this.markets.get(trade.symbol);
    if (!market) return;
    const recorded: MarketTrade = { id: trade.tradeId, price: trade.price, qty: trade.qty, quote: trade.quote, time: trade.at, takerSide: trade.takerSide };
    const updates = market.data.recordTrade(recorded);
    this.writer?.add(trade.symbol, recorded, updates);
    if (!live) return;
    market.unsent.push(market.data.recentTrades(1)[0]!);
    market.traded = true;
    market.throttle.request();
  }

  /** Sends what changed; runs from a timer, so a failure is logged and never thrown. */
  private send(market: FeedMarket): void {
    const { realtime } = this.options.context;
    const { symbol, path } = market;
    try {
      if (market.bookChanged) {
        market.bookChanged = false;
        realtime.publish(SPOT_TOPICS.depth(path), this.depth(symbol, DEPTH_TOPIC_LEVELS), { conflate: true });
      }
      if (market.unsent.length > 0) {
        const message: TradesMessage = { symbol, trades: market.unsent.reverse() };
        market.unsent = [];
        realtime.publish(SPOT_TOPICS.trades(path), message);
      }
      if (market.traded) {
        market.traded = false;
        for (const period of KLINE_PERIODS) {
          const candle = market.data.currentCandle(period);
          if (candle) realtime.publish(SPOT_TOPICS.kline(path, period), { symbol, period, candle } satisfies KlineMessage, { conflate: true });
        }
        this.pushTicker(market);
      }
    } catch (error) {
      this.options.context.log.error('spot market data message failed', { symbol, error: String(error) });
    }
  }

  private pushTickers(): void {
    for (const market of this.markets.values()) this.pushTicker(market);
  }

  private pushTicker(market: FeedMarket): void {
    const ticker = market.data.tickerAt(this.options.context.now().getTime());
    if (!ticker) return;
    const { close, zdf, high, low, amount, vol } = ticker;
    try {
      this.options.markets.setTicker(market.symbol, CONTRACT_TYPE.spot, { close, zdf, high, low, amount, vol }, this.options.context.site.features.demo);
    } catch (error) {
      this.options.context.log.error('spot ticker push failed', { symbol: market.symbol, error: String(error) });
    }
  }
}
