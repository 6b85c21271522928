// Arbitrary input to every route the default site and the console mount, through the real server: whatever a
// member, an operator or a stranger sends — the route's own fields with values of any type, path parameters of
// any text — the answer is a result or an error envelope, never a 5xx. The fields come from each route's schema,
// so the generated requests get past the parsing into the handlers. Deterministic (FUZZ_SEED to explore others).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../../core/plugin-api';
import consoleSite from '../../site-configs/console';
import defaultSite from '../../site-configs/default';
import { availableDialects, fetchJson } from './harness';
import { startWalletServer, type WalletTestServer } from './wallet-harness';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
/** A run of every route takes ~135 ms here: the test's time limit grows with FUZZ_RUNS, with room to spare. */
const TIMEOUT_MS = Math.max(30_000, RUNS * 500);
/** Routes that end the caller's own session or sign-in: run last, so that they do not cut the others' coverage. */
const ENDS_A_SESSION = /logout|signout|sign-out|sessions|password|totp|operators/i;

const JUNK_TEXT = ['', ' ', '-1', '0', '1', '1e3', 'NaN', '0x10', '1,5', '99999999999999999999999999', '9007199254740993', '../', '%00', 'BTC/USDT', 'BTC_USDT', 'USDT', 'true', 'null', '[]', '{}'];
const junk = fc.oneof(
  fc.constantFrom(...JUNK_TEXT),
  fc.constantFrom(2 ** 53, -(2 ** 53), 1e300, -1, 0, 1, 0.5, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 40 }),
  fc.jsonValue({ maxDepth: 2 }),
);

type Schema = {
  type?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
  maxLength?: number;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
};

/** Values the demo site knows for fields its routes name alike (a field's schema only says "a string"). */
const KNOWN: Record<string, fc.Arbitrary<unknown>> = {
  currency: fc.constantFrom('USDT', 'BTC', 'ETH'),
  coin: fc.constantFrom('USDT', 'BTC'),
  symbol: fc.constantFrom('BTC/USDT', 'BTC_USDT', 'ETH/USDT'),
  language: fc.constantFrom('en', 'de', 'zh-TW'),
  email: fc.constantFrom('someone@example.com', 'admin@example.com'),
};

/** A value for a field: mostly what its schema allows (now and then just past a bound), sometimes anything. */
function valueOf(schema: Schema): fc.Arbitrary<unknown> {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const typed: Array<fc.Arbitrary<unknown>> = [];
  if (schema.enum) typed.push(fc.constantFrom(...schema.enum));
  else {
    if (types.includes('integer') || types.includes('number')) {
      const min = Math.max(schema.minimum ?? -1000, -(2 ** 31));
      const max = Math.min(schema.maximum ?? 1e6, 2 ** 31 - 1);
      typed.push(fc.oneof({ weight: 6, arbitrary: fc.integer({ min, max }) }, { weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1) }));
    }
    if (types.includes('string')) {
      if (schema.pattern) typed.push(fc.stringMatching(new RegExp(schema.pattern)));
      else if (schema.format === 'date-time') typed.push(fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((date) => date.toISOString()));
      else typed.push(fc.constantFrom(...JUNK_TEXT), fc.string({ maxLength: Math.min(schema.maxLength ?? 20, 40) }));
    }
    if (types.includes('boolean')) typed.push(fc.boolean());
  }
  if (typed.length === 0) return junk;
  return fc.oneof({ weight: 9, arbitrary: fc.oneof(...typed) }, { weight: 1, arbitrary: junk });
}

/** An object of the schema's fields (mostly with the required ones) and, now and then, a field it does not name. */
function objectOf(schema: Schema | undefined): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([key, field]) => [key, KNOWN[key] ? fc.oneof(KNOWN[key], valueOf(field)) : valueOf(field)]));
  const required = (schema?.required ?? []).filter((key) => key in fields);
  const record = fc.oneof({ weight: 4, arbitrary: fc.record(fields, { requiredKeys: required }) }, { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) });
  return fc.tuple(record, fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), junk) })).map(([object, extra]) => (extra ? { ...object, [extra[0]]: extra[1] } : object));
}

/** A path parameter: a small id, a market, or any text. */
const segment = fc.oneof(
  fc.constantFrom('1', '2', '0', '-1', 'BTC_USDT', 'BTC', 'USDT', 'all', '9007199254740993', '1e3', 'x'),
  fc.string({ minLength: 1, maxLength: 12 }),
);

/** The query string of an object: a JSON text for what is not a string, number or boolean. */
function queryOf(object: Record<string, unknown>): string {
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value));
  return new URLSearchParams(Object.entries(object).map(([key, value]) => [key, text(value)])).toString();
}

describe.each(await availableDialects())('every route under arbitrary input (%s)', (dialect) => {
  let server: WalletTestServer;
  const tokens = { member: '', operator: '' };

  beforeAll(async () => {
    server = await startWalletServer(dialect, { site: { plugins: defaultSite.plugins }, consoleSite });
    const member = await server.signUp({ tradePassword: true });
    await server.credit(member.id, 'USDT', '100000');
    tokens.member = member.token;
    tokens.operator = await server.operatorToken();
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });

  it('answers every route with a result or a 4xx envelope', async () => {
    const routes = [...server.server.routes].sort((a, b) => Number(ENDS_A_SESSION.test(a.path)) - Number(ENDS_A_SESSION.test(b.path)));
    expect(routes.length).toBeGreaterThan(100);
    // each caller got answers, not only refusals (a token the run had signed out would get only 401s)
    const answered = new Set<string>();
    for (const route of routes) {
      const caller = fc.oneof(
        { weight: 6, arbitrary: fc.constant(route.auth === 'operator' ? 'operator' : route.auth === 'user' ? 'member' : 'none') },
        { weight: 1, arbitrary: fc.constantFrom('none', 'member', 'operator') },
      );
      const request = fc.record({
        params: fc.array(segment, { minLength: 4, maxLength: 4 }),
        query: objectOf(route.schema?.querystring as Schema | undefined),
        body: fc.oneof({ weight: 5, arbitrary: objectOf(route.schema?.body as Schema | undefined) }, { weight: 1, arbitrary: junk }),
        caller,
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ params, query, body, caller }) => {
          const response = await send(route, params, query, body, caller === 'none' ? undefined : tokens[caller as 'member' | 'operator']);
          expect(response.status, `${route.method} ${route.path}: ${JSON.stringify(response.body)}`).toBeLessThan(500);
          if (response.status < 300) answered.add(caller);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    expect([...answered].sort()).toEqual(['member', 'none', 'operator']);
  }, TIMEOUT_MS);

  function send(route: RouteDefinition, params: string[], query: Record<string, unknown>, body: unknown, token: string | undefined) {
    let n = 0;
    const path = route.path.replace(/:[A-Za-z_]+|\{[A-Za-z_]+\}/g, () => encodeURIComponent(params[n++ % params.length]!));
    const url = `${path.startsWith('/api/') ? `${server.baseUrl}${path}` : server.api(path)}${Object.keys(query).length > 0 ? `?${queryOf(query)}` : ''}`;
    const headers: Record<string, string> = token ? { 'Blade-Auth': `bearer ${token}` } : {};
    if (route.method === 'GET' || route.method === 'DELETE') return fetchJson(url, { method: route.method, headers });
    return fetchJson(url, { method: route.method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }
});
