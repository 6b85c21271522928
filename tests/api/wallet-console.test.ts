import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_CONSOLE_PATHS, WALLET_PATHS } from '../../plugins/wallet/shared/types';
import { BTCUSDT } from '../../core/engine/spot/test-support';
import { availableDialects, type JsonResponse, type TestDialect } from './harness';
import { startWalletServer, type WalletTestServer } from './wallet-harness';

const dialects = await availableDialects();

const SOL = { currency: 'SOL', name: 'Solana', icon: '/static/coins/sol.svg', scale: 6, sort: 4, enabled: true, usdtPrice: '150.25' };
const ERC20 = {
  currency: 'USDT',
  network: 'ERC20',
  label: 'Ethereum (ERC-20)',
  chain: 'evm',
  contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  chainDecimals: 6,
  confirmations: 12,
  minDeposit: '5',
  withdrawFee: '2.5',
  withdrawMin: '10',
  depositEnabled: true,
  withdrawEnabled: false,
};

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('wallet console (%s)', (dialect) => {
  let server: WalletTestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startWalletServer(dialect);
    admin = await server.operatorToken();
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });

  const memberBalancesPath = (memberId: string) => WALLET_CONSOLE_PATHS.memberBalances.replace(':memberId', memberId);
  function expectRefused(response: JsonResponse, field: string, status = 400) {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.body.data).toEqual({ field });
  }
  const auditJson = async (action: string) =>
    (await server.auditRows(action)).map((row) => ({ target: row.target, before: JSON.parse(row.before_json ?? 'null'), after: JSON.parse(row.after_json ?? 'null') }));

  it('lists the demo currencies with their devnet networks', async () => {
    const response = await server.get(WALLET_CONSOLE_PATHS.currencies, admin);
    expect(response.status).toBe(200);
    expect(response.body.data.map((currency: any) => [currency.currency, currency.scale, currency.usdtPrice, currency.sort])).toEqual([
      ['USDT', 8, '1', 1],
      ['BTC', 8, '67250.15', 2],
      ['ETH', 8, '3521.42', 3],
    ]);
    expect(response.body.data[0].networks).toEqual([
      {
        currency: 'USDT', network: 'DEVNET', label: 'Devnet (simulated)', chain: 'devnet', devnet: true, contractAddress: '0x00000000000000000000000000000000000000a1',
        chainDecimals: 8, confirmations: 2, minDeposit: '1', withdrawFee: '1', withdrawMin: '10', depositEnabled: true, withdrawEnabled: true,
      },
    ]);
  });

  it('lets only operators with the permission use each route', async () => {
    const member = await server.signUp();
    const support = await server.operatorToken('support');
    const content = await server.operatorToken('content');
    const finance = await server.operatorToken('finance');
    const bonus = { uid: member.uid, currency: 'USDT', amount: '1', clientId: `perm-${member.id}` };
    for (const token of [support, content]) {
      expect((await server.get(WALLET_CONSOLE_PATHS.currencies, token)).status).toBe(403);
      expect((await server.post(WALLET_CONSOLE_PATHS.saveCurrency, SOL, token)).status).toBe(403);
      expect((await server.post(WALLET_CONSOLE_PATHS.saveNetwork, ERC20, token)).status).toBe(403);
      expect((await server.post(WALLET_CONSOLE_PATHS.creditBonus, bonus, token)).status).toBe(403);
    }
    expect((await server.get(memberBalancesPath(member.id), support)).status).toBe(200);
    expect((await server.get(memberBalancesPath(member.id), content)).status).toBe(403);
    expect((await server.get(WALLET_CONSOLE_PATHS.currencies, finance)).status).toBe(200);
    expect((await server.get(WALLET_CONSOLE_PATHS.currencies)).status).toBe(401);
    expect((await server.get(WALLET_CONSOLE_PATHS.currencies, member.token)).status).toBe(401);
    // nothing was credited or configured by the refused calls
    expect((await server.get(WALLET_CONSOLE_PATHS.currencies, admin)).body.data.map((currency: any) => currency.currency)).not.toContain('SOL');
    expect(server.wallet.balance(member.id, 'contract', 'USDT')).toEqual({ available: '0', frozen: '0', bonus: '0' });
  });

  it('adds a currency that the running ledger books at once, audited with before and after', async () => {
    const saved = await server.post(WALLET_CONSOLE_PATHS.saveCurrency, SOL, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({ ...SOL, networks: [] });
    expect(server.wallet.scaleOf('SOL')).toBe(6);

    const member = await server.signUp();
    await server.credit(member.id, 'SOL', '1.123456');
    const refused = await server.wallet.submit({ kind: 'depositCredit', id: `sol7:${member.id}`, at: Date.now(), userId: member.id, currency: 'SOL', amount: '0.1234567' });
    expect(refused).toMatchObject({ ok: false, reason: 'tooManyDecimals' });
    const rows = (await server.get(WALLET_PATHS.myBalance, member.token, { type: 1 })).body.data;
    expect(rows.map((row: any) => row.currency)).toEqual(['USDT', 'BTC', 'ETH', 'SOL']);
    expect(rows[3]).toMatchObject({ available: '1.123456', usdt: '168.799264' });

    expect(await auditJson('wallet.currency.save')).toEqual([
      { target: 'wallet_currency:SOL', before: null, after: { currency: 'SOL', name: 'Solana', icon: '/static/coins/sol.svg', scale: 6, sort: 4, enabled: true, usdtPrice: '150.25' } },
    ]);
  });

  it('keeps the scale of a currency a spot market trades, though never booked (409)', async () => {
    const dot = { ...SOL, currency: 'DOT', name: 'Polkadot', sort: 6, usdtPrice: '4.2' };
    expect((await server.post(WALLET_CONSOLE_PATHS.saveCurrency, dot, admin)).status).toBe(200);
    const added = await server.wallet.spot().submit({ kind: 'addMarket', id: 'dot-market', at: Date.now(), market: { ...BTCUSDT, symbol: 'DOTUSDT', base: 'DOT' } });
    expect(added.ok).toBe(true);

    const refused = await server.post(WALLET_CONSOLE_PATHS.saveCurrency, { ...dot, scale: 2 }, admin);
    expectRefused(refused, 'scale', 409);
    expect(refused.body.msg).toMatch(/spot market/);
    expect(server.wallet.scaleOf('DOT')).toBe(6);
    expect((await server.get(WALLET_CONSOLE_PATHS.currencies, admin)).body.data.find((c: any) => c.currency === 'DOT').scale).toBe(6);
    // the wallet still answers
    expect(server.wallet.spot().engine().market('DOTUSDT')).toMatchObject({ base: 'DOT', halted: false });
  });

  it('changes a scale only while the currency has never been booked (409 after)', async () => {
    const fresh = { ...SOL, currency: 'ADA', name: 'Cardano', sort: 5, usdtPrice: '0.7' };
    expect((await server.post(WALLET_CONSOLE_PATHS.saveCurrency, fresh, admin)).status).toBe(200);
    // unused: a new scale is taken, and commands in flight meanwhile still go through in order
    const member = await server.signUp();
    await server.credit(member.id, 'USDT', '5');
    const [changed, moved] = await Promise.all([
      server.post(WALLET_CONSOLE_PATHS.saveCurrency, { ...fresh, scale: 9 }, admin),
      server.get(WALLET_PATHS.transfer, member.token, { from: '1', to: '4', currency: 'USDT', amount: '5' }),
    ]);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(moved.status).toBe(200);
    expect(server.wallet.scaleOf('ADA')).toBe(9);
    await server.credit(member.id, 'ADA', '0.000000001');
    expect(server.wallet.balance(member.id, 'coin', 'ADA').available).toBe('0.000000001');

    const refused = await server.post(WALLET_CONSOLE_PATHS.saveCurrency, { ...fresh, scale: 6 }, admin);
    expectRefused(refused, 'scale', 409);
    expect(refused.body.msg).toMatch(/cannot change/);
    expect(server.wallet.scaleOf('ADA')).toBe(9);
    expect((await server.get(WALLET_CONSOLE_PATHS.currencies, admin)).body.data.find((c: any) => c.currency === 'ADA').scale).toBe(9);
    // the other fields of a booked currency still change
    const repriced = await server.post(WALLET_CONSOLE_PATHS.saveCurrency, { ...fresh, scale: 9, usdtPrice: '0.75', enabled: false }, admin);
    expect(repriced.body.data).toMatchObject({ scale: 9, usdtPrice: '0.75', enabled: false });
    expect((await server.get(WALLET_PATHS.myBalance, member.token, { type: 1 })).body.data.map((row: any) => row.currency)).not.toContain('ADA');
    // a disabled currency is still valued in the member's totals
    // 5 USDT + 0.000000001 ADA × 0.75, rounded down to 8 decimals
    expect((await server.get(WALLET_PATHS.walletAccounts, member.token)).body.data[0].usdt).toBe('5');
  });

  it('refuses bad currencies naming the field, changing nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...SOL, currency: 'sol' }, 'currency'],
      [{ ...SOL, currency: 'TOO-LONG' }, 'currency'],
      [{ ...SOL, scale: 19 }, 'scale'],
      [{ ...SOL, scale: 2.5 }, 'scale'],
      [{ ...SOL, usdtPrice: '-1' }, 'usdtPrice'],
      [{ ...SOL, usdtPrice: '1e3' }, 'usdtPrice'],
      [{ ...SOL, usdtPrice: 150 }, 'usdtPrice'],
      [{ ...SOL, name: '   ' }, 'name'],
      [{ ...SOL, icon: 'javascript:alert(1)' }, 'icon'],
      [{ ...SOL, enabled: 'yes' }, 'enabled'],
      [{ ...SOL, extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) expectRefused(await server.post(WALLET_CONSOLE_PATHS.saveCurrency, body, admin), field);
    const { enabled: _enabled, ...withoutEnabled } = SOL;
    expectRefused(await server.post(WALLET_CONSOLE_PATHS.saveCurrency, withoutEnabled, admin), 'enabled');
    const sol = (await server.get(WALLET_CONSOLE_PATHS.currencies, admin)).body.data.find((currency: any) => currency.currency === 'SOL');
    expect(sol).toMatchObject({ name: 'Solana', scale: 6, usdtPrice: '150.25', enabled: true });
  });

  it('adds and updates networks, audited, and refuses bad ones', async () => {
    const added = await server.post(WALLET_CONSOLE_PATHS.saveNetwork, ERC20, admin);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toEqual({ ...ERC20, devnet: false, contractAddress: '0xdac17f958d2ee523a2206206994597c13d831ec7' });
    const usdt = (await server.get(WALLET_CONSOLE_PATHS.currencies, admin)).body.data[0];
    expect(usdt.networks.map((network: any) => network.network)).toEqual(['DEVNET', 'ERC20']);

    const devnet = usdt.networks[0];
    const { devnet: _devnet, ...devnetInput } = devnet;
    expect((await server.post(WALLET_CONSOLE_PATHS.saveNetwork, { ...devnetInput, confirmations: 3, withdrawFee: '0.5' }, admin)).status).toBe(200);
    const audited = await auditJson('wallet.network.save');
    expect(audited).toHaveLength(2);
    expect(audited[0]).toMatchObject({ target: 'wallet_network:USDT/ERC20', before: null, after: { network: 'ERC20', withdrawFee: '2.5' } });
    expect(audited[1]).toMatchObject({ target: 'wallet_network:USDT/DEVNET', before: { confirmations: 2, withdrawFee: '1' }, after: { confirmations: 3, withdrawFee: '0.5' } });

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...ERC20, currency: 'DOGE' }, 'currency'],
      [{ ...ERC20, network: 'erc 20' }, 'network'],
      [{ ...ERC20, chain: 'btc' }, 'chain'],
      [{ ...ERC20, contractAddress: '0x1234' }, 'contractAddress'],
      [{ ...ERC20, minDeposit: '0.000000001' }, 'minDeposit'],
      [{ ...ERC20, withdrawFee: '-1' }, 'withdrawFee'],
      [{ ...ERC20, withdrawMin: '2' }, 'withdrawMin'],
      [{ ...ERC20, confirmations: 0 }, 'confirmations'],
      [{ ...ERC20, chainDecimals: 37 }, 'chainDecimals'],
      [{ ...ERC20, label: '' }, 'label'],
    ];
    for (const [body, field] of cases) expectRefused(await server.post(WALLET_CONSOLE_PATHS.saveNetwork, body, admin), field);
    expect((await server.get(WALLET_CONSOLE_PATHS.currencies, admin)).body.data[0].networks[1]).toMatchObject({ withdrawFee: '2.5', confirmations: 12 });
  });

  it('credits experience gold once per clientId, audited, and refuses bad input', async () => {
    const member = await server.signUp();
    const published: string[] = [];
    const publish = server.context.realtime.publish;
    server.context.realtime.publish = (topic, payload, options) => {
      published.push(topic);
      publish(topic, payload, options);
    };
    const input = { uid: member.uid, currency: 'USDT', amount: '25.5', clientId: `gift-${member.id}` };
    try {
      const credited = await server.post(WALLET_CONSOLE_PATHS.creditBonus, input, admin);
      expect(credited.status, JSON.stringify(credited.body)).toBe(200);
      expect(credited.body.data).toMatchObject({ currency: 'USDT', available: '25.5', bonus: '25.5', transferable: '0' });
      const again = await server.post(WALLET_CONSOLE_PATHS.creditBonus, input, admin);
      expect(again.body.data).toMatchObject({ available: '25.5', bonus: '25.5' });
      expect(published).toEqual([`refresh_${member.id}`]);
    } finally {
      server.context.realtime.publish = publish;
    }
    const audited = (await auditJson('wallet.bonus.credit')).filter((row) => row.target === `member:${member.id}`);
    expect(audited).toEqual([
      { target: `member:${member.id}`, before: { currency: 'USDT', available: '0', bonus: '0' }, after: { currency: 'USDT', available: '25.5', bonus: '25.5', amount: '25.5', clientId: input.clientId, duplicate: false } },
      { target: `member:${member.id}`, before: { currency: 'USDT', available: '25.5', bonus: '25.5' }, after: { currency: 'USDT', available: '25.5', bonus: '25.5', amount: '25.5', clientId: input.clientId, duplicate: true } },
    ]);

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...input, uid: '00000000' }, 'uid'],
      [{ ...input, currency: 'DOGE' }, 'currency'],
      [{ ...input, amount: '0' }, 'amount'],
      [{ ...input, amount: '-5' }, 'amount'],
      [{ ...input, amount: '0.000000001' }, 'amount'],
      [{ ...input, clientId: '' }, 'clientId'],
      [{ ...input, clientId: undefined }, 'clientId'],
    ];
    for (const [body, field] of cases) expectRefused(await server.post(WALLET_CONSOLE_PATHS.creditBonus, body, admin), field);
    expect(server.wallet.balance(member.id, 'contract', 'USDT')).toEqual({ available: '25.5', frozen: '0', bonus: '25.5' });
  });

  it('shows a member\'s balances in every account type, merchants with the merchant account', async () => {
    const merchant = await server.signUp({ merchant: true });
    await server.credit(merchant.id, 'BTC', '0.5', 'merchant');
    const response = await server.get(memberBalancesPath(merchant.id), admin);
    expect(response.status).toBe(200);
    expect(response.body.data.map((account: any) => [account.type, account.name])).toEqual([
      [1, 'coin'], [4, 'contract'], [2, 'margin'], [3, 'finance'], [8, 'merchant'],
    ]);
    const btc = response.body.data[4].balances.find((row: any) => row.currency === 'BTC');
    expect(btc).toMatchObject({ available: '0.5', usdt: '33625.075' });
    // every configured currency, disabled ones included
    expect(response.body.data[0].balances.map((row: any) => row.currency)).toContain('ADA');
    expect((await auditJson('wallet.member.balances')).map((row) => row.target)).toContain(`member:${merchant.id}`);

    expectRefused(await server.get(memberBalancesPath('99999999'), admin), 'memberId', 404);
    expectRefused(await server.get(memberBalancesPath('no%20such'), admin), 'memberId');
  });
});

describe('wallet outside demo sites', () => {
  it('seeds no currency: operators configure them', async () => {
    const server = await startWalletServer('sqlite', { site: { features: { supportButton: false, repayButton: false, demo: false } } });
    try {
      const admin = await server.operatorToken();
      expect((await server.get(WALLET_CONSOLE_PATHS.currencies, admin)).body.data).toEqual([]);
      const member = await server.signUp();
      expect((await server.get(WALLET_PATHS.myBalance, member.token, { type: 1 })).body.data).toEqual([]);
      expect((await server.get(WALLET_PATHS.walletAccounts, member.token)).body.data[0]).toEqual({ type: 0, name: 'total', usdt: '0', rate: '0', currency: 'USD' });
      expect((await server.post(WALLET_CONSOLE_PATHS.saveCurrency, SOL, admin)).status).toBe(200);
      await server.credit(member.id, 'SOL', '2');
      expect((await server.get(WALLET_PATHS.walletAccounts, member.token)).body.data[0].usdt).toBe('300.5');
    } finally {
      await server.close();
    }
    expect(server.unexpectedErrors).toEqual([]);
  });
});
