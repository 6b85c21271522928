import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects, fetchJson, startTestServer, type TestDialect, type TestServer } from './harness';

const dialects = await availableDialects();

const SPOT_BASES = ['BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'ADA', 'DOGE', 'TRX', 'TON', 'DOT', 'LINK', 'LTC', 'AVAX'];
const DEMO_FEATURES = { supportButton: true, repayButton: false, demo: true };
const LIVE_FEATURES = { supportButton: true, repayButton: false, demo: false };

/** close × vol in cents, computed independently of the server with bigint. */
function expectedTurnover(close: string, vol: string): string {
  const [closeInt, closeFrac = ''] = close.split('.');
  const [volInt, volFrac = ''] = vol.split('.');
  const scale = closeFrac.length + volFrac.length;
  const product = BigInt(closeInt + closeFrac) * BigInt(volInt + volFrac) * 100n;
  const divisor = 10n ** BigInt(scale);
  const cents = (product + divisor / 2n) / divisor;
  const text = cents.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`.replace(/\.?0+$/, '');
}

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('markets API (%s)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ dialect, site: { plugins: ['markets'], features: DEMO_FEATURES } });
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });

  it('lists the spot symbols with demo tickers flagged as demo', async () => {
    const response = await fetchJson(server.api('/coin/open/getSpotSymbols'));
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    const rows = response.body.data as any[];
    expect(rows.map((row) => row.coin_symbol)).toEqual(SPOT_BASES);
    const btc = rows[0];
    expect(btc).toMatchObject({
      symbol_name: 'BTC/USDT',
      coin_symbol: 'BTC',
      close: '67250.15',
      zdf: '2.35',
      high: '67980',
      low: '65412.3',
      vol: '18452.381',
      avatar: '/static/coins/btc.svg',
      part_cou: '/static/coins/btc.svg',
      full_cou: '/static/coins/btc.svg',
      hot: 1,
      is_new: 0,
      demo: true,
    });
    for (const row of rows) {
      expect(row.demo).toBe(true);
      expect(row.amount).toBe(expectedTurnover(row.close, row.vol));
      for (const field of ['close', 'zdf', 'high', 'low', 'amount', 'vol']) expect(row[field]).toMatch(/^-?\d+(\.\d+)?$/);
    }
    expect(rows.find((row) => row.coin_symbol === 'BNB').zdf).toBe('-0.62');
  });

  it('lists the contracts with their type and trading-path name', async () => {
    const response = await fetchJson(server.api('/coin/open/getContract'));
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      { symbol_name: 'BTC/USDT', contract_type: 1, symbolName: 'BTC_USDT' },
      { symbol_name: 'ETH/USDT', contract_type: 1, symbolName: 'ETH_USDT' },
      { symbol_name: 'SOL/USDT', contract_type: 1, symbolName: 'SOL_USDT' },
      { symbol_name: 'BTC/USD', contract_type: 2, symbolName: 'BTC_USD' },
      { symbol_name: 'ETH/USD', contract_type: 2, symbolName: 'ETH_USD' },
    ]);
  });

  it('answers initData for each type with both lists and the server time', async () => {
    const spot = await fetchJson(server.api('/coin/open/market/initData?type=spot'));
    expect(spot.status).toBe(200);
    expect(spot.body.data.type).toBe('spot');
    expect(spot.body.data.symbols).toHaveLength(SPOT_BASES.length);
    expect(spot.body.data.contracts).toHaveLength(5);
    expect(Math.abs(Date.parse(spot.body.data.serverTime) - Date.now())).toBeLessThan(60_000);

    const contract = await fetchJson(server.api('/coin/open/market/initData?type=contract'));
    const symbols = contract.body.data.symbols as any[];
    expect(symbols.map((row) => [row.symbol_name, row.contract_type])).toEqual([
      ['BTC/USDT', 1],
      ['ETH/USDT', 1],
      ['SOL/USDT', 1],
      ['BTC/USD', 2],
      ['ETH/USD', 2],
    ]);
    expect(symbols[3]).toMatchObject({ close: '67245.8', demo: true, avatar: '/static/coins/btc.svg' });
  });

  it('rejects a missing or unknown type with a 400 naming "type", in the request language', async () => {
    for (const [query, msg] of [['', 'type ist erforderlich'], ['?type=margin', 'type muss einer dieser Werte sein: spot, contract']]) {
      const response = await fetchJson(server.api(`/coin/open/market/initData${query}`), { headers: { 'mj-lang': 'de' } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 400, success: false, msg, data: { field: 'type' } });
    }
  });

  it('names a stray query parameter', async () => {
    const response = await fetchJson(server.api('/coin/open/getSpotSymbols?limit=5'));
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual({ field: 'limit' });
  });

  it('seeds idempotently and drops demo tickers when the site is not a demo', async () => {
    await server.close({ keepData: true });
    const restarted = await startTestServer({ dialect, site: { plugins: ['markets'], features: DEMO_FEATURES }, reuse: server });
    server = restarted;
    const rows = await restarted.context.db.selectFrom('market_symbol').select('symbol').execute();
    expect(rows).toHaveLength(SPOT_BASES.length + 5);

    await restarted.close({ keepData: true });
    const live = await startTestServer({ dialect, site: { plugins: ['markets'], features: LIVE_FEATURES }, reuse: restarted });
    server = live;
    const response = await fetchJson(live.api('/coin/open/getSpotSymbols'));
    const spot = response.body.data as any[];
    expect(spot).toHaveLength(SPOT_BASES.length);
    for (const row of spot) {
      expect(row).toMatchObject({ demo: false, close: null, zdf: null, high: null, low: null, amount: null, vol: null });
    }
  });
});
