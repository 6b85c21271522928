import { defineWebPlugin } from '../../../core/plugin-api';
import { DEVICES_ROUTE, LOGIN_ROUTE, PAYMENTS_ROUTE, REGISTER_ROUTE } from './route-names';

export { DEVICES_ROUTE, LOGIN_ROUTE, PAYMENTS_ROUTE, REGISTER_ROUTE };

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
  ],
  menus: [
    { id: 'devices', slot: 'account.center', order: 30, titleKey: 'identity:menu.devices', route: DEVICES_ROUTE },
    { id: 'payments', slot: 'account.center', order: 50, titleKey: 'identity:menu.payments', route: PAYMENTS_ROUTE },
  ],
  forms: [{ id: 'identity.payment-bank' }, { id: 'identity.payment-ewallet' }],
  locales: (language) => import(`../../../locales/${language}/identity.json`),
});
