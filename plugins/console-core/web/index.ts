import { defineWebPlugin } from '../../../core/plugin-api';
import { CONSOLE_HOME_ROUTE, CONSOLE_LOGIN_ROUTE } from './ids';
import { createOperatorStore, OPERATOR_STORE } from './operator-store';

export default defineWebPlugin({
  id: 'console-core',
  routes: [
    { name: CONSOLE_LOGIN_ROUTE, path: '/login', layout: 'bare', page: () => import('./pages/LoginPage') },
    { name: CONSOLE_HOME_ROUTE, path: '/home/index', layout: 'bare', section: 'console.side', page: () => import('./pages/ConsoleHomePage') },
  ],
  menus: [{ id: 'console-core.home', slot: 'console.side', order: 0, titleKey: 'console-core:menuHome', route: CONSOLE_HOME_ROUTE }],
  components: [{ slot: 'section.top', section: 'console.side', order: 0, component: () => import('./components/OperatorBar') }],
  stores: { [OPERATOR_STORE]: (root) => createOperatorStore(root.http, root.site) },
  locales: (language) => import(`../../../locales/${language}/console-core.json`),
});
