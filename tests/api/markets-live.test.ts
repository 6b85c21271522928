import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_TOPICS, MARKETS_SERVICE, type LiveTicker, type MarketsService, type TickerMessage } from '../../plugins/markets/shared/service';
import { availableDialects, fetchJson, startTestServer, type TestDialect, type TestServer } from './harness';

const dialects = await availableDialects();
const DEMO_FEATURES = { supportButton: true, repayButton: false, demo: true };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const LIVE: LiveTicker = { close: '70001.5', zdf: '-1.25', high: '71000', low: '69000.25', amount: '140003', vol: '2' };

async function until(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

/** A signed-out MQTT client on the market topics, recording every message's data per topic. */
async function watchTopics(server: TestServer) {
  const client: MqttClient = await mqtt.connectAsync(`${server.baseUrl.replace('http', 'ws')}/mqtt`, { reconnectPeriod: 0, connectTimeout: 5000 });
  const received: Record<string, TickerMessage[]> = { [MARKET_TOPICS.index]: [], [MARKET_TOPICS.allSymbolDetail]: [] };
  client.on('message', (topic, payload) => received[topic]?.push(JSON.parse(payload.toString()).data));
  const grants = await client.subscribeAsync([MARKET_TOPICS.index, MARKET_TOPICS.allSymbolDetail]);
  expect(grants.map((grant) => grant.qos)).toEqual([0, 0]);
  return { client, received };
}

async function spotRows(server: TestServer): Promise<any[]> {
  const response = await fetchJson(server.api('/coin/open/getSpotSymbols'));
  expect(response.status).toBe(200);
  return response.body.data;
}

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('markets service (%s)', (dialect) => {
  let server: TestServer;
  let service: MarketsService;

  beforeAll(async () => {
    server = await startTestServer({ dialect, site: { plugins: ['markets'], features: DEMO_FEATURES } });
    service = server.context.use<MarketsService>(MARKETS_SERVICE);
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });

  it('lists a new spot market once, last, marked new, with the default icon; a second listing updates its scales', async () => {
    const listing = { symbol: 'PEPE/USDT', base: 'PEPE', quote: 'USDT', contractType: 0 as const, priceScale: 8, qtyScale: 0 };
    await Promise.all([service.list(listing), service.list(listing), service.list(listing)]);
    let rows = await spotRows(server);
    expect(rows.filter((row) => row.symbol_name === 'PEPE/USDT')).toHaveLength(1);
    expect(rows.at(-1)).toMatchObject({
      symbol_name: 'PEPE/USDT',
      coin_symbol: 'PEPE',
      quote_symbol: 'USDT',
      contract_type: 0,
      close: null,
      is_new: 1,
      hot: 0,
      avatar: '/static/avatar-default.svg',
      price_scale: 8,
      qty_scale: 0,
      demo: false,
    });

    await service.list({ ...listing, priceScale: 9, qtyScale: 1 });
    rows = await spotRows(server);
    expect(rows.filter((row) => row.symbol_name === 'PEPE/USDT')).toEqual([expect.objectContaining({ price_scale: 9, qty_scale: 1 })]);
    // An existing seeded market keeps its place, icon and demo ticker; only the scales follow the listing.
    await service.list({ symbol: 'BTC/USDT', base: 'BTC', quote: 'USDT', contractType: 0, priceScale: 2, qtyScale: 6 });
    rows = await spotRows(server);
    expect(rows[0]).toMatchObject({ symbol_name: 'BTC/USDT', avatar: '/static/coins/btc.svg', is_new: 0, close: '67250.15', demo: true });
  });

  it('refuses a listing whose symbol, scales or contract type do not hold, changing nothing', async () => {
    const before = await spotRows(server);
    const good = { symbol: 'WIF/USDT', base: 'WIF', quote: 'USDT', contractType: 0 as const, priceScale: 4, qtyScale: 2 };
    await expect(service.list({ ...good, symbol: 'WIF/BTC' })).rejects.toThrow(/does not match/);
    await expect(service.list({ ...good, priceScale: 19 })).rejects.toThrow(/scale/);
    await expect(service.list({ ...good, qtyScale: -1 })).rejects.toThrow(/scale/);
    await expect(service.list({ ...good, contractType: 7 as never })).rejects.toThrow(/contract type/);
    expect(await spotRows(server)).toEqual(before);
  });

  it('shows a live ticker instead of the stored one in every list, with the demo flag of the call', async () => {
    service.setTicker('BTC/USDT', 0, LIVE, false);
    const btc = (await spotRows(server))[0];
    expect(btc).toMatchObject({ symbol_name: 'BTC/USDT', ...LIVE, demo: false, hot: 1, price_scale: 2 });
    const init = await fetchJson(server.api('/coin/open/market/initData?type=spot'));
    expect(init.body.data.symbols[0]).toMatchObject({ ...LIVE, demo: false });
    // The contract of the same pair keeps its own (demo) ticker.
    const contracts = await fetchJson(server.api('/coin/open/market/initData?type=contract'));
    expect(contracts.body.data.symbols[0]).toMatchObject({ symbol_name: 'BTC/USDT', contract_type: 1, close: '67262.4', demo: true });

    service.setTicker('ETH/USDT', 0, { ...LIVE, close: '3600' }, true);
    const eth = (await spotRows(server)).find((row) => row.symbol_name === 'ETH/USDT');
    expect(eth).toMatchObject({ close: '3600', demo: true });
  });

  it('refuses a ticker that is not decimal text, keeping the last one', () => {
    expect(() => service.setTicker('BTC/USDT', 0, { ...LIVE, close: '7e4' }, false)).toThrow(/close/);
    expect(() => service.setTicker('BTC/USDT', 0, { ...LIVE, vol: '-2' }, false)).toThrow(/vol/);
    expect(() => service.setTicker('BTC/USDT', 0, { ...LIVE, high: 70000 as never }, false)).toThrow(/high/);
    return spotRows(server).then((rows) => expect(rows[0].close).toBe(LIVE.close));
  });

  it('publishes every row on all_symbol_detail and the spot rows on index, at most ten messages a second', async () => {
    const { client, received } = await watchTopics(server);
    try {
      const started = Date.now();
      for (let step = 1; step <= 60; step += 1) {
        service.setTicker('SOL/USDT', 0, { ...LIVE, close: `150.${String(step).padStart(3, '0')}` }, false);
        await sleep(5);
      }
      const index = received[MARKET_TOPICS.index]!;
      const all = received[MARKET_TOPICS.allSymbolDetail]!;
      await until(() => index.at(-1)?.rows.find((row) => row.symbol_name === 'SOL/USDT')?.close === '150.060');
      await until(() => all.at(-1)?.rows.find((row) => row.symbol_name === 'SOL/USDT' && row.contract_type === 0)?.close === '150.060');
      const elapsedMs = Date.now() - started;
      expect(index.length).toBeGreaterThanOrEqual(2);
      expect(index.length).toBeLessThanOrEqual(Math.ceil(elapsedMs / 100) + 1);
      expect(all.length).toBeLessThanOrEqual(Math.ceil(elapsedMs / 100) + 1);

      const last = index.at(-1)!;
      expect(Math.abs(last.time - Date.now())).toBeLessThan(60_000);
      expect(last.rows.every((row) => row.contract_type === 0)).toBe(true);
      expect(last.rows.find((row) => row.symbol_name === 'BTC/USDT')).toEqual({ symbol_name: 'BTC/USDT', contract_type: 0, ...LIVE, demo: false, halted: false });
      expect(last.rows.find((row) => row.symbol_name === 'PEPE/USDT')).toMatchObject({ close: null, demo: false });
      const allRows = all.at(-1)!.rows;
      expect(allRows.filter((row) => row.contract_type !== 0).map((row) => [row.symbol_name, row.contract_type, row.demo])).toEqual([
        ['BTC/USDT', 1, true],
        ['ETH/USDT', 1, true],
        ['SOL/USDT', 1, true],
        ['BTC/USD', 2, true],
        ['ETH/USD', 2, true],
      ]);
      expect(allRows.length).toBe(last.rows.length + 5);
    } finally {
      await client.endAsync();
    }
  });

  it('publishes a newly listed market in the next message', async () => {
    const { client, received } = await watchTopics(server);
    try {
      await service.list({ symbol: 'WIF/USDT', base: 'WIF', quote: 'USDT', contractType: 0, priceScale: 4, qtyScale: 2 });
      await until(() => received[MARKET_TOPICS.index]!.some((message) => message.rows.some((row) => row.symbol_name === 'WIF/USDT')));
    } finally {
      await client.endAsync();
    }
  });

  it('marks a market listed as halted in its rows and the next message, and clears it when listed open again', async () => {
    const { client, received } = await watchTopics(server);
    const listing = { symbol: 'WIF/USDT', base: 'WIF', quote: 'USDT', contractType: 0 as const, priceScale: 4, qtyScale: 2 };
    const wifIn = (message: TickerMessage | undefined) => message?.rows.find((row) => row.symbol_name === 'WIF/USDT');
    try {
      await service.list({ ...listing, halted: true });
      expect((await spotRows(server)).find((row) => row.symbol_name === 'WIF/USDT')).toMatchObject({ halted: true, is_new: 1 });
      expect((await spotRows(server)).find((row) => row.symbol_name === 'BTC/USDT')).toMatchObject({ halted: false });
      await until(() => wifIn(received[MARKET_TOPICS.index]!.at(-1))?.halted === true);
      await service.list(listing);
      expect((await spotRows(server)).find((row) => row.symbol_name === 'WIF/USDT')).toMatchObject({ halted: false });
      await until(() => wifIn(received[MARKET_TOPICS.index]!.at(-1))?.halted === false);
    } finally {
      await client.endAsync();
    }
  });
});
