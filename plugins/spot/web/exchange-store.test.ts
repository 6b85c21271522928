// @vitest-environment happy-dom
import { runInAction } from 'mobx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MARKET_REQUEST_GUARD_MS } from '../../../core/shared';
import { HttpError } from '../../../core/web';
import { WALLET_PATHS } from '../../wallet/shared/types';
import { SPOT_MARKET_PATHS, SPOT_PATHS } from '../shared/types';
import { COMPARISON_RETRY_MS, ExchangeStore, MEMBER_REFRESH_MS, newestFinished } from './exchange-store';
import { bandRefusal } from './order-form';
import { MARKET_INIT_DATA_PATH, TRADES_SHOWN } from './spot-api';
import { BTC, candle, depth, ETH, fakeRoot, ManualClock, order, settle, trade } from './testing/spot-fixtures';

const DEPTH = '/coin/open/depth/BTC_USDT';
const TRADES = `/coin/open/transaction/BTC_USDT/${TRADES_SHOWN}`;
const OPEN_ORDERS = '/coin/entrust/get/myExchangeLog/BTC_USDT';
const FILLED = '/coin/entrust/entrustlog/BTC_USDT/filled/1';
const CANCELLED = '/coin/entrust/entrustlog/BTC_USDT/cancelled/1';
const COMPARISON = '/coin/open/getPriceComparison/BTC_USDT';
const pageOf = (records: ReturnType<typeof order>[], total = records.length) => ({ records, total, size: 10, current: 1, pages: Math.ceil(total / 10) });
const MY_TRADES = '/coin/entrust/myTrades/BTC_USDT';

function setup(member: { id: string } | null = null, change: Record<string, unknown> = {}) {
  const answers: Record<string, unknown> = {
    [SPOT_MARKET_PATHS.goods]: [BTC, ETH],
    [DEPTH]: depth(10),
    '/coin/open/depth/ETH_USDT': depth(3, [], [], 'ETH/USDT'),
    [TRADES]: [trade(2), trade(1)],
    [`/coin/open/transaction/ETH_USDT/${TRADES_SHOWN}`]: [],
    [SPOT_MARKET_PATHS.klineHistory]: [candle(60_000), candle(120_000)],
    [MARKET_INIT_DATA_PATH]: { symbols: [{ symbol_name: 'BTC/USDT', contract_type: 0, close: '30000', zdf: '1.5', high: '31000', low: '29000', amount: '1', vol: '2', demo: false }] },
    '/coin/open/getPriceComparison/BTC_USDT': { symbol: 'BTC/USDT', close: '30000', prices: [] },
    '/coin/open/getPriceComparison/ETH_USDT': { symbol: 'ETH/USDT', close: null, prices: [] },
    [WALLET_PATHS.myBalance]: [{ currency: 'USDT', available: '100', scale: 6 }],
    [OPEN_ORDERS]: [order(5)],
    '/coin/entrust/get/myExchangeLog/ETH_USDT': [],
    [FILLED]: pageOf([order(4, { status: 'filled', filledNum: '0.5' })]),
    [CANCELLED]: pageOf([]),
    '/coin/entrust/entrustlog/ETH_USDT/filled/1': pageOf([]),
    '/coin/entrust/entrustlog/ETH_USDT/cancelled/1': pageOf([]),
    [MY_TRADES]: [{ tradeId: 9, symbol: 'BTC/USDT', side: 'buy', maker: true, price: '30000', num: '0.5', money: '15000', fee: '0.0005', feeCurrency: 'BTC', time: 1 }],
    '/coin/entrust/myTrades/ETH_USDT': [],
    ...change,
  };
  const fake = fakeRoot(answers, member);
  const clock = new ManualClock();
  const store = new ExchangeStore(fake.root, clock);
  return { ...fake, clock, store, answers };
}

const SOL = { ...ETH, symbol_name: 'SOL/USDT', path_name: 'SOL_USDT', coin_symbol: 'SOL' };
/** The answers of SOL_USDT, a third market, for a signed-in member. */
const solAnswers = {
  [SPOT_MARKET_PATHS.goods]: [BTC, ETH, SOL],
  '/coin/open/depth/SOL_USDT': depth(7, [['150', '1']], [['151', '1']], 'SOL/USDT'),
  [`/coin/open/transaction/SOL_USDT/${TRADES_SHOWN}`]: [trade(3, '150')],
  '/coin/open/getPriceComparison/SOL_USDT': { symbol: 'SOL/USDT', close: '150', prices: [] },
  '/coin/entrust/get/myExchangeLog/SOL_USDT': [],
  '/coin/entrust/entrustlog/SOL_USDT/filled/1': pageOf([]),
  '/coin/entrust/entrustlog/SOL_USDT/cancelled/1': pageOf([]),
  '/coin/entrust/myTrades/SOL_USDT': [],
};

interface HeldCall {
  path: string;
  query: Record<string, unknown> | undefined;
  signal: AbortSignal | undefined;
  answer: () => void;
}

/**
 * Records the fake's GETs and makes them wait until `answerAll()` (the market list too when `markets` is set), each
 * rejecting as the real client does when its signal aborts. `answerAll()` answers the waiting calls and all later
 * ones at once.
 */
function holdCalls(http: ReturnType<typeof fakeRoot>['http'], { markets = false } = {}) {
  const answer = http.get.getMockImplementation()!;
  const calls: HeldCall[] = [];
  let holding = true;
  let waiting: HeldCall[] = [];
  http.get.mockImplementation((path: string, options?: { query?: unknown; signal?: AbortSignal }) => {
    const signal = options?.signal;
    const query = options?.query as HeldCall['query'];
    if (!holding || (path === SPOT_MARKET_PATHS.goods && !markets)) {
      calls.push({ path, query, signal, answer: () => {} });
      return answer(path, options);
    }
    return new Promise((resolve, reject) => {
      const call: HeldCall = { path, query, signal, answer: () => void answer(path, options).then(resolve, reject) };
      calls.push(call);
      if (signal?.aborted) return reject(new HttpError('aborted', 0, '', { quiet: true }));
      waiting.push(call);
      signal?.addEventListener('abort', () => reject(new HttpError('aborted', 0, '', { quiet: true })), { once: true });
    });
  });
  /** The calls for a market: its path names it, or its query does (the candle history). */
  const of = (market: string) => calls.filter((call) => call.path.includes(market) || call.query?.symbol === market);
  return {
    of,
    aborted: (market: string) => of(market).filter((call) => call.signal?.aborted).length,
    abortedPaths: () => calls.filter((call) => call.signal?.aborted).map((call) => call.path),
    answerAll: () => {
      holding = false;
      for (const call of waiting.splice(0)) call.answer();
    },
  };
}

describe('ExchangeStore', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens the first market when none is asked for, loads its snapshots and subscribes to its topics', async () => {
    const { store, realtime, calls } = setup();
    await store.open(null);
    await settle();
    expect(store.path).toBe('BTC_USDT');
    expect(store.depth?.seq).toBe(10);
    expect(store.trades.map((t) => t.id)).toEqual([2, 1]);
    expect(store.candles).toHaveLength(2);
    expect(store.ticker?.zdf).toBe('1.5');
    expect(store.lastPrice).toBe('30000');
    expect(realtime.topics).toEqual(['depth_BTC_USDT', 'index', 'kline_BTC_USDT_15min', 'trades_BTC_USDT']);
    expect(calls(DEPTH)).toBe(1);
    store.close();
    expect(realtime.topics).toEqual([]);
  });

  it('opens the first market when the asked pair is not traded here, and says so', async () => {
    const { store } = setup();
    await store.open('BNB_USDT');
    expect(store.path).toBe('BTC_USDT');
    expect(store.unknownPair).toBe('BNB_USDT');
    await store.open('ETH_USDT');
    expect(store.path).toBe('ETH_USDT');
    expect(store.unknownPair).toBeNull();
    await store.open(null);
    expect(store.unknownPair).toBeNull();
  });

  it('takes a halt and a reopening of any market from the index topic', async () => {
    const { store, realtime } = setup();
    await store.open('BTC_USDT');
    await settle();
    const row = (symbol_name: string, halted: boolean) => ({ symbol_name, contract_type: 0, close: '1', zdf: '0', high: '1', low: '1', amount: '1', vol: '1', demo: false, halted });
    realtime.emit('index', { rows: [row('BTC/USDT', true), row('ETH/USDT', false)], time: 1 });
    expect(store.market?.halted).toBe(true);
    expect(store.markets.map((market) => market.halted)).toEqual([true, false]);
    const markets = store.markets;
    realtime.emit('index', { rows: [row('BTC/USDT', true)], time: 2 });
    expect(store.markets).toBe(markets);
    realtime.emit('index', { rows: [row('BTC/USDT', false)], time: 3 });
    expect(store.market?.halted).toBe(false);
  });

  it('asks for market data at most once a second (spec §9)', async () => {
    const { store, clock, calls } = setup();
    await store.open('BTC_USDT');
    await settle();
    await store.open('BTC_USDT');
    await settle();
    expect(calls(SPOT_MARKET_PATHS.goods)).toBe(1);
    // reopening the same market asks nothing again; another period is another request
    const before = calls(DEPTH);
    store.setPeriod('1hour');
    await settle();
    expect(calls(SPOT_MARKET_PATHS.klineHistory)).toBe(2);
    clock.advance(MARKET_REQUEST_GUARD_MS);
    await settle();
    expect(calls(DEPTH)).toBe(before);
  });

  it('reloads the depth snapshot after a gap, once the guard allows it', async () => {
    const { store, realtime, clock, calls, answers } = setup();
    await store.open('BTC_USDT');
    await settle();
    answers[DEPTH] = depth(20);
    realtime.gap('depth_BTC_USDT');
    realtime.gap('depth_BTC_USDT');
    await settle();
    expect(calls(DEPTH)).toBe(1);
    expect(clock.pending).toBe(1);
    clock.advance(MARKET_REQUEST_GUARD_MS);
    await settle();
    expect(calls(DEPTH)).toBe(2);
    expect(store.depth?.seq).toBe(20);
  });

  it('ignores depth messages older than the book it holds, and those of another market', async () => {
    const { store, realtime } = setup();
    await store.open('BTC_USDT');
    await settle();
    realtime.emit('depth_BTC_USDT', depth(9, [['1', '1']]));
    expect(store.depth?.seq).toBe(10);
    realtime.emit('depth_BTC_USDT', depth(11, [['29998', '3']]));
    expect(store.depth?.bids).toEqual([['29998', '3']]);
    store.applyDepth(depth(50, [], [], 'ETH/USDT'));
    expect(store.depth?.seq).toBe(11);
  });

  it('puts a batch of trades on top, newest first, skips trades already shown and keeps the newest ones', async () => {
    const { store, realtime } = setup();
    await store.open('BTC_USDT');
    await settle();
    realtime.emit('trades_BTC_USDT', { symbol: 'BTC/USDT', trades: [trade(4, '30010'), trade(3, '30005'), trade(2)] });
    expect(store.trades.map((t) => t.id)).toEqual([4, 3, 2, 1]);
    expect(store.lastPrice).toBe('30010');
    const many = Array.from({ length: TRADES_SHOWN + 5 }, (_, index) => trade(100 + TRADES_SHOWN + 5 - index));
    store.applyTrades({ symbol: 'BTC/USDT', trades: many });
    expect(store.trades).toHaveLength(TRADES_SHOWN);
    expect(store.trades[0]!.id).toBe(100 + TRADES_SHOWN + 5);
    store.applyTrades({ symbol: 'ETH/USDT', trades: [trade(999)] });
    expect(store.trades[0]!.id).not.toBe(999);
  });

  it('moves the live candle: same bucket replaces, a newer bucket opens, an older one is ignored', async () => {
    const { store, realtime } = setup();
    await store.open('BTC_USDT');
    await settle();
    const topic = 'kline_BTC_USDT_15min';
    realtime.emit(topic, { symbol: 'BTC/USDT', period: '15min', candle: candle(120_000, '30100', '2') });
    expect(store.latest?.close).toBe('30100');
    realtime.emit(topic, { symbol: 'BTC/USDT', period: '15min', candle: candle(60_000, '1') });
    expect(store.latest?.close).toBe('30100');
    realtime.emit(topic, { symbol: 'BTC/USDT', period: '15min', candle: candle(180_000, '30200') });
    expect(store.latest?.time).toBe(180_000);
    store.applyCandle({ symbol: 'BTC/USDT', period: '1hour', candle: candle(240_000) });
    expect(store.latest?.time).toBe(180_000);
  });

  it('switches the kline topic with the period', async () => {
    const { store, realtime } = setup();
    await store.open('BTC_USDT');
    await settle();
    store.setPeriod('1day');
    expect(realtime.topics).toContain('kline_BTC_USDT_1day');
    expect(realtime.topics).not.toContain('kline_BTC_USDT_15min');
  });

  it('loads the member orders and balances, and reloads them on a spot or wallet message (coalesced)', async () => {
    const { store, realtime, clock, calls } = setup({ id: '7' });
    await store.open('BTC_USDT');
    await settle();
    clock.advance(MEMBER_REFRESH_MS);
    await settle();
    expect(store.openOrders.map((o) => o.id)).toEqual([5]);
    expect(store.history.map((o) => o.id)).toEqual([4]);
    expect(store.myTrades.map((fill) => fill.tradeId)).toEqual([9]);
    expect(store.available('USDT')).toBe('100');
    expect(store.available('BTC')).toBe('0');
    expect(realtime.topics).toContain('refresh_7');
    const before = calls(WALLET_PATHS.myBalance);
    clock.advance(MEMBER_REFRESH_MS);
    realtime.emit('refresh_7', { type: 'spot', event: 'trade', symbol: 'BTC/USDT' });
    realtime.emit('refresh_7', { type: 'wallet', event: 'deposit' });
    realtime.emit('refresh_7', { type: 'chat' });
    await settle();
    clock.advance(MEMBER_REFRESH_MS);
    await settle();
    expect(calls(WALLET_PATHS.myBalance)).toBe(before + 2);
    expect(calls(OPEN_ORDERS)).toBeGreaterThanOrEqual(2);
    expect(calls(MY_TRADES)).toBeGreaterThanOrEqual(2);
  });

  it('tells when the member has more orders of the market than the first page it loaded', async () => {
    const firstPage = Array.from({ length: 10 }, (_, index) => order(20 - index, { status: 'filled' }));
    const { store, clock } = setup({ id: '7' }, { [FILLED]: pageOf(firstPage, 11) });
    await store.open('BTC_USDT');
    await settle();
    expect(store.history).toHaveLength(10);
    expect(store.moreHistory).toBe(true);
    clock.advance(MEMBER_REFRESH_MS);
    await store.open('ETH_USDT');
    await settle();
    expect(store.moreHistory).toBe(false);
  });

  it('asks nothing of a signed-out visitor and starts when they sign in', async () => {
    const { store, session, realtime, calls } = setup(null);
    await store.open('BTC_USDT');
    await settle();
    expect(calls(WALLET_PATHS.myBalance)).toBe(0);
    expect(realtime.topics.some((topic) => topic.startsWith('refresh_'))).toBe(false);
    runInAction(() => {
      session.isLogin = true;
      session.user = { id: '9', uid: '9' };
    });
    await settle();
    expect(realtime.topics).toContain('refresh_9');
    expect(calls(WALLET_PATHS.myBalance)).toBe(1);
  });

  it('places an order with only the fields its type uses, and a refusal reaches the caller', async () => {
    const placed: unknown[] = [];
    const { store } = setup({ id: '7' }, {
      [`/coin/entrust/exchange/BTC_USDT`]: (body: unknown) => {
        placed.push(body);
        return order(6);
      },
    });
    await store.open('BTC_USDT');
    await settle();
    const draft = { price: '29000', num: '0.5', money: '9', triggerMoney: '1', fullCheck: false, fullPrice: '', lossCheck: true, lossPrice: '28000' };
    await store.place('buy', 'limit', draft);
    expect(placed[0]).toEqual({ side: 'buy', type: 'limit', price: '29000', num: '0.5', lossCheck: true, lossPrice: '28000' });
    await store.place('buy', 'market', draft);
    expect(placed[1]).toEqual({ side: 'buy', type: 'market', money: '9', lossCheck: true, lossPrice: '28000' });
    const { store: refusing } = setup({ id: '7' }, { [SPOT_PATHS.cancel]: () => Promise.reject(new Error('refused')) });
    await refusing.open('BTC_USDT');
    await expect(refusing.cancel(1)).rejects.toThrow('refused');
  });

  it('switching markets drops the old market data and topics', async () => {
    const { store, realtime } = setup();
    await store.open('BTC_USDT');
    await settle();
    await store.open('ETH_USDT');
    await settle();
    expect(store.path).toBe('ETH_USDT');
    expect(store.depth?.symbol).toBe('ETH/USDT');
    expect(store.trades).toEqual([]);
    expect(realtime.topics).toEqual(['depth_ETH_USDT', 'index', 'kline_ETH_USDT_15min', 'trades_ETH_USDT']);
  });

  it('fills the order history with finished orders only, however many orders are open', async () => {
    // ten open orders fill the first page of all statuses: the history asks for finished ones alone
    const open = Array.from({ length: 10 }, (_, index) => order(30 - index));
    const filled = [order(18, { status: 'filled', filledNum: '0.5' }), order(12, { status: 'filled', filledNum: '0.5' })];
    const cancelled = [order(15, { status: 'cancelled', reason: 'noLiquidity' })];
    const { store, calls } = setup({ id: '7' }, { [OPEN_ORDERS]: open, [FILLED]: pageOf(filled), [CANCELLED]: pageOf(cancelled) });
    await store.open('BTC_USDT');
    await settle();
    expect(store.openOrders).toHaveLength(10);
    expect(store.history.map((o) => o.id)).toEqual([18, 15, 12]);
    expect(store.moreHistory).toBe(false);
    expect(calls('/coin/entrust/entrustlog/BTC_USDT/all/1')).toBe(0);
  });

  it('keeps the newest ten finished orders of both statuses and tells when there are more', () => {
    const filled = Array.from({ length: 10 }, (_, index) => order(40 - 2 * index, { status: 'filled' }));
    const cancelled = Array.from({ length: 10 }, (_, index) => order(39 - 2 * index, { status: 'cancelled' }));
    const newest = newestFinished([pageOf(filled, 12), pageOf(cancelled, 10)]);
    expect(newest.records.map((o) => o.id)).toEqual([40, 39, 38, 37, 36, 35, 34, 33, 32, 31]);
    expect(newest.more).toBe(true);
    expect(newestFinished([pageOf([order(3, { status: 'filled' })]), pageOf([])])).toEqual({ records: [order(3, { status: 'filled' })], more: false });
  });

  it('after a reconnect the reloaded candle history wins over the live candle of the same bucket', async () => {
    const { store, realtime, clock, answers } = setup();
    await store.open('BTC_USDT');
    await settle();
    const topic = 'kline_BTC_USDT_15min';
    realtime.emit(topic, { symbol: 'BTC/USDT', period: '15min', candle: candle(120_000, '30100', '2') });
    // messages were missed: the server's candle of that bucket has moved on
    answers[SPOT_MARKET_PATHS.klineHistory] = [candle(60_000), candle(120_000, '30500', '5')];
    clock.advance(MARKET_REQUEST_GUARD_MS);
    realtime.gap(topic);
    await settle();
    expect(store.latest).toBeNull();
    expect(store.candles[1]!.close).toBe('30500');
  });

  it('keeps a live candle that arrived after the history was asked for, and one of a later bucket', async () => {
    const { store, realtime, clock, answers } = setup();
    await store.open('BTC_USDT');
    await settle();
    const topic = 'kline_BTC_USDT_15min';
    let answer!: (candles: unknown) => void;
    answers[SPOT_MARKET_PATHS.klineHistory] = () => new Promise((resolve) => (answer = resolve));
    clock.advance(MARKET_REQUEST_GUARD_MS);
    realtime.gap(topic);
    realtime.emit(topic, { symbol: 'BTC/USDT', period: '15min', candle: candle(120_000, '30700', '6') });
    answer([candle(60_000), candle(120_000, '30500', '5')]);
    await settle();
    expect(store.latest?.close).toBe('30700');
    answers[SPOT_MARKET_PATHS.klineHistory] = [candle(60_000), candle(120_000, '30500', '5')];
    realtime.emit(topic, { symbol: 'BTC/USDT', period: '15min', candle: candle(180_000, '30800') });
    clock.advance(MARKET_REQUEST_GUARD_MS);
    realtime.gap(topic);
    await settle();
    expect(store.latest?.time).toBe(180_000);
  });

  it('reloads the price comparison after a gap of the trades or tickers, and retries a failed load', async () => {
    let failing = true;
    const { store, realtime, clock, calls, answers } = setup(null, {
      [COMPARISON]: () => (failing ? Promise.reject(new Error('offline')) : { symbol: 'BTC/USDT', close: '30000', prices: [] }),
    });
    await store.open('BTC_USDT');
    await settle();
    expect(store.comparison).toBeNull();
    failing = false;
    clock.advance(COMPARISON_RETRY_MS);
    await settle();
    expect(calls(COMPARISON)).toBe(2);
    expect(store.comparison?.close).toBe('30000');
    answers[COMPARISON] = { symbol: 'BTC/USDT', close: '31000', prices: [] };
    realtime.gap('trades_BTC_USDT');
    realtime.gap('index');
    await settle();
    clock.advance(MARKET_REQUEST_GUARD_MS);
    await settle();
    expect(store.comparison?.close).toBe('31000');
    expect(calls(COMPARISON)).toBe(3);
    // no retry is left running once the screen closes
    answers[COMPARISON] = () => Promise.reject(new Error('offline'));
    clock.advance(MARKET_REQUEST_GUARD_MS);
    realtime.gap('index');
    await settle();
    store.close();
    expect(clock.pending).toBe(0);
  });

  it('reloads the market list when a ticker names a market it does not hold, at most once a second', async () => {
    const { store, realtime, clock, calls, answers } = setup();
    await store.open('BTC_USDT');
    await settle();
    const SOL = { ...ETH, symbol_name: 'SOL/USDT', path_name: 'SOL_USDT', coin_symbol: 'SOL' };
    answers[SPOT_MARKET_PATHS.goods] = [BTC, ETH, SOL];
    const row = (symbol_name: string) => ({ symbol_name, contract_type: 0, close: '1', zdf: '0', high: '1', low: '1', amount: '1', vol: '1', demo: false });
    realtime.emit('index', { rows: [row('SOL/USDT')], time: 1 });
    realtime.emit('index', { rows: [row('SOL/USDT'), row('XRP/USDT')], time: 2 });
    await settle();
    expect(calls(SPOT_MARKET_PATHS.goods)).toBe(1);
    clock.advance(MARKET_REQUEST_GUARD_MS);
    await settle();
    expect(calls(SPOT_MARKET_PATHS.goods)).toBe(2);
    expect(store.markets.map((market) => market.path_name)).toEqual(['BTC_USDT', 'ETH_USDT', 'SOL_USDT']);
    // a symbol still not listed after a reload is not asked about again
    clock.advance(MARKET_REQUEST_GUARD_MS);
    realtime.emit('index', { rows: [row('XRP/USDT')], time: 3 });
    await settle();
    clock.advance(MARKET_REQUEST_GUARD_MS);
    await settle();
    expect(calls(SPOT_MARKET_PATHS.goods)).toBe(2);
  });

  describe('an order the server refuses by the market’s rules', () => {
    const PLACE = '/coin/entrust/exchange/BTC_USDT';
    const draft = { price: '33000', num: '0.5', money: '', triggerMoney: '', fullCheck: false, fullPrice: '', lossCheck: false, lossPrice: '' };
    const refusal = (field: string, msg = 'refused') => () => Promise.reject(new HttpError('response', 400, msg, { field, quiet: true }));
    /** The exchange screen of BTC_USDT for a member, open for longer than the guard's second. */
    async function opened(place: () => Promise<never>) {
      const test = setup({ id: '7' }, { [PLACE]: place });
      await test.store.open('BTC_USDT');
      await settle();
      test.clock.advance(MARKET_REQUEST_GUARD_MS);
      await settle();
      return test;
    }

    it('reloads the market list once when the price is refused (the band), and the form then knows the band', async () => {
      const { store, clock, calls, answers } = await opened(refusal('price', 'A buy may be priced at most 5 % above…'));
      expect(bandRefusal('buy', 'limit', draft, store.market!, store.lastPrice)).toBeNull();
      answers[SPOT_MARKET_PATHS.goods] = [{ ...BTC, price_band_percent: 5 }, ETH];
      await expect(store.place('buy', 'limit', draft)).rejects.toMatchObject({ field: 'price' });
      await settle();
      expect(calls(SPOT_MARKET_PATHS.goods)).toBe(2);
      clock.advance(MARKET_REQUEST_GUARD_MS);
      await settle();
      expect(calls(SPOT_MARKET_PATHS.goods)).toBe(2);
      expect(store.market?.price_band_percent).toBe(5);
      expect(bandRefusal('buy', 'limit', draft, store.market!, store.lastPrice)).toMatchObject({
        key: 'errPriceOutsideBandBuy',
        params: { percent: 5, limit: '31,500.00' },
      });
    });

    it('refusals in a row reload the list at most once a second, the last one once the second is over', async () => {
      const { store, clock, calls, answers } = await opened(refusal('price'));
      answers[SPOT_MARKET_PATHS.goods] = [{ ...BTC, price_band_percent: 5 }, ETH];
      await expect(store.place('buy', 'limit', draft)).rejects.toThrow();
      await expect(store.place('buy', 'limit', draft)).rejects.toThrow();
      await settle();
      expect(calls(SPOT_MARKET_PATHS.goods)).toBe(2);
      await expect(store.place('buy', 'limit', draft)).rejects.toThrow();
      await settle();
      expect(calls(SPOT_MARKET_PATHS.goods)).toBe(2);
      clock.advance(MARKET_REQUEST_GUARD_MS);
      await settle();
      expect(calls(SPOT_MARKET_PATHS.goods)).toBe(3);
      clock.advance(MARKET_REQUEST_GUARD_MS);
      await settle();
      expect(calls(SPOT_MARKET_PATHS.goods)).toBe(3);
    });

    it('learns a halt it missed from a refusal of the market', async () => {
      const { store, calls, answers } = await opened(refusal('symbol', 'Trading in this market is halted'));
      answers[SPOT_MARKET_PATHS.goods] = [{ ...BTC, halted: true }, ETH];
      await expect(store.place('buy', 'limit', draft)).rejects.toMatchObject({ field: 'symbol' });
      await settle();
      expect(calls(SPOT_MARKET_PATHS.goods)).toBe(2);
      expect(store.market?.halted).toBe(true);
    });

    it('reloads nothing for a refusal of the amount, a failure without an answer, or after the screen closed', async () => {
      const failures = [
        new HttpError('response', 400, 'Insufficient funds', { field: 'num', quiet: true }),
        new HttpError('response', 400, 'Insufficient funds', { field: 'money', quiet: true }),
        new HttpError('response', 500, 'The system is busy', { quiet: true }),
        new HttpError('network', 0, '', { quiet: true }),
        new HttpError('timeout', 0, '', { quiet: true }),
      ];
      const { store, clock, calls } = await opened(() => Promise.reject(failures.shift()));
      for (let tries = failures.length; tries > 0; tries -= 1) await expect(store.place('sell', 'limit', draft)).rejects.toThrow();
      clock.advance(MARKET_REQUEST_GUARD_MS);
      await settle();
      expect(calls(SPOT_MARKET_PATHS.goods)).toBe(1);
      failures.push(new HttpError('response', 400, 'refused', { field: 'price', quiet: true }));
      store.close();
      await expect(store.place('sell', 'limit', draft)).rejects.toThrow();
      clock.advance(MARKET_REQUEST_GUARD_MS);
      await settle();
      expect(calls(SPOT_MARKET_PATHS.goods)).toBe(1);
    });
  });

  it('switching A → B → C quickly aborts the loads of A and B, and C shows without any error', async () => {
    const logged = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
    const { store, http, clock } = setup({ id: '7' }, solAnswers);
    const held = holdCalls(http);
    await store.open('BTC_USDT');
    await settle();
    // depth, trades, comparison, candles, open orders, two history pages, the member's fills
    expect(held.of('BTC_USDT')).toHaveLength(8);
    expect(held.aborted('BTC_USDT')).toBe(0);
    await store.open('ETH_USDT');
    await settle();
    expect(held.aborted('BTC_USDT')).toBe(8);
    await store.open('SOL_USDT');
    await settle();
    expect(held.aborted('ETH_USDT')).toBe(8);
    expect(held.of('SOL_USDT')).toHaveLength(8);
    expect(held.aborted('SOL_USDT')).toBe(0);
    // the tickers and balances are the screen's, not a market's: asked once, never aborted
    expect(held.abortedPaths().filter((path) => path === MARKET_INIT_DATA_PATH || path === WALLET_PATHS.myBalance)).toEqual([]);
    held.answerAll();
    await settle();
    expect(store.path).toBe('SOL_USDT');
    expect(store.depth?.symbol).toBe('SOL/USDT');
    expect(store.trades.map((t) => t.id)).toEqual([3]);
    expect(store.comparison?.symbol).toBe('SOL/USDT');
    expect(store.candles).toHaveLength(2);
    expect(store.tickers.map((row) => row.symbol_name)).toEqual(['BTC/USDT']);
    expect(store.balances).toHaveLength(1);
    expect(store.marketsStatus).toBe('ready');
    // an aborted load is no failure: nothing of A or B is tried again
    clock.advance(COMPARISON_RETRY_MS);
    await settle();
    expect(held.of('BTC_USDT')).toHaveLength(8);
    expect(held.of('ETH_USDT')).toHaveLength(8);
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  });

  it('going back to a market within the second asks for its data again: its aborted loads are no repeat', async () => {
    const { store, http } = setup(null, solAnswers);
    const held = holdCalls(http);
    await store.open('BTC_USDT');
    await settle();
    await store.open('SOL_USDT');
    await settle();
    await store.open('BTC_USDT');
    await settle();
    expect(held.of('/coin/open/depth/BTC_USDT')).toHaveLength(2);
    held.answerAll();
    await settle();
    expect(store.depth?.symbol).toBe('BTC/USDT');
    expect(store.comparison?.symbol).toBe('BTC/USDT');
    expect(store.candles).toHaveLength(2);
  });

  it('of the markets asked for while the market list loads, only the last one loads', async () => {
    const { store, http } = setup(null, solAnswers);
    const held = holdCalls(http, { markets: true });
    const opened = [store.open('BTC_USDT'), store.open('ETH_USDT'), store.open('SOL_USDT')];
    held.answerAll();
    await Promise.all(opened);
    await settle();
    expect(store.path).toBe('SOL_USDT');
    expect(held.of('SOL_USDT')).toHaveLength(4);
    expect(held.of('BTC_USDT')).toEqual([]);
    expect(held.of('ETH_USDT')).toEqual([]);
    expect(store.depth?.symbol).toBe('SOL/USDT');
  });

  it('waits for the member’s orders and fills of each market it opens, and a failed load ends the wait', async () => {
    const { store, http } = setup({ id: '7' }, solAnswers);
    const held = holdCalls(http);
    await store.open('BTC_USDT');
    await settle();
    expect([store.ordersPending, store.tradesPending]).toEqual([true, true]);
    held.answerAll();
    await settle();
    expect([store.ordersPending, store.tradesPending]).toEqual([false, false]);
    expect(store.openOrders.map((o) => o.id)).toEqual([5]);

    // another market waits again, and the aborted loads of the one left do not end its wait
    const again = holdCalls(http);
    await store.open('ETH_USDT');
    await settle();
    await store.open('SOL_USDT');
    await settle();
    expect(again.aborted('ETH_USDT')).toBeGreaterThan(0);
    expect([store.ordersPending, store.tradesPending]).toEqual([true, true]);
    again.answerAll();
    await settle();
    expect([store.ordersPending, store.tradesPending]).toEqual([false, false]);

    // a market whose member loads fail: no endless wait (the HTTP client shows the failure)
    const failing = setup({ id: '7' });
    delete failing.answers[OPEN_ORDERS];
    delete failing.answers[MY_TRADES];
    await failing.store.open('BTC_USDT');
    await settle();
    expect([failing.store.ordersPending, failing.store.tradesPending]).toEqual([false, false]);
    expect(failing.store.openOrders).toEqual([]);
  });

  it('switching the chart’s period aborts the previous period’s candle load, and nothing else', async () => {
    const { store, http } = setup({ id: '7' });
    await store.open('BTC_USDT');
    await settle();
    const held = holdCalls(http);
    store.setPeriod('1hour');
    await settle();
    store.setPeriod('4hour');
    await settle();
    const candleLoads = held.of('BTC_USDT').filter((call) => call.path === SPOT_MARKET_PATHS.klineHistory);
    expect(candleLoads.map((call) => [call.query?.period, call.signal?.aborted])).toEqual([
      ['1hour', true],
      ['4hour', false],
    ]);
    expect(held.abortedPaths()).toEqual([SPOT_MARKET_PATHS.klineHistory]);
    held.answerAll();
    await settle();
    expect(store.period).toBe('4hour');
    expect(store.candles).toHaveLength(2);
  });

  it('closing the screen aborts all its loads; opening it again loads afresh', async () => {
    const { store, http, calls } = setup({ id: '7' });
    const held = holdCalls(http, { markets: true });
    const first = store.open('BTC_USDT');
    await settle();
    store.close();
    await first;
    expect(held.abortedPaths().sort()).toEqual([WALLET_PATHS.myBalance, SPOT_MARKET_PATHS.goods]);
    expect(store.marketsStatus).not.toBe('error');
    const again = store.open('BTC_USDT');
    held.answerAll();
    await again;
    await settle();
    expect(calls(SPOT_MARKET_PATHS.goods)).toBe(2);
    expect(store.depth?.seq).toBe(10);
    expect(store.balances).toHaveLength(1);
    // the market's loads under way when the screen closes are aborted too
    const loads = holdCalls(http);
    store.setPeriod('1hour');
    store.close();
    await settle();
    expect(loads.abortedPaths()).toEqual([SPOT_MARKET_PATHS.klineHistory]);
  });
});
