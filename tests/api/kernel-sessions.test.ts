import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, defineServerPlugin } from '../../core/plugin-api';
import { availableDialects, fetchJson, startTestServer, type TestServer } from './harness';

const dialects = await availableDialects();

/** A route that answers who is calling, and one that ends the caller's session. */
const sessionPlugin = {
  manifest: definePlugin({ id: 'session-test', apiVersion: 1, parts: { server: true }, description: 'session test plugin' }),
  server: defineServerPlugin({
    id: 'session-test',
    register(registrar) {
      registrar.route({ method: 'GET', path: '/session-test/me', auth: 'user', handler: (request) => request.principal });
      registrar.route({
        method: 'POST',
        path: '/session-test/sign-out',
        auth: 'user',
        async handler(request) {
          await registrar.context.sessions.revoke(request.principal!.sessionId!, new Date(Date.now() + 3600_000));
          return null;
        },
      });
    },
  }),
};

async function mqttConnects(server: TestServer, token: string): Promise<boolean> {
  const client = mqtt.connect(`${server.baseUrl.replace('http', 'ws')}/mqtt`, { username: 'bearer', password: token, reconnectPeriod: 0, connectTimeout: 5000 });
  try {
    return await new Promise<boolean>((resolve) => {
      client.once('connect', () => resolve(true));
      client.once('error', () => resolve(false));
    });
  } finally {
    client.end(true);
  }
}

describe.each(dialects)('revoked sessions (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect, extraPlugins: [sessionPlugin] });
  });
  afterAll(async () => server?.close());

  const tokenOf = (sessionId: string) => server.context.issueAccessToken({ kind: 'user', id: '42', sessionId }).token;
  const me = (token: string) => fetchJson(server.api('/session-test/me'), { headers: { 'blade-auth': `bearer ${token}` } });

  it('stops the tokens of a revoked session at once, over HTTP and realtime, and keeps other sessions', async () => {
    const phone = tokenOf('phone-session');
    const laptop = tokenOf('laptop-session');
    expect((await me(phone)).body.data).toMatchObject({ id: '42', sessionId: 'phone-session' });
    expect(await mqttConnects(server, phone)).toBe(true);

    const signOut = await fetchJson(server.api('/session-test/sign-out'), { method: 'POST', headers: { 'blade-auth': `bearer ${phone}` } });
    expect(signOut.status).toBe(200);

    expect((await me(phone)).status).toBe(401);
    expect(await mqttConnects(server, phone)).toBe(false);
    expect((await me(laptop)).status).toBe(200);
  });

  it('remembers revocations across a restart', async () => {
    const token = tokenOf('tablet-session');
    await server.context.sessions.revoke('tablet-session', new Date(Date.now() + 3600_000));
    await server.close({ keepData: true });
    server = await startTestServer({ dialect, extraPlugins: [sessionPlugin], reuse: server, tokenSecret: server.tokenSecret });
    expect((await me(token)).status).toBe(401);
    expect((await me(tokenOf('other-session'))).status).toBe(200);
  });
});
