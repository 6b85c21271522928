import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../../core/server/auth/tokens';
import { availableDialects, fetchJson, startTestServer, TEST_OPERATOR_PASSWORD, type TestServer } from './harness';

const dialects = await availableDialects();

describe.each(dialects)('operator console sign-in (%s)', (dialect) => {
  let server: TestServer;
  let clock = Date.parse('2025-01-01T00:00:00Z');
  const login = (body: unknown, ip = '127.0.0.1', language = 'en') =>
    fetchJson(server.api('/console/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mj-lang': language, 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });
  const auditRows = () => server.context.db.selectFrom('audit_log').selectAll().orderBy('id', 'asc').execute();

  beforeAll(async () => {
    server = await startTestServer({ dialect, now: () => new Date(clock) });
  });
  afterAll(async () => {
    expect(server.unexpectedErrors).toEqual([]);
    await server.close();
  });

  it('creates the first operator with an argon2id hash', async () => {
    const operators = await server.context.db.selectFrom('operator').selectAll().execute();
    expect(operators).toHaveLength(1);
    expect(operators[0]).toMatchObject({ username: 'admin', role: 'administrator' });
    expect(operators[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(operators[0].password_hash).not.toContain(TEST_OPERATOR_PASSWORD);
  });

  it('signs in with the right password and returns an operator token', async () => {
    const { status, body } = await login({ username: 'admin', password: TEST_OPERATOR_PASSWORD });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ token_type: 'bearer', expires_in: 604800, operator: { username: 'admin', role: 'administrator' }, totpBound: false });
    const principal = verifyAccessToken(body.data.access_token, server.tokenSecret, Math.floor(clock / 1000));
    expect(principal).toMatchObject({ kind: 'operator', id: body.data.operator.id });
    const rows = await auditRows();
    expect(rows.at(-1)).toMatchObject({ action: 'console.login.success', operator_id: body.data.operator.id, target: 'admin' });
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const wrong = await login({ username: 'admin', password: 'nope' }, '10.0.0.1', 'de');
    const unknown = await login({ username: 'ghost', password: 'nope' }, '10.0.0.2', 'de');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ code: 401, success: false, msg: 'Benutzername oder Passwort ist falsch', data: null });
    const failures = (await auditRows()).filter((row) => row.action === 'console.login.failure');
    expect(failures.map((row) => [row.target, row.operator_id === null])).toEqual([
      ['admin', false],
      ['ghost', true],
    ]);
  });

  it('rejects a body without a password, naming the field', async () => {
    const { status, body } = await login({ username: 'admin' });
    expect(status).toBe(400);
    expect(body.data).toEqual({ field: 'password' });
  });

  it('blocks a username after 5 failures in 15 minutes with 429, even with the right password', async () => {
    // one failure for "admin" happened in the previous test; each attempt comes from another IP
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await login({ username: 'admin', password: `wrong-${attempt}` }, `10.0.1.${attempt}`)).status).toBe(401);
    }
    const blocked = await login({ username: 'admin', password: TEST_OPERATOR_PASSWORD }, '10.0.2.1', 'en');
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toBe('Too many failed sign-in attempts, please try again in 15 minutes');
    expect((await auditRows()).at(-1)).toMatchObject({ action: 'console.login.blocked', target: 'admin' });

    clock += 15 * 60 * 1000 + 1;
    expect((await login({ username: 'admin', password: TEST_OPERATOR_PASSWORD }, '10.0.2.1')).status).toBe(200);
  });

  it('blocks an IP after 5 failures across usernames', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login({ username: `user${attempt}`, password: 'x' }, '10.9.9.9')).status).toBe(401);
    }
    expect((await login({ username: 'someone-else', password: 'x' }, '10.9.9.9')).status).toBe(429);
    expect((await login({ username: 'someone-else', password: 'x' }, '10.9.9.10')).status).toBe(401);
    clock += 15 * 60 * 1000 + 1;
  });

  it('lets an operator token use the upload endpoint', async () => {
    const operatorToken = server.mintToken('operator', '1');
    const upload = await fetchJson(server.api('/cgform-api/upload/file'), { method: 'POST', headers: { 'blade-auth': `bearer ${operatorToken}` } });
    // authenticated, so the request gets as far as the body check
    expect(upload.status).toBe(415);
  });
});

describe.each(dialects)('audit log (%s)', (dialect) => {
  it('records entries given through context.audit', async () => {
    const server = await startTestServer({ dialect });
    try {
      await server.context.audit.record({ operatorId: '1', action: 'cgform.update', target: 'nav/3', before: { nav_show: 1 }, after: { nav_show: 0 }, ip: '10.1.1.1' });
      const row = await server.context.db.selectFrom('audit_log').selectAll().where('action', '=', 'cgform.update').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ operator_id: '1', target: 'nav/3', ip: '10.1.1.1' });
      expect(JSON.parse(row.before_json)).toEqual({ nav_show: 1 });
      expect(JSON.parse(row.after_json)).toEqual({ nav_show: 0 });
    } finally {
      await server.close();
    }
  });
});

describe('first start without OPERATOR_PASSWORD', () => {
  it('generates a password, announces it once with the console URL, and the password works', async () => {
    const server = await startTestServer({ operatorPassword: null });
    try {
      expect(server.announcements).toHaveLength(1);
      const notice = server.announcements[0];
      expect(notice).toContain(`${server.baseUrl}/console/`);
      expect(notice).toContain('username: admin');
      expect(notice).toMatch(/Change it after signing in/);
      const password = /password: (\S+)/.exec(notice)![1];
      expect(password).toHaveLength(24);
      const { status } = await fetchJson(server.api('/console/auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      expect(status).toBe(200);
      await server.close({ keepData: true });
      const restarted = await startTestServer({ reuse: server, operatorPassword: null });
      expect(restarted.announcements).toEqual([]);
      await restarted.close();
    } catch (error) {
      await server.close().catch(() => undefined);
      throw error;
    }
  });
});
