// Shared set-up of the wallet chain API tests: the wallet server (wallet-harness) with a devnet that mines only on
// demand, the deposit watcher and withdrawal processor driven by the tests, and a test coin on the devnet.
import { Secret, TOTP } from 'otpauth';
import { chainSideOf, type ChainSide } from '../../plugins/wallet/server/chain-side';
import type { DevnetChain } from '../../plugins/wallet/server/chains/devnet';
import { WALLET_CONSOLE_PATHS, WALLET_PATHS, type WithdrawalRequest } from '../../plugins/wallet/shared/types';
import type { JsonResponse, TestDialect, TestServer } from './harness';
import { MEMBER_PASSWORD, startWalletServer, TRADE_PASSWORD, type WalletMember, type WalletTestServer } from './wallet-harness';

export { MEMBER_PASSWORD, TRADE_PASSWORD };

/** The test coin: 4 decimals in the ledger, 6 on chain (a token of the devnet). */
export const COIN = 'TSTC';
export const TOKEN = '0x00000000000000000000000000000000000000a1';
export const COIN_NETWORK = {
  currency: COIN,
  network: 'DEVNET',
  label: 'Devnet test token',
  chain: 'devnet',
  contractAddress: TOKEN,
  chainDecimals: 6,
  confirmations: 2,
  minDeposit: '1',
  withdrawFee: '0.5',
  withdrawMin: '2',
  depositEnabled: true,
  withdrawEnabled: true,
};
/** A network of the coin on an EVM chain no node serves in the tests: shown, but usable for nothing. */
export const UNSERVED_NETWORK = { ...COIN_NETWORK, network: 'ERC20', label: 'Ethereum (ERC-20)', chain: 'evm' };
/** Chain units of one coin. */
export const UNIT = 1_000_000n;

export interface ChainTestServer extends WalletTestServer {
  side: ChainSide;
  devnet: DevnetChain;
  admin: string;
  /** Polls deposits, then runs a withdrawal pass. */
  sync(): Promise<void>;
  /** Mines n devnet blocks, then syncs. */
  mine(n?: number): Promise<void>;
  coinBalance(memberId: string): { available: string; frozen: string };
  /** A system account's balance of the coin in minor units ("fees", "withdrawal-clearing"). */
  systemBalance(account: string): Promise<bigint>;
  depositAddress(member: WalletMember, network?: string): Promise<JsonResponse>;
  devnetDeposit(address: string, amount: string, network?: string): Promise<JsonResponse>;
  withdraw(member: WalletMember, body: Partial<WithdrawalRequest>): Promise<JsonResponse>;
  withdrawalLog(member: WalletMember, filter?: Record<string, unknown>): Promise<any[]>;
  depositLog(member: WalletMember, filter?: Record<string, unknown>): Promise<any[]>;
  /** Funds the devnet hot wallet with coins (a faucet) and mines them. */
  fundHotWallet(coins: bigint): Promise<void>;
  /** Binds Google authenticator for the member; returns a function giving the current code. */
  bindGoogle(member: WalletMember): Promise<() => string>;
}

/** Blocks only on demand, timers far apart (the tests poll), retries without waiting, three send attempts. */
function chainEnvironment(): void {
  process.env.DEVNET_BLOCK_TIME_MS = '0';
  process.env.WALLET_CHAIN_POLL_MS = '3600000';
  process.env.WALLET_WITHDRAWAL_RETRY_MS = '0';
  process.env.WALLET_WITHDRAWAL_ATTEMPTS = '3';
  delete process.env.EVM_RPC_URL;
  delete process.env.WALLET_MNEMONIC;
}

export async function startChainServer(dialect: TestDialect, options: { reuse?: TestServer; admin?: string } = {}): Promise<ChainTestServer> {
  chainEnvironment();
  const server = await startWalletServer(dialect, { reuse: options.reuse });
  const side = chainSideOf(server.context);
  if (!side) throw new Error('the wallet chain side did not start');
  const admin = options.admin ?? (await server.operatorToken());
  if (!options.reuse) {
    const currency = await server.post(WALLET_CONSOLE_PATHS.saveCurrency, { currency: COIN, name: 'Test coin', scale: 4, enabled: true, usdtPrice: '1' }, admin);
    if (currency.status !== 200) throw new Error(`currency refused: ${JSON.stringify(currency.body)}`);
    for (const network of [COIN_NETWORK, UNSERVED_NETWORK]) {
      const saved = await server.post(WALLET_CONSOLE_PATHS.saveNetwork, network, admin);
      if (saved.status !== 200) throw new Error(`network refused: ${JSON.stringify(saved.body)}`);
    }
  }
  const sync = async () => {
    await side.watcher.poll();
    await side.processor.tick();
  };
  const self: ChainTestServer = Object.assign(server, {
    side,
    devnet: side.chains.devnet,
    admin,
    sync,
    async mine(n = 1) {
      await side.chains.devnet.mine(n);
      await sync();
    },
    coinBalance(memberId: string) {
      const { available, frozen } = server.wallet.balance(memberId, 'coin', COIN);
      return { available, frozen };
    },
    async systemBalance(account: string) {
      const row = await server.context.db.selectFrom('ledger_balance').select('available').where('account', '=', `${account}/system/${COIN}`).executeTakeFirst();
      return BigInt(String(row?.available ?? 0));
    },
    depositAddress: (member: WalletMember, network?: string) =>
      server.get(WALLET_PATHS.depositAddress.replace(':currency', COIN), member.token, network ? { network } : undefined),
    devnetDeposit: (address: string, amount: string, network = 'DEVNET') => server.post(WALLET_CONSOLE_PATHS.devnetDeposit, { address, currency: COIN, network, amount }, admin),
    withdraw: (member: WalletMember, body: Partial<WithdrawalRequest>) => server.post(WALLET_PATHS.withdraw, body, member.token),
    async withdrawalLog(member: WalletMember, filter: Record<string, unknown> = {}) {
      const answer = await server.post(WALLET_PATHS.withdrawalLog, { size: 100, ...filter }, member.token);
      if (answer.status !== 200) throw new Error(`withdrawal log refused: ${JSON.stringify(answer.body)}`);
      return answer.body.data.records;
    },
    async depositLog(member: WalletMember, filter: Record<string, unknown> = {}) {
      const answer = await server.post(WALLET_PATHS.rechargeLog, { size: 100, ...filter }, member.token);
      if (answer.status !== 200) throw new Error(`deposit log refused: ${JSON.stringify(answer.body)}`);
      return answer.body.data.records;
    },
    async fundHotWallet(coins: bigint) {
      await side.chains.devnet.credit(side.chains.devnet.hotWallet, TOKEN, coins * UNIT);
      await side.chains.devnet.mine(1);
    },
    async bindGoogle(member: WalletMember) {
      const offer = await server.get('/coin/member/getGoogleVerification/bind', member.token);
      if (offer.status !== 200) throw new Error(`google secret refused: ${JSON.stringify(offer.body)}`);
      const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(offer.body.data.secret) });
      // bind with the previous step's code, so the current one is still unused for the withdrawal
      const previous = totp.generate({ timestamp: Date.now() - 30_000 });
      const bound = await server.get(`/coin/member/googleVerificationBindingOrReset/${previous}/2?password=${MEMBER_PASSWORD}`, member.token);
      if (bound.status !== 200) throw new Error(`google binding refused: ${JSON.stringify(bound.body)}`);
      return () => totp.generate({ timestamp: Date.now() });
    },
  });
  return self;
}
