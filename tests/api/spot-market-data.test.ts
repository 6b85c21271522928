// The spot market-data calls over HTTP on both dialects: candles, trades, depth, batch candles, price comparison
// and the market list's close after two members trade; every bad input; a market added from the console listed at
// once; candles and tickers across a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import DE from '../../locales/de/spot.json';
import { KLINE_PERIODS, SPOT_CONSOLE_PATHS, SPOT_MARKET_PATHS } from '../../plugins/spot/shared/types';
import { availableDialects, fetchJson } from './harness';
import { startWalletServer, type WalletMember, type WalletTestServer } from './wallet-harness';

process.env.BOURSE_DEMO_MAKER = '0';

const SITE = { plugins: ['identity', 'wallet', 'markets', 'api-keys', 'spot'] };
const path = (template: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce((result, [key, value]) => result.replace(`:${key}`, String(value)), template);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in time: ${JSON.stringify(value)}`);
    await sleep(20);
  }
}

for (const dialect of await availableDialects()) {
  describe(`spot market data (${dialect})`, () => {
    let server: WalletTestServer;
    let tradeTime: number;
    const start = (reuse?: WalletTestServer) => startWalletServer(dialect, { reuse, site: SITE });
    const place = (member: WalletMember, body: Record<string, unknown>, market = 'BTC_USDT') =>
      server.post(`/coin/entrust/exchange/${market}`, body, member.token);
    const member = async (credits: Record<string, string>) => {
      const signed = await server.signUp();
      for (const [currency, amount] of Object.entries(credits)) await server.credit(signed.id, currency, amount);
      return signed;
    };
    const ok = async (pathname: string, query?: Record<string, string | number>) => {
      const response = await server.get(pathname, undefined, query);
      expect(response.status, `${pathname} ${JSON.stringify(query)} → ${JSON.stringify(response.body)}`).toBe(200);
      return response.body.data;
    };
    const marketRow = async (symbol: string) => ((await ok('/coin/open/getSpotSymbols')) as any[]).find((row) => row.symbol_name === symbol);

    beforeAll(async () => {
      server = await start();
    });
    afterAll(async () => {
      await server?.close();
      expect(server?.unexpectedErrors ?? []).toEqual([]);
    });

    it('shows a trade between two members in candles, trades, depth, prices and the market lists', async () => {
      const seller = await member({ BTC: '1' });
      const buyer = await member({ USDT: '100000' });
      expect(await ok(SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period: '1min' })).toEqual([]);
      expect(await ok(path(SPOT_MARKET_PATHS.priceComparison, { x: 'BTC_USDT' }))).toEqual({ symbol: 'BTC/USDT', close: null, prices: [] });
      const emptyDepth = await ok(path(SPOT_MARKET_PATHS.depth, { x: 'BTC_USDT' }));
      expect(emptyDepth).toMatchObject({ symbol: 'BTC/USDT', bids: [], asks: [] });

      expect((await place(seller, { side: 'sell', type: 'limit', price: '50000', num: '0.3' })).status).toBe(200);
      const before = Date.now();
      const taken = await place(buyer, { side: 'buy', type: 'limit', price: '50000', num: '0.1' });
      expect(taken.body.data).toMatchObject({ status: 'filled', filledNum: '0.1' });
      tradeTime = taken.body.data.updateTime;
      expect(tradeTime).toBeGreaterThanOrEqual(before - 1);
      expect((await place(buyer, { side: 'buy', type: 'limit', price: '49000', num: '0.05' })).status).toBe(200);

      for (const period of KLINE_PERIODS) {
        const candles = await ok(SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period });
        expect(candles, period).toEqual([{ time: expect.any(Number), open: '50000', high: '50000', low: '50000', close: '50000', volume: '0.1', amount: '5000', buyVolume: '0.1', buyAmount: '5000', count: 1 }]);
        expect(candles[0].time).toBeLessThanOrEqual(tradeTime);
      }
      const minute = await ok(SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period: '1min' });
      expect(minute[0].time).toBe(Math.floor(tradeTime / 60_000) * 60_000);
      expect(await ok(SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period: '1min', from: minute[0].time + 60_000 })).toEqual([]);
      expect(await ok(SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period: '1min', to: minute[0].time - 1 })).toEqual([]);
      expect(await ok(SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period: '1min', from: minute[0].time, to: minute[0].time, limit: 1 })).toEqual(minute);

      const trades = await ok(path(SPOT_MARKET_PATHS.trades, { a: 'BTC_USDT', b: 10 }));
      expect(trades).toEqual([{ id: expect.any(Number), price: '50000', qty: '0.1', quote: '5000', time: tradeTime, takerSide: 'buy' }]);

      const depth = await ok(path(SPOT_MARKET_PATHS.depth, { x: 'BTC_USDT' }));
      expect(depth).toMatchObject({ symbol: 'BTC/USDT', bids: [['49000', '0.05']], asks: [['50000', '0.2']] });
      expect(depth.seq).toBeGreaterThan(emptyDepth.seq);
      expect(typeof depth.time).toBe('number');
      expect((await place(buyer, { side: 'buy', type: 'limit', price: '48000', num: '0.01' })).status).toBe(200);
      const deeper = await ok(path(SPOT_MARKET_PATHS.depth, { x: 'BTC_USDT' }), { limit: 1 });
      expect(deeper).toMatchObject({ bids: [['49000', '0.05']], asks: [['50000', '0.2']] });
      expect(deeper.seq).toBeGreaterThan(depth.seq);
      expect((await ok(path(SPOT_MARKET_PATHS.depth, { x: 'BTC_USDT' }))).bids).toEqual([['49000', '0.05'], ['48000', '0.01']]);

      const batch = await ok(SPOT_MARKET_PATHS.batchKLineList, { symbols: 'ETH_USDT,BTC_USDT', period: '1hour' });
      expect(batch).toEqual([
        { symbol: 'ETH_USDT', period: '1hour', candles: [] },
        { symbol: 'BTC_USDT', period: '1hour', candles: [expect.objectContaining({ close: '50000', volume: '0.1', count: 1 })] },
      ]);

      const rates = (await ok('/coin/open/getCoinRate')) as Array<{ exchange_code: string; rate: string }>;
      const comparison = await ok(path(SPOT_MARKET_PATHS.priceComparison, { x: 'BTC_USDT' }));
      expect(comparison.close).toBe('50000');
      expect(comparison.prices.map((row: any) => row.currency)).toEqual(rates.map((rate) => rate.exchange_code));
      expect(comparison.prices).toContainEqual({ currency: 'USD', symbol: '$', price: '50000' });
      expect(comparison.prices).toContainEqual({ currency: 'EUR', symbol: '€', price: '46000' });
      expect(comparison.prices).toContainEqual({ currency: 'JPY', symbol: '¥', price: '7475000' });

      const goods = (await ok(SPOT_MARKET_PATHS.goods)) as any[];
      expect(goods.find((row) => row.symbol_name === 'BTC/USDT').close).toBe('50000');
      expect(goods.find((row) => row.symbol_name === 'ETH/USDT').close).toBeNull();
      // balances are valued at the market's last price
      expect(server.wallet.usdtPrice('BTC')).toBe('50000');
      // the markets plugin's lists show the live ticker
      const row = await until(() => marketRow('BTC/USDT'), (found) => found?.close === '50000');
      expect(row).toMatchObject({ close: '50000', high: '50000', low: '50000', amount: '5000', vol: '0.1', zdf: '0.00' });
    });

    it('refuses bad input with 400 naming the field, in the member’s language', async () => {
      const cases: Array<[string, Record<string, string | number>, string]> = [
        [SPOT_MARKET_PATHS.klineHistory, { symbol: 'DOGE_USDT', period: '1min' }, 'symbol'],
        [SPOT_MARKET_PATHS.klineHistory, { symbol: 'btc-usdt', period: '1min' }, 'symbol'],
        [SPOT_MARKET_PATHS.klineHistory, { period: '1min' }, 'symbol'],
        [SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period: '2min' }, 'period'],
        [SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT' }, 'period'],
        [SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period: '1min', limit: 0 }, 'limit'],
        [SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period: '1min', limit: 1501 }, 'limit'],
        [SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period: '1min', limit: 'ten' }, 'limit'],
        [SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period: '1min', limit: '1.5' }, 'limit'],
        [SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period: '1min', from: 'yesterday' }, 'from'],
        [SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period: '1min', to: -1 }, 'to'],
        [SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period: '1min', from: 2000, to: 1000 }, 'from'],
        [SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period: '1min', size: 10 }, 'size'],
        [SPOT_MARKET_PATHS.batchKLineList, { symbols: 'BTC_USDT,DOGE_USDT', period: '1hour' }, 'symbols'],
        [SPOT_MARKET_PATHS.batchKLineList, { symbols: 'BTC_USDT,', period: '1hour' }, 'symbols'],
        [SPOT_MARKET_PATHS.batchKLineList, { symbols: Array.from({ length: 51 }, () => 'BTC_USDT').join(','), period: '1hour' }, 'symbols'],
        [SPOT_MARKET_PATHS.batchKLineList, { period: '1hour' }, 'symbols'],
        [SPOT_MARKET_PATHS.batchKLineList, { symbols: 'BTC_USDT', period: '1year' }, 'period'],
        [SPOT_MARKET_PATHS.batchKLineList, { symbols: 'BTC_USDT', period: '1hour', limit: 0 }, 'limit'],
        [SPOT_MARKET_PATHS.batchKLineList, { symbols: 'BTC_USDT', period: '1hour', limit: 201 }, 'limit'],
        [SPOT_MARKET_PATHS.batchKLineList, { symbols: 'BTC_USDT', period: '1hour', limit: 'x' }, 'limit'],
        [SPOT_MARKET_PATHS.batchKLineList, { symbols: 'BTC_USDT', period: '1hour', symbol: 'BTC_USDT' }, 'symbol'],
        [path(SPOT_MARKET_PATHS.priceComparison, { x: 'DOGE_USDT' }), {}, 'x'],
        [path(SPOT_MARKET_PATHS.priceComparison, { x: 'BTCUSDT' }), {}, 'x'],
        [path(SPOT_MARKET_PATHS.priceComparison, { x: 'BTC_USDT' }), { currency: 'EUR' }, 'currency'],
        [path(SPOT_MARKET_PATHS.trades, { a: 'DOGE_USDT', b: 10 }), {}, 'a'],
        [path(SPOT_MARKET_PATHS.trades, { a: 'btc_usdt', b: 10 }), {}, 'a'],
        [path(SPOT_MARKET_PATHS.trades, { a: 'BTC_USDT', b: 0 }), {}, 'b'],
        [path(SPOT_MARKET_PATHS.trades, { a: 'BTC_USDT', b: 101 }), {}, 'b'],
        [path(SPOT_MARKET_PATHS.trades, { a: 'BTC_USDT', b: 'many' }), {}, 'b'],
        [path(SPOT_MARKET_PATHS.trades, { a: 'BTC_USDT', b: 10 }), { limit: 5 }, 'limit'],
        [path(SPOT_MARKET_PATHS.depth, { x: 'DOGE_USDT' }), {}, 'x'],
        [path(SPOT_MARKET_PATHS.depth, { x: 'BTC_USDT' }), { limit: 0 }, 'limit'],
        [path(SPOT_MARKET_PATHS.depth, { x: 'BTC_USDT' }), { limit: 201 }, 'limit'],
        [path(SPOT_MARKET_PATHS.depth, { x: 'BTC_USDT' }), { limit: 'all' }, 'limit'],
        [path(SPOT_MARKET_PATHS.depth, { x: 'BTC_USDT' }), { levels: 5 }, 'levels'],
      ];
      for (const [pathname, query, field] of cases) {
        const response = await server.get(pathname, undefined, query);
        expect(response.status, `${pathname} ${JSON.stringify(query)} → ${JSON.stringify(response.body)}`).toBe(400);
        expect(response.body.data, `${pathname} ${JSON.stringify(query)}`).toEqual({ field });
      }
      const german = await fetchJson(`${server.api(path(SPOT_MARKET_PATHS.depth, { x: 'DOGE_USDT' }))}`, { headers: { 'mj-lang': 'de' } });
      expect(german.status).toBe(400);
      expect(german.body.msg).toBe(DE.errUnknownMarket);
    });

    it('lists a market the console adds at once and values its price through the quote currency', async () => {
      const admin = await server.operatorToken();
      const added = await server.post(SPOT_CONSOLE_PATHS.addMarket, { symbol: 'ETH/BTC', tickSize: '0.0001', lotSize: '0.001', minNotional: '0.0001', makerFeePpm: 0, takerFeePpm: 0 }, admin);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(await marketRow('ETH/BTC')).toMatchObject({ symbol_name: 'ETH/BTC', coin_symbol: 'ETH', quote_symbol: 'BTC', price_scale: 8, qty_scale: 8 });

      const seller = await member({ ETH: '1' });
      const buyer = await member({ BTC: '1' });
      expect((await place(seller, { side: 'sell', type: 'limit', price: '0.05', num: '1' }, 'ETH_BTC')).status).toBe(200);
      expect((await place(buyer, { side: 'buy', type: 'market', money: '0.025' }, 'ETH_BTC')).status).toBe(200);
      expect(await ok(path(SPOT_MARKET_PATHS.trades, { a: 'ETH_BTC', b: 1 }))).toEqual([expect.objectContaining({ price: '0.05', qty: '0.5', quote: '0.025', takerSide: 'buy' })]);
      // BTC is worth 50000 USD at the BTC/USDT market's last trade
      const comparison = await ok(path(SPOT_MARKET_PATHS.priceComparison, { x: 'ETH_BTC' }));
      expect(comparison).toMatchObject({ symbol: 'ETH/BTC', close: '0.05' });
      expect(comparison.prices).toContainEqual({ currency: 'USD', symbol: '$', price: '2500' });
      expect(comparison.prices).toContainEqual({ currency: 'GBP', symbol: '£', price: '1975' });
      await until(() => marketRow('ETH/BTC'), (row) => row?.close === '0.05');
    });

    it('keeps candles, trades and tickers across a restart', async () => {
      const candles = Object.fromEntries(
        await Promise.all(KLINE_PERIODS.map(async (period) => [period, await ok(SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period })])),
      );
      const trades = await ok(path(SPOT_MARKET_PATHS.trades, { a: 'BTC_USDT', b: 100 }));
      const depth = await ok(path(SPOT_MARKET_PATHS.depth, { x: 'BTC_USDT' }));
      const ticker = await marketRow('BTC/USDT');

      await server.close({ keepData: true });
      server = await start(server);
      for (const period of KLINE_PERIODS) expect(await ok(SPOT_MARKET_PATHS.klineHistory, { symbol: 'BTC_USDT', period }), period).toEqual(candles[period]);
      expect(await ok(path(SPOT_MARKET_PATHS.trades, { a: 'BTC_USDT', b: 100 }))).toEqual(trades);
      const after = await ok(path(SPOT_MARKET_PATHS.depth, { x: 'BTC_USDT' }));
      expect({ ...after, time: 0 }).toEqual({ ...depth, time: 0 });
      const row = await until(() => marketRow('BTC/USDT'), (found) => found?.close === '50000');
      for (const field of ['close', 'zdf', 'high', 'low', 'amount', 'vol'] as const) expect(row[field], field).toBe(ticker[field]);
      expect((await ok(path(SPOT_MARKET_PATHS.priceComparison, { x: 'BTC_USDT' }))).close).toBe('50000');
      expect(server.wallet.usdtPrice('BTC')).toBe('50000');
    });
  });
}
