// What the info page shows of the signed-in member.
import type { SessionUser } from '../../../../core/plugin-api';
import { maskAccount } from '../../../../core/shared';

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
