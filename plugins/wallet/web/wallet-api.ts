// The wallet calls of the member's pages, through the shell's HTTP client (client auth, language, member token).
import type { HttpOptions, ShellRoot } from '../../../core/plugin-api';
import type { Page } from '../../../core/shared';
import {
  WALLET_PATHS,
  type BillFilter,
  type BillRecord,
  type CurrencyBalance,
  type DepositAddress,
  type DepositRecord,
  type RechargeCurrency,
  type RecordFilter,
  type Transferable,
  type TransferQuery,
  type WalletAccount,
  type WithdrawalRecord,
  type WithdrawalRequest,
} from '../shared/types';

type Root = Pick<ShellRoot, 'http' | 'settings'>;

/** A contract path with its ":name" segments filled in. */
export function walletPath(template: string, params: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** A filter without its unset fields (undefined or ''), so the server sees only what the member chose. */
export function compact<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== '')) as Partial<T>;
}

export const walletApi = {
  /** The member's accounts, valued; the display currency goes along so `rate` is in it. */
  accounts: (root: Root) =>
    root.http.get<WalletAccount[]>(WALLET_PATHS.walletAccounts, { query: { currency: root.settings.currency.code } }),
  balances: (root: Root, type: number) => root.http.get<CurrencyBalance[]>(WALLET_PATHS.myBalance, { query: { type } }),
  rechargeCurrencies: (root: Root, type: 'deposit' | 'withdraw') =>
    root.http.get<RechargeCurrency[]>(WALLET_PATHS.rechargeCurrency, { query: { type } }),
  depositAddress: (root: Root, currency: string, network: string) =>
    root.http.get<DepositAddress>(walletPath(WALLET_PATHS.depositAddress, { currency }), { query: { network } }),
  deposits: (root: Root, filter: RecordFilter) => root.http.post<Page<DepositRecord>>(WALLET_PATHS.rechargeLog, compact(filter)),
  withdrawals: (root: Root, filter: RecordFilter) => root.http.post<Page<WithdrawalRecord>>(WALLET_PATHS.withdrawalLog, compact(filter)),
  /** Silent: the form shows the error under the field the server names. */
  withdraw: (root: Root, request: WithdrawalRequest) => root.http.post<WithdrawalRecord>(WALLET_PATHS.withdraw, request, { silent: true }),
  cancelWithdrawal: (root: Root, id: string) => root.http.post<unknown>(walletPath(WALLET_PATHS.withdrawalCancel, { id })),
  bills: (root: Root, filter: BillFilter) => root.http.post<Page<BillRecord>>(WALLET_PATHS.myBill, compact(filter)),
  /** Silent: the form shows the error under the field the server names. */
  transfer: (root: Root, query: TransferQuery) =>
    root.http.get<{ from: CurrencyBalance; to: CurrencyBalance }>(WALLET_PATHS.transfer, { query: compact(query) as HttpOptions['query'], silent: true }),
  contractTransferable: (root: Root, currency: string) =>
    root.http.get<Transferable>(walletPath(WALLET_PATHS.contractTransferable, { currency })),
};
