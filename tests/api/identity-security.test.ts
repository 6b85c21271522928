import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { IDENTITY_SERVICE, type IdentityService } from '../../plugins/identity/shared/service';
import { availableDialects, fetchJson, type TestDialect } from './harness';
import { nextHour, startIdentityServer, type IdentityTestServer } from './identity-harness';

const dialects = await availableDialects();
const PASSWORD = 'Blue-Harbour-42';
const NEW_PASSWORD = 'Green-Meadow-77';

const totpCode = (secret: string, at: Date) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('identity security center (%s)', (dialect) => {
  let server: IdentityTestServer;
  let invite: string;
  let serial = 0;

  beforeAll(async () => {
    server = await startIdentityServer(dialect);
    expect((await server.signUp('founder@example.com', PASSWORD)).status).toBe(200);
    invite = await server.inviteCodeOf('founder@example.com');
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });
  beforeEach(() => nextHour(server));

  const auth = (token: string) => ({ 'blade-auth': `bearer ${token}` });
  const get = (path: string, token: string) => fetchJson(server.api(path), { headers: auth(token) });
  const post = (path: string, token: string | null, body?: unknown) =>
    fetchJson(server.api(path), {
      method: 'POST',
      headers: { ...(token ? auth(token) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const service = () => server.context.use<IdentityService>(IDENTITY_SERVICE);

  /** A new member, signed in; each test gets its own so the states do not mix. */
  async function member(prefix = 'm') {
    serial += 1;
    const email = `${prefix}${serial}@example.com`;
    expect((await server.signUp(email, PASSWORD, invite)).status).toBe(200);
    const grant = await server.login(email, PASSWORD, { deviceId: `dev-${serial}` });
    expect(grant.status).toBe(200);
    nextHour(server);
    return { email, token: grant.body.access_token as string, id: grant.body.user_id as string };
  }
  const sendCode = (token: string | null, email: string, type: string) =>
    fetchJson(`${server.api('/coin/open/send/email')}?${new URLSearchParams({ email, type })}`, { headers: token ? auth(token) : {} });
  async function codeTo(token: string, email: string, type: string) {
    const sent = await sendCode(token, email, type);
    expect(sent.status).toBe(200);
    return (await server.latestCode(email))!;
  }
  const info = async (token: string) => (await get('/coin/member/getMemberInfo', token)).body.data;
  async function lastMailTo(email: string) {
    return server.context.db.selectFrom('outbox').selectAll().where('to', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
  }

  it('reports the security state in getMemberInfo', async () => {
    const m = await member();
    expect(await info(m.token)).toMatchObject({ googleBound: false, tradePwdSet: false, antiCodeSet: false, antiCode: null });
  });

  it('sets the anti-phishing code after re-authentication and shows it in every later email', async () => {
    const m = await member();
    const bad = await post('/coin/member/antiCode', m.token, { antiCode: 'ab', password: PASSWORD });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toMatchObject({ field: 'antiCode' });
    const noProof = await post('/coin/member/antiCode', m.token, { antiCode: 'Falcon42' });
    expect(noProof.status).toBe(400);
    expect(noProof.body.data).toMatchObject({ field: 'password' });
    const wrong = await post('/coin/member/antiCode', m.token, { antiCode: 'Falcon42', password: 'Wrong-Pass-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ msg: 'The password is not correct', data: { field: 'password' } });
    expect((await info(m.token)).antiCodeSet).toBe(false);

    const ok = await post('/coin/member/antiCode', m.token, { antiCode: 'Falcon42', password: PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ signedOut: 0 });
    expect(await info(m.token)).toMatchObject({ antiCodeSet: true, antiCode: 'Falcon42' });
    // the notice of this very change and the next code mail carry the line
    expect((await lastMailTo(m.email)).body).toContain('Your anti-phishing code: Falcon42');
    nextHour(server);
    await codeTo(m.token, m.email, 'verify');
    const codeMail = await lastMailTo(m.email);
    expect(codeMail.body).toMatch(/verification code is \d{6}/);
    expect(codeMail.body.trim().split('\n').at(-1)).toBe('Your anti-phishing code: Falcon42');
    // mail another plugin sends through the service carries it too
    await service().mailMember(m.id, { subject: 'KYC', body: 'Your verification was approved.' });
    expect((await lastMailTo(m.email)).body).toBe('Your verification was approved.\n\nYour anti-phishing code: Falcon42');
  });

  it('re-authenticates with a verify code to the own contact, once only', async () => {
    const m = await member();
    const other = await sendCode(m.token, 'stranger@example.com', 'verify');
    expect(other.status).toBe(400);
    const anonymous = await sendCode(null, m.email, 'verify');
    expect(anonymous.status).toBe(401);
    const code = await codeTo(m.token, m.email, 'verify');
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await post('/coin/member/antiCode', m.token, { antiCode: 'Owl1', code: wrongCode })).status).toBe(400);
    expect((await post('/coin/member/antiCode', m.token, { antiCode: 'Owl1', code })).status).toBe(200);
    const reused = await post('/coin/member/antiCode', m.token, { antiCode: 'Owl2', code });
    expect(reused.status).toBe(400);
    expect(reused.body.data).toMatchObject({ field: 'code' });
    expect((await info(m.token)).antiCode).toBe('Owl1');
  });

  it('refuses an expired verify code', async () => {
    const m = await member();
    const code = await codeTo(m.token, m.email, 'verify');
    server.clock.advance(11 * 60 * 1000);
    const late = await post('/coin/member/antiCode', m.token, { antiCode: 'Late1', code });
    expect(late.status).toBe(400);
    expect(late.body.data).toMatchObject({ field: 'code' });
  });

  it('changes the email with codes to the new and the old address; a taken address is a 409', async () => {
    const m = await member();
    const taken = await member();
    const newEmail = `new-${m.email}`;
    const newCode = await codeTo(m.token, newEmail, 'bind');
    const oldCode = await codeTo(m.token, m.email, 'bind');

    const missingOld = await post('/coin/member/accountVerificationBinding', m.token, { type: 'email', email: newEmail, newCode, password: PASSWORD });
    expect(missingOld.status).toBe(400);
    expect(missingOld.body.data).toMatchObject({ field: 'oldCode' });
    const wrongNew = String((Number(newCode) + 1) % 1_000_000).padStart(6, '0');
    const badNew = await post('/coin/member/accountVerificationBinding', m.token, { type: 'email', email: newEmail, newCode: wrongNew, oldCode, password: PASSWORD });
    expect(badNew.status).toBe(400);
    expect(badNew.body.data).toMatchObject({ field: 'newCode' });

    // another member's address: refused with 409 only once the codes prove control of both addresses
    server.clock.advance(61_000);
    const takenCode = await codeTo(m.token, taken.email, 'bind');
    const oldCode2 = await codeTo(m.token, m.email, 'bind');
    const conflict = await post('/coin/member/accountVerificationBinding', m.token, { type: 'email', email: taken.email, newCode: takenCode, oldCode: oldCode2, password: PASSWORD });
    expect(conflict.status).toBe(409);
    expect(conflict.body.data).toMatchObject({ field: 'email' });

    server.clock.advance(61_000);
    const newCode3 = await codeTo(m.token, newEmail, 'bind');
    const oldCode3 = await codeTo(m.token, m.email, 'bind');
    const ok = await post('/coin/member/accountVerificationBinding', m.token, { type: 'email', email: newEmail, newCode: newCode3, oldCode: oldCode3, password: PASSWORD });
    expect(ok.status).toBe(200);
    expect((await info(m.token)).email).toBe(newEmail);
    // the notice went to the old address
    expect((await lastMailTo(m.email)).subject).toMatch(/security settings changed/);
    expect((await server.login(newEmail, PASSWORD)).status).toBe(200);
  });

  it('binds a phone number where none was bound (no old code needed)', async () => {
    const m = await member();
    const sent = await fetchJson(`${server.api('/coin/open/send/sms')}?${new URLSearchParams({ areaCode: '49', phone: `17012${String(serial).padStart(5, '0')}`, type: 'bind' })}`, {
      headers: auth(m.token),
    });
    expect(sent.status).toBe(200);
    const phone = `17012${String(serial).padStart(5, '0')}`;
    const newCode = (await server.latestCode(`+49${phone}`))!;
    const ok = await post('/coin/member/accountVerificationBinding', m.token, { type: 'phone', areaCode: '49', phone, newCode, password: PASSWORD });
    expect(ok.status).toBe(200);
    expect(await info(m.token)).toMatchObject({ area_code: '49', phone });
    const reused = await post('/coin/member/accountVerificationBinding', m.token, { type: 'phone', areaCode: '49', phone: '1709999999', newCode, password: PASSWORD });
    expect(reused.status).toBe(400);
  });

  it('binds a Google authenticator with a code accepted once only, and resets it', async () => {
    const m = await member();
    const secretAnswer = await get('/coin/member/getGoogleVerification/bind', m.token);
    expect(secretAnswer.status).toBe(200);
    const { secret, uri, qrCode } = secretAnswer.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    expect((await get('/coin/member/getGoogleVerification/other', m.token)).status).toBe(400);

    const now = server.clock.now();
    const code = totpCode(secret, now);
    const noPassword = await get(`/coin/member/googleVerificationBindingOrReset/${code}/2`, m.token);
    expect(noPassword.status).toBe(400);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrongCode = await get(`/coin/member/googleVerificationBindingOrReset/${wrong}/2?password=${PASSWORD}`, m.token);
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.data).toMatchObject({ field: 'googleCode' });
    // y defaults to 2 (bind)
    const bound = await get(`/coin/member/googleVerificationBindingOrReset/${code}?password=${PASSWORD}`, m.token);
    expect(bound.status).toBe(200);
    expect((await info(m.token)).googleBound).toBe(true);
    expect((await get('/coin/member/getGoogleVerification/bind', m.token)).status).toBe(409);

    // a bound authenticator is now required for changes; the same code in the same step is refused
    const reused = await post('/coin/member/antiCode', m.token, { antiCode: 'Kite9', password: PASSWORD, googleCode: code });
    expect(reused.status).toBe(400);
    expect(reused.body.data).toMatchObject({ field: 'googleCode' });
    const missing = await post('/coin/member/antiCode', m.token, { antiCode: 'Kite9', password: PASSWORD });
    expect(missing.body.data).toMatchObject({ field: 'googleCode' });
    // half a minute on, the code of the previous step is accepted once
    server.clock.advance(30_000);
    const next = server.clock.now();
    const previousStepCode = totpCode(secret, new Date(next.getTime() - 30_000));
    const current = totpCode(secret, next);
    if (previousStepCode !== code) {
      expect((await post('/coin/member/antiCode', m.token, { antiCode: 'Kite9', password: PASSWORD, googleCode: previousStepCode })).status).toBe(400);
    }
    expect((await post('/coin/member/antiCode', m.token, { antiCode: 'Kite9', password: PASSWORD, googleCode: current })).status).toBe(200);
    expect((await post('/coin/member/antiCode', m.token, { antiCode: 'Kite8', password: PASSWORD, googleCode: current })).status).toBe(400);

    server.clock.advance(30_000);
    const resetCode = totpCode(secret, server.clock.now());
    const reset = await get(`/coin/member/googleVerificationBindingOrReset/${resetCode}/1?password=${PASSWORD}`, m.token);
    expect(reset.status).toBe(200);
    expect((await info(m.token)).googleBound).toBe(false);
    expect((await get(`/coin/member/googleVerificationBindingOrReset/${resetCode}/1?password=${PASSWORD}`, m.token)).status).toBe(400);
  });

  it('accepts a code of the previous step once when it was not used', async () => {
    const m = await member();
    const { secret } = (await get('/coin/member/getGoogleVerification/bind', m.token)).body.data;
    const previous = totpCode(secret, new Date(server.clock.now().getTime() - 30_000));
    expect((await get(`/coin/member/googleVerificationBindingOrReset/${previous}/2?password=${PASSWORD}`, m.token)).status).toBe(200);
    const again = await post('/coin/member/tradePwd', m.token, { tradePwd: '135790', password: PASSWORD, googleCode: previous });
    expect(again.status).toBe(400);
    const current = totpCode(secret, server.clock.now());
    expect((await post('/coin/member/tradePwd', m.token, { tradePwd: '135790', password: PASSWORD, googleCode: current })).status).toBe(200);
  });

  it('sets the transaction password: six digits, argon2id, re-authenticated', async () => {
    const m = await member();
    const empty = await post('/coin/member/tradePwd', m.token, { tradePwd: '', password: PASSWORD });
    expect(empty.body).toMatchObject({ msg: 'Please set the transaction password', data: { field: 'tradePwd' } });
    const short = await post('/coin/member/tradePwd', m.token, { tradePwd: '12a45', password: PASSWORD });
    expect(short.body).toMatchObject({ msg: 'The password must be 6 digits long', data: { field: 'tradePwd' } });
    expect((await post('/coin/member/tradePwd', m.token, { tradePwd: '246810', password: 'nope-nope-1' })).status).toBe(400);
    expect((await post('/coin/member/tradePwd', m.token, { tradePwd: '246810', password: PASSWORD })).status).toBe(200);
    const row = await server.context.db.selectFrom('member').select('trade_pwd_hash').where('email', '=', m.email).executeTakeFirstOrThrow();
    expect(String(row.trade_pwd_hash)).toMatch(/^\$argon2id\$/);
    expect((await info(m.token)).tradePwdSet).toBe(true);
  });

  it('throttles wrong re-authentication passwords', async () => {
    const m = await member();
    for (let i = 0; i < 5; i += 1) expect((await post('/coin/member/tradePwd', m.token, { tradePwd: '246810', password: `Wrong-${i}-pass` })).status).toBe(400);
    const locked = await post('/coin/member/tradePwd', m.token, { tradePwd: '246810', password: PASSWORD });
    expect(locked.status).toBe(429);
  });

  it('updates the login password from query parameters and signs out the other sessions on request', async () => {
    const m = await member();
    const other = await server.login(m.email, PASSWORD, { deviceId: 'other-device' });
    expect(other.status).toBe(200);
    const update = (params: Record<string, string>) =>
      fetchJson(`${server.baseUrl}/api/blade-user/update-password?${new URLSearchParams(params)}`, { method: 'POST', headers: auth(m.token) });

    const mismatch = await update({ oldPassword: PASSWORD, newPassword: NEW_PASSWORD, newPassword1: 'Something-else-1' });
    expect(mismatch.body.data).toMatchObject({ field: 'newPassword1' });
    const weak = await update({ oldPassword: PASSWORD, newPassword: '123456', newPassword1: '123456' });
    expect(weak.body.data).toMatchObject({ field: 'newPassword' });
    const wrongOld = await update({ oldPassword: 'Not-the-password-1', newPassword: NEW_PASSWORD, newPassword1: NEW_PASSWORD });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.data).toMatchObject({ field: 'oldPassword' });

    const ok = await update({ oldPassword: PASSWORD, newPassword: NEW_PASSWORD, newPassword1: NEW_PASSWORD, signOutOthers: 'true' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.signedOut).toBe(1);
    expect((await get('/coin/member/getMemberInfo', other.body.access_token)).status).toBe(401);
    expect((await server.token({ grant_type: 'refresh_token', refresh_token: other.body.refresh_token })).status).toBe(401);
    expect((await get('/coin/member/getMemberInfo', m.token)).status).toBe(200);
    expect((await server.login(m.email, PASSWORD)).status).toBe(400);
    expect((await server.login(m.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('resets a forgotten password with a reset code and ends every session', async () => {
    const m = await member();
    await server.sendEmailCode(m.email, 'reset');
    const code = (await server.latestCode(m.email))!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await post('/coin/open/resetPassword', null, { account: m.email, code: wrong, password: NEW_PASSWORD })).status).toBe(400);
    const weak = await post('/coin/open/resetPassword', null, { account: m.email, code, password: 'password' });
    expect(weak.body.data).toMatchObject({ field: 'password' });
    const unknown = await post('/coin/open/resetPassword', null, { account: 'nobody@example.com', code, password: NEW_PASSWORD });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toMatchObject({ field: 'code' });
    const ok = await post('/coin/open/resetPassword', null, { account: m.email, code, password: NEW_PASSWORD });
    expect(ok.status).toBe(200);
    expect((await get('/coin/member/getMemberInfo', m.token)).status).toBe(401);
    expect((await post('/coin/open/resetPassword', null, { account: m.email, code, password: 'Another-Pass-9' })).status).toBe(400);
    expect((await server.login(m.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses bind codes to anonymous callers', async () => {
    expect((await sendCode(null, 'someone@example.com', 'bind')).status).toBe(401);
  });

  describe('service', () => {
    it('freezes a member: sessions end at once and login answers "account frozen"', async () => {
      const m = await member();
      await service().setStatus(m.id, 'frozen');
      expect((await get('/coin/member/getMemberInfo', m.token)).status).toBe(401);
      const login = await server.login(m.email, PASSWORD);
      expect(login.status).toBe(403);
      expect(login.body.msg).toMatch(/frozen/i);
      await service().setStatus(m.id, 'active');
      expect((await server.login(m.email, PASSWORD)).status).toBe(200);
    });

    it('finds, reads and updates members, sends and consumes verify codes', async () => {
      const m = await member('svc');
      const record = await service().getMember(m.id);
      expect(record).toMatchObject({ id: m.id, email: m.email, status: 'active' });
      expect(await service().getMember('nope')).toBeNull();
      const found = await service().searchMembers({ search: 'svc', page: 1, size: 10 });
      expect(found.records.map((r) => r.email)).toContain(m.email);
      expect((await service().searchMembers({ search: record!.uid, page: 1, size: 10 })).records).toHaveLength(1);
      expect((await service().searchMembers({ search: '%', page: 1, size: 10 })).total).toBe(0);
      expect(await service().verifyPassword(m.id, PASSWORD)).toBe(true);
      expect(await service().verifyPassword(m.id, 'wrong')).toBe(false);
      await expect(service().setPassword(m.id, '123456')).rejects.toMatchObject({ field: 'password' });
      await service().updateMember(m.id, { supported: 1, avatar: '/files/a.png' });
      expect(await service().getMember(m.id)).toMatchObject({ supported: 1, avatar: '/files/a.png' });
      await service().sendCode({ channel: 'email', target: m.email, purpose: 'verify', ip: '10.9.9.9' });
      const code = (await server.latestCode(m.email))!;
      expect(await service().consumeCode({ channel: 'email', target: m.email, purpose: 'verify', code })).toBe(true);
      expect(await service().consumeCode({ channel: 'email', target: m.email, purpose: 'verify', code })).toBe(false);
      const taken = await member('svc');
      await expect(service().changeContact(m.id, { email: taken.email })).rejects.toMatchObject({ code: 409 });
      expect(await service().endSessions(m.id)).toBe(1);
      expect((await get('/coin/member/getMemberInfo', m.token)).status).toBe(401);
    });
  });
});
