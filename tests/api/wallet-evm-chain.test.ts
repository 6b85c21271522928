// Deposits and withdrawals on a real EVM node (anvil) through the real server: ETH and an ERC-20 USDT configured in
// the console, confirmations, a reorg, sweeps to the hot wallet, payouts, and a restart between signing a payout and
// hearing that it was broadcast. On both databases, each with a fresh node.
import { randomBytes } from 'node:crypto';
import { HDNodeWallet, JsonRpcProvider, Mnemonic, Network, parseEther, parseUnits, Transaction, Wallet, type Contract, type JsonRpcSigner } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainSideOf } from '../../plugins/wallet/server/chain-side';
import { WALLET_CONSOLE_PATHS, WALLET_PATHS, type NetworkInput } from '../../plugins/wallet/shared/types';
import { ANVIL_ACCOUNT_0, minedReceipt, startAnvil, startRpcProxy, type Anvil, type ProxyDecision, type RpcCall } from '../support/anvil';
import { deployTestToken } from '../support/erc20';
import { availableDialects, type TestDialect } from './harness';
import { TRADE_PASSWORD, startWalletServer, type WalletMember, type WalletTestServer } from './wallet-harness';

const CONFIRMATIONS = 3;
const SETTINGS = {
  DEVNET_BLOCK_TIME_MS: '0',
  WALLET_CHAIN_POLL_MS: '100',
  WALLET_WITHDRAWAL_RETRY_MS: '0',
  WALLET_WITHDRAWAL_ATTEMPTS: '3',
  EVM_CHAIN_ID: '31337',
};
const POLL = { timeout: 10_000, interval: 50 };

let dialect: TestDialect;
let anvil: Anvil;
let provider: JsonRpcProvider;
let funder: JsonRpcSigner;
let token: Contract;
/** What the node in front of the server does with each call; forwards everything unless a test says otherwise. */
let decide: (call: RpcCall) => ProxyDecision = () => null;
let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
let server: WalletTestServer;
let member: WalletMember;
let mnemonic: string;
/** The hot wallet, derived here from the wallet's mnemonic independently of the server. */
let hotWallet: string;
const ENV_NAMES = [...Object.keys(SETTINGS), 'EVM_RPC_URL', 'WALLET_MNEMONIC'];
const savedEnv = Object.fromEntries(ENV_NAMES.map((name) => [name, process.env[name]]));

const mined = (hash: string) => minedReceipt(provider, hash);
const mine = (blocks: number) => anvil.rpc('anvil_mine', [`0x${blocks.toString(16)}`]);
const tokenBalance = async (address: string): Promise<bigint> => token.balanceOf(address);
const newAddress = () => Wallet.createRandom().address;

async function startServer(rpcUrl: string, reuse?: WalletTestServer): Promise<WalletTestServer> {
  Object.assign(process.env, SETTINGS, { EVM_RPC_URL: rpcUrl, WALLET_MNEMONIC: mnemonic });
  return startWalletServer(dialect, { reuse });
}

async function ok(answer: Promise<{ status: number; body: any }>): Promise<any> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

const deposits = async (): Promise<any[]> => (await ok(server.post(WALLET_PATHS.rechargeLog, { size: 100 }, member.token))).records;
const withdrawals = async (): Promise<any[]> => (await ok(server.post(WALLET_PATHS.withdrawalLog, { size: 100 }, member.token))).records;
const depositByTx = async (txHash: string) => (await deposits()).find((row) => row.txHash === txHash);
const withdrawalById = async (id: string) => (await withdrawals()).find((row) => row.id === id);
async function available(currency: string): Promise<string> {
  const balances: any[] = await ok(server.get(WALLET_PATHS.myBalance, member.token, { type: 1 }));
  return balances.find((balance) => balance.currency === currency).available;
}
async function feesOf(currency: string): Promise<bigint> {
  const row = await server.context.db.selectFrom('ledger_balance').select('available').where('account', '=', `fees/system/${currency}`).executeTakeFirst();
  return BigInt(String(row?.available ?? 0));
}
async function depositAddress(currency: string, network: string): Promise<string> {
  const answer = await ok(server.get(WALLET_PATHS.depositAddress.replace(':currency', currency), member.token, { network }));
  expect(answer).toMatchObject({ currency, network, devnet: false });
  return answer.address;
}
async function withdraw(currency: string, network: string, address: string, amount: string): Promise<string> {
  const made = await ok(server.post(WALLET_PATHS.withdraw, { currency, network, address, amount, tradePassword: TRADE_PASSWORD }, member.token));
  expect(made.status).toBe('review');
  return made.id;
}
async function approve(id: string): Promise<void> {
  const admin = await server.operatorToken();
  await ok(server.post(WALLET_CONSOLE_PATHS.approveWithdrawal.replace(':id', id), {}, admin));
}

let started = 0;

async function setUp(on: TestDialect): Promise<void> {
  started = performance.now();
  dialect = on;
  mnemonic = Mnemonic.fromEntropy(randomBytes(16)).phrase;
  hotWallet = HDNodeWallet.fromPhrase(mnemonic, undefined, "m/44'/60'/1'/0/0").address;
  decide = () => null;
  anvil = await startAnvil();
  provider = new JsonRpcProvider(anvil.rpcUrl, undefined, { staticNetwork: Network.from(anvil.chainId), cacheTimeout: -1, pollingInterval: 50 });
  funder = await provider.getSigner(ANVIL_ACCOUNT_0);
  token = await deployTestToken(funder, 'Tether USD', 'USDT');
  await mined((await token.mint(ANVIL_ACCOUNT_0, parseUnits('1000000', 6))).hash);
  proxy = await startRpcProxy(anvil.rpcUrl, (call) => decide(call));
  server = await startServer(proxy.url);

  const admin = await server.operatorToken();
  const evm = { chain: 'evm', confirmations: CONFIRMATIONS, depositEnabled: true, withdrawEnabled: true } as const;
  const networks: NetworkInput[] = [
    { ...evm, currency: 'ETH', network: 'ETH', label: 'Ethereum', contractAddress: null, chainDecimals: 18, minDeposit: '0.01', withdrawFee: '0.001', withdrawMin: '0.01' },
    { ...evm, currency: 'USDT', network: 'ERC20', label: 'Ethereum (ERC-20)', contractAddress: await token.getAddress(), chainDecimals: 6, minDeposit: '1', withdrawFee: '1', withdrawMin: '5' },
  ];
  for (const network of networks) await ok(server.post(WALLET_CONSOLE_PATHS.saveNetwork, network, admin));
  member = await server.signUp({ tradePassword: true });
  // the watcher has seen the chain once: it scans from here on
  await chainSideOf(server.context)!.watcher.poll();
}

async function tearDown(): Promise<void> {
  await server?.close();
  expect(server?.unexpectedErrors ?? []).toEqual([]);
  await proxy?.stop();
  provider?.destroy();
  await anvil?.stop();
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  console.info(`EVM chain suite (${dialect}) took ${Math.round(performance.now() - started)} ms`);
}

const dialects = await availableDialects();

describe.each(dialects.map((on) => [on] as [TestDialect]))('wallet on an EVM chain through the server (anvil, %s)', (on) => {
  let ethAddress: string;
  beforeAll(() => setUp(on));
  afterAll(tearDown);

  it('credits an ETH deposit after its confirmations and sweeps it to the hot wallet', async () => {
    ethAddress = await depositAddress('ETH', 'ETH');
    expect(ethAddress).toBe(await depositAddress('ETH', 'ETH'));
    const hotBefore = await provider.getBalance(hotWallet);
    const { hash } = await funder.sendTransaction({ to: ethAddress, value: parseEther('2') });
    await mined(hash);

    for (const confirmations of [1, 2]) {
      await expect.poll(() => depositByTx(hash), POLL).toMatchObject({ status: 'pending', confirmations, requiredConfirmations: CONFIRMATIONS, amount: '2', currency: 'ETH', network: 'ETH', address: ethAddress });
      expect(await available('ETH')).toBe('0');
      await mine(1);
    }
    await expect.poll(() => depositByTx(hash), POLL).toMatchObject({ status: 'credited', confirmations: CONFIRMATIONS });
    expect(await available('ETH')).toBe('2');

    // swept: all of it but the gas (and the unused part of the fee cap) reaches the hot wallet
    await expect.poll(async () => (await provider.getBalance(hotWallet)) - hotBefore, POLL).toBeGreaterThan(parseEther('1.999'));
    expect(await provider.getBalance(ethAddress)).toBeLessThan(parseEther('0.001'));
  });

  it('credits a USDT token deposit and sweeps it, topping up the gas from the hot wallet', async () => {
    const usdtAddress = await depositAddress('USDT', 'ERC20');
    expect(usdtAddress).not.toBe(ethAddress);
    const { hash } = await token.transfer(usdtAddress, parseUnits('250', 6));
    await mined(hash);
    await expect.poll(() => depositByTx(hash), POLL).toMatchObject({ status: 'pending', confirmations: 1, amount: '250', currency: 'USDT' });
    await mine(CONFIRMATIONS - 1);
    await expect.poll(() => depositByTx(hash), POLL).toMatchObject({ status: 'credited', confirmations: CONFIRMATIONS });
    expect(await available('USDT')).toBe('250');

    await expect.poll(() => tokenBalance(hotWallet), POLL).toBe(parseUnits('250', 6));
    expect(await tokenBalance(usdtAddress)).toBe(0n);
    // the address paid the sweep's gas with the hot wallet's top-up, which is no deposit
    expect(await provider.getTransactionCount(usdtAddress)).toBe(1);
    expect((await deposits()).map((row) => row.currency).sort()).toEqual(['ETH', 'USDT']);
  });

  it('reverses a deposit whose block is orphaned before its confirmations, and never credits it', async () => {
    const { hash } = await funder.sendTransaction({ to: ethAddress, value: parseEther('1') });
    const { blockNumber } = await mined(hash);
    await expect.poll(() => depositByTx(hash), POLL).toMatchObject({ status: 'pending', confirmations: 1, amount: '1' });
    await anvil.rpc('anvil_reorg', [(await provider.getBlockNumber()) - blockNumber + 1, []]);
    await expect.poll(() => depositByTx(hash), POLL).toMatchObject({ status: 'reversed' });
    await mine(CONFIRMATIONS + 1);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a few more polls
    expect(await depositByTx(hash)).toMatchObject({ status: 'reversed', creditTime: null });
    expect(await available('ETH')).toBe('2');
    expect(await provider.getTransaction(hash)).toBeNull();
  });

  it('refuses what the EVM networks cannot carry, by field, and records no deposit below the minimum', async () => {
    const refused = async (body: Record<string, string>, field: string) => {
      const answer = await server.post(WALLET_PATHS.withdraw, { tradePassword: TRADE_PASSWORD, address: newAddress(), ...body }, member.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.data).toMatchObject({ field });
    };
    // 7 decimals: the ledger's scale (8) has them, the token's 6 on chain do not
    await refused({ currency: 'USDT', network: 'ERC20', amount: '10.0000001' }, 'amount');
    await refused({ currency: 'ETH', network: 'ETH', amount: '0.009' }, 'amount');
    await refused({ currency: 'ETH', network: 'ETH', amount: '0.1', address: '0x1234' }, 'address');
    await refused({ currency: 'ETH', network: 'ETH', amount: '0.1', address: ANVIL_ACCOUNT_0.replace('f39F', 'F39f') }, 'address');
    await refused({ currency: 'ETH', network: 'ERC20', amount: '0.1' }, 'network');

    const { hash } = await funder.sendTransaction({ to: ethAddress, value: parseEther('0.005') });
    await mined(hash);
    await mine(CONFIRMATIONS);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a few polls
    expect(await depositByTx(hash)).toBeUndefined();
    expect([await available('ETH'), await available('USDT')]).toEqual(['2', '250']);
    expect(await withdrawals()).toEqual([]);
  });

  it('pays approved ETH and USDT withdrawals and completes them after their confirmations', async () => {
    const ethTo = newAddress();
    const usdtTo = newAddress();
    const ethId = await withdraw('ETH', 'ETH', ethTo, '0.5');
    const usdtId = await withdraw('USDT', 'ERC20', usdtTo, '100');
    expect(await available('ETH')).toBe('1.5');
    // nothing leaves before an operator approves
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await withdrawalById(ethId)).status).toBe('review');
    expect(await provider.getBalance(ethTo)).toBe(0n);

    await approve(ethId);
    await approve(usdtId);
    for (const id of [ethId, usdtId]) await expect.poll(async () => (await withdrawalById(id)).status, POLL).toBe('broadcast');
    const [eth, usdt] = [await withdrawalById(ethId), await withdrawalById(usdtId)];
    for (const payout of [eth, usdt]) expect((await mined(payout.txHash)).from).toBe(hotWallet);
    expect(await provider.getBalance(ethTo)).toBe(parseEther('0.499'));
    expect(await tokenBalance(usdtTo)).toBe(parseUnits('99', 6));
    expect(eth.status).toBe('broadcast');

    await mine(CONFIRMATIONS - 1);
    for (const id of [ethId, usdtId]) await expect.poll(async () => (await withdrawalById(id)).status, POLL).toBe('completed');
    expect(await withdrawalById(ethId)).toMatchObject({ amount: '0.5', fee: '0.001', receive: '0.499', txHash: eth.txHash });
    expect(await withdrawalById(usdtId)).toMatchObject({ amount: '100', fee: '1', receive: '99', txHash: usdt.txHash });
    for (const id of [ethId, usdtId]) expect((await withdrawalById(id)).confirmations).toBeGreaterThanOrEqual(CONFIRMATIONS);
    expect(await available('ETH')).toBe('1.5');
    expect(await available('USDT')).toBe('150');
    // a withdrawal reads completed as soon as its confirmations are in; its fee is settled right after
    await expect.poll(() => feesOf('ETH'), POLL).toBe(100_000n); // 0.001 at scale 8
    await expect.poll(() => feesOf('USDT'), POLL).toBe(100_000_000n); // 1 at scale 8
    // paid once each
    expect(await provider.getBalance(ethTo)).toBe(parseEther('0.499'));
    expect(await tokenBalance(usdtTo)).toBe(parseUnits('99', 6));
  });

  it('pays each withdrawal once when the server stops between signing a payout and recording its broadcast', async () => {
    const reached = newAddress(); // the node gets this payout, the server never hears back
    const lost = newAddress(); // this one never reaches the node
    const nonce = await provider.getTransactionCount(hotWallet);
    const forwarded: string[] = [];
    decide = (call) => {
      if (call.method === 'eth_getTransactionByHash' || call.method === 'eth_getTransactionReceipt') return 'connection reset';
      if (call.method !== 'eth_sendRawTransaction') return null;
      const tx = Transaction.from(call.params[0] as string);
      if (tx.to !== reached) return 'connection reset';
      forwarded.push(tx.hash!);
      return { lost: 'connection reset' };
    };
    const reachedId = await withdraw('ETH', 'ETH', reached, '0.1');
    const lostId = await withdraw('ETH', 'ETH', lost, '0.1');
    await approve(reachedId);
    await approve(lostId);
    // both signed and saved, neither known to the server as broadcast
    for (const id of [reachedId, lostId]) await expect.poll(async () => (await withdrawalById(id)).txHash, POLL).toMatch(/^0x[0-9a-f]{64}$/);
    const saved = { reached: (await withdrawalById(reachedId)).txHash, lost: (await withdrawalById(lostId)).txHash };
    expect(forwarded).toEqual([saved.reached]);
    expect((await mined(saved.reached)).from).toBe(hotWallet);
    expect(await provider.getTransaction(saved.lost)).toBeNull();
    for (const id of [reachedId, lostId]) expect((await withdrawalById(id)).status).toBe('approved');

    await server.close({ keepData: true });
    decide = () => null;
    server = await startServer(anvil.rpcUrl, server);

    for (const id of [reachedId, lostId]) await expect.poll(async () => (await withdrawalById(id)).status, POLL).toBe('broadcast');
    await mined(saved.lost);
    await mine(CONFIRMATIONS);
    for (const id of [reachedId, lostId]) await expect.poll(async () => (await withdrawalById(id)).status, POLL).toBe('completed');
    expect(await withdrawalById(reachedId)).toMatchObject({ txHash: saved.reached });
    expect(await withdrawalById(lostId)).toMatchObject({ txHash: saved.lost });
    expect(await provider.getBalance(reached)).toBe(parseEther('0.099'));
    expect(await provider.getBalance(lost)).toBe(parseEther('0.099'));
    expect(await provider.getTransactionCount(hotWallet)).toBe(nonce + 2);
    expect(await available('ETH')).toBe('1.3');
  });
});
