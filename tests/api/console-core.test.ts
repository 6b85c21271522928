import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import consoleSite from '../../site-configs/console';
import { fetchJson, startTestServer, TEST_OPERATOR_PASSWORD, type TestServer } from './harness';

describe('console-core API', () => {
  let server: TestServer;

  beforeAll(async () => {
    // console-core alone: the console's other plugins use services of main-site plugins this test does not load
    server = await startTestServer({ consoleSite: { ...consoleSite, plugins: ['console-core'] } });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function login(): Promise<string> {
    const response = await fetchJson(server.api('/console/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_OPERATOR_PASSWORD }),
    });
    expect(response.status).toBe(200);
    return response.body.data.access_token;
  }

  it('returns the signed-in operator', async () => {
    const token = await login();
    const response = await fetchJson(server.api('/console/me'), { headers: { 'Blade-Auth': `bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ username: 'admin' });
    expect(typeof response.body.data.role).toBe('string');
    expect(typeof response.body.data.id).toBe('string');
  });

  it('refuses a missing token, a member token and a token of a disabled operator', async () => {
    expect((await fetchJson(server.api('/console/me'))).status).toBe(401);
    const member = server.mintToken('user', '1');
    expect((await fetchJson(server.api('/console/me'), { headers: { 'Blade-Auth': `bearer ${member}` } })).status).toBe(401);

    const token = await login();
    await server.context.db.updateTable('operator').set({ disabled: 1 }).where('username', '=', 'admin').execute();
    try {
      const response = await fetchJson(server.api('/console/me'), { headers: { 'Blade-Auth': `bearer ${token}` } });
      expect(response.status).toBe(401);
      expect(response.body.success).toBe(false);
    } finally {
      await server.context.db.updateTable('operator').set({ disabled: 0 }).where('username', '=', 'admin').execute();
    }
  });
});
