import { defineWebPlugin } from '../../../core/plugin-api';
import {
  ACCOUNT_CENTER_ROUTE,
  ACCOUNT_INFO_ROUTE,
  DEVICES_ROUTE,
  LOGIN_ROUTE,
  PAYMENTS_ROUTE,
  REGISTER_ROUTE,
  SECURITY_ROUTE,
  SETTING_ANTI_CODE_ROUTE,
  SETTING_EMAIL_ROUTE,
  SETTING_GOOGLE_ROUTE,
  SETTING_LOGIN_PWD_ROUTE,
  SETTING_PHONE_ROUTE,
  SETTING_TRADE_PWD_ROUTE,
} from './route-names';

export { ACCOUNT_INFO_ROUTE, DEVICES_ROUTE, LOGIN_ROUTE, PAYMENTS_ROUTE, REGISTER_ROUTE, SECURITY_ROUTE };

const center = { requiresLogin: true, section: 'account.center' } as const;

export default defineWebPlugin({
  id: 'identity',
  routes: [
    { name: LOGIN_ROUTE, path: '/user/login', page: () => import('./pages/LoginPage'), layout: 'main' },
    { name: REGISTER_ROUTE, path: '/user/register', page: () => import('./pages/RegisterPage'), layout: 'main' },
    {
      name: DEVICES_ROUTE,
      path: '/account/center/device-management',
      page: () => import('./devices/DeviceManagementPage'),
      requiresLogin: true,
      section: 'account.center',
    },
    { name: PAYMENTS_ROUTE, path: '/account/center/payments', page: () => import('./payments/PaymentsPage'), requiresLogin: true, section: 'account.center' },
    { name: ACCOUNT_CENTER_ROUTE, path: '/account/center', page: () => import('./account/AccountCenterRedirect'), requiresLogin: true },
    { name: ACCOUNT_INFO_ROUTE, path: '/account/center/info', page: () => import('./account/AccountInfoPage'), ...center },
    { name: SECURITY_ROUTE, path: '/account/center/security', page: () => import('./security/SecurityPage'), ...center },
    { name: SETTING_EMAIL_ROUTE, path: '/account/center/setting/email', page: () => import('./security/pages/EmailPage'), ...center },
    { name: SETTING_PHONE_ROUTE, path: '/account/center/setting/phone', page: () => import('./security/pages/PhonePage'), ...center },
    { name: SETTING_GOOGLE_ROUTE, path: '/account/center/setting/google', page: () => import('./security/pages/GooglePage'), ...center },
    { name: SETTING_LOGIN_PWD_ROUTE, path: '/account/center/setting/login-pwd', page: () => import('./security/pages/LoginPasswordPage'), ...center },
    { name: SETTING_TRADE_PWD_ROUTE, path: '/account/center/setting/trade-pwd', page: () => import('./security/pages/TradePasswordPage'), ...center },
    { name: SETTING_ANTI_CODE_ROUTE, path: '/account/center/setting/anti-code', page: () => import('./security/pages/AntiCodePage'), ...center },
  ],
  menus: [
    { id: 'info', slot: 'account.center', order: 10, titleKey: 'identity:menu.info', route: ACCOUNT_INFO_ROUTE },
    {
      id: 'security',
      slot: 'account.center',
      order: 20,
      titleKey: 'identity:menu.security',
      route: SECURITY_ROUTE,
      activeOn: [SETTING_EMAIL_ROUTE, SETTING_PHONE_ROUTE, SETTING_GOOGLE_ROUTE, SETTING_LOGIN_PWD_ROUTE, SETTING_TRADE_PWD_ROUTE, SETTING_ANTI_CODE_ROUTE],
    },
    { id: 'devices', slot: 'account.center', order: 30, titleKey: 'identity:menu.devices', route: DEVICES_ROUTE },
    { id: 'payments', slot: 'account.center', order: 50, titleKey: 'identity:menu.payments', route: PAYMENTS_ROUTE },
  ],
  forms: [{ id: 'identity.payment-bank' }, { id: 'identity.payment-ewallet' }],
  locales: (language) => import(`../../../locales/${language}/identity.json`),
});
