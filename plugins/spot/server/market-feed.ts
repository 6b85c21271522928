import { MarketData, type AppliedSpotCommand, type SpotEngine, type SpotMarketConfig, type SpotTrade, type Ticker } from '../../../core/engine';
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

export interface MarketFeedOptions {
  context: Pick<ServerContext, 'now' | 'realtime' | 'log' | 'site'>;
  engine: () => SpotEngine;
  wallet: WalletService;
  markets: MarketsService;
}

/**
 * The spot markets' public data: every accepted command's trades feed a MarketData per market (candles, the
 * rolling 24 h ticker, recent trades) — in the replay of the durable log at start too, so candles and tickers
 * survive a restart without tables of their own — and depth is read from the engine's books. Live changes are
 * sent per market at most every PUBLISH_INTERVAL_MS: depth and the current candles (latest state), the trades
 * since the previous message, and the ticker to the markets plugin's lists.
 */
export class MarketFeed implements SpotMarketReader {
  private readonly markets = new Map<string, FeedMarket>();
  private readonly refresh: ReturnType<typeof setInterval>;

  constructor(private readonly options: MarketFeedOptions) {
    this.refresh = setInterval(() => this.pushTickers(), TICKER_REFRESH_MS);
    this.refresh.unref?.();
  }

  /** Adds an accepted command; `live` ones are also published (the log replay at start is not). */
  record({ command, result }: AppliedSpotCommand, live: boolean): void {
    if (command.kind === 'addMarket') this.open(command.market);
    for (const trade of result.trades) this.recordTrade(trade, live);
    if (!live || (command.kind !== 'placeOrder' && command.kind !== 'cancelOrder')) return;
    const market = this.markets.get(command.symbol);
    if (!market) return;
    market.bookChanged = true;
    market.throttle.request();
  }

  /** Lists a market in the market lists (idempotent); a failure is logged, the next start lists it again. */
  async list(symbol: string): Promise<void> {
    const market = this.markets.get(symbol);
    if (!market) return;
    const { base, quote, priceScale, qtyScale } = market.format.config;
    try {
      await this.options.markets.list({ symbol, base, quote, contractType: CONTRACT_TYPE.spot, priceScale, qtyScale });
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

  candles(symbol: string, period: KlinePeriod, query: { from?: number; to?: number; limit: number }): CandleView[] {
    return this.markets.get(symbol)?.data.candles(period, query) ?? [];
  }

  ticker(symbol: string): Ticker | null {
    return this.markets.get(symbol)?.data.tickerAt(this.options.context.now().getTime()) ?? null;
  }

  stop(): void {
    clearInterval(this.refresh);
    for (const market of this.markets.values()) market.throttle.stop();
  }

  private open(config: SpotMarketConfig): void {
    if (this.markets.has(config.symbol)) return;
    const format = new MarketFormat(config, this.options.wallet);
    const market: FeedMarket = {
      symbol: config.symbol,
      path: pathOfSymbol(config.symbol),
      format,
      data: new MarketData({ symbol: config.symbol, priceScale: config.priceScale, qtyScale: config.qtyScale, quoteScale: format.quoteScale, recentTrades: RECENT_TRADES }),
      unsent: [],
      bookChanged: false,
      traded: false,
      throttle: new Throttle(PUBLISH_INTERVAL_MS, () => this.send(market)),
    };
    this.markets.set(config.symbol, market);
  }

  private recordTrade(trade: SpotTrade, live: boolean): void {
    const market = this.markets.get(trade.symbol);
    if (!market) return;
    market.data.recordTrade({ id: trade.tradeId, price: trade.price, qty: trade.qty, quote: trade.quote, time: trade.at, takerSide: trade.takerSide });
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
