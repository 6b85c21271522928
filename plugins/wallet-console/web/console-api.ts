import type { HttpClient } from '../../../core/plugin-api';
import type { Page } from '../../../core/shared';
import { CONSOLE_PAGE_SIZE as PAGE_SIZE } from '../../console-core/shared/kit';
import { MEMBERS_PATH, type ConsoleMember } from '../../identity-console/shared/types';
import {
  WALLET_CONSOLE_PATHS as PATHS,
  type AccountBalances,
  type BonusInput,
  type ConsoleCurrency,
  type ConsoleDeposit,
  type ConsoleNetwork,
  type ConsoleWithdrawal,
  type CurrencyBalance,
  type CurrencyInput,
  type DepositStatus,
  type DevnetDepositInput,
  type DevnetStatus,
  type NetworkInput,
  type WithdrawalStatus,
} from '../../wallet/shared/types';

export type { AccountBalances, ConsoleNetwork, DevnetStatus };

export interface RecordQuery<S extends string> {
  status?: S;
  uid?: string;
  currency?: string;
  page: number;
}

/** Fills ":name" segments of a console path. */
export function pathOf(template: string, params: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

const listQuery = <S extends string>({ status, uid, currency, page }: RecordQuery<S>) => ({
  status: status || undefined,
  uid: uid || undefined,
  currency: currency || undefined,
  current: page,
  size: PAGE_SIZE,
});

/** The wallet's console calls, made with the operator's client (OperatorConsole.http). Form calls are silent: the form shows the error. */
export function walletConsoleApi(http: HttpClient) {
  return {
    withdrawals: (query: RecordQuery<WithdrawalStatus>) => http.get<Page<ConsoleWithdrawal>>(PATHS.withdrawals, { query: listQuery(query) }),
    approveWithdrawal: (id: string) => http.post<ConsoleWithdrawal>(pathOf(PATHS.approveWithdrawal, { id }), {}),
    rejectWithdrawal: (id: string, reason: string) => http.post<ConsoleWithdrawal>(pathOf(PATHS.rejectWithdrawal, { id }), { reason }),

    deposits: (query: RecordQuery<DepositStatus>) => http.get<Page<ConsoleDeposit>>(PATHS.deposits, { query: listQuery(query) }),
    devnetDeposit: (input: DevnetDepositInput) => http.post<unknown>(PATHS.devnetDeposit, input, { silent: true }),
    devnetStatus: () => http.get<DevnetStatus>(PATHS.devnetStatus, { silent: true }),

    currencies: () => http.get<ConsoleCurrency[]>(PATHS.currencies, { silent: true }),
    saveCurrency: (input: CurrencyInput) => http.post<ConsoleCurrency>(PATHS.saveCurrency, input, { silent: true }),
    saveNetwork: (input: NetworkInput) => http.post<unknown>(PATHS.saveNetwork, input, { silent: true }),

    creditBonus: (input: BonusInput) => http.post<unknown>(PATHS.creditBonus, input, { silent: true }),
    memberBalances: (memberId: string) => http.get<AccountBalances[]>(pathOf(PATHS.memberBalances, { memberId })),
    /** The member with exactly this uid (the members search also matches parts of emails and phones). */
    async memberByUid(uid: string): Promise<ConsoleMember | null> {
      const found = await http.get<Page<ConsoleMember>>(MEMBERS_PATH, { query: { search: uid, size: PAGE_SIZE } });
      return found.records.find((member) => member.uid === uid) ?? null;
    },
  };
}

export type WalletConsoleApi = ReturnType<typeof walletConsoleApi>;
