import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAuthorizationHeader } from '../../core/server';
import consoleSite from '../../site-configs/console';
import defaultSite from '../../site-configs/default';
import { availableDialects, fetchJson, startTestServer, type TestDialect } from './harness';
import { IMAGES, MEMBER_PASSWORD, startKycServer, type KycTestServer } from './kyc-harness';

const dialects = await availableDialects();
let counter = 0;
const freshEmail = () => `ic${Date.now().toString(36)}${(counter += 1)}@example.com`;

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('identity console (%s)', (dialect) => {
  let server: KycTestServer;

  beforeAll(async () => {
    server = await startKycServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });

  const asOperator = (path: string, body?: unknown) =>
    body === undefined ? server.get(path, server.operatorToken) : server.post(path, body, server.operatorToken);

  const login = (email: string) => {
    const { tenantId } = server.site.api;
    const query = new URLSearchParams({ tenantId, scope: 'all', type: 'account', grant_type: 'password' });
    return fetchJson(`${server.baseUrl}/api/blade-auth/oauth/token?${query}`, {
      method: 'POST',
      headers: { authorization: clientAuthorizationHeader(server.site), 'tenant-id': tenantId, 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify({ username: email, password: MEMBER_PASSWORD, deviceId: 'console-test-device' }),
    });
  };

  it('finds members by uid, by part of the email and by status, and audits the search', async () => {
    const email = freshEmail();
    const member = await server.signUp(email);
    await server.signUp(freshEmail());

    const byUid = await asOperator(`/console/identity/members?search=${member.uid}`);
    expect(byUid.status).toBe(200);
    expect(byUid.body.data.records.map((record: { id: string }) => record.id)).toContain(member.id);
    expect(byUid.body.data).toMatchObject({ current: 1, size: 20 });

    const byEmail = await asOperator(`/console/identity/members?search=${encodeURIComponent(email.split('@')[0])}&page=1&size=5`);
    expect(byEmail.body.data.records).toEqual([expect.objectContaining({ id: member.id, email, status: 'active' })]);
    expect(byEmail.body.data.total).toBe(1);

    const frozen = await asOperator('/console/identity/members?status=frozen');
    expect(frozen.body.data.records.some((record: { id: string }) => record.id === member.id)).toBe(false);

    expect((await asOperator('/console/identity/members?status=gone')).body.data).toEqual({ field: 'status' });
    expect((await asOperator('/console/identity/members?size=1000')).status).toBe(400);
    expect((await server.auditRows('member.search')).length).toBeGreaterThan(0);
  });

  it('shows a member with the latest KYC state', async () => {
    const member = await server.signUp(freshEmail());
    const none = await asOperator(`/console/identity/members/${member.id}`);
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({ member: { id: member.id, uid: member.uid }, kyc: null });

    const images: Record<string, string> = {};
    for (const [which, make] of [['front', IMAGES.jpeg], ['back', IMAGES.png], ['hand', IMAGES.gif]] as const) {
      images[which] = (await server.upload(member.token, await make(), `${which}.img`)).body.data.id;
    }
    const submitted = await server.post('/coin/member/verified', { realName: 'Jean Dupont', idNumber: '12AB34567', country: 'FR', ...images }, member.token);
    expect(submitted.status).toBe(200);
    const withKyc = await asOperator(`/console/identity/members/${member.id}`);
    expect(withKyc.body.data.kyc).toMatchObject({ status: 'submitted', idNumberMasked: '****4567', country: 'FR' });
    expect((await server.auditRows('member.view')).some((row) => row.target === `member:${member.id}`)).toBe(true);

    expect((await asOperator('/console/identity/members/999999999')).status).toBe(404);
    expect((await asOperator('/console/identity/members/abc')).status).toBe(400);
  });

  it('freezes and unfreezes a member, audited with before and after; a frozen member cannot log in', async () => {
    const email = freshEmail();
    const member = await server.signUp(email);
    expect((await login(email)).status).toBe(200);

    const frozen = await asOperator(`/console/identity/members/${member.id}/freeze`, {});
    expect(frozen.status).toBe(200);
    expect(frozen.body.data).toMatchObject({ id: member.id, status: 'frozen' });
    const refused = await login(email);
    expect(refused.status).toBe(403);

    const audit = (await server.auditRows('member.freeze')).find((row) => row.target === `member:${member.id}`)!;
    expect(JSON.parse(audit.before_json)).toEqual({ status: 'active' });
    expect(JSON.parse(audit.after_json)).toEqual({ status: 'frozen' });
    expect(audit.operator_id).not.toBeNull();

    const unfrozen = await asOperator(`/console/identity/members/${member.id}/unfreeze`, {});
    expect(unfrozen.body.data.status).toBe('active');
    expect((await login(email)).status).toBe(200);
    const undo = (await server.auditRows('member.unfreeze')).find((row) => row.target === `member:${member.id}`)!;
    expect(JSON.parse(undo.after_json)).toEqual({ status: 'active' });
  });

  it('refuses member tokens and anonymous calls with 401', async () => {
    const member = await server.signUp(freshEmail());
    for (const path of ['/console/identity/members', `/console/identity/members/${member.id}`]) {
      expect((await server.get(path, member.token)).status).toBe(401);
      expect((await server.get(path)).status).toBe(401);
    }
    expect((await server.post(`/console/identity/members/${member.id}/freeze`, {}, member.token)).status).toBe(401);
    expect((await server.post(`/console/identity/members/${member.id}/unfreeze`, {})).status).toBe(401);
  });
});

describe('site configs', () => {
  it('start with the console plugins: identity-console finds the services of the main site plugins', async () => {
    const server = await startTestServer({ site: { plugins: defaultSite.plugins }, consoleSite });
    try {
      const ids = server.server.plugins.map((plugin) => plugin.manifest.id);
      expect(ids).toEqual(expect.arrayContaining(['identity', 'kyc', 'console-core', 'identity-console']));
      const members = await fetchJson(server.api('/console/identity/members'), {
        headers: { 'Blade-Auth': `bearer ${server.mintToken('operator', '1')}` },
      });
      expect(members.status).toBe(200);
      expect(members.body.data).toMatchObject({ records: [], total: 0 });
    } finally {
      await server.close();
    }
  });

  it('refuses to start identity-console without the plugins whose services it uses', async () => {
    await expect(startTestServer({ site: { plugins: ['identity'] }, consoleSite })).rejects.toThrow(/service "kyc"/);
  });
});
