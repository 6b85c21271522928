import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../core/server/console/totp';
import consoleCoreManifest from '../../plugins/console-core/plugin';
import consoleCoreServer from '../../plugins/console-core/server';
import identityConsoleManifest from '../../plugins/identity-console/plugin';
import identityConsoleServer from '../../plugins/identity-console/server';
import kycManifest from '../../plugins/kyc/plugin';
import kycServer from '../../plugins/kyc/server';
import { consoleCall, signInAndBindTotp } from './console-harness';
import { availableDialects, fetchJson, startTestServer, TEST_OPERATOR_PASSWORD, testIdentityPlugin, type TestServer } from './harness';

const dialects = await availableDialects();
const STAFF_PASSWORD = 'Staff-Password-42';

// a GET of each guarded console route and the permission it needs
const GUARDED = {
  members: '/console/identity/members',
  kyc: '/console/kyc/applications',
  returns: '/console/identity/return-applies',
  mailbox: '/console/dev/mailbox',
  audit: '/console/audit',
  operators: '/console/operators',
} as const;

const EXPECTED: Record<string, Record<keyof typeof GUARDED, number>> = {
  administrator: { members: 200, kyc: 200, returns: 200, mailbox: 200, audit: 200, operators: 200 },
  compliance: { members: 200, kyc: 200, returns: 403, mailbox: 403, audit: 200, operators: 403 },
  finance: { members: 200, kyc: 403, returns: 200, mailbox: 403, audit: 403, operators: 403 },
  support: { members: 200, kyc: 403, returns: 403, mailbox: 200, audit: 403, operators: 403 },
  content: { members: 403, kyc: 403, returns: 403, mailbox: 403, audit: 403, operators: 403 },
};

describe.each(dialects)('console roles, permissions, TOTP and audit (%s)', (dialect) => {
  let server: TestServer;
  let clock = Date.parse('2026-03-01T10:00:05Z');
  let admin: { token: string; secret: string };
  const staff = new Map<string, { id: string; token: string; secret: string }>();
  let ipCounter = 0;
  // each sign-in from its own address, so the per-IP failure limit of one test never leaks into the next
  const login = (body: unknown, language = 'en') =>
    fetchJson(server.api('/console/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mj-lang': language, 'x-forwarded-for': `10.7.0.${(ipCounter += 1)}` },
      body: JSON.stringify(body),
    });
  const auditRows = (action: string) =>
    server.context.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'asc').execute();

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      now: () => new Date(clock),
      extraPlugins: [
        testIdentityPlugin({ transports: {} }),
        { manifest: kycManifest, server: kycServer },
        { manifest: consoleCoreManifest, server: consoleCoreServer },
        { manifest: identityConsoleManifest, server: identityConsoleServer },
      ],
    });
    admin = await signInAndBindTotp(server, 'admin', TEST_OPERATOR_PASSWORD);
  });
  afterAll(async () => {
    expect(server.unexpectedErrors).toEqual([]);
    await server.close();
  });

  it('lets the administrator add an operator of each role, audited, and refuses duplicates and unknown roles', async () => {
    for (const role of ['compliance', 'finance', 'support', 'content']) {
      const username = `${role}-one`;
      const created = await consoleCall(server, '/console/operators', admin.token, { username, role, password: STAFF_PASSWORD });
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({ username, role, disabled: false, totpBound: false });
      const signedIn = await signInAndBindTotp(server, username, STAFF_PASSWORD);
      staff.set(role, { id: created.body.data.id, ...signedIn });
    }
    const created = await auditRows('console.operator.create');
    expect(created).toHaveLength(4);
    expect(JSON.parse(created[0].after_json)).toEqual({ username: 'compliance-one', role: 'compliance' });
    expect(JSON.parse(created[0].after_json)).not.toHaveProperty('password');

    const duplicate = await consoleCall(server, '/console/operators', admin.token, { username: 'support-one', role: 'support', password: STAFF_PASSWORD });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.data).toEqual({ field: 'username' });
    const badRole = await consoleCall(server, '/console/operators', admin.token, { username: 'someone', role: 'root', password: STAFF_PASSWORD });
    expect(badRole.status).toBe(400);
    expect(badRole.body.data).toEqual({ field: 'role' });
    const shortPassword = await consoleCall(server, '/console/operators', admin.token, { username: 'someone', role: 'support', password: 'short' });
    expect(shortPassword.body.data).toEqual({ field: 'password' });

    const listed = await consoleCall(server, '/console/operators', admin.token);
    expect(listed.body.data.map((row: { username: string; totpBound: boolean }) => [row.username, row.totpBound])).toEqual([
      ['admin', true],
      ['compliance-one', true],
      ['finance-one', true],
      ['support-one', true],
      ['content-one', true],
    ]);
    expect(JSON.stringify(listed.body.data)).not.toMatch(/argon2|totp_secret/);
  });

  it('enforces each role’s permissions on every guarded route', async () => {
    const tokens: Record<string, string> = { administrator: admin.token };
    for (const [role, operator] of staff) tokens[role] = operator.token;
    const actual: Record<string, Record<string, number>> = {};
    for (const [role, token] of Object.entries(tokens)) {
      actual[role] = {};
      for (const [name, path] of Object.entries(GUARDED)) actual[role][name] = (await consoleCall(server, path, token)).status;
    }
    expect(actual).toEqual(EXPECTED);
  });

  it('refuses a support agent KYC review and returns processing in the request language', async () => {
    const support = staff.get('support')!;
    const kyc = await consoleCall(server, '/console/kyc/applications/1/approve', support.token, {}, 'de');
    expect(kyc.status).toBe(403);
    expect(kyc.body).toEqual({ code: 403, success: false, msg: 'Ihre Rolle erlaubt dies nicht', data: null });
    const returns = await consoleCall(server, '/console/identity/return-applies/1/complete', support.token, {}, 'fr');
    expect(returns.status).toBe(403);
    expect(returns.body.msg).toBe('Votre rôle ne permet pas cette action');
    const mailbox = await consoleCall(server, '/console/dev/mailbox', staff.get('content')!.token, undefined, 'zh-TW');
    expect(mailbox.body.msg).toBe('您的角色無權執行此操作');
  });

  it('keeps an operator without TOTP to the binding routes until it is bound', async () => {
    await consoleCall(server, '/console/operators', admin.token, { username: 'newcomer', role: 'support', password: STAFF_PASSWORD });
    const signedIn = await login({ username: 'newcomer', password: STAFF_PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.totpBound).toBe(false);
    const token = signedIn.body.data.access_token;

    const me = await consoleCall(server, '/console/me', token);
    expect(me.body.data).toMatchObject({ username: 'newcomer', role: 'support', totpBound: false, permissions: expect.arrayContaining(['mailbox.read']) });
    const blocked = await consoleCall(server, '/console/dev/mailbox', token, undefined, 'en');
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ msg: 'Bind an authenticator app (TOTP) before using the console', data: { field: 'totp' } });

    const offer = await consoleCall(server, '/console/me/totp/secret', token, {});
    expect(offer.body.data.uri).toMatch(/^otpauth:\/\/totp\/.*algorithm=SHA1&digits=6&period=30/);
    expect(offer.body.data.qr).toMatch(/^data:image\/png;base64,/);
    const wrong = await consoleCall(server, '/console/me/totp', token, { code: '000000' === totpCode(offer.body.data.secret, clock) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toEqual({ field: 'code' });
    expect((await consoleCall(server, '/console/me/totp', token, { code: totpCode(offer.body.data.secret, clock) })).status).toBe(200);
    expect((await consoleCall(server, '/console/dev/mailbox', token)).status).toBe(200);
    expect((await consoleCall(server, '/console/me/totp/secret', token, {})).status).toBe(409);
    // admin, the four of the first test and the newcomer
    expect(await auditRows('console.totp.bind')).toHaveLength(6);
  });

  it('asks for the code once TOTP is bound and accepts each code once', async () => {
    clock += 60_000;
    const noCode = await login({ username: 'admin', password: TEST_OPERATOR_PASSWORD });
    expect(noCode.status).toBe(405);
    expect(noCode.body).toMatchObject({ msg: 'Enter the code from your authenticator app', data: { field: 'code' } });

    const code = totpCode(admin.secret, clock);
    const first = await login({ username: 'admin', password: TEST_OPERATOR_PASSWORD, code });
    expect(first.status).toBe(200);
    expect(first.body.data.totpBound).toBe(true);
    expect((await consoleCall(server, '/console/audit', first.body.data.access_token)).status).toBe(200);

    const replay = await login({ username: 'admin', password: TEST_OPERATOR_PASSWORD, code }, 'de');
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ msg: 'Der Code ist falsch oder wurde bereits verwendet', data: { field: 'code' } });
    // the previous step's code is older than the one accepted, so it is refused too
    expect((await login({ username: 'admin', password: TEST_OPERATOR_PASSWORD, code: totpCode(admin.secret, clock - 30_000) })).status).toBe(401);
    const wrongPassword = await login({ username: 'admin', password: 'not-it', code: totpCode(admin.secret, clock + 30_000) });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.data).toBeNull();
    expect((await login({ username: 'admin', password: TEST_OPERATOR_PASSWORD, code: totpCode(admin.secret, clock + 30_000) })).status).toBe(200);
    expect((await auditRows('console.login.totpFailure')).length).toBe(2);
  });

  it('changes a role and disables an operator at once, audited with before and after; a disabled operator is refused', async () => {
    const support = staff.get('support')!;
    const promoted = await consoleCall(server, `/console/operators/${support.id}`, admin.token, { role: 'compliance' });
    expect(promoted.body.data).toMatchObject({ role: 'compliance', disabled: false });
    expect((await consoleCall(server, '/console/kyc/applications', support.token)).status).toBe(200);

    const disabled = await consoleCall(server, `/console/operators/${support.id}`, admin.token, { disabled: true });
    expect(disabled.body.data).toMatchObject({ disabled: true });
    expect((await consoleCall(server, '/console/kyc/applications', support.token)).status).toBe(401);
    expect((await consoleCall(server, '/console/me', support.token)).status).toBe(401);
    clock += 60_000;
    const refused = await login({ username: 'support-one', password: STAFF_PASSWORD, code: totpCode(support.secret, clock) });
    expect(refused.status).toBe(401);

    const updates = await auditRows('console.operator.update');
    expect(updates.map((row) => [row.target, JSON.parse(row.before_json), JSON.parse(row.after_json), row.operator_id])).toEqual([
      [`operator/${support.id}`, { role: 'support', disabled: false }, { role: 'compliance', disabled: false }, '1'],
      [`operator/${support.id}`, { role: 'compliance', disabled: false }, { role: 'compliance', disabled: true }, '1'],
    ]);
    const compliance = staff.get('compliance')!;
    const byNonAdmin = await consoleCall(server, `/console/operators/${support.id}`, compliance.token, { disabled: false });
    expect(byNonAdmin.status).toBe(403);
    expect((await auditRows('console.operator.update')).length).toBe(2);
  });

  it('keeps the last administrator', async () => {
    const demote = await consoleCall(server, '/console/operators/1', admin.token, { role: 'support' });
    expect(demote.status).toBe(409);
    expect(demote.body.data).toEqual({ field: 'role' });
    expect((await consoleCall(server, '/console/operators/1', admin.token, { disabled: true })).status).toBe(409);
    expect((await consoleCall(server, '/console/operators/999', admin.token, { disabled: true })).status).toBe(404);
    expect((await consoleCall(server, '/console/operators/1', admin.token, {})).status).toBe(400);
  });

  it('changes the operator’s own password with the current one, audited', async () => {
    const finance = staff.get('finance')!;
    const wrong = await consoleCall(server, '/console/me/password', finance.token, { oldPassword: 'nope', newPassword: 'Another-Password-9' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toEqual({ field: 'oldPassword' });
    expect((await consoleCall(server, '/console/me/password', finance.token, { oldPassword: STAFF_PASSWORD, newPassword: 'short' })).body.data).toEqual({ field: 'newPassword' });
    const changed = await consoleCall(server, '/console/me/password', finance.token, { oldPassword: STAFF_PASSWORD, newPassword: 'Another-Password-9' });
    expect(changed.status).toBe(200);
    const row = await server.context.db.selectFrom('operator').select('password_hash').where('username', '=', 'finance-one').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    clock += 60_000;
    expect((await login({ username: 'finance-one', password: STAFF_PASSWORD, code: totpCode(finance.secret, clock) })).status).toBe(401);
    expect((await login({ username: 'finance-one', password: 'Another-Password-9', code: totpCode(finance.secret, clock) })).status).toBe(200);
    const audited = await auditRows('console.password.change');
    expect(audited.map((entry) => entry.operator_id)).toEqual([finance.id]);
    expect(`${audited[0].before_json}${audited[0].after_json}`).not.toContain('Another-Password-9');
  });

  it('searches the audit log by operator, action and time, newest first and paged', async () => {
    const all = await consoleCall(server, '/console/audit?size=5', admin.token);
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ size: 5, current: 1 });
    expect(all.body.data.records).toHaveLength(5);
    const ids = all.body.data.records.map((record: { id: string }) => Number(record.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const updates = await consoleCall(server, '/console/audit?action=console.operator.up&operator=1', admin.token);
    expect(updates.body.data.total).toBe(2);
    expect(updates.body.data.records[0]).toMatchObject({ operatorId: '1', operatorName: 'admin', action: 'console.operator.update', after: { disabled: true } });

    const before = await consoleCall(server, `/console/audit?to=${encodeURIComponent('2026-03-01T10:00:30Z')}&action=console.operator.create`, admin.token);
    // the four of the first test and the newcomer, all created before the clock moved on
    expect(before.body.data.total).toBe(5);
    const later = await consoleCall(server, `/console/audit?from=${encodeURIComponent(new Date(clock).toISOString())}`, admin.token);
    expect(later.body.data.records.every((record: { createdAt: string }) => record.createdAt >= new Date(clock).toISOString())).toBe(true);
    expect(later.body.data.total).toBeGreaterThan(0);

    const page2 = await consoleCall(server, '/console/audit?size=5&page=2', admin.token);
    expect(Number(page2.body.data.records[0].id)).toBeLessThan(Math.min(...ids));
    expect((await consoleCall(server, '/console/audit?size=500', admin.token)).body.data).toEqual({ field: 'size' });
    expect((await consoleCall(server, '/console/audit?from=yesterday', admin.token)).body.data).toEqual({ field: 'from' });
    expect((await consoleCall(server, '/console/audit?action=a%25b', admin.token)).body.data).toEqual({ field: 'action' });
  });

  it('has no way to change or remove an audit entry', async () => {
    const [first] = (await consoleCall(server, '/console/audit?size=1', admin.token)).body.data.records;
    const headers = { 'Blade-Auth': `bearer ${admin.token}`, 'content-type': 'application/json' };
    for (const method of ['PUT', 'DELETE', 'POST', 'PATCH']) {
      for (const path of ['/console/audit', `/console/audit/${first.id}`]) {
        const response = await fetchJson(server.api(path), { method, headers, body: JSON.stringify({ action: 'x' }) });
        expect([404, 405]).toContain(response.status);
      }
    }
    const again = (await consoleCall(server, '/console/audit?size=1', admin.token)).body.data.records[0];
    expect(again).toEqual(first);
  });
});
