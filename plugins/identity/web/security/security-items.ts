// The rows of the security page: what each factor is, its state, and the pages that change it.
import { maskAccount } from '../../../../core/shared';
import {
  SETTING_ANTI_CODE_ROUTE,
  SETTING_EMAIL_ROUTE,
  SETTING_GOOGLE_ROUTE,
  SETTING_LOGIN_PWD_ROUTE,
  SETTING_PHONE_ROUTE,
  SETTING_TRADE_PWD_ROUTE,
} from '../route-names';
import type { MemberSecurity } from './member-security';

export interface SecurityItemView {
  key: 'email' | 'phone' | 'google' | 'loginPwd' | 'tradePwd' | 'antiCode';
  /** Whether the factor is set (the login password always is). */
  set: boolean;
  /** What the row shows of the value (masked contacts), if anything. */
  detail: string | null;
  /** The identity key of the action button's label. */
  actionKey: string;
  route: string;
  /** A remove action (the authenticator): shown as a danger button. */
  danger?: boolean;
}

export function securityItems(state: MemberSecurity): SecurityItemView[] {
  const contact = (value: string | null) => (value ? maskAccount(value) : null);
  const phone = state.phone ? `+${state.areaCode ?? ''} ${maskAccount(state.phone)}` : null;
  return [
    { key: 'email', set: state.email !== null, detail: contact(state.email), actionKey: state.email ? 'security.change' : 'security.bind', route: SETTING_EMAIL_ROUTE },
    { key: 'phone', set: state.phone !== null, detail: phone, actionKey: state.phone ? 'security.change' : 'security.bind', route: SETTING_PHONE_ROUTE },
    { key: 'google', set: state.googleBound, detail: null, actionKey: state.googleBound ? 'security.unbind' : 'security.bind', route: SETTING_GOOGLE_ROUTE, danger: state.googleBound },
    { key: 'loginPwd', set: true, detail: null, actionKey: 'security.change', route: SETTING_LOGIN_PWD_ROUTE },
    { key: 'tradePwd', set: state.tradePwdSet, detail: null, actionKey: state.tradePwdSet ? 'security.change' : 'security.set', route: SETTING_TRADE_PWD_ROUTE },
    { key: 'antiCode', set: state.antiCodeSet, detail: state.antiCode, actionKey: state.antiCodeSet ? 'security.change' : 'security.set', route: SETTING_ANTI_CODE_ROUTE },
  ];
}
