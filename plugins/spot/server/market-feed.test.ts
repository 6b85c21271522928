import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MarketData, type AppliedSpotCommand, type Candle, type CandlePeriod, type DepthSnapshot, type MarketDataState, type MarketTrade, type SpotCommand, type SpotEngine, type SpotMarketConfig, type SpotTrade } from '../../../core/engine';
import type { MarketDataBatch } from '../../../core/engine/persistence';
import type { LiveTicker, MarketListing, MarketsService } from '../../markets/shared/service';
import type { WalletService } from '../../wallet/shared/service';
import type { KlineMessage, TradesMessage } from '../shared/types';
import { FLUSH_INTERVAL_MS } from './market-data-writer';
import { MarketFeed, PUBLISH_INTERVAL_MS, RECENT_TRADES, type MarketDataStorage } from './market-feed';

const T0 = Date.UTC(2025, 0, 6, 12, 0, 0);
const MARKET: SpotMarketConfig = {
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  priceScale: 2,
  qtyScale: 6,
  tickSize: '0.01',
  lotSize: '0.000001',
  minNotional: '5',
  feeTiers: [{ makerPpm: 0, takerPpm: 0 }],
  selfTrade: 'cancelTaker',
};

let nextSeq = 0;
function accepted(command: SpotCommand, trades: SpotTrade[] = [], seq = ++nextSeq): AppliedSpotCommand {
  return { command, result: { ok: true, seq, id: command.id, kind: command.kind, duplicate: false, trades, orders: [], ledgerFrom: 0, ledgerTo: 0 } };
}

let nextId = 0;
/** A buy taking `qty` (micro BTC) at `price` (cents). */
function trade(price: bigint, qty: bigint, at: number): SpotTrade {
  const id = ++nextId;
  return { tradeId: id, symbol: 'BTC/USDT', price, qty, quote: (price * qty) / 100n, makerOrderId: 1, takerOrderId: id + 1, makerUserId: 'm', takerUserId: 't', takerSide: 'buy', makerFee: 0n, takerFee: 0n, at };
}

const addMarket = accepted({ kind: 'addMarket', id: 'add', at: 0, market: MARKET }, [], 1);
const order = (at: number, trades: SpotTrade[] = [], seq?: number) =>
  accepted({ kind: 'placeOrder', id: `o${at}-${trades.length}`, at, userId: 't', symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '1', qty: '1' }, trades, seq);
const marketTrade = (t: SpotTrade): MarketTrade => ({ id: t.tradeId, price: t.price, qty: t.qty, quote: t.quote, time: t.at, takerSide: t.takerSide });

/** The market data store in memory, as MarketDataStore behaves: trades kept once, candles upserted, the checkpoint with them. */
class MemoryStore implements MarketDataStorage {
  checkpointSeq = 0;
  failing = false;
  readonly writes: Array<{ batches: readonly MarketDataBatch[]; throughSeq?: number }> = [];
  readonly candleReads: Array<{ period: CandlePeriod; from?: number; to?: number; limit: number }> = [];
  private readonly trades = new Map<string, MarketTrade>();
  private readonly candleRows = new Map<string, Candle>();

  async write(batches: readonly MarketDataBatch[], throughSeq?: number): Promise<void> {
    if (this.failing) throw new Error('database down');
    this.writes.push({ batches, throughSeq });
    for (const batch of batches) {
      for (const t of batch.trades) if (!this.trades.has(`${batch.symbol}\n${t.id}`)) this.trades.set(`${batch.symbol}\n${t.id}`, { ...t });
      for (const { period, candle } of batch.candles) this.candleRows.set(`${batch.symbol}\n${period}\n${candle.time}`, { ...candle });
    }
    if (throughSeq !== undefined) this.checkpointSeq = throughSeq;
  }

  /** Writes a MarketData's state as if recorded up to `seq`. */
  async put(state: MarketDataState, seq: number): Promise<void> {
    const candles = Object.entries(state.candles).flatMap(([period, list]) => list.map((candle) => ({ period: period as CandlePeriod, candle })));
    await this.write([{ symbol: 'BTC/USDT', trades: state.trades, candles }], seq);
  }

  async checkpoint(): Promise<number> {
    return this.checkpointSeq;
  }

  async loadCandles(symbol: string, period: CandlePeriod, query: { from?: number; to?: number; limit: number }): Promise<Candle[]> {
    this.candleReads.push({ period, ...query });
    return this.select(symbol, period, query);
  }

  async loadStates(symbols: readonly string[], keep: number, trades: number): Promise<{ checkpoint: number; states: Map<string, MarketDataState> }> {
    return { checkpoint: this.checkpointSeq, states: new Map(symbols.map((symbol) => [symbol, this.loadState(symbol, keep, trades)])) };
  }

  private loadState(symbol: string, keep: number, trades: number): MarketDataState {
    const state = new MarketData({ symbol, priceScale: 2, qtyScale: 6, quoteScale: 6 }).snapshot();
    for (const period of Object.keys(state.candles) as CandlePeriod[]) state.candles[period] = this.select(symbol, period, { limit: keep });
    const stored = [...this.trades.values()].sort((a, b) => a.id - b.id);
    return { candles: state.candles, trades: stored.slice(Math.max(0, stored.length - trades)) };
  }

  storedTrades(): MarketTrade[] {
    return [...this.trades.values()];
  }

  private select(symbol: string, period: CandlePeriod, query: { from?: number; to?: number; limit: number }): Candle[] {
    const rows = [...this.candleRows]
      .filter(([key]) => key.startsWith(`${symbol}\n${period}\n`))
      .map(([, candle]) => candle)
      .filter((candle) => (query.from === undefined || candle.time >= query.from) && (query.to === undefined || candle.time <= query.to))
      .sort((a, b) => a.time - b.time);
    return rows.slice(Math.max(0, rows.length - query.limit));
  }
}

describe('MarketFeed', () => {
  let now: number;
  let published: Array<{ topic: string; payload: any; conflate: boolean }>;
  let listed: MarketListing[];
  let tickers: Array<{ symbol: string; ticker: LiveTicker; demo: boolean }>;
  let depth: DepthSnapshot;
  let errors: string[];
  let markets: MarketsService;
  let halted: boolean;
  let store: MemoryStore;
  let feed: MarketFeed;

  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    now = T0;
    published = [];
    listed = [];
    halted = false;
    tickers = [];
    errors = [];
    depth = { symbol: 'BTC/USDT', seq: 7, bids: [{ price: 4_900_000n, qty: 50_000n, orders: 1 }], asks: [{ price: 5_000_000n, qty: 200_000n, orders: 2 }] };
    const engine = {
      book: (symbol: string) => (symbol === 'BTC/USDT' ? { depth: () => depth } : undefined),
      lastPrice: () => 5_000_000n,
      market: (symbol: string) => (symbol === 'BTC/USDT' ? { halted } : undefined),
    } as unknown as SpotEngine;
    const wallet = { scaleOf: (code: string) => ({ BTC: 8, USDT: 6 })[code] } as unknown as WalletService;
    markets = {
      list: async (listing) => void listed.push(listing),
      setTicker: (symbol, _type, ticker, demo) => void tickers.push({ symbol, ticker, demo }),
    };
    store = new MemoryStore();
    feed = new MarketFeed({
      store,
      context: {
        db: undefined as never,
        dialect: 'sqlite',
        now: () => new Date(now),
        realtime: { publish: (topic, payload, options) => void published.push({ topic, payload, conflate: options?.conflate === true }) },
        log: { info() {}, warn() {}, error: (message) => void errors.push(message) },
        site: { features: { demo: true } } as never,
      },
      engine: () => engine,
      wallet,
      markets: { list: (listing) => markets.list(listing), setTicker: (...args) => markets.setTicker(...args) },
    });
  });
  afterEach(() => {
    feed.stop();
    vi.useRealTimers();
  });

  it('rebuilds candles, trades and the ticker from replayed commands without publishing, then lists every market', async () => {
    feed.record(addMarket, false);
    feed.record(order(T0 - 3_600_000, [trade(4_800_000n, 100_000n, T0 - 3_600_000)]), false);
    feed.record(order(T0 - 60_000, [trade(5_000_000n, 300_000n, T0 - 60_000)]), false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(published).toEqual([]);
    expect(await feed.candles('BTC/USDT', '1day', { limit: 10 })).toEqual([
      { time: Date.UTC(2025, 0, 6), open: '48000', high: '50000', low: '48000', close: '50000', volume: '0.4', amount: '19800', buyVolume: '0.4', buyAmount: '19800', count: 2 },
    ]);
    expect(feed.trades('BTC/USDT', 1)).toEqual([{ id: nextId, price: '50000', qty: '0.3', quote: '15000', time: T0 - 60_000, takerSide: 'buy' }]);
    expect(feed.ticker('BTC/USDT')).toMatchObject({ close: '50000', open: '48000', zdf: '4.17', vol: '0.4' });

    await feed.listAll();
    // not restored from the store: nothing is written
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(store.writes).toEqual([]);
    expect(listed).toEqual([{ symbol: 'BTC/USDT', base: 'BTC', quote: 'USDT', contractType: 0, priceScale: 2, qtyScale: 6, halted: false }]);
    halted = true;
    await feed.list('BTC/USDT');
    expect(listed[1]).toMatchObject({ symbol: 'BTC/USDT', halted: true });
    expect(tickers).toEqual([{ symbol: 'BTC/USDT', ticker: { close: '50000', zdf: '4.17', high: '50000', low: '48000', amount: '19800', vol: '0.4' }, demo: true }]);
  });

  it('sends depth, every trade once (newest first) and the current candles at most once per interval', async () => {
    feed.record(addMarket, false);
    const made: SpotTrade[] = [];
    for (let i = 0; i < 30; i++) {
      const fills = i % 3 === 0 ? [trade(5_000_000n + BigInt(i), 1_000n, now), trade(5_000_000n, 1_000n, now)] : [];
      made.push(...fills);
      feed.record(order(now, fills), true);
      await vi.advanceTimersByTimeAsync(20);
      now += 20;
    }
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS);
    const on = (topic: string) => published.filter((message) => message.topic === topic);

    const depthMessages = on('depth_BTC_USDT');
    expect(depthMessages.length).toBeGreaterThanOrEqual(6);
    expect(depthMessages.length).toBeLessThanOrEqual(8);
    expect(depthMessages.every((message) => message.conflate)).toBe(true);
    expect(depthMessages.at(-1)!.payload).toEqual({ symbol: 'BTC/USDT', seq: 7, bids: [['49000', '0.05']], asks: [['50000', '0.2']], time: expect.any(Number) });

    const tradeMessages = on('trades_BTC_USDT');
    expect(tradeMessages.every((message) => !message.conflate)).toBe(true);
    const sentIds = tradeMessages.flatMap((message) => [...(message.payload as TradesMessage).trades].reverse().map((each) => each.id));
    expect(sentIds).toEqual(made.map((each) => each.tradeId));

    const minutes = on('kline_BTC_USDT_1min');
    expect(minutes.length).toBe(tradeMessages.length);
    expect((minutes.at(-1)!.payload as KlineMessage).candle).toEqual((await feed.candles('BTC/USDT', '1min', { limit: 1 }))[0]);
    expect(on('kline_BTC_USDT_1month')).toHaveLength(tradeMessages.length);
    expect(tickers).toHaveLength(tradeMessages.length);
  });

  it('reads an unknown market as empty and never lets a failing markets service through', async () => {
    expect(feed.depth('DOGE/USDT', 10)).toEqual({ symbol: 'DOGE/USDT', seq: 0, bids: [], asks: [], time: now });
    expect(feed.trades('DOGE/USDT', 10)).toEqual([]);
    expect(await feed.candles('DOGE/USDT', '1min', { limit: 10 })).toEqual([]);
    expect(feed.ticker('DOGE/USDT')).toBeNull();
    expect(feed.lastPrice('DOGE/USDT')).toBeUndefined();

    markets.list = async () => {
      throw new Error('database down');
    };
    markets.setTicker = () => {
      throw new Error('not a decimal');
    };
    feed.record(addMarket, true);
    await feed.list('BTC/USDT');
    feed.record(order(now, [trade(5_000_000n, 1_000n, now)]), true);
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS);
    expect(errors).toEqual(['spot market listing failed', 'spot ticker push failed']);
    expect(published.map((message) => message.topic)).toContain('trades_BTC_USDT');
    expect(feed.lastPrice('BTC/USDT')).toBe('50000');
  });

  describe('with the store', () => {
    const OPTIONS = { symbol: 'BTC/USDT', priceScale: 2, qtyScale: 6, quoteScale: 6 };

    it('writes the trades and candles of recorded commands with the last seq every flush interval, and nothing when idle', async () => {
      feed.record(addMarket, false);
      expect(await feed.restore()).toBe(0);
      const first = trade(5_000_000n, 1_000n, now);
      const second = trade(5_100_000n, 2_000n, now + 1);
      feed.record(order(now, [first, second], 2), true);
      feed.record(order(now, [], 3), true);
      await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
      expect(store.writes).toHaveLength(1);
      const [{ batches, throughSeq }] = store.writes;
      expect(throughSeq).toBe(3);
      expect(batches.map((batch) => batch.symbol)).toEqual(['BTC/USDT']);
      expect(batches[0]!.trades).toEqual([marketTrade(first), marketTrade(second)]);
      // each changed candle once, in its latest state
      expect(batches[0]!.candles).toHaveLength(9);
      expect(batches[0]!.candles.find((update) => update.period === '1min')!.candle).toMatchObject({ open: 5_000_000n, close: 5_100_000n, volume: 3_000n, count: 2 });

      // a command without trades still moves the checkpoint
      feed.record(order(now, [], 4), true);
      await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
      expect(store.writes.slice(1)).toEqual([{ batches: [], throughSeq: 4 }]);
      await vi.advanceTimersByTimeAsync(3 * FLUSH_INTERVAL_MS);
      expect(store.writes).toHaveLength(2);
    });

    it('keeps the rows of a failed write and writes them with the next ones', async () => {
      feed.record(addMarket, false);
      await feed.restore();
      store.failing = true;
      const first = trade(5_000_000n, 1_000n, now);
      feed.record(order(now, [first], 2), true);
      await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
      expect(errors).toEqual(['spot market data write failed']);
      expect(await feed.flush()).toBe(false);
      const second = trade(4_900_000n, 4_000n, now + 10);
      feed.record(order(now, [second], 3), true);
      store.failing = false;
      expect(await feed.flush()).toBe(true);
      expect(store.storedTrades()).toEqual([marketTrade(first), marketTrade(second)]);
      expect(await store.checkpoint()).toBe(3);
      const [minute] = await store.loadCandles('BTC/USDT', '1min', { limit: 5 });
      expect(minute).toMatchObject({ open: 5_000_000n, close: 4_900_000n, low: 4_900_000n, volume: 5_000n, count: 2 });
      // closing writes what came after the last flush
      feed.record(order(now, [], 4), true);
      await feed.close();
      expect(await store.checkpoint()).toBe(4);
    });

    it('restores every opened market from the store and skips the commands the checkpoint covers', async () => {
      const earlier = [trade(4_800_000n, 100_000n, T0 - 3_600_000), trade(5_000_000n, 300_000n, T0 - 60_000)];
      const stored = new MarketData({ ...OPTIONS, recentTrades: RECENT_TRADES });
      for (const each of earlier) stored.recordTrade(marketTrade(each));
      await store.put(stored.snapshot(), 5);

      feed.record(addMarket, false);
      expect(await feed.restore()).toBe(5);
      expect(await feed.candles('BTC/USDT', '1day', { limit: 10 })).toEqual(stored.candles('1day', { limit: 10 }));
      expect(feed.trades('BTC/USDT', 10)).toEqual(stored.recentTrades(10));
      expect(feed.ticker('BTC/USDT')).toMatchObject({ close: '50000', open: '48000', vol: '0.4' });

      // the replay starts before the checkpoint (for other views): those trades are counted already
      feed.record(addMarket, false);
      feed.record(order(T0 - 60_000, [earlier[1]!], 5), false);
      const next = trade(5_200_000n, 100_000n, T0);
      feed.record(order(T0, [next], 6), false);
      const [day] = await feed.candles('BTC/USDT', '1day', { limit: 10 });
      expect(day).toMatchObject({ count: 3, volume: '0.5', close: '52000' });
      expect(feed.trades('BTC/USDT', 10).map((each) => each.id)).toEqual([next.tradeId, earlier[1]!.tradeId, earlier[0]!.tradeId]);
      await feed.flush();
      expect(store.writes.at(-1)!.throughSeq).toBe(6);
      expect(store.writes.at(-1)!.batches[0]!.trades).toEqual([marketTrade(next)]);
      expect(errors).toEqual([]);
      // a market first opened by the replay after the restore was not restored: said, not hidden
      feed.record(accepted({ kind: 'addMarket', id: 'add-eth', at: 0, market: { ...MARKET, symbol: 'ETH/USDT', base: 'ETH' } }, [], 4), false);
      expect(errors).toEqual(['spot market opened after the market data restore']);
    });

    it('answers kline history beyond memory from the store, without duplicates', async () => {
      // 2000 minutes with a trade each: memory keeps the last 1500 one-minute candles
      const minutes = Array.from({ length: 2000 }, (_, i) => trade(5_000_000n + BigInt(i), 1_000n, T0 + i * 60_000));
      const everything = new MarketData({ ...OPTIONS, keep: 3000 });
      for (const each of minutes) everything.recordTrade(marketTrade(each));
      const all = everything.candles('1min', { limit: 3000 });
      expect(all).toHaveLength(2000);
      // the store holds every candle; memory is restored with the newest 1500
      await store.put(everything.snapshot(), 2001);
      feed.record(addMarket, false);
      await feed.restore();
      const reads = () => store.candleReads.splice(0);

      // memory answers: the newest, a range inside memory, other periods (not full)
      expect(await feed.candles('BTC/USDT', '1min', { limit: 1500 })).toEqual(all.slice(500));
      expect(await feed.candles('BTC/USDT', '1min', { from: all[600]!.time, limit: 1500 })).toEqual(all.slice(600));
      expect(await feed.candles('BTC/USDT', '1hour', { limit: 100 })).toEqual(everything.candles('1hour', { limit: 100 }));
      expect(reads()).toEqual([]);

      // older than memory: the store alone; across the edge: both, each candle once
      expect(await feed.candles('BTC/USDT', '1min', { to: all[499]!.time, limit: 10 })).toEqual(all.slice(490, 500));
      expect(await feed.candles('BTC/USDT', '1min', { to: all[1700]!.time, limit: 1500 })).toEqual(all.slice(201, 1701));
      expect(await feed.candles('BTC/USDT', '1min', { from: all[100]!.time, to: all[550]!.time, limit: 1500 })).toEqual(all.slice(100, 551));
      expect(reads()).toEqual([
        { period: '1min', from: undefined, to: all[499]!.time, limit: 10 },
        { period: '1min', from: undefined, to: all[500]!.time - 1, limit: 299 },
        { period: '1min', from: all[100]!.time, to: all[500]!.time - 1, limit: 1449 },
      ]);
    });
  });
});
