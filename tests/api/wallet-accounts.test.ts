import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_CONSOLE_PATHS, WALLET_PATHS } from '../../plugins/wallet/shared/types';
import { availableDialects, type TestDialect } from './harness';
import { startWalletServer, TRADE_PASSWORD, type WalletMember, type WalletTestServer } from './wallet-harness';

const dialects = await availableDialects();

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('wallet accounts and transfers (%s)', (dialect) => {
  let server: WalletTestServer;

  beforeAll(async () => {
    server = await startWalletServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });

  const accounts = (member: WalletMember, query?: Record<string, string>) => server.get(WALLET_PATHS.walletAccounts, member.token, query);
  const balances = (member: WalletMember, type: number | string) => server.get(WALLET_PATHS.myBalance, member.token, { type });
  const transfer = (member: WalletMember, query: Record<string, string>) => server.get(WALLET_PATHS.transfer, member.token, query);
  const transferable = (member: WalletMember, currency: string) =>
    server.get(WALLET_PATHS.contractTransferable.replace(':currency', encodeURIComponent(currency)), member.token);
  async function balanceOf(member: WalletMember, type: number, currency: string) {
    const response = await server.post(WALLET_PATHS.currencyAccount, { type, currency }, member.token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  }
  function expectRefused(response: { status: number; body: any }, field: string, msg?: RegExp) {
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.data).toEqual({ field });
    if (msg) expect(response.body.msg).toMatch(msg);
  }

  it('lists the total first, then coin, contract, margin and finance, valued exactly in USDT and the display currency', async () => {
    const member = await server.signUp();
    const empty = await accounts(member);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual(
      ['total', 'coin', 'contract', 'margin', 'finance'].map((name, index) => ({ type: [0, 1, 4, 2, 3][index], name, usdt: '0', rate: '0', currency: 'USD' })),
    );

    await server.credit(member.id, 'BTC', '0.12345678');
    await server.credit(member.id, 'USDT', '100.5', 'contract');
    await server.credit(member.id, 'ETH', '2', 'finance');
    const valued = (await accounts(member, { currency: 'EUR' })).body.data;
    // 0.12345678 × 67250.15 = 8302.486973517; + 100.5 + 2 × 3521.42 = 15445.826973517; shown to 8 decimals, cut
    expect(valued[0]).toEqual({ type: 0, name: 'total', usdt: '15445.82697351', rate: '14210.16081563', currency: 'EUR' });
    expect(valued[1]).toMatchObject({ type: 1, usdt: '8302.48697351', rate: '7638.28801563' });
    expect(valued[2]).toMatchObject({ type: 4, usdt: '100.5', rate: '92.46' });
    expect(valued[4]).toMatchObject({ type: 3, usdt: '7042.84', rate: '6479.4128' });

    expectRefused(await accounts(member, { currency: 'XYZ' }), 'currency');
    expectRefused(await accounts(member, { currency: 'eur' }), 'currency');
    expect((await server.get(WALLET_PATHS.walletAccounts)).status).toBe(401);
  });

  it('values with the price source when it has a price, else the configured reference price', async () => {
    const member = await server.signUp();
    await server.credit(member.id, 'BTC', '1');
    await server.credit(member.id, 'ETH', '1');
    server.wallet.setPriceSource((currency) => ({ BTC: '100000.5', ETH: 'not a price' })[currency]);
    try {
      const [total, coin] = (await accounts(member)).body.data;
      expect(coin.usdt).toBe('103521.92');
      expect(total.usdt).toBe('103521.92');
      expect((await balances(member, 1)).body.data.find((row: any) => row.currency === 'BTC').usdt).toBe('100000.5');
    } finally {
      server.wallet.setPriceSource(() => undefined);
    }
    expect((await accounts(member)).body.data[1].usdt).toBe('70771.57');
  });

  it('shows the merchant account to merchants only', async () => {
    const merchant = await server.signUp({ merchant: true });
    const member = await server.signUp();
    expect((await accounts(merchant)).body.data.map((row: any) => row.type)).toEqual([0, 1, 4, 2, 3, 8]);
    expect((await balances(merchant, 8)).status).toBe(200);
    expectRefused(await balances(member, 8), 'type', /merchant/i);
    expectRefused(await server.post(WALLET_PATHS.currencyAccount, { type: 8, currency: 'USDT' }, member.token), 'type');
  });

  it('lists every enabled currency of an account with zeros, in the configured order', async () => {
    const member = await server.signUp();
    await server.credit(member.id, 'ETH', '1.5');
    const rows = (await balances(member, 1)).body.data;
    expect(rows.map((row: any) => row.currency)).toEqual(['USDT', 'BTC', 'ETH']);
    expect(rows[0]).toEqual({
      currency: 'USDT', name: 'Tether USD', icon: '/static/coins/usdt.svg', scale: 8,
      available: '0', frozen: '0', total: '0', bonus: '0', transferable: '0', usdt: '0',
    });
    expect(rows[2]).toMatchObject({ available: '1.5', total: '1.5', transferable: '1.5', usdt: '5282.13' });
    for (const bad of [0, 5, 'x']) expectRefused(await balances(member, bad), 'type');
    expect((await server.get(WALLET_PATHS.myBalance, member.token)).body.data).toEqual({ field: 'type' });

    expect(await balanceOf(member, 1, 'ETH')).toMatchObject({ currency: 'ETH', available: '1.5' });
    expectRefused(await server.post(WALLET_PATHS.currencyAccount, { type: 1, currency: 'DOGE' }, member.token), 'currency', /not available/);
    expectRefused(await server.post(WALLET_PATHS.currencyAccount, { type: '1', currency: 'ETH' }, member.token), 'type');
  });

  it('transfers between accounts and answers both balances; refuses bad input and changes nothing', async () => {
    const member = await server.signUp();
    await server.credit(member.id, 'USDT', '100');
    const moved = await transfer(member, { from: '1', to: '4', currency: 'USDT', amount: '30.25' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.from).toMatchObject({ currency: 'USDT', available: '69.75', transferable: '69.75' });
    expect(moved.body.data.to).toMatchObject({ currency: 'USDT', available: '30.25', usdt: '30.25' });

    const good = { from: '1', to: '4', currency: 'USDT', amount: '1' };
    expectRefused(await transfer(member, { ...good, currency: 'DOGE' }), 'currency');
    expectRefused(await transfer(member, { ...good, amount: '0.000000001' }), 'amount', /decimal/);
    expectRefused(await transfer(member, { ...good, amount: '-1' }), 'amount');
    expectRefused(await transfer(member, { ...good, amount: '0' }), 'amount');
    expectRefused(await transfer(member, { ...good, amount: '1e3' }), 'amount');
    expectRefused(await transfer(member, { ...good, amount: '69.76' }), 'amount', /Insufficient/);
    expectRefused(await transfer(member, { ...good, to: '1' }), 'to', /different/);
    expectRefused(await transfer(member, { ...good, to: '8' }), 'to', /merchant/i);
    expectRefused(await transfer(member, { ...good, from: '8' }), 'from');
    expectRefused(await transfer(member, { ...good, from: '0' }), 'from');
    expectRefused(await transfer(member, { ...good, clientId: 'no spaces allowed' }), 'clientId');
    const { amount: _amount, ...withoutAmount } = good;
    expectRefused(await transfer(member, withoutAmount), 'amount');

    expect(await balanceOf(member, 1, 'USDT')).toMatchObject({ available: '69.75' });
    expect(await balanceOf(member, 4, 'USDT')).toMatchObject({ available: '30.25' });
  });

  it('applies a transfer with a clientId once, and tells the member\'s pages', async () => {
    const member = await server.signUp();
    await server.credit(member.id, 'BTC', '1');
    const published: Array<{ topic: string; payload: any }> = [];
    const publish = server.context.realtime.publish;
    server.context.realtime.publish = (topic, payload, options) => {
      published.push({ topic, payload });
      publish(topic, payload, options);
    };
    try {
      const query = { from: '1', to: '2', currency: 'BTC', amount: '0.1', clientId: 'retry-me-1' };
      expect((await transfer(member, query)).status).toBe(200);
      const again = await transfer(member, query);
      expect(again.status).toBe(200);
      expect(again.body.data.from.available).toBe('0.9');
      expect(await balanceOf(member, 2, 'BTC')).toMatchObject({ available: '0.1' });
      expect(published).toEqual([{ topic: `refresh_${member.id}`, payload: { type: 'wallet', event: 'balance' } }]);
    } finally {
      server.context.realtime.publish = publish;
    }
    // the same clientId of another member is another transfer
    const other = await server.signUp();
    await server.credit(other.id, 'BTC', '1');
    expect((await transfer(other, { from: '1', to: '2', currency: 'BTC', amount: '0.1', clientId: 'retry-me-1' })).status).toBe(200);
    expect(await balanceOf(other, 2, 'BTC')).toMatchObject({ available: '0.1' });
  });

  it('keeps experience gold in the contract account and claws it back when money leaves it', async () => {
    const member = await server.signUp();
    await server.submit({ kind: 'bonusCredit', id: `bonus-test:${member.id}`, at: Date.now(), userId: member.id, currency: 'USDT', amount: '50' });
    await server.credit(member.id, 'USDT', '100', 'contract');
    expect((await transferable(member, 'USDT')).body.data).toEqual({ currency: 'USDT', available: '150', bonus: '50', transferable: '100' });
    expect(await balanceOf(member, 4, 'USDT')).toMatchObject({ available: '150', bonus: '50', transferable: '100', total: '150' });

    expectRefused(await transfer(member, { from: '4', to: '1', currency: 'USDT', amount: '100.00000001' }), 'amount', /Experience gold/);
    expectRefused(await transfer(member, { from: '4', to: '1', currency: 'USDT', amount: '150.1' }), 'amount', /Insufficient/);

    const moved = await transfer(member, { from: '4', to: '1', currency: 'USDT', amount: '40' });
    expect(moved.status).toBe(200);
    // the whole bonus went back with the first transfer out: 150 − 40 − 50
    expect(moved.body.data.from).toMatchObject({ available: '60', bonus: '0', transferable: '60' });
    expect(moved.body.data.to).toMatchObject({ available: '40' });
    expect((await transferable(member, 'USDT')).body.data).toEqual({ currency: 'USDT', available: '60', bonus: '0', transferable: '60' });

    expectRefused(await transferable(member, 'DOGE'), 'currency');
    expect((await server.get(WALLET_PATHS.contractTransferable.replace(':currency', 'USDT'))).status).toBe(401);
  });

  it('lets exactly the affordable ones of 100 concurrent transfers through', async () => {
    const member = await server.signUp();
    await server.credit(member.id, 'USDT', '10');
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, n) => transfer(member, { from: '1', to: '4', currency: 'USDT', amount: '0.25', clientId: `race-${n}` })),
    );
    const ok = results.filter((response) => response.status === 200);
    const refused = results.filter((response) => response.status === 400);
    expect(ok).toHaveLength(40);
    expect(refused).toHaveLength(60);
    for (const response of refused) expect(response.body.data).toEqual({ field: 'amount' });
    expect(await balanceOf(member, 1, 'USDT')).toMatchObject({ available: '0', frozen: '0' });
    expect(await balanceOf(member, 4, 'USDT')).toMatchObject({ available: '10' });
  });

  it('lets withdrawals and transfers racing for one balance spend it at most once', async () => {
    const member = await server.signUp({ tradePassword: true });
    await server.credit(member.id, 'USDT', '100');
    const withdraw = (n: number) =>
      server.post(
        WALLET_PATHS.withdraw,
        { currency: 'USDT', network: 'DEVNET', address: '0x000000000000000000000000000000000000dEaD', amount: '10', tradePassword: TRADE_PASSWORD, clientId: `w-${n}` },
        member.token,
      );
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, n) => (n % 2 === 0 ? withdraw(n) : transfer(member, { from: '1', to: '4', currency: 'USDT', amount: '10', clientId: `t-${n}` }))),
    );
    const ok = results.filter((response) => response.status === 200);
    expect(ok).toHaveLength(10);
    for (const response of results.filter((each) => each.status !== 200)) {
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.data).toEqual({ field: 'amount' });
    }
    const withdrawn = results.filter((response, n) => n % 2 === 0 && response.status === 200).length;
    expect(await balanceOf(member, 1, 'USDT')).toMatchObject({ available: '0', frozen: String(withdrawn * 10) });
    expect(await balanceOf(member, 4, 'USDT')).toMatchObject({ available: String((10 - withdrawn) * 10) });
  });

  it('keeps every balance across a restart', async () => {
    const member = await server.signUp();
    await server.credit(member.id, 'BTC', '0.5');
    expect((await transfer(member, { from: '1', to: '3', currency: 'BTC', amount: '0.2' })).status).toBe(200);
    const admin = await server.operatorToken();
    const btc = { currency: 'BTC', name: 'Bitcoin', icon: '/static/coins/btc.svg', scale: 8, enabled: true, usdtPrice: '90000' };
    expect((await server.post(WALLET_CONSOLE_PATHS.saveCurrency, btc, admin)).status).toBe(200);
    const before = { coin: (await balances(member, 1)).body.data, finance: (await balances(member, 3)).body.data };

    await server.close({ keepData: true });
    server = await startWalletServer(dialect, { reuse: server });
    // the demo seed ran again and kept the operator's price
    expect((await accounts(member)).body.data[0].usdt).toBe('45000');
    expect((await balances(member, 1)).body.data).toEqual(before.coin);
    expect((await balances(member, 3)).body.data).toEqual(before.finance);
    expect(before.finance.find((row: any) => row.currency === 'BTC').available).toBe('0.2');
    // the restarted ledger goes on where it stopped
    expect((await transfer(member, { from: '3', to: '1', currency: 'BTC', amount: '0.2' })).status).toBe(200);
    expect(await balanceOf(member, 1, 'BTC')).toMatchObject({ available: '0.5' });
  });
});
