import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { availableDialects, fetchJson, type TestDialect } from './harness';
import { nextHour, startIdentityServer, type IdentityTestServer } from './identity-harness';

const dialects = await availableDialects();
const PASSWORD = 'Blue-Harbour-42';
const FOUNDER = 'founder@example.com';
const APPLIES = '/console/identity/return-applies';

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('identity support and repay (%s)', (dialect) => {
  let server: IdentityTestServer;
  let operatorToken: string;
  let memberCount = 0;

  beforeAll(async () => {
    server = await startIdentityServer(dialect);
    expect((await server.signUp(FOUNDER, PASSWORD)).status).toBe(200);
    operatorToken = server.mintToken('operator', '1');
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });
  beforeEach(() => nextHour(server));

  const headers = (token: string, body?: unknown) => ({ 'blade-auth': `bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) });
  const get = (path: string, token: string, language?: string) =>
    fetchJson(server.api(path), { headers: { ...headers(token), ...(language ? { 'mj-lang': language } : {}) } });
  const post = (path: string, token: string, body?: unknown, language?: string) =>
    fetchJson(server.api(path), {
      method: 'POST',
      headers: { ...headers(token, body), ...(language ? { 'mj-lang': language } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function newMember(): Promise<{ token: string; id: string }> {
    memberCount += 1;
    const email = `member${memberCount}@example.com`;
    nextHour(server);
    expect((await server.signUp(email, PASSWORD, await server.inviteCodeOf(FOUNDER))).status).toBe(200);
    const grant = await server.login(email, PASSWORD, { deviceId: `device-${memberCount}` });
    return { token: grant.body.access_token, id: grant.body.user_id };
  }
  const auditRows = (target: string) => server.context.db.selectFrom('audit_log').selectAll().where('target', '=', target).orderBy('id').execute();

  it('supports once: a second call answers 400 "Supported" in the user’s language and changes nothing', async () => {
    const member = await newMember();
    expect((await get('/coin/member/getMemberInfo', member.token)).body.data.supported).toBe(0);
    const first = await post('/coin/member/support', member.token);
    expect(first.status).toBe(200);
    expect((await get('/coin/member/getMemberInfo', member.token)).body.data.supported).toBe(1);

    const second = await post('/coin/member/support', member.token);
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ success: false, msg: 'Supported' });
    expect((await post('/coin/member/support', member.token, undefined, 'de')).body.msg).toBe('Unterstützt');
    expect((await get('/coin/member/getMemberInfo', member.token)).body.data.supported).toBe(1);
    expect((await fetchJson(server.api('/coin/member/support'), { method: 'POST' })).status).toBe(401);
  });

  it('runs the repay flow: not applied → returning → returned, and refuses a second application', async () => {
    const member = await newMember();
    expect((await get('/coin/member/returnApplyQuery', member.token)).body.data).toEqual({ status: null });
    const applied = await post('/coin/member/returnApply', member.token);
    expect(applied.status).toBe(200);
    expect((await get('/coin/member/returnApplyQuery', member.token)).body.data).toEqual({ status: 0 });
    const again = await post('/coin/member/returnApply', member.token);
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/already being processed/);

    const listed = await get(`${APPLIES}?status=0`, operatorToken);
    expect(listed.status).toBe(200);
    const application = listed.body.data.records.find((row: { member_id: string }) => row.member_id === member.id);
    expect(application).toMatchObject({ status: 0, processed_at: null, operator_id: null, uid: expect.stringMatching(/^\d{8}$/) });

    const completed = await post(`${APPLIES}/${application.id}/complete`, operatorToken, { note: 'Sent by bank transfer' });
    expect(completed.status).toBe(200);
    expect(completed.body.data).toMatchObject({ status: 1, operator_id: '1', note: 'Sent by bank transfer' });
    expect((await get('/coin/member/returnApplyQuery', member.token)).body.data).toEqual({ status: 1 });
    expect((await post('/coin/member/returnApply', member.token)).status).toBe(409);
    expect((await post(`${APPLIES}/${application.id}/reject`, operatorToken, { note: 'late' })).status).toBe(409);

    const audit = await auditRows(`return_apply:${application.id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'identity.return-apply.complete' });
    expect(String(audit[0].operator_id)).toBe('1');
    expect(JSON.parse(audit[0].before_json)).toMatchObject({ status: 0 });
    expect(JSON.parse(audit[0].after_json)).toMatchObject({ status: 1 });
  });

  it('lets a rejected member apply again; rejecting needs a note and is audited', async () => {
    const member = await newMember();
    expect((await post('/coin/member/returnApply', member.token)).status).toBe(200);
    const [application] = (await get(`${APPLIES}?status=0`, operatorToken)).body.data.records.filter((row: { member_id: string }) => row.member_id === member.id);
    expect((await post(`${APPLIES}/${application.id}/reject`, operatorToken, {})).body.data).toEqual({ field: 'note' });
    expect((await post(`${APPLIES}/${application.id}/reject`, operatorToken, { note: '   ' })).status).toBe(400);
    expect((await get('/coin/member/returnApplyQuery', member.token)).body.data).toEqual({ status: 0 });

    const rejected = await post(`${APPLIES}/${application.id}/reject`, operatorToken, { note: 'No deposit found' });
    expect(rejected.status).toBe(200);
    expect((await get('/coin/member/returnApplyQuery', member.token)).body.data).toEqual({ status: 2 });
    const audit = await auditRows(`return_apply:${application.id}`);
    expect(audit.map((row) => row.action)).toEqual(['identity.return-apply.reject']);
    expect(JSON.parse(audit[0].after_json)).toMatchObject({ status: 2, note: 'No deposit found' });

    expect((await post('/coin/member/returnApply', member.token)).status).toBe(200);
    expect((await get('/coin/member/returnApplyQuery', member.token)).body.data).toEqual({ status: 0 });
  });

  it('files one application when two requests race', async () => {
    const member = await newMember();
    const answers = await Promise.all([post('/coin/member/returnApply', member.token), post('/coin/member/returnApply', member.token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const rows = await server.context.db.selectFrom('return_apply').select('id').where('member_id', '=', Number(member.id)).execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps the console endpoints to operators and checks ids and paging', async () => {
    const member = await newMember();
    expect((await get(APPLIES, member.token)).status).toBe(401);
    expect((await fetchJson(server.api(APPLIES))).status).toBe(401);
    expect((await post('/coin/member/returnApply', member.token)).status).toBe(200);
    const [application] = (await get(`${APPLIES}?status=0`, operatorToken)).body.data.records.filter((row: { member_id: string }) => row.member_id === member.id);
    expect((await post(`${APPLIES}/${application.id}/complete`, member.token)).status).toBe(401);
    expect((await post('/coin/member/returnApplyQuery', operatorToken)).status).not.toBe(200);
    expect((await get('/coin/member/returnApplyQuery', operatorToken)).status).toBe(401);

    expect((await post(`${APPLIES}/999999/complete`, operatorToken)).status).toBe(404);
    expect((await post(`${APPLIES}/abc/complete`, operatorToken)).body.data).toEqual({ field: 'id' });
    expect((await post(`${APPLIES}/0/reject`, operatorToken, { note: 'x' })).status).toBe(400);
    expect((await get(`${APPLIES}?status=7`, operatorToken)).body.data).toEqual({ field: 'status' });
    expect((await get(`${APPLIES}?page=0`, operatorToken)).body.data).toEqual({ field: 'page' });
    expect((await get(`${APPLIES}?size=1000`, operatorToken)).body.data).toEqual({ field: 'size' });
    expect((await get('/coin/member/returnApplyQuery', member.token)).body.data).toEqual({ status: 0 });

    const page = await get(`${APPLIES}?size=1&page=1`, operatorToken);
    expect(page.body.data).toMatchObject({ size: 1, current: 1, records: [expect.objectContaining({ member_id: member.id })] });
    expect(page.body.data.pages).toBe(page.body.data.total);
    expect((await post(`${APPLIES}/${application.id}/complete`, operatorToken)).status).toBe(200);
  });
});
