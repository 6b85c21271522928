import { defineWebPlugin } from '../../../core/plugin-api';
import { LOGIN_ROUTE, REGISTER_ROUTE } from './route-names';

export { LOGIN_ROUTE, REGISTER_ROUTE };

export default defineWebPlugin({
  id: 'identity',
  routes: [
    { name: LOGIN_ROUTE, path: '/user/login', page: () => import('./pages/LoginPage'), layout: 'main' },
    { name: REGISTER_ROUTE, path: '/user/register', page: () => import('./pages/RegisterPage'), layout: 'main' },
  ],
  locales: (language) => import(`../../../locales/${language}/identity.json`),
});
