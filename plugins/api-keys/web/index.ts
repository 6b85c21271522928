import { defineWebPlugin } from '../../../core/plugin-api';
import { API_KEYS_ROUTE } from '../shared/types';

export default defineWebPlugin({
  id: 'api-keys',
  routes: [
    { name: API_KEYS_ROUTE, path: '/account/center/api-management', page: () => import('./pages/ApiKeysPage'), requiresLogin: true, section: 'account.center' },
  ],
  menus: [{ id: 'api-keys', slot: 'account.center', order: 60, titleKey: 'api-keys:menu', route: API_KEYS_ROUTE }],
  locales: (language) => import(`../../../locales/${language}/api-keys.json`),
});
