import { formatDecimal } from '../../shared/money';
import { Ring, addTrade, candleView, openCandle } from './candles';
import { CANDLE_PERIODS, bucketStart, type CandlePeriod } from './periods';
import { WINDOW_MINUTES, rollingTicker } from './ticker';
import type { Candle, CandleUpdate, CandleView, MarketScales, MarketTrade, Ticker, TradeView } from './types';

export interface MarketDataOptions extends MarketScales {
  symbol: string;
  /** Candles kept in memory per period (the store holds the rest); at least one day of minutes and one more. */
  keep?: number;
  /** Recent trades kept (default 100). */
  recentTrades?: number;
}

/** What MarketData keeps, as plain data (oldest first) — and what it is restored from. */
export interface MarketDataState {
  candles: Record<CandlePeriod, Candle[]>;
  trades: MarketTrade[];
}

export interface CandleQuery {
  /** Bucket start at or after (epoch ms). */
  from?: number;
  /** Bucket start at or before (epoch ms). */
  to?: number;
  /** The newest `limit` candles of the range. */
  limit: number;
}

export const DEFAULT_KEEP = 1500;
export const MIN_KEEP = WINDOW_MINUTES + 1;
export const DEFAULT_RECENT_TRADES = 100;

/**
 * The market data of one symbol, fed trade by trade: the current and recent candles of every period, the
 * rolling 24 h ticker (from the 1-minute candles) and the recent trades. Time only comes in with the trades.
 */
export class MarketData {
  readonly symbol: string;
  readonly scales: MarketScales;
  private readonly series = {} as Record<CandlePeriod, Ring<Candle>>;
  private readonly trades: Ring<MarketTrade>;
  private lastTime = Number.NEGATIVE_INFINITY;

  constructor(options: MarketDataOptions) {
    const keep = options.keep ?? DEFAULT_KEEP;
    if (!Number.isSafeInteger(keep) || keep < MIN_KEEP) throw new RangeError(`keep must be an integer ≥ ${MIN_KEEP}: ${keep}`);
    this.symbol = options.symbol;
    this.scales = { priceScale: options.priceScale, qtyScale: options.qtyScale, quoteScale: options.quoteScale };
    for (const period of CANDLE_PERIODS) this.series[period] = new Ring(keep);
    this.trades = new Ring(options.recentTrades ?? DEFAULT_RECENT_TRADES);
  }

  static restore(options: MarketDataOptions, state: MarketDataState): MarketData {
    const data = new MarketData(options);
    for (const period of CANDLE_PERIODS) {
      for (const candle of state.candles[period] ?? []) data.series[period].push({ ...candle });
    }
    for (const trade of state.trades) data.trades.push({ ...trade });
    const newestMinute = data.series['1min'].fromNewest(0);
    const newestTrade = data.trades.fromNewest(0);
    data.lastTime = Math.max(newestMinute?.time ?? data.lastTime, newestTrade?.time ?? data.lastTime);
    return data;
  }

  /**
   * Adds a trade to the current candle of every period, or opens the next one (a gap leaves no empty
   * candles), and returns the candles it changed. Time never goes backwards: a trade stamped before the
   * previous one counts at the previous one's time.
   */
  recordTrade(trade: MarketTrade): CandleUpdate[] {
    if (trade.price <= 0n || trade.qty <= 0n || trade.quote < 0n || !Number.isSafeInteger(trade.time)) {
      throw new RangeError(`invalid trade ${trade.id} of ${this.symbol}`);
    }
    const time = Math.max(trade.time, this.lastTime);
    this.lastTime = time;
    const stamped = trade.time === time ? { ...trade } : { ...trade, time };
    this.trades.push(stamped);
    const updates: CandleUpdate[] = [];
    for (const period of CANDLE_PERIODS) {
      const ring = this.series[period];
      const start = bucketStart(period, time);
      const current = ring.fromNewest(0);
      if (current !== undefined && current.time === start) {
        addTrade(current, stamped);
        updates.push({ period, candle: { ...current }, opened: false });
      } else {
        const candle = openCandle(start, stamped);
        ring.push(candle);
        updates.push({ period, candle: { ...candle }, opened: true });
      }
    }
    return updates;
  }

  /** Candle history oldest first (kline/history): the newest `limit` candles whose bucket start is in [from, to]. */
  candles(period: CandlePeriod, query: CandleQuery): CandleView[] {
    if (!Number.isSafeInteger(query.limit) || query.limit < 1) throw new RangeError(`limit must be a positive integer: ${query.limit}`);
    const ring = this.series[period];
    const out: CandleView[] = [];
    for (let i = 0; i < ring.size && out.length < query.limit; i++) {
      const candle = ring.fromNewest(i)!;
      if (query.to !== undefined && candle.time > query.to) continue;
      if (query.from !== undefined && candle.time < query.from) break;
      out.push(candleView(candle, this.scales));
    }
    return out.reverse();
  }

  /**
   * The bucket start of the oldest candle of a period in memory (undefined before the first trade), and whether
   * memory is full: only then may older candles exist outside it (dropped, or not restored).
   */
  heldCandles(period: CandlePeriod): { oldest: number | undefined; full: boolean } {
    const ring = this.series[period];
    return { oldest: ring.fromNewest(ring.size - 1)?.time, full: ring.size === ring.capacity };
  }

  /** The current (newest) candle of a period, if any trade happened. */
  currentCandle(period: CandlePeriod): CandleView | undefined {
    const candle = this.series[period].fromNewest(0);
    return candle && candleView(candle, this.scales);
  }

  /** The rolling 24 h ticker at `now`; null before the first trade. */
  tickerAt(now: number): Ticker | null {
    return rollingTicker(this.series['1min'], now, this.scales);
  }

  /** The recent trades, newest first. */
  recentTrades(limit = this.trades.capacity): TradeView[] {
    const out: TradeView[] = [];
    for (let i = 0; i < Math.min(limit, this.trades.size); i++) {
      const trade = this.trades.fromNewest(i)!;
      out.push({
        id: trade.id,
        price: formatDecimal(trade.price, this.scales.priceScale),
        qty: formatDecimal(trade.qty, this.scales.qtyScale),
        quote: formatDecimal(trade.quote, this.scales.quoteScale),
        time: trade.time,
        takerSide: trade.takerSide,
      });
    }
    return out;
  }

  snapshot(): MarketDataState {
    const candles = {} as Record<CandlePeriod, Candle[]>;
    for (const period of CANDLE_PERIODS) candles[period] = this.series[period].toArray().map((candle) => ({ ...candle }));
    return { candles, trades: this.trades.toArray().map((trade) => ({ ...trade })) };
  }
}
