import { randomUUID } from 'node:crypto';
import { ApiError, ERROR_CODES, pageOf, type Page, type ServerRegistrar } from '../../../core/server';
import {
  ACCOUNT_TYPES,
  WALLET_PATHS,
  type AccountTypeCode,
  type BillFilter,
  type BillRecord,
  type CurrencyAccountRequest,
  type CurrencyBalance,
  type Transferable,
  type TransferQuery,
  type WalletAccount,
} from '../shared/types';
import { accountName, accountTypesOf, assertAccountAllowed, currencyBalance, knownCurrency, ledgerAccountType } from './accounts';
import { parseAmount } from './amounts';
import type { Bills } from './bills';
import type { DisplayRates } from './display-rates';
import { ACCOUNT_TYPE, AMOUNT, BILL_FILTER_BODY, CLIENT_ID, CURRENCY } from './schemas';
import { valueOf, type Holding } from './valuation';
import type { Wallet } from './wallet';

const TYPE_TEXT = { type: 'string', enum: [...ACCOUNT_TYPE.enum.map(String)] };

/** Filters shared by the bills list and the exports: a configured currency, and a time range that is not empty. */
export function checkRecordFilter(wallet: Wallet, filter: { currency?: string; startTime?: number; endTime?: number }): void {
  if (filter.currency !== undefined) knownCurrency(wallet, filter.currency);
  if (filter.startTime !== undefined && filter.endTime !== undefined && filter.endTime <= filter.startTime) throw ApiError.fieldInvalid('endTime');
}

export function registerMemberRoutes(registrar: ServerRegistrar, deps: { wallet: Wallet; bills: Bills; rates: DisplayRates }): void {
  const { wallet, bills, rates } = deps;
  const { context } = registrar;

  registrar.route<{ currency?: string }, unknown, unknown, WalletAccount[]>({
    method: 'GET',
    path: WALLET_PATHS.walletAccounts,
    auth: 'user',
    schema: { querystring: { type: 'object', additionalProperties: false, properties: { currency: { type: 'string', pattern: '^[A-Z]{3,5}$' } } } },
    async handler(request) {
      const memberId = request.principal!.id;
      const display = await rates.rateOf(request.query.currency);
      const holdingsOf = (code: AccountTypeCode): Holding[] =>
        wallet.currencies.list().map((currency) => {
          const { available, frozen } = wallet.balance(memberId, ledgerAccountType(code), currency.currency);
          return { minor: available + frozen, scale: currency.scale, price: wallet.price(currency.currency) };
        });
      const accounts = (await accountTypesOf(wallet, memberId)).map((code) => ({ code, holdings: holdingsOf(code) }));
      const row = (code: AccountTypeCode, holdings: Holding[]): WalletAccount => ({
        type: code,
        name: accountName(code),
        usdt: valueOf(holdings),
        rate: valueOf(holdings, display.rate),
        currency: display.currency,
      });
      return [row(ACCOUNT_TYPES.total, accounts.flatMap((account) => account.holdings)), ...accounts.map(({ code, holdings }) => row(code, holdings))];
    },
  });

  registrar.route<{ type: AccountTypeCode }, unknown, unknown, CurrencyBalance[]>({
    method: 'GET',
    path: WALLET_PATHS.myBalance,
    auth: 'user',
    schema: { querystring: { type: 'object', required: ['type'], additionalProperties: false, properties: { type: ACCOUNT_TYPE } } },
    async handler(request) {
      const memberId = request.principal!.id;
      await assertAccountAllowed(wallet, memberId, request.query.type, 'type');
      return wallet.currencies
        .list()
        .filter((currency) => currency.enabled)
        .map((currency) => currencyBalance(wallet, memberId, request.query.type, currency));
    },
  });

  registrar.route<unknown, CurrencyAccountRequest, unknown, CurrencyBalance>({
    method: 'POST',
    path: WALLET_PATHS.currencyAccount,
    auth: 'user',
    schema: { body: { type: 'object', required: ['type', 'currency'], additionalProperties: false, properties: { type: ACCOUNT_TYPE, currency: CURRENCY } } },
    async handler(request) {
      const memberId = request.principal!.id;
      const currency = knownCurrency(wallet, request.body.currency);
      await assertAccountAllowed(wallet, memberId, request.body.type, 'type');
      return currencyBalance(wallet, memberId, request.body.type, currency);
    },
  });

  registrar.route<unknown, BillFilter & { current: number; size: number }, unknown, Page<BillRecord>>({
    method: 'POST',
    path: WALLET_PATHS.myBill,
    auth: 'user',
    schema: { body: BILL_FILTER_BODY },
    async handler(request) {
      const filter = request.body;
      checkRecordFilter(wallet, filter);
      const { records, total } = await bills.page(request.principal!.id, filter, filter.size, (filter.current - 1) * filter.size);
      return pageOf(records, total, filter.size, filter.current);
    },
  });

  registrar.route<TransferQuery, unknown, unknown, { from: CurrencyBalance; to: CurrencyBalance }>({
    method: 'GET',
    path: WALLET_PATHS.transfer,
    auth: 'user',
    schema: {
      querystring: {
        type: 'object',
        required: ['from', 'to', 'currency', 'amount'],
        additionalProperties: false,
        properties: { from: TYPE_TEXT, to: TYPE_TEXT, currency: CURRENCY, amount: AMOUNT, clientId: CLIENT_ID },
      },
    },
    async handler(request) {
      const memberId = request.principal!.id;
      const query = request.query;
      const from = Number(query.from) as AccountTypeCode;
      const to = Number(query.to) as AccountTypeCode;
      if (from === to) throw new ApiError(ERROR_CODES.badRequest, 'wallet:errSameAccount', { field: 'to' });
      const currency = knownCurrency(wallet, query.currency);
      parseAmount(query.amount, currency.scale, 'amount');
      await assertAccountAllowed(wallet, memberId, from, 'from');
      await assertAccountAllowed(wallet, memberId, to, 'to');
      const result = await wallet.apply({
        kind: 'transfer',
        id: `trans:${memberId}:${query.clientId ?? randomUUID()}`,
        at: context.now().getTime(),
        userId: memberId,
        currency: currency.currency,
        amount: query.amount,
        from: ledgerAccountType(from),
        to: ledgerAccountType(to),
      });
      if (!result.duplicate) wallet.notify(memberId, 'balance');
      return { from: currencyBalance(wallet, memberId, from, currency), to: currencyBalance(wallet, memberId, to, currency) };
    },
  });

  registrar.route<unknown, unknown, { currency: string }, Transferable>({
    method: 'GET',
    path: WALLET_PATHS.contractTransferable,
    auth: 'user',
    schema: { params: { type: 'object', required: ['currency'], properties: { currency: CURRENCY } } },
    async handler(request) {
      const balance = currencyBalance(wallet, request.principal!.id, ACCOUNT_TYPES.contract, knownCurrency(wallet, request.params.currency));
      return { currency: balance.currency, available: balance.available, bonus: balance.bonus, transferable: balance.transferable };
    },
  });
}
