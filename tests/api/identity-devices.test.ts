import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { availableDialects, fetchJson, type TestDialect } from './harness';
import { nextHour, startIdentityServer, type IdentityTestServer } from './identity-harness';

const dialects = await availableDialects();
const PASSWORD = 'Blue-Harbour-42';
const FOUNDER = 'founder@example.com';

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('identity devices and login log (%s)', (dialect) => {
  let server: IdentityTestServer;
  let emailCount = 0;

  beforeAll(async () => {
    server = await startIdentityServer(dialect);
    expect((await server.signUp(FOUNDER, PASSWORD)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });
  beforeEach(() => nextHour(server));

  const get = (path: string, token: string) => fetchJson(server.api(path), { headers: { 'blade-auth': `bearer ${token}` } });
  const post = (path: string, token: string, body?: unknown) =>
    fetchJson(server.api(path), {
      method: 'POST',
      headers: { 'blade-auth': `bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** A fresh member (so each test has its own devices and log). */
  async function newMember(): Promise<string> {
    emailCount += 1;
    const email = `member${emailCount}@example.com`;
    nextHour(server);
    expect((await server.signUp(email, PASSWORD, await server.inviteCodeOf(FOUNDER))).status).toBe(200);
    return email;
  }

  async function signIn(email: string, deviceId: string, ip = '10.0.0.1') {
    const grant = await server.login(email, PASSWORD, { deviceId, ip });
    expect(grant.status).toBe(200);
    return grant.body as { access_token: string; refresh_token: string };
  }

  it('lists the devices with the requesting one marked current', async () => {
    const email = await newMember();
    await signIn(email, 'laptop-1', '10.0.0.7');
    const phone = await signIn(email, 'phone-1', '10.0.0.8');
    const answer = await get('/coin/member/getLoginDevice', phone.access_token);
    expect(answer.status).toBe(200);
    const devices = answer.body.data as Array<Record<string, unknown>>;
    expect(devices.map((device) => [device.device_id, device.current, device.last_ip])).toEqual([
      ['phone-1', true, '10.0.0.8'],
      ['laptop-1', false, '10.0.0.7'],
    ]);
    expect(devices[0]).toMatchObject({ name: null, id: expect.stringMatching(/^\d+$/), created_at: expect.any(String), last_seen_at: expect.any(String) });
    expect((await fetchJson(server.api('/coin/member/getLoginDevice'))).status).toBe(401);
  });

  it('renames a device, trimming the name, and refuses bad names and other members’ devices', async () => {
    const email = await newMember();
    const laptop = await signIn(email, 'laptop-2');
    const [device] = (await get('/coin/member/getLoginDevice', laptop.access_token)).body.data;
    const renamed = await post('/coin/member/updateDevice', laptop.access_token, { id: device.id, name: '  Work laptop  ' });
    expect(renamed.status).toBe(200);
    expect((await get('/coin/member/getLoginDevice', laptop.access_token)).body.data[0].name).toBe('Work laptop');

    for (const name of ['', '   ', 'x'.repeat(41), 'tab\there']) {
      const bad = await post('/coin/member/updateDevice', laptop.access_token, { id: device.id, name });
      expect(bad.status, JSON.stringify(name)).toBe(400);
      expect(bad.body.data).toEqual({ field: 'name' });
    }
    expect((await post('/coin/member/updateDevice', laptop.access_token, { id: device.id })).body.data).toEqual({ field: 'name' });
    expect((await post('/coin/member/updateDevice', laptop.access_token, { id: 'abc', name: 'ok' })).status).toBe(400);
    expect((await get('/coin/member/getLoginDevice', laptop.access_token)).body.data[0].name).toBe('Work laptop');

    const other = await signIn(await newMember(), 'other-laptop');
    const foreign = await post('/coin/member/updateDevice', other.access_token, { id: device.id, name: 'Mine now' });
    expect(foreign.status).toBe(404);
    expect((await get('/coin/member/getLoginDevice', laptop.access_token)).body.data[0].name).toBe('Work laptop');
  });

  it('removes another device: its access token gets 401 at once and its refresh token is refused', async () => {
    const email = await newMember();
    const laptop = await signIn(email, 'laptop-3');
    const phone = await signIn(email, 'phone-3');
    const phoneAgain = await signIn(email, 'phone-3');
    expect((await get('/coin/member/getMemberInfo', phone.access_token)).status).toBe(200);
    const devices = (await get('/coin/member/getLoginDevice', laptop.access_token)).body.data as Array<{ id: string; device_id: string }>;
    const phoneDevice = devices.find((device) => device.device_id === 'phone-3')!;

    const removed = await post(`/coin/member/deleteDevice/${phoneDevice.id}`, laptop.access_token);
    expect(removed.status).toBe(200);
    for (const session of [phone, phoneAgain]) {
      expect((await get('/coin/member/getMemberInfo', session.access_token)).status).toBe(401);
      expect((await server.token({ grant_type: 'refresh_token', refresh_token: session.refresh_token })).status).toBe(401);
    }
    expect((await get('/coin/member/getMemberInfo', laptop.access_token)).status).toBe(200);
    expect((await get('/coin/member/getLoginDevice', laptop.access_token)).body.data.map((device: { device_id: string }) => device.device_id)).toEqual(['laptop-3']);
    expect((await post(`/coin/member/deleteDevice/${phoneDevice.id}`, laptop.access_token)).status).toBe(404);
  });

  it('keeps the current device: removing it answers 400 and changes nothing', async () => {
    const email = await newMember();
    const laptop = await signIn(email, 'laptop-4');
    const [device] = (await get('/coin/member/getLoginDevice', laptop.access_token)).body.data;
    const refused = await post(`/coin/member/deleteDevice/${device.id}`, laptop.access_token);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/this device|sign out/i);
    expect((await get('/coin/member/getMemberInfo', laptop.access_token)).status).toBe(200);
    expect((await get('/coin/member/getLoginDevice', laptop.access_token)).body.data).toHaveLength(1);
    expect((await post('/coin/member/deleteDevice/0', laptop.access_token)).status).toBe(400);
    expect((await post('/coin/member/deleteDevice/abc', laptop.access_token)).status).toBe(400);

    const other = await signIn(await newMember(), 'other-4');
    expect((await post(`/coin/member/deleteDevice/${device.id}`, other.access_token)).status).toBe(404);
    expect((await get('/coin/member/getMemberInfo', laptop.access_token)).status).toBe(200);
  });

  it('pages the login log, newest first, with time, IP, device and result', async () => {
    const email = await newMember();
    const session = await signIn(email, 'laptop-5', '10.0.0.21');
    const [device] = (await get('/coin/member/getLoginDevice', session.access_token)).body.data;
    await post('/coin/member/updateDevice', session.access_token, { id: device.id, name: 'Desk' });
    nextHour(server);
    expect((await server.login(email, 'wrong-password-1', { deviceId: 'tablet-5', ip: '10.0.0.22' })).status).toBe(400);
    nextHour(server);
    await signIn(email, 'laptop-5', '10.0.0.23');

    const first = await get('/coin/member/getLoginLog?current=1&size=2', session.access_token);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
    expect(first.body.data.records.map((row: Record<string, unknown>) => [row.ip, row.result, row.device_id, row.device_name])).toEqual([
      ['10.0.0.23', 'success', 'laptop-5', 'Desk'],
      ['10.0.0.22', 'bad_credentials', 'tablet-5', null],
    ]);
    expect(Date.parse(first.body.data.records[0].time)).toBeGreaterThan(Date.parse(first.body.data.records[1].time));
    const second = await get('/coin/member/getLoginLog?current=2&size=2', session.access_token);
    expect(second.body.data.records.map((row: Record<string, unknown>) => row.ip)).toEqual(['10.0.0.21']);
    const defaults = await get('/coin/member/getLoginLog', session.access_token);
    expect(defaults.body.data).toMatchObject({ total: 3, size: 10, current: 1, pages: 1 });

    for (const [query, field] of [
      ['current=0', 'current'],
      ['current=abc', 'current'],
      ['size=0', 'size'],
      ['size=101', 'size'],
      ['size=-521', 'size'],
    ]) {
      const bad = await get(`/coin/member/getLoginLog?${query}`, session.access_token);
      expect(bad.status, query).toBe(400);
      expect(bad.body.data, query).toEqual({ field });
    }
  });
});
