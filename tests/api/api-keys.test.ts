import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';
import { defineServerPlugin } from '../../core/server';
import apiKeysManifest from '../../plugins/api-keys/plugin';
import apiKeysServer from '../../plugins/api-keys/server';
import { binanceErrorResult, binanceResult, isBinanceError, signedRequestOf } from '../../plugins/api-keys/shared/binance';
import { API_KEYS_SERVICE, type ApiKeysService } from '../../plugins/api-keys/shared/service';
import type { ApiKeyPermission } from '../../plugins/api-keys/shared/types';
import { IDENTITY_SERVICE, type IdentityService } from '../../plugins/identity/shared/service';
import { availableDialects, fetchJson, startTestServer, testIdentityPlugin, type TestDialect, type TestServer } from './harness';
import { testClock } from './identity-harness';
import { memberSignUps, type SignedUpMember } from './member-sign-up';

const MEMBER_PASSWORD = 'Quiet-Lantern-73';
const TRADE_PASSWORD = '246810';
const dialects = await availableDialects();
let counter = 0;
const freshEmail = () => `keys${Date.now().toString(36)}${(counter += 1)}@example.com`;

/** Signed endpoints as the spot plugin mounts them: one per permission, weight taken from the path. */
const probeManifest = definePlugin({ id: 'api-keys-probe', apiVersion: PLUGIN_API_VERSION, dependsOn: ['api-keys'], parts: { server: true }, description: 'Signed test endpoints.' });
const probeServer = defineServerPlugin({
  id: 'api-keys-probe',
  register(registrar) {
    for (const [permission, weight] of [['read', 1], ['trade', 1], ['read', 500]] as Array<[ApiKeyPermission, number]>) {
      for (const method of ['GET', 'POST'] as const) {
        registrar.route({
          method,
          path: `/api/v3/probe/${permission}/${weight}`,
          async handler(request) {
            const auth = await registrar.context.use<ApiKeysService>(API_KEYS_SERVICE).authenticate({ ...signedRequestOf(request), permission, weight });
            return isBinanceError(auth) ? binanceErrorResult(auth) : binanceResult({ memberId: auth.memberId, permissions: auth.permissions, params: auth.params });
          },
        });
      }
    }
  },
});

interface Key {
  apiKey: string;
  secret: string;
}

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('API keys (%s)', (dialect) => {
  // A clock a little after a minute starts, so the per-minute weight test stays inside one window.
  const clock = testClock(Math.floor(Date.now() / 60_000) * 60_000 + 1000);
  let server: TestServer;
  let signUp: (email: string) => Promise<SignedUpMember>;

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      now: clock.now,
      extraPlugins: [
        testIdentityPlugin({ transports: {} }),
        { manifest: apiKeysManifest, server: apiKeysServer },
        { manifest: probeManifest, server: probeServer },
      ],
    });
    signUp = memberSignUps(server, { password: MEMBER_PASSWORD, network: 41 });
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });

  const auth = (token: string) => ({ 'Blade-Auth': `bearer ${token}` });
  const list = (token: string) => fetchJson(server.api('/coin/member/apiKey/list'), { headers: auth(token) });
  const create = (token: string, body: Record<string, unknown>) =>
    fetchJson(server.api('/coin/member/apiKey/create'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth(token) },
      body: JSON.stringify({ tradePassword: TRADE_PASSWORD, ...body }),
    });
  const remove = (token: string, id: string) => fetchJson(server.api(`/coin/member/apiKey/delete/${id}`), { method: 'POST', headers: auth(token) });

  async function member(): Promise<SignedUpMember> {
    const signed = await signUp(freshEmail());
    const set = await fetchJson(server.api('/coin/member/tradePwd'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth(signed.token) },
      body: JSON.stringify({ tradePwd: TRADE_PASSWORD, password: MEMBER_PASSWORD }),
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    return signed;
  }

  async function newKey(token: string, body: Record<string, unknown> = {}): Promise<Key & { id: string }> {
    const created = await create(token, { label: 'bot', trade: true, ...body });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data;
  }

  /** Signs like the `binance` npm client: key=value pairs with encodeURIComponent values, HMAC-SHA256 hex appended last. */
  function signed(key: Key, params: Record<string, string | number>, options: { method?: 'GET' | 'POST'; ip?: string; path?: string } = {}) {
    const all = { ...params, timestamp: params.timestamp ?? clock.now().getTime() };
    const serialised = Object.entries(all)
      .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
      .join('&');
    const signature = createHmac('sha256', key.secret).update(serialised).digest('hex');
    const url = `${server.baseUrl}${options.path ?? '/api/v3/probe/read/1'}`;
    const headers: Record<string, string> = { 'X-MBX-APIKEY': key.apiKey, ...(options.ip ? { 'x-forwarded-for': options.ip } : {}) };
    if (options.method === 'POST') {
      return fetchJson(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: `${serialised}&signature=${signature}` });
    }
    return fetchJson(`${url}?${serialised}&signature=${signature}`, { headers });
  }

  it('answers /api/v3/ping and /api/v3/time in Binance shape, outside the envelope', async () => {
    expect(await fetchJson(`${server.baseUrl}/api/v3/ping`)).toMatchObject({ status: 200, body: {} });
    const time = await fetchJson(`${server.baseUrl}/api/v3/time`);
    expect(time.status).toBe(200);
    expect(time.body).toEqual({ serverTime: clock.now().getTime() });
  });

  it('creates a key with its secret shown once, lists it without the secret, deletes it', async () => {
    const owner = await member();
    const created = await create(owner.token, { label: '  grid   bot ', trade: false, ips: ['203.0.113.7', '10.1.0.0/16', '2001:DB8::/32', '203.0.113.7'] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const key = created.body.data;
    expect(key).toMatchObject({ label: 'grid bot', permissions: ['read'], ips: ['203.0.113.7', '10.1.0.0/16', '2001:db8::/32'], lastUsedAt: null, disabled: false });
    expect(key.apiKey).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(key.secret).toMatch(/^[A-Za-z0-9]{64}$/);

    const listed = await list(owner.token);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toEqual({ ...key, secret: undefined });
    expect(JSON.stringify(listed.body)).not.toContain(key.secret);
    // encrypted at rest
    const row = await server.context.db.selectFrom('api_key').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key.secret);

    const stranger = await member();
    expect((await remove(stranger.token, key.id)).status).toBe(404);
    expect((await remove(owner.token, 'abc')).status).toBe(404);
    expect((await remove(owner.token, key.id)).status).toBe(200);
    expect((await list(owner.token)).body.data).toEqual([]);
    expect((await remove(owner.token, key.id)).status).toBe(404);
    expect((await list('not-a-token')).status).toBe(401);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const owner = await member();
    const refused = async (body: Record<string, unknown>, field: string, status = 400) => {
      const answer = await create(owner.token, { label: 'x', ...body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.data).toMatchObject({ field });
      return answer;
    };
    await refused({ label: 'x'.repeat(41) }, 'label');
    await refused({ label: '   ' }, 'label');
    await refused({ ips: ['10.0.0.0/33'] }, 'ips');
    expect((await refused({ ips: ['my-server'] }, 'ips')).body.msg).toContain('my-server');
    await refused({ ips: Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`) }, 'ips');
    await refused({ withdraw: true }, 'withdraw');
    await refused({ tradePassword: '135799' }, 'tradePassword');
    expect((await list(owner.token)).body.data).toEqual([]);

    const noTradePassword = await signUp(freshEmail());
    const answer = await create(noTradePassword.token, { label: 'x' });
    expect(answer.status).toBe(409);
  });

  it('allows 20 keys per member and refuses the 21st', async () => {
    const owner = await member();
    for (let i = 0; i < 20; i += 1) await newKey(owner.token, { label: `bot ${i}` });
    const answer = await create(owner.token, { label: 'one too many' });
    expect(answer.status).toBe(409);
    expect((await list(owner.token)).body.data).toHaveLength(20);
  });

  describe('signed requests', () => {
    let owner: SignedUpMember;
    let trader: Key & { id: string };

    beforeAll(async () => {
      owner = await member();
      trader = await newKey(owner.token);
    });

    it('accepts a correct signature by query string (GET) and by form body (POST) and records the use', async () => {
      const get = await signed(trader, { symbol: 'BTCUSDT', price: '0.10', recvWindow: 5000 });
      expect(get.status, JSON.stringify(get.body)).toBe(200);
      expect(get.body).toEqual({ memberId: owner.id, permissions: ['read', 'trade'], params: { symbol: 'BTCUSDT', price: '0.10', recvWindow: '5000', timestamp: String(clock.now().getTime()) } });
      const post = await signed(trader, { symbol: 'BTCUSDT', side: 'BUY', quantity: '1.5' }, { method: 'POST', path: '/api/v3/probe/trade/1' });
      expect(post.status, JSON.stringify(post.body)).toBe(200);
      expect((await list(owner.token)).body.data[0].lastUsedAt).toBe(clock.now().toISOString());
    });

    it('refuses a tampered parameter (-1022) and a missing signature (-1102)', async () => {
      const good = await signed(trader, { symbol: 'BTCUSDT', quantity: '1' });
      expect(good.status).toBe(200);
      const timestamp = clock.now().getTime();
      const payload = `symbol=BTCUSDT&quantity=1&timestamp=${timestamp}`;
      const signature = createHmac('sha256', trader.secret).update(payload).digest('hex');
      const tampered = await fetchJson(`${server.baseUrl}/api/v3/probe/read/1?symbol=BTCUSDT&quantity=100&timestamp=${timestamp}&signature=${signature}`, {
        headers: { 'X-MBX-APIKEY': trader.apiKey },
      });
      expect(tampered).toMatchObject({ status: 400, body: { code: -1022, msg: 'Signature for this request is not valid.' } });
      const wrongSecret = await signed({ apiKey: trader.apiKey, secret: 'x'.repeat(64) }, { symbol: 'BTCUSDT' });
      expect(wrongSecret.body.code).toBe(-1022);
      const unsigned = await fetchJson(`${server.baseUrl}/api/v3/probe/read/1?timestamp=${timestamp}`, { headers: { 'X-MBX-APIKEY': trader.apiKey } });
      expect(unsigned).toMatchObject({ status: 400, body: { code: -1102 } });
    });

    it('checks timestamp and recvWindow (-1021, -1131)', async () => {
      const now = clock.now().getTime();
      expect((await signed(trader, { timestamp: now - 5001 })).body).toMatchObject({ code: -1021 });
      expect((await signed(trader, { timestamp: now - 5001, recvWindow: 6000 })).status).toBe(200);
      expect((await signed(trader, { timestamp: now + 1001 })).body).toMatchObject({ code: -1021 });
      expect((await signed(trader, { timestamp: now + 1000 })).status).toBe(200);
      const tooWide = await signed(trader, { recvWindow: 60001 });
      expect(tooWide).toMatchObject({ status: 400, body: { code: -1131 } });
      expect((await signed(trader, { recvWindow: 60000 })).status).toBe(200);
      expect((await signed(trader, { timestamp: 'soon' })).body).toMatchObject({ code: -1102 });
    });

    it('refuses unknown, malformed, disabled and deleted keys', async () => {
      expect(await signed({ apiKey: 'short', secret: trader.secret }, {})).toMatchObject({ status: 401, body: { code: -2014 } });
      const missing = await fetchJson(`${server.baseUrl}/api/v3/probe/read/1?timestamp=1`);
      expect(missing.body.code).toBe(-2014);
      expect(await signed({ apiKey: 'A'.repeat(64), secret: trader.secret }, {})).toMatchObject({ status: 401, body: { code: -2015 } });

      const key = await newKey(owner.token, { label: 'soon disabled' });
      expect((await signed(key, {})).status).toBe(200);
      await server.context.db.updateTable('api_key').set({ disabled: 1 }).where('id', '=', key.id).execute();
      expect((await signed(key, {})).body).toMatchObject({ code: -2015 });
      await server.context.db.updateTable('api_key').set({ disabled: 0 }).where('id', '=', key.id).execute();
      expect((await remove(owner.token, key.id)).status).toBe(200);
      expect((await signed(key, {})).body).toMatchObject({ code: -2015 });
    });

    it('refuses a key of a frozen member', async () => {
      const frozen = await member();
      const key = await newKey(frozen.token);
      expect((await signed(key, {})).status).toBe(200);
      await server.context.use<IdentityService>(IDENTITY_SERVICE).setStatus(frozen.id, 'frozen');
      expect((await signed(key, {})).body).toMatchObject({ code: -2015 });
    });

    it('applies the IP allow-list and the trade permission (-2015)', async () => {
      const fenced = await newKey(owner.token, { label: 'fenced', trade: false, ips: ['198.51.100.0/24', '2001:db8::1'] });
      expect((await signed(fenced, {}, { ip: '198.51.100.77' })).status).toBe(200);
      expect((await signed(fenced, {}, { ip: '2001:db8::1' })).status).toBe(200);
      expect(await signed(fenced, {}, { ip: '198.51.101.1' })).toMatchObject({ status: 401, body: { code: -2015 } });
      const trade = await signed(fenced, {}, { ip: '198.51.100.77', path: '/api/v3/probe/trade/1' });
      expect(trade).toMatchObject({ status: 401, body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' } });
    });

    it('limits the request weight per key and minute (429, then 418)', async () => {
      const busy = await newKey(owner.token, { label: 'busy' });
      const heavy = (key: Key) => signed(key, {}, { path: '/api/v3/probe/read/500' });
      expect((await heavy(busy)).status).toBe(200);
      expect((await heavy(busy)).status).toBe(200);
      expect(await heavy(busy)).toMatchObject({ status: 429, body: { code: -1003 } });
      // another key of the same member has its own budget
      expect((await signed(trader, {})).status).toBe(200);
      expect((await heavy(busy)).status).toBe(429);
      expect(await heavy(busy)).toMatchObject({ status: 418, body: { code: -1003 } });
      clock.advance(60_000);
      expect((await heavy(busy)).status).toBe(200);
    });
  });
});
