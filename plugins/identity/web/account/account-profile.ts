// What the info page shows of the signed-in member.
import type { SessionUser } from '../../../../core/plugin-api';
import { maskAccount } from '../../../../core/shared';
import type { KycApplicationView, KycStatus } from '../../../kyc/shared/types';

export const DEFAULT_AVATAR = '/static/avatar-default.svg';
/** is_merchant of an OTC merchant. */
export const MERCHANT = 2;

export interface AccountProfileView {
  uid: string;
  email: string | null;
  phone: string | null;
  avatar: string;
  merchant: boolean;
}

export function accountProfile(user: SessionUser | null, areaCode?: string | null): AccountProfileView {
  return {
    uid: user?.uid ?? '',
    email: user?.email ? maskAccount(user.email) : null,
    phone: user?.phone ? `${areaCode ? `+${areaCode} ` : ''}${maskAccount(user.phone)}` : null,
    avatar: user?.avatar || DEFAULT_AVATAR,
    merchant: user?.is_merchant === MERCHANT,
  };
}

/** "none": the member has never applied. */
export type KycBadgeState = 'none' | KycStatus;

export interface KycBadge {
  state: KycBadgeState;
  /** The operator's reason of a rejection. */
  reason: string | null;
}

export const KYC_BADGE_COLOR: Record<KycBadgeState, 'grey' | 'blue' | 'green' | 'red'> = {
  none: 'grey',
  submitted: 'blue',
  approved: 'green',
  rejected: 'red',
};

/** The verification state of the latest application (null: none yet). */
export function kycBadge(application: KycApplicationView | null): KycBadge {
  if (!application) return { state: 'none', reason: null };
  return { state: application.status, reason: application.status === 'rejected' ? application.reason : null };
}
