// The Binance-compatible /api/v3 subset through the real server on both dialects: market data, signed trading
// with two members' keys, every refusal with Binance's code (and nothing changed), the official Binance connector and
// ccxt's Binance class pointed at the test server, and the demo market maker trading through the same endpoints.
import { createRequire } from 'node:module';
import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../core/engine/persistence';
import spotManifest from '../../plugins/spot/plugin';
import { createSpotServer } from '../../plugins/spot/server';
import { binanceType } from '../../plugins/spot/server/binance/orders';
import { DEMO_MAKER_MEMBER, DEMO_TAKER_MEMBER } from '../../plugins/spot/server/demo-maker';
import { rebuiltExchange } from '../support/spot-exchange';
import { SPOT_CONSOLE_PATHS } from '../../plugins/spot/shared/types';
import { signedV3Request, v3Request, type ApiKey } from './binance-harness';
import { availableDialects, fetchJson, startTestServer } from './harness';
import { startWalletServer, TRADE_PASSWORD, type WalletMember, type WalletTestServer } from './wallet-harness';

const { Spot } = createRequire(import.meta.url)('@binance/connector') as { Spot: new (apiKey: string, secret: string, options: { baseURL: string }) => any };
const SITE = { plugins: ['identity', 'wallet', 'markets', 'api-keys', 'spot'] };

for (const dialect of await availableDialects()) {
  describe(`/api/v3 (${dialect})`, () => {
    let server: WalletTestServer;
    const v3 = (path: string, params: Record<string, string> = {}) => v3Request(server.baseUrl, path, params);
    const stateHash = () => server.wallet.spot().engine().stateHash(sha256);

    const signed = (key: ApiKey, method: 'GET' | 'POST' | 'DELETE', path: string, params: Record<string, string> = {}, options: { timestamp?: number; secret?: string } = {}) =>
      signedV3Request(server.baseUrl, key, method, path, params, options);

    async function trader(credits: Record<string, string>, trade = true): Promise<WalletMember & { key: ApiKey }> {
      const member = await server.signUp({ tradePassword: true });
      for (const [currency, amount] of Object.entries(credits)) await server.credit(member.id, currency, amount);
      const created = await server.post('/coin/member/apiKey/create', { label: 'bot', trade, tradePassword: TRADE_PASSWORD }, member.token);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      return { ...member, key: created.body.data };
    }
    const balance = async (member: { key: ApiKey }, asset: string) => {
      const account = await signed(member.key, 'GET', '/account');
      expect(account.status, JSON.stringify(account.body)).toBe(200);
      return account.body.balances.find((row: any) => row.asset === asset);
    };

    beforeAll(async () => {
      server = await startWalletServer(dialect, { site: SITE });
    });
    afterAll(async () => {
      await server?.close();
      expect(server?.unexpectedErrors ?? []).toEqual([]);
    });

    it('describes the markets with Binance filters, one or several symbols, and refuses unknown ones', async () => {
      const info = await v3('/exchangeInfo');
      expect(info.status).toBe(200);
      const btc = info.body.symbols.find((row: any) => row.symbol === 'BTCUSDT');
      expect(btc).toMatchObject({ status: 'TRADING', baseAsset: 'BTC', quoteAsset: 'USDT', quotePrecision: 8, orderTypes: expect.arrayContaining(['LIMIT', 'MARKET', 'LIMIT_MAKER', 'STOP_LOSS_LIMIT']) });
      const filter = (type: string) => btc.filters.find((row: any) => row.filterType === type);
      expect(filter('PRICE_FILTER')).toMatchObject({ tickSize: '0.01' });
      expect(filter('LOT_SIZE')).toMatchObject({ stepSize: '0.000001' });
      expect(filter('NOTIONAL')).toMatchObject({ minNotional: '5' });
      expect(filter('MIN_NOTIONAL')).toMatchObject({ minNotional: '5' });
      expect((await v3('/exchangeInfo', { symbol: 'ETHUSDT' })).body.symbols.map((row: any) => row.symbol)).toEqual(['ETHUSDT']);
      expect((await v3('/exchangeInfo', { symbols: '["ETHUSDT","BTCUSDT"]' })).body.symbols.map((row: any) => row.symbol)).toEqual(['ETHUSDT', 'BTCUSDT']);
      for (const [path, params] of [['/exchangeInfo', { symbol: 'DOGEUSDT' }], ['/depth', { symbol: 'BTC/USDT' }], ['/ticker/price', { symbol: 'XYZ' }]] as const) {
        expect(await v3(path, params)).toMatchObject({ status: 400, body: { code: -1121, msg: 'Invalid symbol.' } });
      }
      expect(await v3('/depth')).toMatchObject({ status: 400, body: { code: -1102 } });
      expect(await v3('/klines', { symbol: 'BTCUSDT', interval: '3m' })).toMatchObject({ status: 400, body: { code: -1120 } });
      expect(await v3('/depth', { symbol: 'BTCUSDT', limit: '0' })).toMatchObject({ status: 400, body: { code: -1100 } });
    });

    it('places, reads, lists and cancels a limit order with a client order id; funds move free → locked → free', async () => {
      const buyer = await trader({ USDT: '10000' });
      const before = await v3('/depth', { symbol: 'BTCUSDT', limit: '5' });
      const placed = await signed(buyer.key, 'POST', '/order', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '50000.00', quantity: '0.1', newClientOrderId: 'grid-1' });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      expect(placed.body).toMatchObject({ symbol: 'BTCUSDT', clientOrderId: 'grid-1', status: 'NEW', type: 'LIMIT', side: 'BUY', timeInForce: 'GTC', price: '50000', origQty: '0.1', executedQty: '0', fills: [] });
      const orderId = placed.body.orderId;
      const after = await v3('/depth', { symbol: 'BTCUSDT', limit: '5' });
      expect(after.body.lastUpdateId).toBeGreaterThan(before.body.lastUpdateId);
      expect(after.body.bids).toContainEqual(['50000', '0.1']);
      expect(await balance(buyer, 'USDT')).toEqual({ asset: 'USDT', free: '5000', locked: '5000' });

      expect((await signed(buyer.key, 'GET', '/order', { symbol: 'BTCUSDT', orderId: String(orderId) })).body).toMatchObject({ orderId, clientOrderId: 'grid-1', status: 'NEW' });
      expect((await signed(buyer.key, 'GET', '/order', { symbol: 'BTCUSDT', origClientOrderId: 'grid-1' })).body).toMatchObject({ orderId });
      expect((await signed(buyer.key, 'GET', '/openOrders', { symbol: 'BTCUSDT' })).body.map((row: any) => row.orderId)).toEqual([orderId]);
      expect((await signed(buyer.key, 'GET', '/openOrders')).body.map((row: any) => row.orderId)).toEqual([orderId]);

      const cancelled = await signed(buyer.key, 'DELETE', '/order', { symbol: 'BTCUSDT', origClientOrderId: 'grid-1' });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body).toMatchObject({ orderId, origClientOrderId: 'grid-1', status: 'CANCELED' });
      expect(await balance(buyer, 'USDT')).toEqual({ asset: 'USDT', free: '10000', locked: '0' });
      expect((await signed(buyer.key, 'GET', '/openOrders', { symbol: 'BTCUSDT' })).body).toEqual([]);
      const all = await signed(buyer.key, 'GET', '/allOrders', { symbol: 'BTCUSDT' });
      expect(all.body).toEqual([expect.objectContaining({ orderId, status: 'CANCELED' })]);
      // the same order on the site's own order list: one ledger, one order book
      const site = await server.get('/coin/entrust/entrustlog/BTC_USDT/all/1', buyer.token);
      expect(site.body.data.records.map((row: any) => row.id)).toEqual([orderId]);
    });

    it('fills between two keys: FULL answer with fills, myTrades, trades, klines and the 24 h ticker', async () => {
      const seller = await trader({ ETH: '2' });
      const buyer = await trader({ USDT: '10000' });
      const maker = await signed(seller.key, 'POST', '/order', { symbol: 'ETHUSDT', side: 'SELL', type: 'LIMIT_MAKER', price: '3600', quantity: '1' });
      expect(maker.status, JSON.stringify(maker.body)).toBe(200);
      expect(maker.body).toEqual({ symbol: 'ETHUSDT', orderId: expect.any(Number), orderListId: -1, clientOrderId: expect.any(String), transactTime: expect.any(Number) });
      const taker = await signed(buyer.key, 'POST', '/order', { symbol: 'ETHUSDT', side: 'BUY', type: 'MARKET', quoteOrderQty: '1800' });
      expect(taker.status, JSON.stringify(taker.body)).toBe(200);
      expect(taker.body).toMatchObject({ status: 'FILLED', type: 'MARKET', executedQty: '0.5', cummulativeQuoteQty: '1800', fills: [{ price: '3600', qty: '0.5', commission: '0.0005', commissionAsset: 'ETH' }] });

      const mine = await signed(seller.key, 'GET', '/myTrades', { symbol: 'ETHUSDT' });
      expect(mine.body).toEqual([expect.objectContaining({ orderId: maker.body.orderId, price: '3600', qty: '0.5', quoteQty: '1800', commission: '1.8', commissionAsset: 'USDT', isBuyer: false, isMaker: true })]);
      expect((await signed(seller.key, 'GET', '/order', { symbol: 'ETHUSDT', orderId: String(maker.body.orderId) })).body).toMatchObject({ status: 'PARTIALLY_FILLED', type: 'LIMIT_MAKER', executedQty: '0.5' });
      expect((await v3('/trades', { symbol: 'ETHUSDT', limit: '1' })).body).toEqual([expect.objectContaining({ price: '3600', qty: '0.5', isBuyerMaker: false })]);
      const klines = await v3('/klines', { symbol: 'ETHUSDT', interval: '1m' });
      const last = klines.body.at(-1);
      expect(last).toEqual([expect.any(Number), '3600', '3600', '3600', '3600', '0.5', last[0] + 59_999, '1800', 1, '0.5', '1800', '0']);
      const ticker = await v3('/ticker/24hr', { symbol: 'ETHUSDT' });
      expect(ticker.body).toMatchObject({ symbol: 'ETHUSDT', lastPrice: '3600', volume: '0.5', quoteVolume: '1800', count: 1, askPrice: '3600', askQty: '0.5' });
      expect((await v3('/ticker/price')).body).toContainEqual({ symbol: 'ETHUSDT', price: '3600' });
      expect(Array.isArray((await v3('/ticker/24hr')).body)).toBe(true);
    });

    it('answers a FOK that cannot fill completely EXPIRED, as Binance does, with its funds free again', async () => {
      const buyer = await trader({ USDT: '5000000' });
      const fok = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'FOK', price: '99000', quantity: '50', newOrderRespType: 'FULL' };
      const killed = await signed(buyer.key, 'POST', '/order', fok);
      expect(killed.status, JSON.stringify(killed.body)).toBe(200);
      expect(killed.body).toMatchObject({ status: 'EXPIRED', timeInForce: 'FOK', executedQty: '0', fills: [] });
      const read = await signed(buyer.key, 'GET', '/order', { symbol: 'BTCUSDT', orderId: String(killed.body.orderId) });
      expect(read.body).toMatchObject({ status: 'EXPIRED', executedQty: '0' });
      expect(await balance(buyer, 'USDT')).toEqual({ asset: 'USDT', free: '5000000', locked: '0' });
      expect((await signed(buyer.key, 'GET', '/openOrders', { symbol: 'BTCUSDT' })).body).toEqual([]);
    });

    it('reads stop-limits back as the type they were placed as, also from a history rebuilt at start', async () => {
      // ETHUSDT last traded at 3600 (the test before)
      const member = await trader({ ETH: '2', USDT: '10000' });
      const stops = [
        { side: 'SELL', type: 'STOP_LOSS_LIMIT', stopPrice: '3500', price: '3490' },
        { side: 'SELL', type: 'TAKE_PROFIT_LIMIT', stopPrice: '3700', price: '3690' },
        { side: 'BUY', type: 'STOP_LOSS_LIMIT', stopPrice: '3700', price: '3710' },
        { side: 'BUY', type: 'TAKE_PROFIT_LIMIT', stopPrice: '3500', price: '3510' },
      ];
      const placed = new Map<number, string>();
      for (const stop of stops) {
        const response = await signed(member.key, 'POST', '/order', { symbol: 'ETHUSDT', timeInForce: 'GTC', quantity: '0.1', newOrderRespType: 'RESULT', ...stop });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        expect(response.body).toMatchObject({ type: stop.type, side: stop.side, status: 'NEW', stopPrice: stop.stopPrice });
        placed.set(response.body.orderId, stop.type);
      }
      const open = await signed(member.key, 'GET', '/openOrders', { symbol: 'ETHUSDT' });
      expect(new Map(open.body.map((row: any) => [row.orderId, row.type]))).toEqual(placed);
      // a start rebuilds the history from the log, or reads it from its table (which the first rebuilt view writes
      // if the server has not yet): the stops keep their types
      for (const stored of [false, true, true]) {
        const history = await (await rebuiltExchange(server, { stored })).historyOf(member.id);
        for (const [orderId, type] of placed) expect(binanceType(history.order(orderId)!)).toBe(type);
      }
    });

    it('refuses bad requests with Binance codes and changes nothing', async () => {
      const member = await trader({ USDT: '100', BTC: '0.001' });
      const readOnly = await trader({ USDT: '100' }, false);
      const hash = stateHash();
      const order = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '100', quantity: '0.1' };
      const cases: Array<[string, Promise<{ status: number; body: any }>, number, number]> = [
        ['bad signature', signed(member.key, 'POST', '/order', order, { secret: 'x'.repeat(64) }), 400, -1022],
        ['stale timestamp', signed(member.key, 'POST', '/order', order, { timestamp: Date.now() - 60_000 }), 400, -1021],
        ['missing quantity', signed(member.key, 'POST', '/order', { ...order, quantity: '' }), 400, -1102],
        ['bad symbol', signed(member.key, 'POST', '/order', { ...order, symbol: 'BTCEUR' }), 400, -1121],
        ['price beyond its decimals', signed(member.key, 'POST', '/order', { ...order, price: '100.005' }), 400, -1111],
        ['quantity beyond its decimals', signed(member.key, 'POST', '/order', { ...order, quantity: '0.0000001' }), 400, -1111],
        ['below notional', signed(member.key, 'POST', '/order', { ...order, quantity: '0.01' }), 400, -1013],
        ['insufficient balance', signed(member.key, 'POST', '/order', { ...order, quantity: '2' }), 400, -2010],
        ['bad side', signed(member.key, 'POST', '/order', { ...order, side: 'HOLD' }), 400, -1117],
        ['bad type', signed(member.key, 'POST', '/order', { ...order, type: 'OCO' }), 400, -1116],
        ['market stop', signed(member.key, 'POST', '/order', { ...order, type: 'STOP_LOSS' }), 400, -1014],
        ['no time in force', signed(member.key, 'POST', '/order', { ...order, timeInForce: '' }), 400, -1102],
        ['malformed price', signed(member.key, 'POST', '/order', { ...order, price: '1e5' }), 400, -1100],
        ['unknown order', signed(member.key, 'GET', '/order', { symbol: 'BTCUSDT', orderId: '999999' }), 400, -2013],
        ['cancel unknown', signed(member.key, 'DELETE', '/order', { symbol: 'BTCUSDT', origClientOrderId: 'nope' }), 400, -2011],
        ['read-only key', signed(readOnly.key, 'POST', '/order', order), 401, -2015],
      ];
      for (const [name, answer, status, code] of cases) {
        const { status: got, body } = await answer;
        expect({ name, status: got, code: body.code }).toEqual({ name, status, code });
      }
      const offTick = await signed(member.key, 'POST', '/order', { ...order, price: '100.01', quantity: '0.1' });
      expect(offTick.status, JSON.stringify(offTick.body)).toBe(200);
      await signed(member.key, 'DELETE', '/order', { symbol: 'BTCUSDT', orderId: String(offTick.body.orderId) });
      const hashAfterOwnOrder = stateHash();
      expect(hashAfterOwnOrder).not.toBe(hash);
      const lot = await signed(member.key, 'POST', '/order', { ...order, symbol: 'ETHUSDT', price: '100', quantity: '0.00001' });
      expect(lot.body).toEqual({ code: -1013, msg: 'Filter failure: LOT_SIZE' });
      expect(stateHash()).toBe(hashAfterOwnOrder);
      expect(await balance(member, 'USDT')).toEqual({ asset: 'USDT', free: '100', locked: '0' });
      expect((await signed(readOnly.key, 'GET', '/account')).status).toBe(200);
    });

    it('trades with the official Binance connector pointed at the server', async () => {
      const member = await trader({ USDT: '1000' });
      const client = new Spot(member.key.apiKey, member.key.secret, { baseURL: server.baseUrl });
      const placed = await client.newOrder('BTCUSDT', 'BUY', 'LIMIT', { price: '40000', quantity: '0.01', timeInForce: 'GTC', newClientOrderId: 'connector-1' }).catch((error: any) => { throw new Error(JSON.stringify(error.response?.data)); });
      expect(placed.data).toMatchObject({ symbol: 'BTCUSDT', clientOrderId: 'connector-1', status: 'NEW' });
      expect((await client.getOrder('BTCUSDT', { orderId: placed.data.orderId })).data).toMatchObject({ price: '40000', origQty: '0.01' });
      const account = (await client.account()).data;
      expect(account.balances).toContainEqual({ asset: 'USDT', free: '600', locked: '400' });
      expect((await client.cancelOrder('BTCUSDT', { orderId: placed.data.orderId })).data).toMatchObject({ status: 'CANCELED' });
      await expect(client.getOrder('BTCUSDT', { orderId: 987654 })).rejects.toMatchObject({ response: { status: 400, data: { code: -2013 } } });
    });

    it('trades with ccxt (its Binance class) pointed at the server: markets, book, orders, fills, trades, balances', async () => {
      const client = (member: { key: ApiKey }) => {
        const exchange = new ccxt.binance({ apiKey: member.key.apiKey, secret: member.key.secret, options: { fetchMarkets: { types: ['spot'] }, fetchMargins: false, fetchCurrencies: false } });
        exchange.urls['api'] = { ...(exchange.urls['api'] as object), public: `${server.baseUrl}/api/v3`, private: `${server.baseUrl}/api/v3` };
        return exchange;
      };
      const buyer = client(await trader({ USDT: '1000' }));
      const seller = client(await trader({ BTC: '1' }));
      const markets = await buyer.loadMarkets();
      expect(markets['BTC/USDT']).toMatchObject({ id: 'BTCUSDT', spot: true, active: true, base: 'BTC', quote: 'USDT' });
      const bid = await buyer.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 40000);
      expect(bid).toMatchObject({ status: 'open', side: 'buy', price: 40000, amount: 0.01, filled: 0 });
      expect((await buyer.fetchOpenOrders('BTC/USDT')).map((order) => order.id)).toEqual([bid.id]);
      expect((await buyer.fetchOrderBook('BTC/USDT')).bids[0]).toEqual([40000, 0.01]);
      await expect(buyer.createOrder('BTC/USDT', 'limit', 'buy', 1, 40000)).rejects.toBeInstanceOf(ccxt.InsufficientFunds);

      const ask = await seller.createOrder('BTC/USDT', 'limit', 'sell', 0.01, 40000);
      expect(ask).toMatchObject({ status: 'closed', filled: 0.01 });
      const [fill] = await buyer.fetchMyTrades('BTC/USDT');
      expect(fill).toMatchObject({ order: bid.id, side: 'buy', price: 40000, amount: 0.01, takerOrMaker: 'maker' });
      expect((await buyer.fetchTrades('BTC/USDT')).at(-1)).toMatchObject({ price: 40000, amount: 0.01, side: 'sell' });
      const balance = await buyer.fetchBalance();
      expect(balance['USDT']).toMatchObject({ free: 600, used: 0 });
      expect(balance['BTC']!.free).toBeCloseTo(0.00999, 8);

      const resting = await buyer.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 39000);
      expect(await buyer.cancelOrder(resting.id!, 'BTC/USDT')).toMatchObject({ id: resting.id, status: 'canceled' });
      expect((await buyer.fetchOrder(resting.id!, 'BTC/USDT')).status).toBe('canceled');
    });

    it('aggTrades: each trade its own aggregate, the most recent or from fromId / startTime on, oldest first; bad combinations refused', async () => {
      const seller = await trader({ ETH: '5' });
      const buyer = await trader({ USDT: '100000' });
      for (const price of ['3000', '3001', '3002']) {
        expect((await signed(seller.key, 'POST', '/order', { symbol: 'ETHUSDT', side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', price, quantity: '0.1' })).status).toBe(200);
        expect((await signed(buyer.key, 'POST', '/order', { symbol: 'ETHUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price, quantity: '0.1' })).status).toBe(200);
      }
      const recent = await v3('/aggTrades', { symbol: 'ETHUSDT', limit: '2' });
      expect(recent.status).toBe(200);
      expect(recent.body.map((trade: any) => trade.p)).toEqual(['3001', '3002']);
      const [first] = recent.body;
      expect(first).toEqual({ a: first.a, p: '3001', q: '0.1', f: first.a, l: first.a, T: first.T, m: false, M: true });
      expect((await v3('/aggTrades', { symbol: 'ETHUSDT', fromId: String(first.a) })).body.map((trade: any) => trade.p)).toEqual(['3001', '3002']);
      expect((await v3('/aggTrades', { symbol: 'ETHUSDT', startTime: String(first.T), limit: '1' })).body.map((trade: any) => trade.p)).toEqual([expect.stringMatching(/^300[01]$/)]);
      expect((await v3('/aggTrades', { symbol: 'ETHUSDT', fromId: '1', startTime: '1' })).body.code).toBe(-1128);
      expect((await v3('/aggTrades', { symbol: 'ETHUSDT', startTime: '2', endTime: '1' })).body.code).toBe(-1128);
      expect((await v3('/aggTrades', { symbol: 'ETHUSDT', limit: '1001' })).body.code).toBe(-1100);
      expect((await v3('/aggTrades', { symbol: 'NOPEUSDT' })).body.code).toBe(-1121);
    });

    it('allOrders and myTrades: the most recent without a cursor, from orderId / fromId / startTime on with one, oldest first', async () => {
      const seller = await trader({ ETH: '5' });
      const buyer = await trader({ USDT: '100000' });
      // prices between the book's best bid and best ask (other tests leave orders resting): each ask is the best one
      const depth = (await v3('/depth', { symbol: 'ETHUSDT' })).body;
      const [low, high] = [Number(depth.bids[0]?.[0] ?? 1000), Number(depth.asks[0]?.[0] ?? 9000)];
      const prices = [1, 2, 3, 4].map((i) => (low + ((high - low) * i) / 5).toFixed(2));
      const asks: number[] = [];
      for (const price of prices) {
        const ask = await signed(seller.key, 'POST', '/order', { symbol: 'ETHUSDT', side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', price, quantity: '0.5' });
        expect(ask.status, JSON.stringify(ask.body)).toBe(200);
        asks.push(ask.body.orderId);
        // each ask filled by its own buy: one trade each
        expect((await signed(buyer.key, 'POST', '/order', { symbol: 'ETHUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'IOC', price, quantity: '0.5' })).body).toMatchObject({ status: 'FILLED' });
      }
      const orderIds = async (params: Record<string, string>) => (await signed(seller.key, 'GET', '/allOrders', { symbol: 'ETHUSDT', ...params })).body.map((row: any) => row.orderId);
      expect(await orderIds({})).toEqual(asks);
      expect(await orderIds({ limit: '2' })).toEqual(asks.slice(2));
      expect(await orderIds({ orderId: String(asks[1]), limit: '2' })).toEqual(asks.slice(1, 3));
      const all = (await signed(seller.key, 'GET', '/allOrders', { symbol: 'ETHUSDT' })).body;
      expect(await orderIds({ startTime: String(all[0].time), limit: '1' })).toEqual(asks.slice(0, 1));

      const trades = async (params: Record<string, string>) => (await signed(buyer.key, 'GET', '/myTrades', { symbol: 'ETHUSDT', ...params })).body;
      const every = await trades({});
      expect(every.map((row: any) => Number(row.price).toFixed(2))).toEqual(prices);
      const ids = every.map((row: any) => row.id);
      expect((await trades({ limit: '2' })).map((row: any) => row.id)).toEqual(ids.slice(2));
      expect((await trades({ fromId: String(ids[1]), limit: '2' })).map((row: any) => row.id)).toEqual(ids.slice(1, 3));
      expect((await trades({ startTime: String(every[0].time), limit: '1' })).map((row: any) => row.id)).toEqual(ids.slice(0, 1));
    });

    it("lists a market's price band as PERCENT_PRICE_BY_SIDE and refuses a fat-finger price with -1013, changing nothing", async () => {
      const admin = await server.operatorToken();
      const market = { symbol: 'ETH/BTC', priceScale: 5, qtyScale: 4, tickSize: '0.00001', lotSize: '0.001', minNotional: '0.0001', makerFeePpm: 0, takerFeePpm: 0, priceBandPercent: 20 };
      const added = await server.post(SPOT_CONSOLE_PATHS.addMarket, market, admin);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const filters = async (symbol: string) => (await v3('/exchangeInfo', { symbol })).body.symbols[0].filters;
      expect(await filters('ETHBTC')).toContainEqual({
        filterType: 'PERCENT_PRICE_BY_SIDE', bidMultiplierUp: '1.2', bidMultiplierDown: '0', askMultiplierUp: '1000000', askMultiplierDown: '0.8', avgPriceMins: 0,
      });
      expect((await filters('BTCUSDT')).map((row: any) => row.filterType)).not.toContain('PERCENT_PRICE_BY_SIDE');

      const seller = await trader({ ETH: '2' });
      const buyer = await trader({ BTC: '1' });
      const limit = (member: { key: ApiKey }, side: string, price: string, extra: Record<string, string> = {}) =>
        signed(member.key, 'POST', '/order', { symbol: 'ETHBTC', side, type: 'LIMIT', timeInForce: 'GTC', price, quantity: '0.1', ...extra });
      expect((await limit(seller, 'SELL', '0.0476')).status).toBe(200);
      expect((await limit(buyer, 'BUY', '0.0476')).body).toMatchObject({ status: 'FILLED' });
      const hash = stateHash();
      // the band from the last price 0.0476: a bid up to 0.05712, an ask down to 0.03808; a stop from its trigger
      const refused = [
        await limit(buyer, 'BUY', '5'),
        await limit(buyer, 'BUY', '0.05713'),
        await limit(seller, 'SELL', '0.03807'),
        await signed(buyer.key, 'POST', '/order', { symbol: 'ETHBTC', side: 'BUY', type: 'STOP_LOSS_LIMIT', timeInForce: 'GTC', stopPrice: '0.05', price: '0.06001', quantity: '0.1' }),
      ];
      for (const answer of refused) expect(answer).toMatchObject({ status: 400, body: { code: -1013, msg: 'Filter failure: PERCENT_PRICE_BY_SIDE' } });
      expect(stateHash()).toBe(hash);
      expect(await balance(buyer, 'BTC')).toMatchObject({ locked: '0' });
      // at the edges: accepted (the bid then fills against the ask)
      expect((await limit(seller, 'SELL', '0.03808')).body).toMatchObject({ status: 'NEW' });
      expect((await limit(buyer, 'BUY', '0.05712')).body).toMatchObject({ status: 'FILLED' });
    });
  });
}

describe('demo market maker', () => {
  it('quotes both sides and trades through /api/v3, then stops with the server', async () => {
    const server = await startTestServer({
      site: { plugins: ['identity', 'wallet', 'markets', 'api-keys'] },
      extraPlugins: [{ manifest: spotManifest, server: createSpotServer({ demoMaker: { enabled: true, intervalMs: 40, crossChance: 0.5 } }) }],
    });
    const depth = () => fetchJson(`${server.baseUrl}/api/v3/depth?symbol=BTCUSDT`);
    const trades = () => fetchJson(`${server.baseUrl}/api/v3/trades?symbol=BTCUSDT`);
    try {
      await expect.poll(async () => (await trades()).body.length, { timeout: 15_000, interval: 200 }).toBeGreaterThan(0);
      // a taker's market order may just have taken a side's only quote: the maker quotes again on its next tick
      let book = (await depth()).body;
      await expect
        .poll(async () => {
          book = (await depth()).body;
          return book.bids.length > 0 && book.asks.length > 0;
        }, { timeout: 5_000, interval: 50 })
        .toBe(true);
      // quoted around the configured reference price (67250.15), on the tick grid
      const bestBid = Number(book.bids[0][0]);
      expect(bestBid).toBeGreaterThan(67_250 * 0.9);
      expect(bestBid).toBeLessThan(67_250 * 1.1);
      const engine = (server.context.use('wallet') as any).spot().engine();
      const owners = new Set(engine.openOrders().map((order: any) => order.userId));
      expect(owners.has(DEMO_MAKER_MEMBER)).toBe(true);
      const taker = engine.ledger.userBalance(DEMO_TAKER_MEMBER, 'coin', 'BTC');
      expect(taker.available).not.toBe(5_000_000_000n);
    } finally {
      const started = Date.now();
      await server.close();
      expect(Date.now() - started).toBeLessThan(5000);
    }
    expect(server.unexpectedErrors).toEqual([]);
  }, 30_000);
});
