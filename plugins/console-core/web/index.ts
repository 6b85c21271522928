import { defineWebPlugin } from '../../../core/plugin-api';
import { operatorCan } from '../shared/types';
import { CONSOLE_ACCOUNT_ROUTE, CONSOLE_AUDIT_ROUTE, CONSOLE_HOME_ROUTE, CONSOLE_LOGIN_ROUTE, CONSOLE_OPERATORS_ROUTE } from './ids';
import { createOperatorStore, OPERATOR_STORE } from './operator-store';

export default defineWebPlugin({
  id: 'console-core',
  routes: [
    { name: CONSOLE_LOGIN_ROUTE, path: '/login', layout: 'bare', page: () => import('./pages/LoginPage') },
    { name: CONSOLE_HOME_ROUTE, path: '/home/index', layout: 'bare', section: 'console.side', page: () => import('./pages/ConsoleHomePage') },
    { name: CONSOLE_ACCOUNT_ROUTE, path: '/account', layout: 'bare', section: 'console.side', page: () => import('./pages/AccountPage') },
    { name: CONSOLE_OPERATORS_ROUTE, path: '/operators', layout: 'bare', section: 'console.side', page: () => import('./pages/OperatorsPage') },
    { name: CONSOLE_AUDIT_ROUTE, path: '/audit', layout: 'bare', section: 'console.side', page: () => import('./pages/AuditPage') },
  ],
  menus: [
    { id: 'console-core.home', slot: 'console.side', order: 0, titleKey: 'console-core:menuHome', route: CONSOLE_HOME_ROUTE },
    { id: 'console-core.operators', slot: 'console.side', order: 900, titleKey: 'console-core:menuOperators', route: CONSOLE_OPERATORS_ROUTE, visible: operatorCan('operators.manage') },
    { id: 'console-core.audit', slot: 'console.side', order: 910, titleKey: 'console-core:menuAudit', route: CONSOLE_AUDIT_ROUTE, visible: operatorCan('audit.read') },
    { id: 'console-core.account', slot: 'console.side', order: 990, titleKey: 'console-core:menuAccount', route: CONSOLE_ACCOUNT_ROUTE },
  ],
  components: [{ slot: 'section.top', section: 'console.side', order: 0, component: () => import('./components/OperatorBar') }],
  stores: { [OPERATOR_STORE]: (root) => createOperatorStore(root.http, root.site) },
  locales: (language) => import(`../../../locales/${language}/console-core.json`),
});
