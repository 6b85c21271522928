import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppliedSpotCommand, DepthSnapshot, SpotCommand, SpotEngine, SpotMarketConfig, SpotTrade } from '../../../core/engine';
import type { LiveTicker, MarketListing, MarketsService } from '../../markets/shared/service';
import type { WalletService } from '../../wallet/shared/service';
import type { KlineMessage, TradesMessage } from '../shared/types';
import { MarketFeed, PUBLISH_INTERVAL_MS } from './market-feed';

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

function accepted(command: SpotCommand, trades: SpotTrade[] = []): AppliedSpotCommand {
  return { command, result: { ok: true, seq: 1, id: command.id, kind: command.kind, duplicate: false, trades, orders: [], ledgerFrom: 0, ledgerTo: 0 } };
}

let nextId = 0;
/** A buy taking `qty` (micro BTC) at `price` (cents). */
function trade(price: bigint, qty: bigint, at: number): SpotTrade {
  const id = ++nextId;
  return { tradeId: id, symbol: 'BTC/USDT', price, qty, quote: (price * qty) / 100n, makerOrderId: 1, takerOrderId: id + 1, makerUserId: 'm', takerUserId: 't', takerSide: 'buy', makerFee: 0n, takerFee: 0n, at };
}

const addMarket = accepted({ kind: 'addMarket', id: 'add', at: 0, market: MARKET });
const order = (at: number, trades: SpotTrade[] = []) =>
  accepted({ kind: 'placeOrder', id: `o${at}-${trades.length}`, at, userId: 't', symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '1', qty: '1' }, trades);

describe('MarketFeed', () => {
  let now: number;
  let published: Array<{ topic: string; payload: any; conflate: boolean }>;
  let listed: MarketListing[];
  let tickers: Array<{ symbol: string; ticker: LiveTicker; demo: boolean }>;
  let depth: DepthSnapshot;
  let errors: string[];
  let markets: MarketsService;
  let feed: MarketFeed;

  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    now = T0;
    published = [];
    listed = [];
    tickers = [];
    errors = [];
    depth = { symbol: 'BTC/USDT', seq: 7, bids: [{ price: 4_900_000n, qty: 50_000n, orders: 1 }], asks: [{ price: 5_000_000n, qty: 200_000n, orders: 2 }] };
    const engine = { book: (symbol: string) => (symbol === 'BTC/USDT' ? { depth: () => depth } : undefined), lastPrice: () => 5_000_000n } as unknown as SpotEngine;
    const wallet = { scaleOf: (code: string) => ({ BTC: 8, USDT: 6 })[code] } as unknown as WalletService;
    markets = {
      list: async (listing) => void listed.push(listing),
      setTicker: (symbol, _type, ticker, demo) => void tickers.push({ symbol, ticker, demo }),
    };
    feed = new MarketFeed({
      context: {
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
    expect(feed.candles('BTC/USDT', '1day', { limit: 10 })).toEqual([
      { time: Date.UTC(2025, 0, 6), open: '48000', high: '50000', low: '48000', close: '50000', volume: '0.4', amount: '19800', buyVolume: '0.4', buyAmount: '19800', count: 2 },
    ]);
    expect(feed.trades('BTC/USDT', 1)).toEqual([{ id: nextId, price: '50000', qty: '0.3', quote: '15000', time: T0 - 60_000, takerSide: 'buy' }]);
    expect(feed.ticker('BTC/USDT')).toMatchObject({ close: '50000', open: '48000', zdf: '4.17', vol: '0.4' });

    await feed.listAll();
    expect(listed).toEqual([{ symbol: 'BTC/USDT', base: 'BTC', quote: 'USDT', contractType: 0, priceScale: 2, qtyScale: 6 }]);
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
    expect((minutes.at(-1)!.payload as KlineMessage).candle).toEqual(feed.candles('BTC/USDT', '1min', { limit: 1 })[0]);
    expect(on('kline_BTC_USDT_1month')).toHaveLength(tradeMessages.length);
    expect(tickers).toHaveLength(tradeMessages.length);
  });

  it('reads an unknown market as empty and never lets a failing markets service through', async () => {
    expect(feed.depth('DOGE/USDT', 10)).toEqual({ symbol: 'DOGE/USDT', seq: 0, bids: [], asks: [], time: now });
    expect(feed.trades('DOGE/USDT', 10)).toEqual([]);
    expect(feed.candles('DOGE/USDT', '1min', { limit: 10 })).toEqual([]);
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
});
