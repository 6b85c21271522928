import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCHLIST_LIMIT } from '../../plugins/markets/server/watchlist';
import { availableDialects, fetchJson, startTestServer, type TestDialect, type TestServer } from './harness';

const dialects = await availableDialects();

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('markets watchlist (%s)', (dialect) => {
  let server: TestServer;
  let alice: string;
  let bob: string;

  const call = (token: string | null, path: string, method = 'GET', language = 'en') =>
    fetchJson(server.api(path), { method, headers: { 'mj-lang': language, ...(token ? { 'Blade-Auth': token } : {}) } });
  const listOf = async (token: string) => {
    const response = await call(token, '/coin/quotes/getOptional');
    expect(response.status).toBe(200);
    return response.body.data;
  };
  const rowCount = async () => Number((await server.context.db.selectFrom('market_watchlist').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    server = await startTestServer({ dialect, site: { plugins: ['markets'] } });
    alice = server.mintToken('user', '101');
    bob = server.mintToken('user', '102');
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });

  it('asks for a signed-in member', async () => {
    for (const [path, method] of [['/coin/quotes/getOptional', 'GET'], ['/coin/quotes/addOptional/BTC_USDT/0', 'POST'], ['/coin/quotes/cancelOptional/BTC_USDT/0', 'GET']]) {
      const response = await call(null, path!, method);
      expect(response.status).toBe(401);
      expect(response.body.success).toBe(false);
    }
    const operator = await call(server.mintToken('operator', '1'), '/coin/quotes/getOptional');
    expect(operator.status).toBe(401);
  });

  it('adds spot and contract markets idempotently, oldest first, and answers the new list', async () => {
    expect(await listOf(alice)).toEqual([]);
    const first = await call(alice, '/coin/quotes/addOptional/ETH_USDT/0', 'POST');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([{ symbol_name: 'ETH/USDT', contract_type: 0 }]);
    await call(alice, '/coin/quotes/addOptional/BTC_USD/2', 'POST');
    // The spec's clients call it with GET.
    const again = await call(alice, '/coin/quotes/addOptional/ETH_USDT/0', 'GET');
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual([
      { symbol_name: 'ETH/USDT', contract_type: 0 },
      { symbol_name: 'BTC/USD', contract_type: 2 },
    ]);
    expect(await listOf(alice)).toEqual(again.body.data);
  });

  it('keeps each member to their own list', async () => {
    expect(await listOf(bob)).toEqual([]);
    await call(bob, '/coin/quotes/addOptional/BTC_USDT/1', 'POST');
    const removed = await call(bob, '/coin/quotes/cancelOptional/ETH_USDT/0', 'POST');
    expect(removed.body.data).toEqual([{ symbol_name: 'BTC/USDT', contract_type: 1 }]);
    expect(await listOf(alice)).toEqual([
      { symbol_name: 'ETH/USDT', contract_type: 0 },
      { symbol_name: 'BTC/USD', contract_type: 2 },
    ]);
  });

  it('cancels idempotently', async () => {
    const first = await call(alice, '/coin/quotes/cancelOptional/ETH_USDT/0', 'POST');
    expect(first.body.data).toEqual([{ symbol_name: 'BTC/USD', contract_type: 2 }]);
    const again = await call(alice, '/coin/quotes/cancelOptional/ETH_USDT/0', 'GET');
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual([{ symbol_name: 'BTC/USD', contract_type: 2 }]);
  });

  it('names the field of a malformed pair, an unknown type, an unlisted market or a stray parameter, changing nothing', async () => {
    const before = await rowCount();
    const cases: Array<[string, string]> = [
      ['/coin/quotes/addOptional/BTCUSDT/0', 'a'],
      ['/coin/quotes/addOptional/btc_usdt/0', 'a'],
      ['/coin/quotes/addOptional/BTC_USDT/3', 'b'],
      ['/coin/quotes/addOptional/BTC_USDT/x', 'b'],
      ['/coin/quotes/addOptional/DOGE_EUR/0', 'a'],
      // BTC/USD is listed as a coin-margined contract only.
      ['/coin/quotes/addOptional/BTC_USD/0', 'a'],
      ['/coin/quotes/cancelOptional/NOPE_USDT/0', 'a'],
      ['/coin/quotes/addOptional/BTC_USDT/0?x=1', 'x'],
    ];
    for (const [path, field] of cases) {
      const response = await call(alice, path, 'POST');
      expect(response.status, path).toBe(400);
      expect(response.body, path).toMatchObject({ code: 400, success: false, data: { field } });
    }
    const german = await call(alice, '/coin/quotes/addOptional/DOGE_EUR/0', 'POST', 'de');
    expect(german.body.msg).toBe('Dieser Markt ist nicht gelistet');
    expect(await rowCount()).toBe(before);
  });

  it(`holds at most ${WATCHLIST_LIMIT} markets`, async () => {
    const carol = server.mintToken('user', '103');
    const now = new Date().toISOString();
    await server.context.db
      .insertInto('market_watchlist')
      .values(Array.from({ length: WATCHLIST_LIMIT }, (_, index) => ({ member_id: '103', symbol: `X${index}/USDT`, contract_type: 0, created_at: now })))
      .execute();
    const full = await call(carol, '/coin/quotes/addOptional/BTC_USDT/0', 'POST');
    expect(full.status).toBe(400);
    expect(full.body.data).toEqual({ field: 'a' });
    expect(full.body.msg).toBe(`A watchlist holds at most ${WATCHLIST_LIMIT} markets`);
    // Rows of markets that are not listed are not shown.
    expect(await listOf(carol)).toEqual([]);
  });
});
