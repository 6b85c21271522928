import { ApiError, ERROR_CODES, notFoundError, type ApiRequest, type ServerRegistrar } from '../../../core/server';
import { MAX_SCALE } from '../../../core/engine';
import {
  ACCOUNT_TYPES,
  WALLET_CONSOLE_PATHS,
  type AccountBalances,
  type BonusInput,
  type ConsoleCurrency,
  type CurrencyBalance,
  type CurrencyInput,
  type NetworkInput,
} from '../shared/types';
import { accountName, accountTypesOf, currencyBalance, knownCurrency } from './accounts';
import { parseAmount } from './amounts';
import type { NetworkConfig } from './core-types';
import { AMOUNT, CLIENT_ID, CURRENCY } from './schemas';
import type { Wallet } from './wallet';

const CURRENCY_BODY = {
  type: 'object',
  required: ['currency', 'name', 'scale', 'enabled', 'usdtPrice'],
  additionalProperties: false,
  properties: {
    currency: { type: 'string', pattern: '^[A-Z0-9]{1,20}$' },
    name: { type: 'string', minLength: 1, maxLength: 50 },
    icon: { type: 'string', maxLength: 500 },
    scale: { type: 'integer', minimum: 0, maximum: MAX_SCALE },
    sort: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 },
    enabled: { type: 'boolean' },
    usdtPrice: AMOUNT,
  },
};

const NETWORK_BODY = {
  type: 'object',
  required: [
    'currency', 'network', 'label', 'chain', 'chainDecimals', 'confirmations',
    'minDeposit', 'withdrawFee', 'withdrawMin', 'depositEnabled', 'withdrawEnabled',
  ],
  additionalProperties: false,
  properties: {
    currency: CURRENCY,
    network: { type: 'string', pattern: '^[A-Z0-9_-]{1,20}$' },
    label: { type: 'string', minLength: 1, maxLength: 60 },
    chain: { type: 'string', enum: ['devnet', 'evm'] },
    contractAddress: { anyOf: [{ type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' }, { type: 'null' }] },
    chainDecimals: { type: 'integer', minimum: 0, maximum: 36 },
    confirmations: { type: 'integer', minimum: 1, maximum: 10_000 },
    minDeposit: AMOUNT,
    withdrawFee: AMOUNT,
    withdrawMin: AMOUNT,
    depositEnabled: { type: 'boolean' },
    withdrawEnabled: { type: 'boolean' },
  },
};

const BONUS_BODY = {
  type: 'object',
  required: ['uid', 'currency', 'amount', 'clientId'],
  additionalProperties: false,
  properties: { uid: { type: 'string', minLength: 1, maxLength: 64 }, currency: CURRENCY, amount: AMOUNT, clientId: CLIENT_ID },
};

export function registerConsoleRoutes(registrar: ServerRegistrar, wallet: Wallet): void {
  const { context } = registrar;
  const audit = (request: ApiRequest, action: string, target: string, before?: unknown, after?: unknown) =>
    context.audit.record({ operatorId: request.principal!.id, action, target, before, after, ip: request.ip });

  registrar.route<unknown, unknown, unknown, ConsoleCurrency[]>({
    method: 'GET',
    path: WALLET_CONSOLE_PATHS.currencies,
    auth: 'operator',
    permission: 'wallet.configure',
    async handler(request) {
      await audit(request, 'wallet.currency.list', 'wallet_currency');
      return wallet.currencies.list();
    },
  });

  registrar.route<unknown, CurrencyInput, unknown, ConsoleCurrency>({
    method: 'POST',
    path: WALLET_CONSOLE_PATHS.saveCurrency,
    auth: 'operator',
    permission: 'wallet.configure',
    schema: { body: CURRENCY_BODY },
    async handler(request) {
      const before = wallet.currencies.get(request.body.currency) ?? null;
      const after = await wallet.currencies.saveCurrency(request.body);
      const { networks: _before, ...beforeFields } = before ?? { networks: [] };
      const { networks: _after, ...afterFields } = after;
      await audit(request, 'wallet.currency.save', `wallet_currency:${after.currency}`, before ? beforeFields : null, afterFields);
      return after;
    },
  });

  registrar.route<unknown, NetworkInput, unknown, NetworkConfig>({
    method: 'POST',
    path: WALLET_CONSOLE_PATHS.saveNetwork,
    auth: 'operator',
    permission: 'wallet.configure',
    schema: { body: NETWORK_BODY },
    async handler(request) {
      const { currency, network } = request.body;
      const before = wallet.currencies.network(currency, network) ?? null;
      const after = await wallet.currencies.saveNetwork(request.body);
      await audit(request, 'wallet.network.save', `wallet_network:${currency}/${network}`, before, after);
      return after;
    },
  });

  registrar.route<unknown, BonusInput, unknown, CurrencyBalance>({
    method: 'POST',
    path: WALLET_CONSOLE_PATHS.creditBonus,
    auth: 'operator',
    permission: 'wallet.credit',
    schema: { body: BONUS_BODY },
    async handler(request) {
      const { uid, clientId, amount } = request.body;
      const member = await wallet.identity.getMemberByUid(uid);
      if (!member) throw new ApiError(ERROR_CODES.badRequest, 'wallet:errUnknownMember', { field: 'uid' });
      const currency = knownCurrency(wallet, request.body.currency);
      parseAmount(amount, currency.scale, 'amount');
      const before = currencyBalance(wallet, member.id, ACCOUNT_TYPES.contract, currency);
      const result = await wallet.apply({
        kind: 'bonusCredit',
        id: `bonus:${clientId}`,
        at: context.now().getTime(),
        userId: member.id,
        currency: currency.currency,
        amount,
      });
      const after = currencyBalance(wallet, member.id, ACCOUNT_TYPES.contract, currency);
      const view = ({ available, bonus }: CurrencyBalance) => ({ currency: currency.currency, available, bonus });
      await audit(request, 'wallet.bonus.credit', `member:${member.id}`, view(before), { ...view(after), amount, clientId, duplicate: result.duplicate });
      if (!result.duplicate) wallet.notify(member.id, 'balance');
      return after;
    },
  });

  registrar.route<unknown, unknown, { memberId: string }, AccountBalances[]>({
    method: 'GET',
    path: WALLET_CONSOLE_PATHS.memberBalances,
    auth: 'operator',
    permission: 'members.read',
    schema: { params: { type: 'object', required: ['memberId'], properties: { memberId: { type: 'string', pattern: '^[A-Za-z0-9_.@:-]{1,64}$' } } } },
    async handler(request) {
      const { memberId } = request.params;
      if (!(await wallet.identity.getMember(memberId))) throw notFoundError('memberId');
      const accounts = (await accountTypesOf(wallet, memberId)).map((type) => ({
        type,
        name: accountName(type),
        balances: wallet.currencies.list().map((currency) => currencyBalance(wallet, memberId, type, currency)),
      }));
      await audit(request, 'wallet.member.balances', `member:${memberId}`);
      return accounts;
    },
  });
}
