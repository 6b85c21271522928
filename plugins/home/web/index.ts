import { defineWebPlugin } from '../../../core/plugin-api';

export const HOME_ROUTE = 'home.index';

export default defineWebPlugin({
  id: 'home',
  routes: [{ name: HOME_ROUTE, path: '/home/index', page: () => import('./pages/HomePage') }],
  locales: (language) => import(`../../../locales/${language}/home.json`),
});
