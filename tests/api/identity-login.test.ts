import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../../core/server/auth/tokens';
import { hashRefreshToken } from '../../plugins/identity/server/refresh-tokens';
import { MEMBER_PASSWORD_COST } from '../../plugins/identity/server';
import { availableDialects, fetchJson, type TestDialect } from './harness';
import { nextHour, startIdentityServer, TOKEN_PATH, type IdentityTestServer } from './identity-harness';

const dialects = await availableDialects();
const PASSWORD = 'Blue-Harbour-42';
const ALICE = 'alice@example.com';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('identity login and tokens (%s)', (dialect) => {
  let server: IdentityTestServer;

  beforeAll(async () => {
    // the production cost: a wrong password and an unknown account are timed, and the hash must dominate
    server = await startIdentityServer(dialect, { passwordCost: MEMBER_PASSWORD_COST });
    expect((await server.signUp('founder@example.com', PASSWORD)).status).toBe(200);
    const invite = await server.inviteCodeOf('founder@example.com');
    nextHour(server);
    expect((await server.signUp(ALICE, PASSWORD, invite)).status).toBe(200);
    nextHour(server);
    await server.sendSmsCode('49', '1709876543', 'register');
    const code = await server.latestCode('+491709876543');
    expect((await server.register({ account: 'phone', areaCode: '49', phone: '1709876543', code, password: PASSWORD, inviteCode: invite })).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });
  beforeEach(() => nextHour(server));

  const memberInfo = (accessToken?: string) =>
    fetchJson(server.api('/coin/member/getMemberInfo'), { headers: accessToken ? { 'blade-auth': `bearer ${accessToken}` } : {} });
  const refresh = (refreshToken: string) => server.token({ grant_type: 'refresh_token', refresh_token: refreshToken });

  it('grants OAuth tokens for the right password, not wrapped in the envelope and never cached', async () => {
    const answer = await server.login(ALICE, PASSWORD, { deviceId: 'alice-laptop' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const grant = answer.body;
    expect(grant).not.toHaveProperty('code');
    expect(grant).toMatchObject({ token_type: 'bearer', expires_in: 604800, account: ALICE, tenant_id: server.site.api.tenantId });
    expect(grant.uid).toMatch(/^\d{8}$/);
    expect(grant.datetime).toBe(server.clock.now().getTime());
    expect(grant.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const principal = verifyAccessToken(grant.access_token, server.tokenSecret, Math.floor(server.clock.now().getTime() / 1000));
    expect(principal).toMatchObject({ kind: 'user', id: grant.user_id });
    const family = await server.context.db.selectFrom('refresh_token').select('family_id').where('member_id', '=', Number(grant.user_id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(principal!.sessionId).toBe(family.family_id);

    const device = await server.context.db.selectFrom('member_device').selectAll().where('device_id', '=', 'alice-laptop').executeTakeFirstOrThrow();
    expect(device).toMatchObject({ member_id: Number(grant.user_id), last_ip: '10.0.0.1' });
    const log = await server.context.db.selectFrom('login_log').selectAll().where('account', '=', ALICE).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ result: 'success', device_id: 'alice-laptop', ip: '10.0.0.1' });
  });

  it('reads the credentials from a JSON body too, and logs in with a phone number', async () => {
    const fromBody = await server.token({}, { body: { grant_type: 'password', username: ALICE, password: PASSWORD } });
    expect(fromBody.status).toBe(200);
    expect(fromBody.body.account).toBe(ALICE);
    const byPhone = await server.token({ grant_type: 'password', username: '1709876543', areaCode: '49', password: PASSWORD });
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.account).toBe('+49 1709876543');
  });

  it('answers a wrong password and an unknown account alike, in similar time', async () => {
    const wrong = await server.login(ALICE, 'Not-Her-Password-1');
    const unknown = await server.login('nobody@example.com', 'Not-Her-Password-1');
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.msg).toBe('Wrong account or password');

    const timed = async (username: string) => {
      nextHour(server);
      const started = performance.now();
      await server.login(username, 'Not-Her-Password-1', { ip: '10.7.7.7' });
      return performance.now() - started;
    };
    const known: number[] = [];
    const stranger: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      known.push(await timed(ALICE));
      stranger.push(await timed(`ghost${round}@example.com`));
    }
    const ratio = median(known) / median(stranger);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('slows down repeated failures, then locks the account name, but not for a device that signed in before', async () => {
    expect((await server.login(ALICE, PASSWORD, { deviceId: 'alice-phone' })).status).toBe(200);
    const attack = (password: string) => server.login(ALICE, password, { deviceId: 'attacker', ip: '10.6.6.6' });

    expect((await attack('guess-1')).status).toBe(400);
    expect((await attack('guess-2')).status).toBe(400);
    const tooFast = await attack('guess-3');
    expect(tooFast.status).toBe(429);
    expect(tooFast.body.msg).toBe('Please wait 1 seconds before trying again');
    for (const wait of [1000, 2000, 4000]) {
      server.clock.advance(wait);
      expect((await attack('guess-more')).status).toBe(400);
    }
    // five failures: locked, even with the right password, for anyone but a known device
    const locked = await attack(PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toBe('Too many failed attempts, this account is locked for 15 minutes');
    const unknownName = await server.login('ghost@example.com', PASSWORD, { ip: '10.6.6.6' });
    expect(unknownName.status).toBe(400);

    const owner = await server.login(ALICE, PASSWORD, { deviceId: 'alice-phone', ip: '10.5.5.5' });
    expect(owner.status).toBe(200);
    const results = await server.context.db.selectFrom('login_log').select('result').where('account', '=', ALICE).orderBy('id').execute();
    expect(results.map((row) => row.result).slice(-8)).toEqual(['bad_credentials', 'bad_credentials', 'delayed', 'bad_credentials', 'bad_credentials', 'bad_credentials', 'locked', 'success']);
  });

  it('lifts the lock after 15 minutes', async () => {
    for (let guess = 0; guess < 5; guess += 1) {
      server.clock.advance(10_000);
      await server.login(ALICE, `wrong-${guess}`, { ip: '10.4.4.4' });
    }
    expect((await server.login(ALICE, PASSWORD, { ip: '10.4.4.4' })).status).toBe(429);
    server.clock.advance(15 * 60 * 1000);
    expect((await server.login(ALICE, PASSWORD, { ip: '10.4.4.4' })).status).toBe(200);
  });

  it('refuses an IP after 20 failures in 15 minutes', async () => {
    for (let guess = 0; guess < 20; guess += 1) {
      expect((await server.login(`spray${guess}@example.com`, 'Wrong-Password-9', { ip: '10.3.3.3' })).status).toBe(400);
    }
    const limited = await server.login(ALICE, PASSWORD, { ip: '10.3.3.3' });
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toMatch(/^Too many failed attempts from your network/);
    expect((await server.login(ALICE, PASSWORD, { ip: '10.3.3.4' })).status).toBe(200);
  });

  it('rotates refresh tokens, and a reused one revokes the whole family', async () => {
    const first = (await server.login(ALICE, PASSWORD, { deviceId: 'alice-laptop' })).body;
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body).toMatchObject({ token_type: 'bearer', expires_in: 604800, user_id: first.user_id, uid: first.uid });
    const third = await refresh(second.body.refresh_token);
    expect(third.status).toBe(200);

    const replayed = await refresh(first.refresh_token);
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject({ code: 401, msg: 'Your session has ended, please log in again' });
    // the thief's replay ended the family: the latest token is dead too
    expect((await refresh(third.body.refresh_token)).status).toBe(401);
    const { family_id: familyId } = await server.context.db
      .selectFrom('refresh_token')
      .select('family_id')
      .where('token_hash', '=', hashRefreshToken(first.refresh_token))
      .executeTakeFirstOrThrow();
    const family = await server.context.db.selectFrom('refresh_token').select('revoked_at').where('family_id', '=', familyId).execute();
    expect(family).toHaveLength(3);
    for (const token of family) expect(token.revoked_at).not.toBeNull();
    // other sessions are untouched
    const fresh = (await server.login(ALICE, PASSWORD)).body;
    expect((await refresh(fresh.refresh_token)).status).toBe(200);
    expect((await refresh('not-a-token')).status).toBe(401);
  });

  it('gives the signed-in member their profile, unmasked, and nobody else', async () => {
    const grant = (await server.login(ALICE, PASSWORD)).body;
    const answer = await memberInfo(grant.access_token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      id: grant.user_id,
      uid: grant.uid,
      email: ALICE,
      phone: null,
      area_code: null,
      avatar: null,
      is_merchant: 1,
      merchant: null,
      supported: 0,
      chatKey: `chat_${grant.uid}`,
      blade_user_id: grant.user_id,
      googleBound: false,
      tradePwdSet: false,
      antiCodeSet: false,
      antiCode: null,
    });
    expect((await memberInfo()).status).toBe(401);
    expect((await memberInfo('forged.token.value')).status).toBe(401);
    expect((await memberInfo(server.mintToken('operator', grant.user_id))).status).toBe(401);
  });

  it('requires the site client credentials and tenant', async () => {
    const params = { grant_type: 'password', username: ALICE, password: PASSWORD };
    const wrongClient = await server.token(params, { headers: { authorization: `Basic ${Buffer.from('bourse-web:guess').toString('base64')}` } });
    expect(wrongClient.status).toBe(401);
    expect(wrongClient.body.msg).toBe('Unknown client');
    const noClient = await fetchJson(`${server.baseUrl}${TOKEN_PATH}?${new URLSearchParams({ ...params, tenantId: server.site.api.tenantId, type: 'account' })}`, {
      method: 'POST',
      headers: { 'tenant-id': server.site.api.tenantId },
    });
    expect(noClient.status).toBe(401);
    const wrongHeader = await server.token(params, { headers: { 'tenant-id': '999999' } });
    expect(wrongHeader.status).toBe(400);
    expect(wrongHeader.body).toMatchObject({ msg: 'Unknown tenant', data: { field: 'Tenant-Id' } });
    const wrongQuery = await server.token({ ...params, tenantId: '999999' });
    expect(wrongQuery.status).toBe(400);
    expect(wrongQuery.body.data).toEqual({ field: 'tenantId' });
    const wrongType = await server.token({ ...params, type: 'social' });
    expect(wrongType.body.data).toEqual({ field: 'type' });
    const wrongGrant = await server.token({ ...params, grant_type: 'client_credentials' });
    expect(wrongGrant.status).toBe(400);
    expect(wrongGrant.body.data).toEqual({ field: 'grant_type' });
    const missing = await server.token({ grant_type: 'password', username: ALICE });
    expect(missing.body.data).toEqual({ field: 'password' });
  });
});
