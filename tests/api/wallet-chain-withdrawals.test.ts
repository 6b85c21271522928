import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_CONSOLE_PATHS, WALLET_PATHS, type WithdrawalRequest } from '../../plugins/wallet/shared/types';
import { availableDialects, fetchJson, type JsonResponse, type TestDialect } from './harness';
import { COIN, COIN_NETWORK, startChainServer, TOKEN, TRADE_PASSWORD, type ChainTestServer } from './wallet-chain-harness';
import type { WalletMember } from './wallet-harness';

const dialects = await availableDialects();
const OUTSIDE = '0x2222222222222222222222222222222222222222';

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('wallet withdrawals on chain (%s)', (dialect) => {
  let server: ChainTestServer;

  beforeAll(async () => {
    server = await startChainServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });

  function expectRefused(response: JsonResponse, field: string, status = 400, msg?: RegExp) {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.body.data).toMatchObject({ field });
    if (msg) expect(response.body.msg).toMatch(msg);
  }
  /** A member with the trade password and coins in the coin account. */
  async function funded(coins: string): Promise<WalletMember> {
    const member = await server.signUp({ tradePassword: true });
    await server.credit(member.id, COIN, coins);
    return member;
  }
  const request = (overrides: Partial<WithdrawalRequest> = {}): Partial<WithdrawalRequest> => ({
    currency: COIN,
    network: 'DEVNET',
    address: OUTSIDE,
    amount: '10',
    tradePassword: TRADE_PASSWORD,
    ...overrides,
  });
  // an empty POST, as the web sends it
  const cancel = (member: WalletMember, id: string) =>
    fetchJson(`${server.baseUrl}${WALLET_PATHS.withdrawalCancel.replace(':id', id)}`, { method: 'POST', headers: { 'Blade-Auth': `bearer ${member.token}` } });
  const review = (id: string, action: 'approve' | 'reject', body: unknown = {}) =>
    server.post((action === 'approve' ? WALLET_CONSOLE_PATHS.approveWithdrawal : WALLET_CONSOLE_PATHS.rejectWithdrawal).replace(':id', id), body, server.admin);
  async function requested(member: WalletMember, overrides: Partial<WithdrawalRequest> = {}) {
    const answer = await server.withdraw(member, request(overrides));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  }

  it('refuses bad withdrawals by field and changes nothing', async () => {
    const member = await funded('100');
    expectRefused(await server.withdraw(member, request({ tradePassword: '135799' })), 'tradePassword');
    expectRefused(await server.withdraw(member, request({ tradePassword: undefined })), 'tradePassword');
    expectRefused(await server.withdraw(member, request({ amount: '1.5' })), 'amount', 400, /2/);
    expectRefused(await server.withdraw(member, request({ amount: '2.12345' })), 'amount');
    expectRefused(await server.withdraw(member, request({ amount: '-3' })), 'amount');
    expectRefused(await server.withdraw(member, request({ amount: '1e3' })), 'amount');
    expectRefused(await server.withdraw(member, request({ amount: '100.5' })), 'amount');
    expectRefused(await server.withdraw(member, request({ address: '0x1234' })), 'address');
    expectRefused(await server.withdraw(member, request({ address: '0x9858efFD232B4033E47d90003D41EC34EcaEda94' })), 'address');
    expectRefused(await server.withdraw(member, request({ network: 'NOPE' })), 'network');
    expectRefused(await server.withdraw(member, request({ network: 'ERC20' })), 'network');
    expectRefused(await server.withdraw(member, request({ currency: 'NOPE' })), 'currency');
    expect((await server.post(WALLET_PATHS.withdraw, { ...request(), extra: 1 }, member.token)).status).toBe(400);
    expect((await server.post(WALLET_PATHS.withdraw, request())).status).toBe(401);
    const noPassword = await server.signUp();
    await server.credit(noPassword.id, COIN, '100');
    expectRefused(await server.withdraw(noPassword, request()), 'tradePassword', 409);

    expect(server.coinBalance(member.id)).toEqual({ available: '100', frozen: '0' });
    expect(await server.withdrawalLog(member)).toEqual([]);
  });

  it('requires the Google code when the member bound an authenticator', async () => {
    const member = await funded('50');
    const code = await server.bindGoogle(member);
    expectRefused(await server.withdraw(member, request()), 'googleCode');
    expectRefused(await server.withdraw(member, request({ googleCode: '000000' === code() ? '111111' : '000000' })), 'googleCode');
    expect(server.coinBalance(member.id)).toEqual({ available: '50', frozen: '0' });
    const made = await requested(member, { googleCode: code() });
    expect(made).toMatchObject({ status: 'review', amount: '10', fee: '0.5', receive: '9.5', cancellable: true, reason: null, txHash: null });
    expect(server.coinBalance(member.id)).toEqual({ available: '40', frozen: '10' });
  });

  it('holds the amount, repeats a clientId once, and lets only the owner cancel while in review', async () => {
    const [owner, other] = [await funded('30'), await funded('30')];
    const made = await requested(owner, { amount: '12.5', clientId: 'retry-1' });
    expect(made).toMatchObject({ currency: COIN, network: 'DEVNET', address: OUTSIDE, amount: '12.5', receive: '12', status: 'review', confirmations: 0 });
    expect(server.coinBalance(owner.id)).toEqual({ available: '17.5', frozen: '12.5' });
    // a repeat of the clientId is the same withdrawal, held once
    const repeated = await requested(owner, { amount: '12.5', clientId: 'retry-1' });
    expect(repeated.id).toBe(made.id);
    expect(server.coinBalance(owner.id)).toEqual({ available: '17.5', frozen: '12.5' });

    expectRefused(await cancel(other, made.id), 'id', 404);
    expectRefused(await cancel(owner, 'no-such-withdrawal'), 'id', 404);
    const cancelled = await cancel(owner, made.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ id: made.id, status: 'cancelled', cancellable: false });
    expect(server.coinBalance(owner.id)).toEqual({ available: '30', frozen: '0' });
    expectRefused(await cancel(owner, made.id), 'id', 409);
    expect(server.coinBalance(owner.id)).toEqual({ available: '30', frozen: '0' });
    expect((await server.withdrawalLog(owner)).map((row) => [row.id, row.status])).toEqual([[made.id, 'cancelled']]);
    expect(await server.withdrawalLog(owner, { status: 'review' })).toEqual([]);
  });

  it('shows a rejection reason in the log and returns the funds; a reviewed withdrawal cannot be cancelled', async () => {
    const member = await funded('40');
    const made = await requested(member, { amount: '20' });
    expectRefused(await review(made.id, 'reject', {}), 'reason');
    expectRefused(await review(made.id, 'reject', { reason: '   ' }), 'reason');
    expectRefused(await review('missing', 'reject', { reason: 'x' }), 'id', 404);
    const rejected = await review(made.id, 'reject', { reason: 'Address on a sanctions list' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'Address on a sanctions list', uid: member.uid, memberId: member.id });
    expect(rejected.body.data.reviewedBy).toBeTruthy();
    expect(server.coinBalance(member.id)).toEqual({ available: '40', frozen: '0' });
    expect(await server.withdrawalLog(member)).toEqual([expect.objectContaining({ id: made.id, status: 'rejected', reason: 'Address on a sanctions list', cancellable: false })]);
    const [audit] = (await server.auditRows('wallet.withdrawal.reject')).filter((row) => row.target === `wallet_withdrawal:${made.id}`);
    expect(JSON.parse(audit!.after_json)).toEqual({ status: 'rejected', reason: 'Address on a sanctions list' });
    expectRefused(await review(made.id, 'approve'), 'id', 409);
    expectRefused(await cancel(member, made.id), 'id', 409);
    const support = await server.operatorToken('support');
    expect((await server.post(WALLET_CONSOLE_PATHS.approveWithdrawal.replace(':id', made.id), {}, support)).status).toBe(403);
  });

  it('approves, broadcasts and completes: the fee goes to the fees account, the address receives amount − fee', async () => {
    await server.fundHotWallet(1000n);
    const member = await funded('100');
    const made = await requested(member, { amount: '10.25' });
    const feesBefore = await server.systemBalance('fees');
    const approved = await review(made.id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', cancellable: false });
    expectRefused(await cancel(member, made.id), 'id', 409);
    expect((await server.auditRows('wallet.withdrawal.approve')).some((row) => row.target === `wallet_withdrawal:${made.id}`)).toBe(true);

    await server.sync();
    const [broadcast] = await server.withdrawalLog(member);
    expect(broadcast).toMatchObject({ status: 'broadcast', confirmations: 0 });
    expect(broadcast.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    await server.mine(1);
    expect((await server.withdrawalLog(member))[0]).toMatchObject({ status: 'broadcast', confirmations: 1 });
    expect(server.coinBalance(member.id)).toEqual({ available: '89.75', frozen: '10.25' });
    await server.mine(1);
    expect((await server.withdrawalLog(member))[0]).toMatchObject({ status: 'completed', confirmations: 2, receive: '9.75', fee: '0.5', txHash: broadcast.txHash });
    expect(server.coinBalance(member.id)).toEqual({ available: '89.75', frozen: '0' });
    expect((await server.systemBalance('fees')) - feesBefore).toBe(5000n);
    expect(await server.devnet.balanceOf(OUTSIDE, TOKEN)).toBe(9_750_000n);
    await server.mine(2);
    expect(server.coinBalance(member.id)).toEqual({ available: '89.75', frozen: '0' });

    const listed = await server.get(WALLET_CONSOLE_PATHS.withdrawals, server.admin, { uid: member.uid, status: 'completed' });
    expect(listed.body.data.records.map((row: any) => [row.id, row.uid, row.status])).toEqual([[made.id, member.uid, 'completed']]);
  });

  it('fails a payment the chain keeps refusing after the retries, returning the funds with a reason', async () => {
    const member = await funded('1000000');
    const made = await requested(member, { amount: '900000' });
    await review(made.id, 'approve');
    for (let attempt = 0; attempt < 3; attempt++) await server.sync();
    const [failed] = await server.withdrawalLog(member);
    expect(failed).toMatchObject({ status: 'failed', txHash: null });
    expect(failed.reason).toBe('The network did not accept the payment; the amount was returned to your account');
    expect(server.coinBalance(member.id)).toEqual({ available: '1000000', frozen: '0' });
    // the export gives the reason in the reader's language too
    const exported = await fetch(server.api(WALLET_PATHS.exportRecords.replace(':kind', 'withdrawals')), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Blade-Auth': `bearer ${member.token}`, 'mj-lang': 'de' },
      body: JSON.stringify({ format: 'csv', status: 'failed' }),
    });
    expect(exported.status).toBe(200);
    const csv = await exported.text();
    expect(csv).toContain('Das Netzwerk hat die Zahlung nicht angenommen; der Betrag wurde Ihrem Konto gutgeschrieben');
    expect(csv).toContain('Fehlgeschlagen');
    expect(csv).not.toContain('wallet:err');
  });

  it('fails and releases a payment that reverts on chain', async () => {
    // a coin of its own, so the hot wallet holds exactly what this test gives it
    const token = '0x00000000000000000000000000000000000000b2';
    expect((await server.post(WALLET_CONSOLE_PATHS.saveCurrency, { currency: 'TSTR', name: 'Revert coin', scale: 4, enabled: true, usdtPrice: '1' }, server.admin)).status).toBe(200);
    expect((await server.post(WALLET_CONSOLE_PATHS.saveNetwork, { ...COIN_NETWORK, currency: 'TSTR', contractAddress: token }, server.admin)).status).toBe(200);
    const member = await server.signUp({ tradePassword: true });
    await server.credit(member.id, 'TSTR', '10');
    const made = await requested(member, { currency: 'TSTR', amount: '10' });
    await server.devnet.credit(server.devnet.hotWallet, token, 9_500_000n);
    await server.devnet.mine(1);
    await review(made.id, 'approve');
    await server.side.processor.tick();
    expect((await server.withdrawalLog(member))[0]).toMatchObject({ status: 'broadcast' });
    // the block that funded the hot wallet is orphaned before the payment is mined
    await server.devnet.reorg(1);
    await server.mine(1);
    const [failed] = await server.withdrawalLog(member);
    expect(failed).toMatchObject({ status: 'failed', reason: 'The payment failed on chain; the amount was returned to your account' });
    expect(server.wallet.balance(member.id, 'coin', 'TSTR')).toMatchObject({ available: '10', frozen: '0' });
  });

  it('never lets concurrent withdrawals and transfers spend more than the balance', { timeout: 120_000 }, async () => {
    const member = await funded('100');
    const withdrawals = Array.from({ length: 100 }, () => server.withdraw(member, request({ amount: '7' })));
    const transfers = Array.from({ length: 10 }, () => server.get(WALLET_PATHS.transfer, member.token, { from: '1', to: '4', currency: COIN, amount: '7' }));
    const answers = await Promise.all([...withdrawals, ...transfers]);
    const accepted = answers.filter((answer) => answer.status === 200);
    expect(accepted).toHaveLength(14);
    for (const refused of answers.filter((answer) => answer.status !== 200)) expectRefused(refused, 'amount');
    const held = (await server.withdrawalLog(member)).length;
    const moved = 14 - held;
    expect(server.coinBalance(member.id)).toEqual({ available: '2', frozen: String(held * 7) });
    expect(server.wallet.balance(member.id, 'contract', COIN).available).toBe(String(moved * 7));
  });

  it('resumes after a restart: approved payments are sent, broadcast ones followed, pending deposits credited, orphan holds returned', async () => {
    await server.fundHotWallet(100n);
    const member = await funded('100');
    const queued = await requested(member, { amount: '5' });
    const sent = await requested(member, { amount: '6' });
    await review(queued.id, 'approve');
    await review(sent.id, 'approve');
    await server.side.processor.tick();
    // one more approved while the processor is stopped: it has no transaction yet when the server goes down
    await server.side.processor.stop();
    const later = await requested(member, { amount: '7' });
    await review(later.id, 'approve');
    const before = Object.fromEntries((await server.withdrawalLog(member)).map((row) => [row.id, [row.status, row.txHash === null]]));
    expect(before).toEqual({ [queued.id]: ['broadcast', false], [sent.id]: ['broadcast', false], [later.id]: ['approved', true] });
    const deposit = await server.depositAddress(member, 'DEVNET');
    await server.devnetDeposit(deposit.body.data.address, '3');
    await server.devnet.mine(1);
    await server.side.watcher.poll();
    // a hold whose withdrawal row was never written (the server stopped in between)
    await server.submit({ kind: 'withdrawalHold', id: 'withdrawal:orphan-after-hold', at: Date.now(), userId: member.id, currency: COIN, amount: '4' });
    expect(server.coinBalance(member.id)).toEqual({ available: '78', frozen: '22' });

    const { admin } = server;
    await server.close({ keepData: true });
    server = await startChainServer(dialect, { reuse: server, admin });
    expect(server.coinBalance(member.id)).toEqual({ available: '82', frozen: '18' });

    await server.sync();
    await server.mine(2);
    const statuses = Object.fromEntries((await server.withdrawalLog(member)).map((row) => [row.id, row.status]));
    expect(statuses).toEqual({ [queued.id]: 'completed', [sent.id]: 'completed', [later.id]: 'completed' });
    expect((await server.depositLog(member)).map((row) => row.status)).toEqual(['credited']);
    expect(server.coinBalance(member.id)).toEqual({ available: '85', frozen: '0' });
    expect(await server.devnet.balanceOf(OUTSIDE, TOKEN)).toBeGreaterThanOrEqual(15_000_000n);
  });
});
