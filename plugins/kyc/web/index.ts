import { defineWebPlugin } from '../../../core/plugin-api';
import { KYC_ROUTE } from '../shared/types';

export default defineWebPlugin({
  id: 'kyc',
  routes: [
    { name: KYC_ROUTE, path: '/account/center/kyc', page: () => import('./pages/KycPage'), requiresLogin: true, section: 'account.center' },
  ],
  menus: [{ id: 'kyc', slot: 'account.center', order: 40, titleKey: 'kyc:menu', route: KYC_ROUTE }],
  locales: (language) => import(`../../../locales/${language}/kyc.json`),
});
