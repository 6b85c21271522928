// Spot market data kept in the database across restarts, on both dialects: a feed restored from the store with a
// tiny replay window answers what a replay of the whole log gives, kline history older than memory comes from the
// store, and a restarted server serves it over HTTP (/kline/history and /api/v3/klines).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotCommand } from '../../core/engine';
import { MarketDataStore } from '../../core/engine/persistence';
import { MARKETS_SERVICE, type MarketsService } from '../../plugins/markets/shared/service';
import { MarketFeed } from '../../plugins/spot/server/market-feed';
import { SPOT_MARKET_PATHS, type CandleView } from '../../plugins/spot/shared/types';
import { availableDialects, fetchJson } from './harness';
import { startWalletServer, type WalletMember, type WalletTestServer } from './wallet-harness';

process.env.BOURSE_DEMO_MAKER = '0';

const SITE = { plugins: ['identity', 'wallet', 'markets', 'api-keys', 'spot'] };
const MIN = 60_000;
/** One-minute candles traded before the server's own trades: more than memory keeps (1500). */
const OLD_MINUTES = 1600;
/** The first old minute, so that every old trade is before now. */
const BASE = Math.floor(Date.now() / MIN) * MIN - (OLD_MINUTES + 10) * MIN;

for (const dialect of await availableDialects()) {
  describe(`spot market data across restarts (${dialect})`, () => {
    let server: WalletTestServer;
    let seller: WalletMember;
    let buyer: WalletMember;
    /** The whole log's market data, as a replay of all of it gives. */
    let replayed: { minutes: CandleView[]; days: CandleView[]; trades: unknown[] };
    const start = (reuse?: WalletTestServer) => startWalletServer(dialect, { reuse, site: SITE });
    const ok = async (pathname: string, query: Record<string, string | number>) => {
      const response = await server.get(pathname, undefined, query);
      expect(response.status, `${pathname} ${JSON.stringify(query)} → ${JSON.stringify(response.body)}`).toBe(200);
      return response.body.data;
    };
    const submit = async (command: SpotCommand) => {
      const result = await server.wallet.spot().submit(command);
      if (!result.ok) throw new Error(`spot refused ${command.id}: ${result.reason} ${result.field ?? ''}`);
    };
    const order = (id: string, userId: string, side: 'buy' | 'sell', qty: string, at: number): SpotCommand => ({
      kind: 'placeOrder', id, at, userId, symbol: 'BTC/USDT', side, type: 'limit', price: '50000', qty,
    });

    /**
     * SpotExchange.load's order for the market data, on the running server's database and log: every market
     * opened, the store restored, then the log replayed — from 0 when something is stored (as for another view's
     * older checkpoint: the feed skips what it restored), else the last `window` commands.
     */
    const loadFeed = async (window: number) => {
      const access = server.wallet.spot();
      const feed = new MarketFeed({ context: server.context, engine: () => access.engine(), wallet: server.wallet, markets: server.context.use<MarketsService>(MARKETS_SERVICE) });
      const lastSeq = access.engine().lastSeq;
      for await (const applied of access.marketsAdded(lastSeq)) feed.record(applied, false);
      const checkpoint = await feed.restore();
      for await (const applied of access.log(checkpoint > 0 ? 0 : Math.max(0, lastSeq - window))) feed.record(applied, false);
      return { feed, checkpoint };
    };
    const marketData = async (feed: MarketFeed) => ({
      minutes: await feed.candles('BTC/USDT', '1min', { limit: 1500 }),
      days: await feed.candles('BTC/USDT', '1day', { limit: 10 }),
      trades: feed.trades('BTC/USDT', 1000),
    });

    beforeAll(async () => {
      server = await start();
      seller = await server.signUp();
      buyer = await server.signUp();
      await server.credit(seller.id, 'BTC', '5');
      await server.credit(buyer.id, 'USDT', '200000');
      // a trade a minute long ago, written to the log directly; quantities differ so that candles differ
      await submit(order('old-ask', seller.id, 'sell', '3', BASE));
      for (let i = 0; i < OLD_MINUTES; i += 100) {
        await Promise.all(
          Array.from({ length: 100 }, (_, k) => i + k).map((minute) => submit(order(`old-bid-${minute}`, buyer.id, 'buy', (0.001 + minute * 0.000001).toFixed(6), BASE + minute * MIN))),
        );
      }
      // the server rebuilds its views from the log, then trades now over HTTP
      await server.close({ keepData: true });
      server = await start(server);
      for (const num of ['0.01', '0.02']) {
        const response = await server.post('/coin/entrust/exchange/BTC_USDT', { side: 'buy', type: 'limit', price: '50000', num }, buyer.token);
        expect(response.status, JSON.stringify(response.body)).toBe(200);
      }
    }, 120_000);
    afterAll(async () => {
      await server?.close();
      expect(server?.unexpectedErrors ?? []).toEqual([]);
    });

    it('restores from the store with a tiny window what the whole log gives, and reads older history from it', async () => {
      const whole = await loadFeed(Number.MAX_SAFE_INTEGER);
      replayed = await marketData(whole.feed);
      expect(replayed.minutes).toHaveLength(1500);
      expect(replayed.trades).toHaveLength(1000);
      expect(replayed.days.reduce((sum, day) => sum + day.count, 0)).toBe(OLD_MINUTES + 2);
      await whole.feed.close();
      const lastSeq = server.wallet.spot().engine().lastSeq;
      expect(await new MarketDataStore(server.context.db, server.context.dialect).checkpoint()).toBe(lastSeq);

      const restored = await loadFeed(1);
      expect(restored.checkpoint).toBe(lastSeq);
      // the commands the checkpoint covers are not counted twice
      expect(await marketData(restored.feed)).toEqual(replayed);
      // memory holds the newest 1500 minutes; the first old ones come from the store, each once
      const oldest = await restored.feed.candles('BTC/USDT', '1min', { to: BASE + 9 * MIN, limit: 1500 });
      expect(oldest.map((candle) => candle.time)).toEqual(Array.from({ length: 10 }, (_, minute) => BASE + minute * MIN));
      expect(oldest[3]).toMatchObject({ open: '50000', close: '50000', volume: '0.001003', count: 1 });
      const to = BASE + 1549 * MIN;
      const across = await restored.feed.candles('BTC/USDT', '1min', { from: BASE, to, limit: 1500 });
      expect(across.map((candle) => candle.time)).toEqual(Array.from({ length: 1500 }, (_, k) => BASE + (50 + k) * MIN));
      const inMemory = replayed.minutes.filter((candle) => candle.time <= to);
      expect(inMemory.length).toBeLessThan(1500);
      expect(across.slice(1500 - inMemory.length)).toEqual(inMemory);
      await restored.feed.close();
    });

    it('a restarted server serves the kline history and recent trades, old ones too', async () => {
      await server.close({ keepData: true });
      server = await start(server);
      expect(await ok(SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period: '1min', limit: 1500 })).toEqual(replayed.minutes);
      expect(await ok(SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period: '1day', limit: 10 })).toEqual(replayed.days);
      expect(await ok(SPOT_MARKET_PATHS.trades.replace(':a', 'BTC_USDT').replace(':b', '100'), {})).toEqual(replayed.trades.slice(0, 100));

      const old = await ok(SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period: '1min', from: BASE, to: BASE + 4 * MIN });
      expect(old.map((candle: CandleView) => [candle.time, candle.volume])).toEqual([0, 1, 2, 3, 4].map((minute) => [BASE + minute * MIN, String(Number((0.001 + minute * 0.000001).toFixed(6)))]));
      const binance = await fetchJson(`${server.baseUrl}/api/v3/klines?${new URLSearchParams({ symbol: 'BTCUSDT', interval: '1m', endTime: String(BASE + 2 * MIN), limit: '5' })}`);
      expect(binance.status).toBe(200);
      const klines = binance.body;
      expect(klines.map((kline: unknown[]) => kline[0])).toEqual([BASE, BASE + MIN, BASE + 2 * MIN]);
      expect(klines[1][5]).toBe('0.001001');
    });
  });
}
