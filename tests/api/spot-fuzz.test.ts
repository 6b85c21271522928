// Arbitrary input to every spot route through the real server: whatever a member, an operator or a stranger sends,
// the answer is the result or an error envelope (4xx, a message, never a 5xx), and a refusal changes nothing — the
// engines' state hash is the same after it.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../core/engine/persistence';
import { SPOT_CONSOLE_PATHS, SPOT_MARKET_PATHS, SPOT_PATHS, type ConsoleMarket } from '../../plugins/spot/shared/types';
import { signedV3Request, v3Request, type ApiKey } from './binance-harness';
import { availableDialects, type JsonResponse } from './harness';
import { startWalletServer, TRADE_PASSWORD, type WalletMember, type WalletTestServer } from './wallet-harness';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/** Fixed, so that a run is the same search every time (CI fails only on a change); FUZZ_SEED explores others. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const JUNK = ['', ' ', '-1', '0', '1e3', 'NaN', 'Infinity', '0x10', '1,5', '99999999999999999999999999', '0.000000000000000001', '%00', '../', 'BTC/USDT'];
/** Anything JSON holds, and strings the routes are likely to trip on. */
const junk = fc.oneof(fc.constantFrom(...JUNK), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.string(), fc.jsonValue({ maxDepth: 2 }));
/** Decimal strings a trade form could send: mostly well formed, of any size and precision, sometimes signed or odd. */
const decimal = fc.oneof(
  fc.constantFrom('1', '0.01', '0.1', '100', '50000', '67250.15', '0.00000001', '1000000000'),
  fc.stringMatching(/^-?\d{1,12}(\.\d{1,12})?$/),
  junk,
);
/** A field that is usually what the route expects, sometimes absent, sometimes anything at all. */
const mostly = <T>(valid: fc.Arbitrary<T>) => fc.option(fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: junk }), { nil: undefined, freq: 4 });
/** An optional field, usually absent. */
const rarely = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: mostly(valid) });
/** Amounts that make sense on BTC/USDT (prices around the demo's, quantities a member holds), or any decimal. */
const amount = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('0.001', '0.01', '0.1', '1', '100', '5000', '60000', '67250.15', '70000') }, { weight: 1, arbitrary: decimal });
/** A well-formed order of each type, with or without exits and a client id. */
const wellFormed = fc.tuple(
  fc.oneof(
    fc.record({ side: fc.constantFrom('buy', 'sell'), type: fc.constant('limit'), price: amount, num: amount }),
    fc.record({ side: fc.constant('buy'), type: fc.constant('market'), money: amount }),
    fc.record({ side: fc.constant('sell'), type: fc.constant('market'), num: amount }),
    fc.record({ side: fc.constantFrom('buy', 'sell'), type: fc.constant('stop'), price: amount, num: amount, triggerMoney: amount }),
  ),
  fc.record({ fullCheck: fc.boolean(), fullPrice: amount, lossCheck: fc.boolean(), lossPrice: amount, clientOrderId: fc.stringMatching(/^[A-Za-z0-9_.:-]{1,70}$/) }, { requiredKeys: [] }),
);
/** The input as generated, or with one of `keys` dropped, changed to anything or added (half the time). */
function mutated(input: fc.Arbitrary<Record<string, unknown>>, keys: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const mutation = fc.option(fc.tuple(fc.constantFrom(...keys), fc.option(junk, { nil: undefined })), { nil: undefined, freq: 2 });
  return fc.tuple(input, mutation).map(([base, change]) => {
    const result = { ...base };
    if (change && change[1] === undefined) delete result[change[0]];
    else if (change) result[change[0]] = change[1];
    return result;
  });
}
/** A well-formed order, or one with a field dropped, changed to anything or added. */
const order = mutated(
  wellFormed.map(([base, exits]) => ({ ...base, ...exits })),
  ['side', 'type', 'price', 'num', 'money', 'triggerMoney', 'fullCheck', 'fullPrice', 'lossCheck', 'lossPrice', 'clientOrderId', 'extra'],
);
const filter = fc.record(
  {
    symbol: mostly(fc.constantFrom('BTC/USDT', 'BTC_USDT', 'ETH_BTC', 'DOGE_USDT')),
    currency: mostly(fc.constantFrom('BTC', 'USDT', 'XYZ')),
    side: mostly(fc.constantFrom('buy', 'sell')),
    status: mostly(fc.constantFrom('open', 'conditional', 'filled', 'cancelled')),
    startTime: rarely(fc.integer()),
    endTime: rarely(fc.integer()),
    current: mostly(fc.integer({ min: -1, max: 1000 })),
    size: mostly(fc.integer({ min: -1, max: 10_000 })),
    format: mostly(fc.constantFrom('csv', 'xlsx')),
    id: mostly(fc.integer({ min: -1, max: 1000 })),
  },
  { requiredKeys: [] },
);
const market = fc.record(
  {
    symbol: mostly(fc.constantFrom('ETH/BTC', 'BTC/USDT', 'SOL/USDT', 'BTC/BTC', 'ETH/XYZ')),
    halted: mostly(fc.boolean()),
    tickSize: mostly(decimal),
    lotSize: mostly(decimal),
    minNotional: mostly(decimal),
    makerFeePpm: mostly(fc.integer({ min: -10, max: 2_000_000 })),
    takerFeePpm: mostly(fc.integer({ min: -10, max: 2_000_000 })),
    selfTrade: mostly(fc.constantFrom('cancelResting', 'cancelTaker')),
  },
  { requiredKeys: [] },
);
/** Path segments: a market, a status or page, or anything. */
const segment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('BTC_USDT', 'ETH_USDT', 'ETH_BTC') },
  { weight: 2, arbitrary: fc.constantFrom('all', 'open', 'filled', 'cancelled', '1', '2', '0', '-1', '1min', '50', '101') },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
);

const V3_SYMBOL = fc.oneof({ weight: 6, arbitrary: fc.constant('BTCUSDT') }, { weight: 1, arbitrary: fc.constantFrom('ETHUSDT', 'DOGEUSDT', 'btcusdt') });
const V3_KEYS = ['symbol', 'symbols', 'side', 'type', 'timeInForce', 'price', 'quantity', 'quoteOrderQty', 'stopPrice', 'newClientOrderId', 'origClientOrderId', 'newOrderRespType', 'orderId', 'fromId', 'limit', 'interval', 'startTime', 'endTime', 'recvWindow'];
const side = fc.constantFrom('BUY', 'SELL');
const clientId = fc.stringMatching(/^[A-Za-z0-9_.:-]{1,40}$/);
const period = fc.record({ limit: fc.integer({ min: 1, max: 1000 }), startTime: fc.integer({ min: 0, max: 2 ** 42 }), endTime: fc.integer({ min: 0, max: 2 ** 42 }) }, { requiredKeys: [] });
/** Well-formed parameters of each /api/v3 call (`[method, path]`, signed or not). */
const V3_CALLS: Array<[readonly ['GET' | 'POST' | 'DELETE', string], boolean, fc.Arbitrary<Record<string, unknown>>]> = [
  [['GET', '/ping'], false, fc.constant({})],
  [['GET', '/time'], false, fc.constant({})],
  [['GET', '/exchangeInfo'], false, fc.record({ symbol: V3_SYMBOL }, { requiredKeys: [] })],
  [['GET', '/depth'], false, fc.record({ symbol: V3_SYMBOL, limit: fc.constantFrom(5, 10, 100, 5000) }, { requiredKeys: ['symbol'] })],
  [['GET', '/trades'], false, fc.record({ symbol: V3_SYMBOL, limit: fc.integer({ min: 1, max: 1000 }) }, { requiredKeys: ['symbol'] })],
  [['GET', '/aggTrades'], false, fc.record({ symbol: V3_SYMBOL, fromId: fc.nat(), startTime: fc.nat(), endTime: fc.nat(), limit: fc.integer({ min: 1, max: 1000 }) }, { requiredKeys: ['symbol'] })],
  [['GET', '/klines'], false, fc.record({ symbol: V3_SYMBOL, interval: fc.constantFrom('1m', '5m', '1h', '1d', '1w', '1M') }).chain((base) => period.map((window) => ({ ...base, ...window })))],
  [['GET', '/ticker/24hr'], false, fc.record({ symbol: V3_SYMBOL, symbols: fc.constant('["BTCUSDT","ETHUSDT"]') }, { requiredKeys: [] })],
  [['GET', '/ticker/price'], false, fc.record({ symbol: V3_SYMBOL }, { requiredKeys: [] })],
  [
    ['POST', '/order'],
    true,
    fc
      .oneof(
        fc.record({ side, type: fc.constant('LIMIT'), timeInForce: fc.constantFrom('GTC', 'IOC', 'FOK'), price: amount, quantity: amount }),
        fc.record({ side, type: fc.constant('MARKET'), quantity: amount }),
        fc.record({ side: fc.constant('BUY'), type: fc.constant('MARKET'), quoteOrderQty: amount }),
        fc.record({ side, type: fc.constant('LIMIT_MAKER'), price: amount, quantity: amount }),
        fc.record({ side, type: fc.constant('STOP_LOSS_LIMIT'), timeInForce: fc.constant('GTC'), price: amount, quantity: amount, stopPrice: amount }),
      )
      .chain((base) =>
        fc
          .record({ symbol: V3_SYMBOL, newClientOrderId: clientId, newOrderRespType: fc.constantFrom('ACK', 'RESULT', 'FULL') }, { requiredKeys: ['symbol'] })
          .map((extra) => ({ ...base, ...extra })),
      ),
  ],
  [['DELETE', '/order'], true, fc.record({ symbol: V3_SYMBOL, orderId: fc.integer({ min: 1, max: 60 }), origClientOrderId: clientId }, { requiredKeys: ['symbol'] })],
  [['GET', '/order'], true, fc.record({ symbol: V3_SYMBOL, orderId: fc.integer({ min: 1, max: 60 }), origClientOrderId: clientId }, { requiredKeys: ['symbol'] })],
  [['GET', '/openOrders'], true, fc.record({ symbol: V3_SYMBOL }, { requiredKeys: [] })],
  [['GET', '/allOrders'], true, fc.record({ symbol: V3_SYMBOL, orderId: fc.integer({ min: 1, max: 60 }) }, { requiredKeys: ['symbol'] }).chain((base) => period.map((window) => ({ ...base, ...window })))],
  [['GET', '/account'], true, fc.constant({})],
  [['GET', '/myTrades'], true, fc.record({ symbol: V3_SYMBOL, fromId: fc.integer({ min: 0, max: 60 }) }, { requiredKeys: ['symbol'] }).chain((base) => period.map((window) => ({ ...base, ...window })))],
];
/** A call with its parameters well formed or mutated, as the query string's text. */
const v3Call = fc.oneof(
  ...V3_CALLS.map(([call, isSigned, params]) =>
    fc.tuple(
      fc.constant(call),
      fc.constant(isSigned),
      mutated(params, V3_KEYS).map((values) => Object.fromEntries(Object.entries(values).map(([key, v]) => [key, typeof v === 'string' ? v : JSON.stringify(v) ?? '']))),
    ),
  ),
);

/** How the site refuses, and how /api/v3 does (Binance's negative code). */
const SITE_REFUSAL = { success: false, msg: expect.any(String) };
const BINANCE_REFUSAL = { code: expect.toSatisfy((code: unknown) => typeof code === 'number' && code < 0), msg: expect.any(String) };

function fill(template: string, segments: string[]): string {
  let i = 0;
  return template.replace(/:[a-z]+/g, () => encodeURIComponent(segments[i++ % segments.length]!) || '_');
}

for (const dialect of await availableDialects()) {
  describe(`spot routes under arbitrary input (${dialect})`, () => {
    let server: WalletTestServer;
    let member: WalletMember;
    let operator: string;
    let key: ApiKey;
    /** BTC/USDT's settings at the start, which the console test changes at random. */
    let btcUsdt: ConsoleMarket;
    /** How far the server's clock runs ahead: each /api/v3 call moves it to a new minute, a new weight window. */
    let ahead = 0;
    const stateHash = () => server.wallet.spot().engine().stateHash(sha256);

    /** A refusal is an error of the given shape (the site's envelope unless told) and leaves the engines as they were. */
    async function answered(request: () => Promise<JsonResponse>, refusal: object = SITE_REFUSAL): Promise<void> {
      const before = stateHash();
      const response = await request();
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
      if (response.status >= 400) {
        expect(response.body, JSON.stringify(response.body)).toMatchObject(refusal);
        expect(stateHash()).toBe(before);
      }
    }

    beforeAll(async () => {
      server = await startWalletServer(dialect, { now: () => new Date(Date.now() + ahead), site: { plugins: ['identity', 'wallet', 'markets', 'api-keys', 'spot'] } });
      member = await server.signUp();
      await server.credit(member.id, 'USDT', '1000000');
      await server.credit(member.id, 'BTC', '50');
      operator = await server.operatorToken();
      btcUsdt = ((await server.get(SPOT_CONSOLE_PATHS.markets, operator)).body.data as ConsoleMarket[]).find((m) => m.symbol === 'BTC/USDT')!;
      const trader = await server.signUp({ tradePassword: true });
      await server.credit(trader.id, 'USDT', '100000');
      await server.credit(trader.id, 'BTC', '2');
      key = (await server.post('/coin/member/apiKey/create', { label: 'fuzz', trade: true, tradePassword: TRADE_PASSWORD }, trader.token)).body.data;
    });
    afterAll(async () => {
      await server?.close();
      expect(server?.unexpectedErrors ?? []).toEqual([]);
    });

    it('member POST routes', async () => {
      const segments = fc.array(segment, { minLength: 1, maxLength: 3 });
      const request = fc.oneof(
        { weight: 3, arbitrary: fc.tuple(fc.constant(SPOT_PATHS.place as string), order, fc.oneof({ weight: 6, arbitrary: fc.constant<string[]>(['BTC_USDT']) }, { weight: 1, arbitrary: segments })) },
        { weight: 2, arbitrary: fc.tuple(fc.constantFrom(SPOT_PATHS.cancel, SPOT_PATHS.search, SPOT_PATHS.exportOrders), filter, segments) },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom(SPOT_PATHS.place, SPOT_PATHS.cancel, SPOT_PATHS.search), junk, segments) },
      );
      const signedIn = fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });
      // every order type accepted first, so that the refusals are checked against a book with orders in it
      for (const accepted of [
        { side: 'buy', type: 'limit', price: '100', num: '1' },
        { side: 'sell', type: 'limit', price: '70000', num: '0.01', clientOrderId: 'fuzz-1' },
        { side: 'buy', type: 'stop', price: '90000', num: '0.001', triggerMoney: '80000' },
        { side: 'sell', type: 'market', num: '0.001' },
        { side: 'buy', type: 'market', money: '50', fullCheck: true, fullPrice: '90000' },
      ]) {
        const placed = await server.post(fill(SPOT_PATHS.place, ['BTC_USDT']), accepted, member.token);
        expect(placed.body, JSON.stringify(accepted)).toMatchObject({ success: true });
      }
      await fc.assert(
        fc.asyncProperty(request, signedIn, async ([template, input, path], withToken) => {
          await answered(() => server.post(fill(template, path), input, withToken ? member.token : undefined));
        }),
        { numRuns: RUNS, seed: SEED },
      );
    });

    it('member and public GET routes', async () => {
      const gets = [SPOT_PATHS.openOrders, SPOT_PATHS.history, SPOT_PATHS.fills, SPOT_PATHS.myTrades, ...Object.values(SPOT_MARKET_PATHS)];
      const query = fc.dictionary(fc.constantFrom('symbol', 'symbols', 'period', 'from', 'to', 'limit'), fc.oneof(segment, fc.integer().map(String)), { maxKeys: 4 });
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...gets), fc.array(segment, { minLength: 1, maxLength: 3 }), query, fc.boolean(), async (template, segments, params, signedIn) => {
          await answered(() => server.get(fill(template, segments), signedIn ? member.token : undefined, params));
        }),
        { numRuns: RUNS, seed: SEED },
      );
    });

    it('console routes', async () => {
      const posts = [SPOT_CONSOLE_PATHS.addMarket, SPOT_CONSOLE_PATHS.updateMarket, SPOT_CONSOLE_PATHS.haltMarket];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...posts), fc.oneof({ weight: 4, arbitrary: market }, { weight: 1, arbitrary: junk }), async (path, input) => {
          await answered(() => server.post(path, input, operator));
        }),
        { numRuns: RUNS, seed: SEED },
      );
    });

    it('/api/v3, public and signed', async () => {
      // the market as it was before the console test changed it
      const { symbol, tickSize, lotSize, minNotional, makerFeePpm, takerFeePpm, selfTrade } = btcUsdt;
      const restored = await server.post(SPOT_CONSOLE_PATHS.updateMarket, { symbol, tickSize, lotSize, minNotional, makerFeePpm, takerFeePpm, selfTrade }, operator);
      expect(restored.body, JSON.stringify(restored.body)).toMatchObject({ success: true });
      expect((await server.post(SPOT_CONSOLE_PATHS.haltMarket, { symbol, halted: false }, operator)).body).toMatchObject({ success: true });
      // every order type accepted first, before the random calls
      const orders: Array<Record<string, string>> = [
        { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '100', quantity: '1', newClientOrderId: 'fuzz-v3' },
        { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT_MAKER', price: '90000', quantity: '0.01' },
        { symbol: 'BTCUSDT', side: 'SELL', type: 'MARKET', quantity: '0.01' },
        { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quoteOrderQty: '100' },
        { symbol: 'BTCUSDT', side: 'BUY', type: 'STOP_LOSS_LIMIT', timeInForce: 'GTC', price: '95000', quantity: '0.001', stopPrice: '94000' },
      ];
      for (const accepted of orders) {
        ahead += 60_000;
        const placed = await signedV3Request(server.baseUrl, key, 'POST', '/order', accepted, { timestamp: Date.now() + ahead });
        expect(placed.status, JSON.stringify(placed.body)).toBe(200);
        expect(placed.body).toMatchObject({ orderId: expect.any(Number) });
      }
      await fc.assert(
        fc.asyncProperty(v3Call, async ([[method, path], isSigned, params]) => {
          ahead += 60_000;
          const timestamp = Date.now() + ahead;
          await answered(() => (isSigned ? signedV3Request(server.baseUrl, key, method, path, params, { timestamp }) : v3Request(server.baseUrl, path, params)), BINANCE_REFUSAL);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    });
  });
}
