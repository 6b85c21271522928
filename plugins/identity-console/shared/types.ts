import type { MemberRecord, MemberStatus } from '../../identity/shared/service';
import type { KycApplicationView } from '../../kyc/shared/types';

export const MEMBERS_PATH = '/console/identity/members';

export function memberPath(id: string, action?: 'freeze' | 'unfreeze'): string {
  return `${MEMBERS_PATH}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
}

/** A member as the console lists it. */
export type ConsoleMember = MemberRecord;

/** GET /console/identity/members/{id}: the member and their latest KYC application. */
export interface ConsoleMemberDetail {
  member: ConsoleMember;
  kyc: (KycApplicationView & { id: string }) | null;
}

export interface MemberQuery {
  search?: string;
  status?: MemberStatus;
  page?: number;
  size?: number;
}
