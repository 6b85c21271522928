import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_CONSOLE_PATHS, WALLET_PATHS, refreshTopic } from '../../plugins/wallet/shared/types';
import { availableDialects, type JsonResponse, type TestDialect } from './harness';
import { COIN, startChainServer, TOKEN, UNIT, type ChainTestServer } from './wallet-chain-harness';

const dialects = await availableDialects();

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('wallet deposits on chain (%s)', (dialect) => {
  let server: ChainTestServer;
  const published: Array<{ topic: string; payload: any }> = [];

  beforeAll(async () => {
    server = await startChainServer(dialect);
    const realtime = server.context.realtime;
    const publish = realtime.publish.bind(realtime);
    realtime.publish = (topic, payload, options) => {
      published.push({ topic, payload });
      publish(topic, payload, options);
    };
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });

  function expectRefused(response: JsonResponse, field: string, status = 400) {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.body.data).toMatchObject({ field });
  }
  async function addressOf(member: Awaited<ReturnType<ChainTestServer['signUp']>>) {
    const answer = await server.depositAddress(member, 'DEVNET');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.address as string;
  }

  it('lists currencies and networks per purpose, a network without a connected chain shown disabled', async () => {
    const member = await server.signUp();
    for (const type of ['deposit', 'withdraw']) {
      const answer = await server.get(WALLET_PATHS.rechargeCurrency, member.token, { type });
      expect(answer.status).toBe(200);
      const coin = answer.body.data.find((row: any) => row.currency === COIN);
      expect(coin).toMatchObject({ name: 'Test coin', scale: 4 });
      const flag = type === 'deposit' ? 'depositEnabled' : 'withdrawEnabled';
      expect(coin.networks.map((n: any) => [n.network, n.chain, n.devnet, n[flag]])).toEqual([
        ['DEVNET', 'devnet', true, true],
        ['ERC20', 'evm', false, false],
      ]);
      expect(coin.networks[0]).not.toHaveProperty('chainDecimals');
    }
    expect((await server.get(WALLET_PATHS.rechargeCurrency, member.token, { type: 'steal' })).status).toBe(400);
    expect((await server.get(WALLET_PATHS.rechargeCurrency)).status).toBe(401);
  });

  it('gives each member one stable address per currency and network, never shared', async () => {
    const [first, second] = [await server.signUp(), await server.signUp()];
    const address = await addressOf(first);
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(server.devnet.normalizeAddress(address)).toBe(address);
    expect(await addressOf(first)).toBe(address);
    const defaulted = await server.depositAddress(first);
    expect(defaulted.body.data).toEqual({ currency: COIN, network: 'DEVNET', address, devnet: true });
    expect(await addressOf(second)).not.toBe(address);

    // simultaneous first requests of one member agree; of many members, all differ
    const fresh = await server.signUp();
    const same = await Promise.all(Array.from({ length: 8 }, () => addressOf(fresh)));
    expect(new Set(same).size).toBe(1);
    const members = await Promise.all(Array.from({ length: 6 }, () => server.signUp()));
    const different = await Promise.all(members.map(addressOf));
    expect(new Set([...different, address, same[0]]).size).toBe(8);

    expectRefused(await server.depositAddress(first, 'ERC20'), 'network');
    expectRefused(await server.depositAddress(first, 'NOPE'), 'network');
    expectRefused(await server.get(WALLET_PATHS.depositAddress.replace(':currency', 'NOPE'), first.token), 'currency');
    expect((await server.get(WALLET_PATHS.depositAddress.replace(':currency', COIN))).status).toBe(401);
  });

  it('credits a devnet deposit after two confirmations, truncating to the currency scale', async () => {
    const member = await server.signUp();
    const address = await addressOf(member);
    const sent = await server.devnetDeposit(address, '12.3456');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const [audit] = (await server.auditRows('wallet.devnet.deposit')).filter((row) => row.target === `devnet:${address}`);
    expect(JSON.parse(audit!.after_json)).toEqual({ currency: COIN, network: 'DEVNET', amount: '12.3456', txHash: sent.body.data.txHash });
    // chain dust below the ledger's 4 decimals stays on chain
    await server.devnet.credit(address, TOKEN, 2n * UNIT + 99n);

    await server.sync();
    expect(await server.depositLog(member)).toEqual([]);
    await server.mine(1);
    const pending = await server.depositLog(member);
    expect(pending.map((row) => [row.amount, row.status, row.confirmations, row.requiredConfirmations]).sort()).toEqual([
      ['12.3456', 'pending', 1, 2],
      ['2', 'pending', 1, 2],
    ]);
    expect(pending[0]).toMatchObject({ currency: COIN, network: 'DEVNET', address, creditTime: null });
    expect(server.coinBalance(member.id)).toEqual({ available: '0', frozen: '0' });

    await server.mine(1);
    const credited = await server.depositLog(member);
    expect(credited.map((row) => row.status)).toEqual(['credited', 'credited']);
    expect(credited.every((row) => row.creditTime !== null && row.confirmations === 2)).toBe(true);
    expect(server.coinBalance(member.id)).toEqual({ available: '14.3456', frozen: '0' });
    expect(published.some(({ topic, payload }) => topic === refreshTopic(member.id) && payload.type === 'wallet' && payload.event === 'deposit' && payload.status === 'credited')).toBe(true);

    // more blocks change nothing; the credited coins were swept to the hot wallet
    await server.mine(2);
    expect(server.coinBalance(member.id)).toEqual({ available: '14.3456', frozen: '0' });
    expect(await server.devnet.balanceOf(address, TOKEN)).toBe(0n);
    expect(await server.devnet.balanceOf(server.devnet.hotWallet, TOKEN)).toBeGreaterThanOrEqual(14n * UNIT);

    const filtered = await server.depositLog(member, { status: 'credited', currency: COIN, startTime: Date.now() - 60_000, endTime: Date.now() + 60_000 });
    expect(filtered).toHaveLength(2);
    expect(await server.depositLog(member, { endTime: Date.now() - 60_000 })).toEqual([]);
    expect((await server.post(WALLET_PATHS.rechargeLog, { status: 'lost' }, member.token)).status).toBe(400);
    expect((await server.post(WALLET_PATHS.rechargeLog, { size: 101 }, member.token)).status).toBe(400);

    // the console sees the deposits with the member's uid
    const listed = await server.get(WALLET_CONSOLE_PATHS.deposits, server.admin, { uid: member.uid });
    expect(listed.status).toBe(200);
    expect(listed.body.data.total).toBe(2);
    expect(listed.body.data.records[0]).toMatchObject({ memberId: member.id, uid: member.uid, status: 'credited' });
    expect((await server.get(WALLET_CONSOLE_PATHS.deposits, server.admin, { uid: 'no-such-uid' })).body.data.total).toBe(0);
  });

  it("exports deposits with both times in the member's zone, the amount a number and the hash text", async () => {
    const member = await server.signUp();
    const address = await addressOf(member);
    expect((await server.devnetDeposit(address, '3.5')).status).toBe(200);
    await server.mine(2);
    const [deposit] = await server.depositLog(member);
    expect(deposit).toMatchObject({ status: 'credited', amount: '3.5' });
    const response = await fetch(server.api(WALLET_PATHS.exportRecords.replace(':kind', 'deposits')), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Blade-Auth': `bearer ${member.token}`, 'mj-lang': 'en' },
      body: JSON.stringify({ format: 'xlsx', timeZone: 'Asia/Kathmandu' }),
    });
    expect(response.status).toBe(200);
    const book = XLSX.read(Buffer.from(await response.arrayBuffer()), { type: 'buffer', cellNF: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    expect([sheet.A1.v, sheet.I1.v]).toEqual(['Time (Asia/Kathmandu)', 'Credited at (Asia/Kathmandu)']);
    // Nepal is UTC+05:45 all year
    const inNepal = (iso: string) => new Date(Date.parse(iso) + 5.75 * 60 * 60 * 1000).toISOString().slice(0, 19).replace('T', ' ');
    expect([sheet.A2.v, sheet.I2.v]).toEqual([inNepal(deposit.createTime), inNepal(deposit.creditTime)]);
    expect(sheet.E2).toMatchObject({ t: 'n', v: 3.5, w: '3.5' });
    expect(sheet.H2).toMatchObject({ t: 's', v: deposit.txHash });
  });

  it('does not record a deposit below the minimum', async () => {
    const member = await server.signUp();
    const address = await addressOf(member);
    expect((await server.devnetDeposit(address, '0.9999')).status).toBe(200);
    await server.mine(3);
    expect(await server.depositLog(member)).toEqual([]);
    expect(server.coinBalance(member.id).available).toBe('0');
  });

  it('reverses a deposit whose block is orphaned before finality; the balance never changes', async () => {
    const member = await server.signUp();
    const address = await addressOf(member);
    await server.devnetDeposit(address, '50');
    await server.mine(1);
    expect((await server.depositLog(member)).map((row) => row.status)).toEqual(['pending']);
    await server.devnet.reorg(1);
    await server.sync();
    expect((await server.depositLog(member)).map((row) => row.status)).toEqual(['reversed']);
    await server.mine(3);
    expect((await server.depositLog(member)).map((row) => row.status)).toEqual(['reversed']);
    expect(server.coinBalance(member.id)).toEqual({ available: '0', frozen: '0' });
  });

  it('validates the console devnet deposit and its permission', async () => {
    const member = await server.signUp();
    const address = await addressOf(member);
    expectRefused(await server.devnetDeposit('0x1234', '1'), 'address');
    expectRefused(await server.devnetDeposit(address, '1', 'ERC20'), 'network');
    expectRefused(await server.devnetDeposit(address, '0'), 'amount');
    expectRefused(await server.devnetDeposit(address, '1.00001'), 'amount');
    expectRefused(await server.post(WALLET_CONSOLE_PATHS.devnetDeposit, { address, currency: 'NOPE', network: 'DEVNET', amount: '1' }, server.admin), 'currency');
    const support = await server.operatorToken('support');
    expect((await server.post(WALLET_CONSOLE_PATHS.devnetDeposit, { address, currency: COIN, network: 'DEVNET', amount: '1' }, support)).status).toBe(403);
    expect((await server.get(WALLET_CONSOLE_PATHS.devnetStatus, support)).status).toBe(403);
    expect((await server.get(WALLET_CONSOLE_PATHS.devnetDeposit, member.token)).status).not.toBe(200);

    const status = await server.get(WALLET_CONSOLE_PATHS.devnetStatus, server.admin);
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({ chain: 'devnet', head: String(await server.devnet.head()), blockTimeMs: 0, hotWallet: server.devnet.hotWallet });
  });
});
