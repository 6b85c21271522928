// @vitest-environment happy-dom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestRoot } from '../../../core/web/testing/test-root';
import manifest from '../plugin';
import { MARKETS_STORE } from './ids';
import webPlugin from './index';
import { MarketsStore } from './markets-store';
import { envelope, initDataHandler, SPOT_ROWS } from './testing/market-rows';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function setup() {
  let clock = 10_000;
  const { root } = createTestRoot({
    plugins: [{ manifest, web: webPlugin }],
    fetch: (input, init) => globalThis.fetch(input, init),
  });
  const store = new MarketsStore(root.http, () => clock);
  return { root, store, advance: (ms: number) => (clock += ms) };
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
    expect(store.rowsOf('ubw').map((row) => row.symbol_name)).toEqual(['BTC/USDT']);
    expect(store.rowsOf('bbw').map((row) => row.symbol_name)).toEqual(['BTC/USD']);
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

describe('market search', () => {
  it('lists hot pairs first and opens the spot and contract screens by pair', async () => {
    server.use(initDataHandler());
    const { root } = setup();
    root.start();
    const navigated: string[] = [];
    root.navigate = (to: string) => void navigated.push(to);
    const [spot, contract] = webPlugin.search!;
    const items = await spot!.load(root);
    expect(items.slice(0, 3).map((item) => item.symbol)).toEqual(['BTC/USDT', 'ETH/USDT', 'DOGE/USDT']);
    expect(items[0]).toEqual({ symbol: 'BTC/USDT', icon: '/static/coins/btc.svg', close: '67250.15', zdf: '2.35' });
    expect(items.find((item) => item.symbol === 'LTC/USDT')).toEqual({ symbol: 'LTC/USDT', icon: '/static/coins/ltc.svg' });
    spot!.open(items[0]!, root);
    const contracts = await contract!.load(root);
    contract!.open(contracts.find((item) => item.symbol === 'BTC/USD')!, root);
    expect(navigated).toEqual(['/exchange/full-screen/BTC_USDT', '/exchange/full-contract/BTC_USD']);
    expect(root.store(MARKETS_STORE)).toBeInstanceOf(MarketsStore);
  });
});
