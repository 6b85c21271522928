// Shared set-up of the identity API tests: a server with the identity plugin, a clock the tests move,
// and small clients for the identity endpoints.
import { randomBytes } from 'node:crypto';
import { clientAuthorizationHeader } from '../../core/server';
import { latestCodeFor, type Argon2Cost } from '../../plugins/identity/server';
import { fetchJson, startTestServer, testIdentityPlugin, type JsonResponse, type TestDialect, type TestServer } from './harness';

export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export function testClock(start = Date.now()): TestClock {
  let ms = start;
  return { now: () => new Date(ms), advance: (by) => (ms += by) };
}

export const HOUR_MS = 60 * 60 * 1000;
export const TOKEN_PATH = '/api/blade-auth/oauth/token';

export interface IdentityTestServer extends TestServer {
  clock: TestClock;
  /** Sends a code request from the given client IP (X-Forwarded-For; the test server trusts it). */
  sendEmailCode(email: string, type: string, ip?: string): Promise<JsonResponse>;
  sendSmsCode(areaCode: string, phone: string, type: string, ip?: string): Promise<JsonResponse>;
  register(body: Record<string, unknown>, ip?: string): Promise<JsonResponse>;
  /** Sends a code and signs up with it; returns the register answer. */
  signUp(email: string, password: string, inviteCode?: string, ip?: string): Promise<JsonResponse>;
  /** POST to the token endpoint with the site's client credentials and tenant unless overridden. */
  token(params: Record<string, string>, options?: { headers?: Record<string, string>; ip?: string; body?: unknown }): Promise<JsonResponse>;
  login(username: string, password: string, options?: { deviceId?: string; ip?: string }): Promise<JsonResponse>;
  latestCode(to: string): Promise<string | null>;
  inviteCodeOf(email: string): Promise<string>;
}

/** `passwordCost`: of member passwords; default the cheap TEST_PASSWORD_HASHING (testIdentityPlugin). */
export async function startIdentityServer(dialect: TestDialect, options: { passwordCost?: Argon2Cost } = {}): Promise<IdentityTestServer> {
  const clock = testClock();
  const tokenSecret = randomBytes(32).toString('hex');
  const server = await startTestServer({
    dialect,
    tokenSecret,
    now: clock.now,
    extraPlugins: [testIdentityPlugin({ transports: {}, ...options })],
  });
  const from = (ip = '10.0.0.1') => ({ 'x-forwarded-for': ip });
  const basic = clientAuthorizationHeader(server.site);
  const { tenantId } = server.site.api;

  const self: IdentityTestServer = Object.assign(server, {
    clock,
    sendEmailCode: (email: string, type: string, ip?: string) =>
      fetchJson(`${server.api('/coin/open/send/email')}?${new URLSearchParams({ email, type })}`, { headers: from(ip) }),
    sendSmsCode: (areaCode: string, phone: string, type: string, ip?: string) =>
      fetchJson(`${server.api('/coin/open/send/sms')}?${new URLSearchParams({ areaCode, phone, type })}`, { headers: from(ip) }),
    register: (body: Record<string, unknown>, ip?: string) =>
      fetchJson(server.api('/coin/open/register'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from(ip) },
        body: JSON.stringify(body),
      }),
    async signUp(email: string, password: string, inviteCode?: string, ip?: string) {
      const sent = await self.sendEmailCode(email, 'register', ip);
      if (sent.status !== 200) return sent;
      const code = await self.latestCode(email);
      return self.register({ account: 'email', email, code, password, inviteCode }, ip);
    },
    token: (params: Record<string, string>, options: { headers?: Record<string, string>; ip?: string; body?: unknown } = {}) =>
      fetchJson(`${server.baseUrl}${TOKEN_PATH}?${new URLSearchParams({ tenantId, scope: 'all', type: 'account', ...params })}`, {
        method: 'POST',
        headers: {
          authorization: basic,
          'tenant-id': tenantId,
          ...from(options.ip),
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      }),
    login: (username: string, password: string, options: { deviceId?: string; ip?: string } = {}) =>
      self.token(
        { grant_type: 'password', username, password, ...(options.deviceId ? { deviceId: options.deviceId } : {}) },
        { ip: options.ip },
      ),
    latestCode: (to: string) => latestCodeFor(server.context.db, to),
    async inviteCodeOf(email: string) {
      const row = await server.context.db.selectFrom('member').select('invite_code').where('email', '=', email).executeTakeFirstOrThrow();
      return String(row.invite_code);
    },
  });
  return self;
}

/** Every test starts in a fresh hour, so the per-IP and per-address limits of earlier tests do not apply. */
export function nextHour(server: IdentityTestServer): void {
  server.clock.advance(HOUR_MS);
}
