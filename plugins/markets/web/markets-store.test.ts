// @vitest-environment happy-dom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PluginEntry } from '../../../core/web';
import { page, plugin } from '../../../core/web/testing/fixtures';
import { createTestRoot } from '../../../core/web/testing/test-root';
import manifest from '../plugin';
import { MARKETS_STORE } from './ids';
import webPlugin from './index';
import { MARKET_TABS, MarketsStore } from './markets-store';
import { CONTRACT_EXCHANGE_ROUTE } from './trade-paths';
import { CONTRACT_ROWS, envelope, GapRealtime, initDataHandler, marketRow, SPOT_ROWS, tickerMessage } from './testing/market-rows';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A contracts plugin's trading page: the route the markets plugin looks for before it lists contracts. */
const contractScreen = plugin('contracts', {
  routes: [{ name: CONTRACT_EXCHANGE_ROUTE, path: '/exchange/full-contract/:symbol', layout: 'bare', page: page('contract screen') }],
});

/** A store as the shell makes it; `tradesContracts` as on a site with a contract trading page. */
function setup({ tradesContracts = true } = {}) {
  let clock = 10_000;
  const { root } = createTestRoot({
    plugins: [{ manifest, web: webPlugin }],
    fetch: (input, init) => globalThis.fetch(input, init),
  });
  const realtime = new GapRealtime();
  const store = new MarketsStore(root.http, realtime, { now: () => clock, tradesContracts });
  return { root, store, realtime, advance: (ms: number) => (clock += ms) };
}

describe('MarketsStore', () => {
  it('loads a list once, however often pages ask', async () => {
    const counts: Record<string, number> = {};
    server.use(initDataHandler(counts));
    const { store } = setup();
    await Promise.all([store.ensure('spot'), store.ensure('spot')]);
    await store.ensure('spot');
    expect(counts).toEqual({ spot: 1 });
    expect(store.status.spot).toBe('ready');
    expect(store.spot.map((row) => row.symbol_name)).toEqual(SPOT_ROWS.map((row) => row.symbol_name));
    expect(store.serverTime).toBe('2025-01-01T00:00:00.000Z');
  });

  it('sends no second request within one second, and does after it', async () => {
    const counts: Record<string, number> = {};
    server.use(initDataHandler(counts));
    const { store, advance } = setup();
    await store.refresh('contract');
    advance(999);
    await store.refresh('contract');
    expect(counts.contract).toBe(1);
    advance(1);
    await store.refresh('contract');
    expect(counts.contract).toBe(2);
  });

  it('keeps a failure as the list status', async () => {
    server.use(http.get('*/api/mjkj-web/coin/open/market/initData', () => HttpResponse.json(envelope(null, 400, 'type is invalid'))));
    const { store } = setup();
    await expect(store.ensure('spot')).rejects.toMatchObject({ code: 400 });
    expect(store.status.spot).toBe('error');
    expect(store.spot).toEqual([]);
  });

  it('derives the home boards: top change (numeric order), new and hot, five at most', async () => {
    server.use(initDataHandler());
    const { store } = setup();
    await store.ensure('spot');
    // "10.5" sorts above "9.9" as a number, unlike as text; rows without a change are left out.
    expect(store.gainers.map((row) => row.coin_symbol)).toEqual(['DOGE', 'ETH', 'TON', 'BTC', 'XRP']);
    expect(store.newest.map((row) => row.coin_symbol)).toEqual(['TON', 'AVAX']);
    expect(store.hot.map((row) => row.coin_symbol)).toEqual(['BTC', 'ETH', 'DOGE']);
    expect(store.isDemo).toBe(true);
  });

  it('splits contracts into USDT-M and Coin-M tabs', async () => {
    server.use(initDataHandler());
    const { store } = setup();
    await store.ensure('contract');
    expect(store.tabs).toEqual(MARKET_TABS);
    expect(store.listed(['spot', 'contract'])).toEqual(['spot', 'contract']);
    expect(store.rowsOf('ubw').map((row) => row.symbol_name)).toEqual(['BTC/USDT']);
    expect(store.rowsOf('bbw').map((row) => row.symbol_name)).toEqual(['BTC/USD']);
  });

  it('lists no contract market on a site that does not trade contracts', async () => {
    const counts: Record<string, number> = {};
    server.use(initDataHandler(counts, [...SPOT_ROWS.map((row) => ({ ...row, demo: false })), marketRow('SOL/USDT', { demo: false })]));
    const { store } = setup({ tradesContracts: false });
    expect(store.tabs).toEqual(['favourites', 'spot']);
    expect(store.listed(['spot', 'contract'])).toEqual(['spot']);
    expect(await store.current('contract')).toEqual([]);
    expect(counts.contract).toBeUndefined();
    // Even a contract list loaded anyway (contracts are demo) stays out of the tabs and the demo tag.
    await Promise.all([store.ensure('spot'), store.ensure('contract')]);
    expect(store.rowsOf('ubw')).toEqual([]);
    expect(store.rowsOf('bbw')).toEqual([]);
    expect(store.isDemo).toBe(false);
  });

  it('loads the display currencies once', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/mjkj-web/coin/open/getCoinRate', () => {
        calls += 1;
        return HttpResponse.json(envelope([{ exchange_value: '0.92', quote_currency: 'USD', exchange_code: 'EUR', rate: '0.92', symbol: '€' }]));
      }),
    );
    const { store } = setup();
    await store.ensureRates();
    await store.ensureRates();
    expect(calls).toBe(1);
    expect(store.rates[0]).toMatchObject({ exchange_code: 'EUR', rate: '0.92' });
  });
});

describe('live market rows', () => {
  const btcLive = { ...SPOT_ROWS[0]!, close: '68000.5', zdf: '3.1', demo: false };

  it('follow a topic with one subscription while any page follows it', () => {
    const { store, realtime } = setup();
    const stopA = store.follow('index');
    const stopB = store.follow('index');
    const stopAll = store.follow('all_symbol_detail');
    expect(realtime.topics).toEqual(['index', 'all_symbol_detail']);
    stopA();
    stopA();
    expect(realtime.topics).toEqual(['index', 'all_symbol_detail']);
    stopB();
    stopAll();
    expect(realtime.topics).toEqual([]);
  });

  it('merge a ticker message into the rows, keeping unchanged rows and noting the price move', async () => {
    server.use(initDataHandler());
    const { store, realtime } = setup();
    await store.ensure('spot');
    store.follow('index');
    const eth = store.spot[1];
    realtime.emit('index', tickerMessage([btcLive, { ...SPOT_ROWS[3]!, close: '0.5' }]));
    expect(store.spot[0]).toMatchObject({ symbol_name: 'BTC/USDT', close: '68000.5', zdf: '3.1', demo: false, hot: 1, avatar: '/static/coins/btc.svg' });
    expect(store.spot[1]).toBe(eth);
    expect(store.moves.get('BTC/USDT#0')).toBe('up');
    expect(store.moves.get('XRP/USDT#0')).toBe('down');
    expect(store.gainers[0]!.coin_symbol).toBe('DOGE');
    expect(store.hot[0]!.close).toBe('68000.5');
    // The same message again changes nothing.
    const rows = store.spot;
    realtime.emit('index', tickerMessage([btcLive]));
    expect(store.spot).toBe(rows);
  });

  it('take a halt and a reopening from the ticker message, the price kept', async () => {
    server.use(initDataHandler());
    const { store, realtime } = setup();
    await store.ensure('spot');
    store.follow('index');
    realtime.emit('index', tickerMessage([{ ...SPOT_ROWS[1]!, halted: true }]));
    expect(store.spot[1]).toMatchObject({ symbol_name: 'ETH/USDT', halted: true, close: '3521.42' });
    expect(store.spot[0]!.halted).toBe(false);
    realtime.emit('index', tickerMessage([SPOT_ROWS[1]!]));
    expect(store.spot[1]!.halted).toBe(false);
  });

  it('apply the contract rows of all_symbol_detail to the contract list only, and ignore a malformed message', async () => {
    server.use(initDataHandler());
    const { store, realtime } = setup();
    await Promise.all([store.ensure('spot'), store.ensure('contract')]);
    store.follow('all_symbol_detail');
    realtime.emit('all_symbol_detail', tickerMessage([btcLive, { ...CONTRACT_ROWS[0]!, close: '60000' }]));
    expect(store.spot[0]!.close).toBe('68000.5');
    expect(store.contracts[0]).toMatchObject({ symbol_name: 'BTC/USDT', contract_type: 1, close: '60000' });
    expect(store.moves.get('BTC/USDT#1')).toBe('down');
    realtime.emit('all_symbol_detail', { nope: true } as never);
    expect(store.contracts[0]!.close).toBe('60000');
  });

  it('reload the followed lists after a gap, and a list that misses a newly listed market', async () => {
    const counts: Record<string, number> = {};
    server.use(initDataHandler(counts));
    const { store, realtime, advance } = setup();
    await store.ensure('spot');
    store.follow('all_symbol_detail');
    advance(1_000);
    realtime.gap('all_symbol_detail');
    await waitForCount(counts, 'spot', 2);
    // The contract list was never shown: it stays unloaded.
    expect(counts.contract).toBeUndefined();
    expect(store.status.contract).toBe('idle');

    advance(1_000);
    realtime.emit('all_symbol_detail', tickerMessage([marketRow('PEPE/USDT')]));
    await waitForCount(counts, 'spot', 3);
  });
});

async function waitForCount(counts: Record<string, number>, kind: string, count: number) {
  for (let tries = 0; tries < 100 && (counts[kind] ?? 0) < count; tries += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(counts[kind]).toBe(count);
}

describe('watchlist', () => {
  it('loads a member list once, stars and unstars by the server answer, and shows none of another member', async () => {
    const calls: string[] = [];
    let items = [{ symbol_name: 'ETH/USDT', contract_type: 0 }];
    server.use(
      initDataHandler(),
      http.get('*/api/mjkj-web/coin/quotes/getOptional', () => (calls.push('list'), HttpResponse.json(envelope(items)))),
      http.post('*/api/mjkj-web/coin/quotes/addOptional/:a/:b', ({ params }) => {
        calls.push(`add ${params.a} ${params.b}`);
        items = [...items, { symbol_name: String(params.a).replace('_', '/'), contract_type: Number(params.b) }];
        return HttpResponse.json(envelope(items));
      }),
      http.post('*/api/mjkj-web/coin/quotes/cancelOptional/:a/:b', ({ params }) => {
        calls.push(`cancel ${params.a} ${params.b}`);
        items = items.filter((item) => item.symbol_name !== String(params.a).replace('_', '/') || item.contract_type !== Number(params.b));
        return HttpResponse.json(envelope(items));
      }),
    );
    const { store } = setup();
    await Promise.all([store.ensure('spot'), store.ensure('contract'), store.watchlist.load('7'), store.watchlist.load('7')]);
    await store.watchlist.load('7');
    expect(calls).toEqual(['list']);
    expect(store.watchlist.has('7', SPOT_ROWS[1]!)).toBe(true);
    expect(store.watchlist.has('8', SPOT_ROWS[1]!)).toBe(false);

    await store.watchlist.toggle('7', CONTRACT_ROWS[1]!);
    await store.watchlist.toggle('7', SPOT_ROWS[0]!);
    await store.watchlist.toggle('7', SPOT_ROWS[1]!);
    expect(calls.slice(1)).toEqual(['add BTC_USD 2', 'add BTC_USDT 0', 'cancel ETH_USDT 0']);
    expect(store.rowsOf('favourites', '7').map((row) => [row.symbol_name, row.contract_type])).toEqual([
      ['BTC/USD', 2],
      ['BTC/USDT', 0],
    ]);
    expect(store.rowsOf('favourites', '8')).toEqual([]);
    expect(store.rowsOf('favourites', null)).toEqual([]);
  });
});

describe('contract markets', () => {
  const shellStore = (plugins: PluginEntry[]) => {
    const { root } = createTestRoot({ plugins: [{ manifest, web: webPlugin }, ...plugins], fetch: (input, init) => globalThis.fetch(input, init) });
    root.start();
    return { root, store: root.store<MarketsStore>(MARKETS_STORE) };
  };

  it('are listed only on a site with a contract trading page', () => {
    expect(shellStore([]).store.tradesContracts).toBe(false);
    expect(shellStore([contractScreen]).store.tradesContracts).toBe(true);
  });

  it('get no tab in the header search, which offers spot pairs only', () => {
    expect(shellStore([]).root.search.tabs).toEqual(['spot']);
    expect(webPlugin.search!.map((provider) => provider.tab)).toEqual(['spot']);
  });
});

describe('market search', () => {
  it('lists hot pairs first and opens the spot exchange page by pair', async () => {
    server.use(initDataHandler({}, SPOT_ROWS.map((row) => (row.symbol_name === 'XRP/USDT' ? { ...row, halted: true } : row))));
    const { root } = setup();
    root.start();
    const navigated: string[] = [];
    root.navigate = (to: string) => void navigated.push(to);
    const [spot] = webPlugin.search!;
    const items = await spot!.load(root);
    expect(items.slice(0, 3).map((item) => item.symbol)).toEqual(['BTC/USDT', 'ETH/USDT', 'DOGE/USDT']);
    expect(items[0]).toEqual({ symbol: 'BTC/USDT', icon: '/static/coins/btc.svg', close: '67250.15', zdf: '2.35' });
    expect(items.find((item) => item.symbol === 'LTC/USDT')).toEqual({ symbol: 'LTC/USDT', icon: '/static/coins/ltc.svg' });
    expect(items.find((item) => item.symbol === 'XRP/USDT')).toMatchObject({ halted: true });
    spot!.open(items[0]!, root);
    expect(navigated).toEqual(['/exchange/index?symbol=BTC_USDT']);
    expect(root.store(MARKETS_STORE)).toBeInstanceOf(MarketsStore);
  });

  it('answers from the live rows, asks again when nothing follows them, and opens the spot plugin\'s exchange route', async () => {
    const counts: Record<string, number> = {};
    server.use(initDataHandler(counts));
    const spotScreen = plugin('spot', {
      routes: [
        { name: 'spot.exchange', path: '/trade', page: page('spot exchange') },
        { name: 'spot.fullScreen', path: '/trade/full/:type', page: page('spot screen') },
      ],
    });
    const { root, realtime } = createTestRoot({
      plugins: [{ manifest, web: webPlugin }, spotScreen],
      fetch: (input, init) => globalThis.fetch(input, init),
    });
    root.start();
    const store = root.store<MarketsStore>(MARKETS_STORE);
    const [spot] = webPlugin.search!;
    await spot!.load(root);
    const stop = store.follow('index');
    realtime.emit('index', tickerMessage([{ ...SPOT_ROWS[0]!, close: '68000.5', zdf: '3.1' }]));
    const items = await spot!.load(root);
    expect(items[0]).toMatchObject({ symbol: 'BTC/USDT', close: '68000.5', zdf: '3.1' });
    expect(counts.spot).toBe(1);
    stop();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await spot!.load(root);
    expect(counts.spot).toBe(2);

    const navigated: string[] = [];
    root.navigate = (to: string) => void navigated.push(to);
    spot!.open(items[0]!, root);
    expect(navigated).toEqual(['/trade?symbol=BTC_USDT']);
  });
});
