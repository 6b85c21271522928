import type { HttpClient } from '../../../core/plugin-api';
import type { Page } from '../../../core/shared';
import type { MemberStatus } from '../../identity/shared/service';
import { ACCOUNT_CENTER_PATHS, IDENTITY_PATHS, type MailboxMessage, type ReturnApplication, type ReturnStatus } from '../../identity/shared/types';
import { KYC_QUEUE_PATH, type KycReviewItem, type KycStatus } from '../../kyc/shared/types';
import { MEMBERS_PATH, memberPath, type ConsoleMember, type ConsoleMemberDetail } from '../shared/types';

import { CONSOLE_PAGE_SIZE as PAGE_SIZE } from '../../console-core/shared/kit';

/** The console's calls, made with the operator's client (OperatorConsole.http). */
export function consoleApi(http: HttpClient) {
  return {
    members: (query: { search?: string; status?: MemberStatus; page: number }) =>
      http.get<Page<ConsoleMember>>(MEMBERS_PATH, { query: { ...query, search: query.search || undefined, size: PAGE_SIZE } }),
    member: (id: string) => http.get<ConsoleMemberDetail>(memberPath(id)),
    setFrozen: (id: string, frozen: boolean) => http.post<ConsoleMember>(memberPath(id, frozen ? 'freeze' : 'unfreeze'), {}),

    kycQueue: (query: { status?: KycStatus; page: number }) =>
      http.get<Page<KycReviewItem>>(KYC_QUEUE_PATH, { query: { ...query, size: PAGE_SIZE } }),
    kycApplication: (id: string) => http.get<KycReviewItem>(`${KYC_QUEUE_PATH}/${encodeURIComponent(id)}`),
    approveKyc: (id: string) => http.post<KycReviewItem>(`${KYC_QUEUE_PATH}/${encodeURIComponent(id)}/approve`, {}),
    rejectKyc: (id: string, reason: string) => http.post<KycReviewItem>(`${KYC_QUEUE_PATH}/${encodeURIComponent(id)}/reject`, { reason }),

    returnApplies: (query: { status?: ReturnStatus; page: number }) =>
      http.get<Page<ReturnApplication>>(ACCOUNT_CENTER_PATHS.consoleReturnApplies, { query: { ...query, size: PAGE_SIZE } }),
    completeReturn: (id: string) => http.post<unknown>(`${ACCOUNT_CENTER_PATHS.consoleReturnApplies}/${encodeURIComponent(id)}/complete`, {}),
    rejectReturn: (id: string, note: string) =>
      http.post<unknown>(`${ACCOUNT_CENTER_PATHS.consoleReturnApplies}/${encodeURIComponent(id)}/reject`, { note }),

    mailbox: (query: { to?: string; page: number }) =>
      http.get<Page<MailboxMessage>>(IDENTITY_PATHS.devMailbox, { query: { to: query.to || undefined, page: query.page } }),
  };
}

export type ConsoleApi = ReturnType<typeof consoleApi>;
