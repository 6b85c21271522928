import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MEMBER_PASSWORD_COST } from '../../plugins/identity/server';
import { availableDialects, fetchJson, type TestDialect } from './harness';
import { nextHour, startIdentityServer, type IdentityTestServer } from './identity-harness';

const dialects = await availableDialects();
const PASSWORD = 'Blue-Harbour-42';
let counter = 0;
const freshEmail = () => `user${Date.now().toString(36)}${(counter += 1)}@example.com`;

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('identity sign-up (%s)', (dialect) => {
  let server: IdentityTestServer;
  let founderInvite: string;

  beforeAll(async () => {
    // the production cost: the stored hash's parameters are checked
    server = await startIdentityServer(dialect, { passwordCost: MEMBER_PASSWORD_COST });
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });
  beforeEach(() => nextHour(server));

  const outboxFor = (to: string) => server.context.db.selectFrom('outbox').selectAll().where('to', '=', to).orderBy('id', 'desc').execute();

  it('lets the very first member sign up without an invite code, then requires one', async () => {
    const founder = await server.signUp('founder@example.com', PASSWORD);
    expect(founder.status).toBe(200);
    expect(founder.body.data.uid).toMatch(/^[1-9][0-9]{7}$/);
    founderInvite = await server.inviteCodeOf('founder@example.com');
    expect(founderInvite).toMatch(/^[A-Z2-9]{8}$/);

    nextHour(server);
    const email = freshEmail();
    const missing = await server.signUp(email, PASSWORD);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, msg: 'Please enter the invite code', data: { field: 'inviteCode' } });
  });

  it('signs up with a code from the mailbox and an existing invite code', async () => {
    const email = freshEmail();
    const answer = await server.signUp(email, PASSWORD, founderInvite);
    expect(answer.status).toBe(200);
    const member = await server.context.db.selectFrom('member').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(member.uid).toBe(answer.body.data.uid);
    expect(member.password_hash).toMatch(/^\$argon2id\$v=19\$m=32768,p=1,t=3\$/);
    const founder = await server.context.db.selectFrom('member').select('id').where('email', '=', 'founder@example.com').executeTakeFirstOrThrow();
    expect(Number(member.invited_by)).toBe(Number(founder.id));
    expect(Number(member.is_merchant)).toBe(1);
    expect(Number(member.supported)).toBe(0);
    expect(member.status).toBe('active');
  });

  it('rejects an unknown invite code', async () => {
    const answer = await server.signUp(freshEmail(), PASSWORD, 'ZZZZ9999');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ msg: 'This invite code does not exist', data: { field: 'inviteCode' } });
  });

  it('rejects weak and common passwords, naming the field, in the request language', async () => {
    const email = freshEmail();
    await server.sendEmailCode(email, 'register');
    const code = await server.latestCode(email);
    const body = { account: 'email', email, code, inviteCode: founderInvite };
    const weak = await server.register({ ...body, password: 'abc' });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ msg: 'The password must be 6 to 20 letters, digits or symbols', data: { field: 'password' } });
    const common = await server.register({ ...body, password: 'Password123' });
    expect(common.body).toMatchObject({ msg: 'This password is too common, please choose another one', data: { field: 'password' } });
    const german = await fetchJson(server.api('/coin/open/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mj-lang': 'de' },
      body: JSON.stringify({ ...body, password: 'qwerty123' }),
    });
    expect(german.body.data).toEqual({ field: 'password' });
    expect(german.body.msg).not.toBe(common.body.msg);
    // the code was not used up by the refused attempts
    expect((await server.register({ ...body, password: PASSWORD })).status).toBe(200);
  });

  it('rejects a wrong code, counts the guess, and kills the code after five wrong guesses', async () => {
    const email = freshEmail();
    await server.sendEmailCode(email, 'register');
    const code = (await server.latestCode(email))!;
    const wrongCode = code === '000000' ? '000001' : '000000';
    const body = { account: 'email', email, password: PASSWORD, inviteCode: founderInvite };
    const wrong = await server.register({ ...body, code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ msg: 'The verification code is wrong', data: { field: 'code' } });
    for (let guess = 0; guess < 4; guess += 1) await server.register({ ...body, code: wrongCode });
    const exhausted = await server.register({ ...body, code });
    expect(exhausted.body).toMatchObject({ msg: 'Too many wrong codes, please request a new one', data: { field: 'code' } });
    const malformed = await server.register({ ...body, code: '12ab' });
    expect(malformed.body).toMatchObject({ msg: 'The code must be 6 digits', data: { field: 'code' } });
  });

  it('rejects an expired code', async () => {
    const email = freshEmail();
    await server.sendEmailCode(email, 'register');
    const code = await server.latestCode(email);
    server.clock.advance(10 * 60 * 1000);
    const answer = await server.register({ account: 'email', email, code, password: PASSWORD, inviteCode: founderInvite });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ msg: 'The verification code has expired, please request a new one', data: { field: 'code' } });
  });

  it('accepts a code once only', async () => {
    const email = freshEmail();
    await server.sendEmailCode(email, 'register');
    const code = await server.latestCode(email);
    const body = { account: 'email', email, code, password: PASSWORD, inviteCode: founderInvite };
    expect((await server.register(body)).status).toBe(200);
    const again = await server.register(body);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ msg: 'The verification code is wrong', data: { field: 'code' } });
  });

  it('stores codes hashed only, and answers a code request with a minute to wait and ten minutes of validity', async () => {
    const email = freshEmail();
    const sent = await server.sendEmailCode(email, 'register');
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ resendAfter: 60, expiresInMinutes: 10 });
    const code = (await server.latestCode(email))!;
    expect(code).toMatch(/^\d{6}$/);
    const stored = await server.context.db.selectFrom('verification_code').selectAll().where('target', '=', email).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(10 * 60 * 1000);
    const [mail] = await outboxFor(email);
    expect(mail).toMatchObject({ channel: 'email', sent_at: null });
    expect(mail.subject).toContain('verification code');
  });

  it('refuses a bad email or type, naming the field', async () => {
    const bad = await server.sendEmailCode('not-an-email', 'register');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, msg: 'Please enter a valid email address', data: { field: 'email' } });
    const badType = await server.sendEmailCode(freshEmail(), 'takeover');
    expect(badType.status).toBe(400);
    expect(badType.body.data).toEqual({ field: 'type' });
  });

  it('sends one code per address per minute', async () => {
    const email = freshEmail();
    expect((await server.sendEmailCode(email, 'register')).status).toBe(200);
    const soon = await server.sendEmailCode(email, 'register', '10.0.0.2');
    expect(soon.status).toBe(429);
    expect(soon.body.msg).toMatch(/^Please wait 60 seconds/);
    server.clock.advance(60_000);
    expect((await server.sendEmailCode(email, 'register')).status).toBe(200);
  });

  it('sends at most 10 codes per IP per hour', async () => {
    for (let index = 0; index < 10; index += 1) {
      expect((await server.sendEmailCode(freshEmail(), 'register', '10.9.9.9')).status).toBe(200);
    }
    const refused = await server.sendEmailCode(freshEmail(), 'register', '10.9.9.9');
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/try again in 60 minutes/);
    expect((await server.sendEmailCode(freshEmail(), 'register', '10.9.9.8')).status).toBe(200);
  });

  it('answers the same whether or not the account exists, and never mails a code for an existing account', async () => {
    const existing = 'founder@example.com';
    const stranger = freshEmail();
    const forExisting = await server.sendEmailCode(existing, 'register');
    const forStranger = await server.sendEmailCode(stranger, 'register');
    expect(forExisting.status).toBe(forStranger.status);
    expect(forExisting.body).toEqual(forStranger.body);
    const [notice] = await outboxFor(existing);
    expect(notice.subject).toContain('Sign-up attempt');
    expect(notice.body).not.toMatch(/\b\d{6}\b/);
    expect(await server.latestCode(existing)).toBeNull();

    nextHour(server);
    const resetUnknown = await server.sendEmailCode(freshEmail(), 'reset');
    const resetKnown = await server.sendEmailCode(existing, 'reset');
    expect(resetUnknown.body).toEqual(resetKnown.body);
    const unknownMail = await server.context.db.selectFrom('outbox').select('id').where('to', 'like', 'user%').where('subject', 'is', null).execute();
    expect(unknownMail).toEqual([]);
  });

  it('answers a sign-up for an address that already has an account like a wrong code', async () => {
    const email = freshEmail();
    await server.sendEmailCode(email, 'register');
    const code = await server.latestCode(email);
    const body = { account: 'email', email, code, password: PASSWORD, inviteCode: founderInvite };
    expect((await server.register(body)).status).toBe(200);
    nextHour(server);
    // a second sign-up attempt gets the "account exists" notice, so whatever code it tries is wrong
    await server.sendEmailCode(email, 'register');
    const duplicate = await server.register({ ...body, code: '123456' });
    const wrongForNew = await server.register({ ...body, email: freshEmail(), code: '123456' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toEqual(wrongForNew.body);
    expect(await server.context.db.selectFrom('member').select('id').where('email', '=', email).execute()).toHaveLength(1);
  });

  it('signs up with a phone number and an SMS code', async () => {
    const bad = await server.sendSmsCode('49', '12ab', 'register');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ msg: 'Invalid phone number format', data: { field: 'phone' } });
    const sent = await server.sendSmsCode('+49', '1701234567', 'register');
    expect(sent.status).toBe(200);
    const code = await server.latestCode('+491701234567');
    expect(code).toMatch(/^\d{6}$/);
    const [sms] = await outboxFor('+491701234567');
    expect(sms).toMatchObject({ channel: 'sms', subject: null });
    const answer = await server.register({ account: 'phone', areaCode: '49', phone: '1701234567', code, password: PASSWORD, inviteCode: founderInvite.toLowerCase() });
    expect(answer.status).toBe(200);
    const member = await server.context.db.selectFrom('member').selectAll().where('phone', '=', '1701234567').executeTakeFirstOrThrow();
    expect(member).toMatchObject({ area_code: '49', email: null });
  });

  it('shows the development mailbox to operators only, newest first', async () => {
    const email = freshEmail();
    await server.sendEmailCode(email, 'register');
    server.clock.advance(60_000);
    await server.sendEmailCode(email, 'register');
    const url = `${server.api('/console/dev/mailbox')}?${new URLSearchParams({ to: email })}`;
    const asOperator = await fetchJson(url, { headers: { 'blade-auth': `bearer ${server.mintToken('operator', '1')}` } });
    expect(asOperator.status).toBe(200);
    const page = asOperator.body.data;
    expect(page).toMatchObject({ total: 2, current: 1, pages: 1 });
    expect(page.records[0].id).toBeGreaterThan(page.records[1].id);
    expect(page.records[0].body).toContain(await server.latestCode(email));
    const asUser = await fetchJson(url, { headers: { 'blade-auth': `bearer ${server.mintToken('user', '1')}` } });
    expect(asUser.status).toBe(401);
    expect((await fetchJson(url)).status).toBe(401);
  });
});
