import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { availableDialects, fetchJson, type TestDialect } from './harness';
import { nextHour, startIdentityServer, type IdentityTestServer } from './identity-harness';

const dialects = await availableDialects();
const PASSWORD = 'Blue-Harbour-42';
const FOUNDER = 'founder@example.com';
const BANK = { kind: 'bank', holderName: 'Ada Lovelace', bankName: 'Harbour Bank', accountNumber: 'DE89370400440532013000', branch: 'Mitte' };
const WALLET = { kind: 'ewallet', provider: 'PayPal', account: 'ada@example.com', holderName: 'Ada Lovelace' };

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('identity payment methods (%s)', (dialect) => {
  let server: IdentityTestServer;
  let memberCount = 0;

  beforeAll(async () => {
    server = await startIdentityServer(dialect);
    expect((await server.signUp(FOUNDER, PASSWORD)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });
  beforeEach(() => nextHour(server));

  const list = (token: string) => fetchJson(server.api('/coin/member/getPayment'), { headers: { 'blade-auth': `bearer ${token}` } });
  const post = (path: string, token: string, body?: unknown) =>
    fetchJson(server.api(path), {
      method: 'POST',
      headers: { 'blade-auth': `bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const add = (token: string, body: unknown) => post('/coin/member/payment', token, body);

  async function newMember(): Promise<string> {
    memberCount += 1;
    const email = `member${memberCount}@example.com`;
    nextHour(server);
    expect((await server.signUp(email, PASSWORD, await server.inviteCodeOf(FOUNDER))).status).toBe(200);
    return (await server.login(email, PASSWORD, { deviceId: `device-${memberCount}` })).body.access_token;
  }

  it('adds a bank card and an e-wallet; lists them with the account number masked but for the last 4', async () => {
    const token = await newMember();
    expect((await list(token)).body.data).toEqual([]);
    const bank = await add(token, BANK);
    expect(bank.status).toBe(200);
    expect(bank.body.data).toMatchObject({ kind: 'bank', holderName: 'Ada Lovelace', bankName: 'Harbour Bank', accountNumber: '****3000', branch: 'Mitte' });
    const qrImage = `/api/${server.head}/cgform-api/file/0b5e8c1e-6f0d-4c1e-9d8e-2f1a3b4c5d6e`;
    const wallet = await add(token, { ...WALLET, qrImage });
    expect(wallet.status).toBe(200);

    const listed = (await list(token)).body.data;
    expect(listed).toEqual([
      expect.objectContaining({ id: bank.body.data.id, kind: 'bank', accountNumber: '****3000' }),
      expect.objectContaining({ id: wallet.body.data.id, kind: 'ewallet', provider: 'PayPal', account: 'ada@example.com', qrImage }),
    ]);
    expect(JSON.stringify(listed)).not.toContain('DE89370400440532013000');
    const stored = await server.context.db.selectFrom('member_payment').select('account').where('id', '=', Number(bank.body.data.id)).executeTakeFirstOrThrow();
    expect(stored.account).toBe('DE89370400440532013000');
    expect((await fetchJson(server.api('/coin/member/getPayment'))).status).toBe(401);
  });

  it('refuses bad bodies, naming the field, and stores nothing', async () => {
    const token = await newMember();
    const { holderName: _holder, ...withoutHolder } = BANK;
    const cases: Array<[unknown, string]> = [
      [withoutHolder, 'holderName'],
      [{ ...BANK, accountNumber: '12 34' }, 'accountNumber'],
      [{ ...BANK, accountNumber: '12345' }, 'accountNumber'],
      [{ ...BANK, accountNumber: 'x'.repeat(35) }, 'accountNumber'],
      [{ ...BANK, kind: 'crypto' }, 'kind'],
      [{ holderName: 'Ada' }, 'kind'],
      [{ ...BANK, holderName: '<b>Ada</b>' }, 'holderName'],
      [{ ...BANK, holderName: ' Ada' }, 'holderName'],
      [{ ...BANK, swift: 'HARBDEFF' }, 'swift'],
      [{ ...WALLET, provider: undefined }, 'provider'],
      [{ ...WALLET, qrImage: 'https://evil.example/qr.png' }, 'qrImage'],
      [{ ...WALLET, account: 'a b' }, 'account'],
      [{ ...WALLET, accountNumber: '123456789' }, 'accountNumber'],
    ];
    for (const [body, field] of cases) {
      const answer = await add(token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.data, JSON.stringify(body)).toEqual({ field });
    }
    expect((await add(token, 'not an object')).status).toBe(400);
    expect((await list(token)).body.data).toEqual([]);
  });

  it('edits and deletes own methods; another member’s id answers 404 and changes nothing', async () => {
    const token = await newMember();
    const created = (await add(token, BANK)).body.data;
    const edited = await post(`/coin/member/payment/${created.id}`, token, { ...BANK, bankName: 'Quay Bank', accountNumber: 'GB29NWBK60161331926819', branch: undefined });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id: created.id, bankName: 'Quay Bank', accountNumber: '****6819' });
    expect(edited.body.data).not.toHaveProperty('branch');
    expect((await post(`/coin/member/payment/${created.id}`, token, { ...BANK, accountNumber: '' })).body.data).toEqual({ field: 'accountNumber' });
    const switched = await post(`/coin/member/payment/${created.id}`, token, WALLET);
    expect(switched.body.data).toMatchObject({ kind: 'ewallet', provider: 'PayPal' });

    const stranger = await newMember();
    expect((await post(`/coin/member/payment/${created.id}`, stranger, BANK)).status).toBe(404);
    expect((await post(`/coin/member/payment/${created.id}/delete`, stranger)).status).toBe(404);
    expect((await list(token)).body.data).toEqual([expect.objectContaining({ id: created.id, kind: 'ewallet' })]);

    expect((await post('/coin/member/payment/abc/delete', token)).body.data).toEqual({ field: 'id' });
    expect((await post('/coin/member/payment/0', token, BANK)).status).toBe(400);
    expect((await post(`/coin/member/payment/${created.id}/delete`, token)).status).toBe(200);
    expect((await list(token)).body.data).toEqual([]);
    expect((await post(`/coin/member/payment/${created.id}/delete`, token)).status).toBe(404);
  });

  it('keeps at most 10 methods per member', async () => {
    const token = await newMember();
    for (let index = 0; index < 10; index += 1) {
      expect((await add(token, { ...BANK, accountNumber: `DE0000000000${String(index).padStart(4, '0')}` })).status).toBe(200);
    }
    const eleventh = await add(token, WALLET);
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.msg).toMatch(/at most 10/);
    expect((await list(token)).body.data).toHaveLength(10);
    const other = await newMember();
    expect((await add(other, WALLET)).status).toBe(200);
  });

  it('holds the limit when adds arrive at the same moment', async () => {
    const token = await newMember();
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, index) => add(token, { ...BANK, accountNumber: `DE1111111111${String(index).padStart(4, '0')}` })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(4);
    expect((await list(token)).body.data).toHaveLength(10);
  });
});
