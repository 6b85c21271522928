import { defineWebPlugin } from '../../../core/plugin-api';
import { operatorCan } from '../shared/types';
import {
  CONSOLE_ACCOUNT_ROUTE,
  CONSOLE_AUDIT_ROUTE,
  CONSOLE_COLLECTION_ROUTE,
  CONSOLE_CONTENT_ROUTE,
  CONSOLE_HOME_ROUTE,
  CONSOLE_LOGIN_ROUTE,
  CONSOLE_OPERATORS_ROUTE,
  CONSOLE_SETTINGS_ROUTE,
} from './ids';
import { createOperatorStore, OPERATOR_STORE } from './operator-store';

const consolePage = { layout: 'bare', section: 'console.side' } as const;

export default defineWebPlugin({
  id: 'console-core',
  routes: [
    { name: CONSOLE_LOGIN_ROUTE, path: '/login', layout: 'bare', page: () => import('./pages/LoginPage') },
    { name: CONSOLE_HOME_ROUTE, path: '/home/index', ...consolePage, page: () => import('./pages/ConsoleHomePage') },
    { name: CONSOLE_ACCOUNT_ROUTE, path: '/account', ...consolePage, page: () => import('./pages/AccountPage') },
    { name: CONSOLE_OPERATORS_ROUTE, path: '/operators', ...consolePage, page: () => import('./pages/OperatorsPage') },
    { name: CONSOLE_AUDIT_ROUTE, path: '/audit', ...consolePage, page: () => import('./pages/AuditPage') },
    { name: CONSOLE_CONTENT_ROUTE, path: '/content', ...consolePage, page: () => import('./pages/ContentPage') },
    { name: CONSOLE_COLLECTION_ROUTE, path: '/content/:code', ...consolePage, page: () => import('./pages/CollectionPage') },
    { name: CONSOLE_SETTINGS_ROUTE, path: '/settings', ...consolePage, page: () => import('./pages/SiteSettingsPage') },
  ],
  menus: [
    { id: 'console-core.home', slot: 'console.side', order: 0, titleKey: 'console-core:menuHome', route: CONSOLE_HOME_ROUTE },
    // current on a collection's page too: its path starts with /content/
    { id: 'console-core.content', slot: 'console.side', order: 100, titleKey: 'console-core:menuContent', route: CONSOLE_CONTENT_ROUTE, visible: operatorCan('content.edit') },
    { id: 'console-core.settings', slot: 'console.side', order: 110, titleKey: 'console-core:menuSettings', route: CONSOLE_SETTINGS_ROUTE, visible: operatorCan('settings.edit') },
    { id: 'console-core.operators', slot: 'console.side', order: 900, titleKey: 'console-core:menuOperators', route: CONSOLE_OPERATORS_ROUTE, visible: operatorCan('operators.manage') },
    { id: 'console-core.audit', slot: 'console.side', order: 910, titleKey: 'console-core:menuAudit', route: CONSOLE_AUDIT_ROUTE, visible: operatorCan('audit.read') },
    { id: 'console-core.account', slot: 'console.side', order: 990, titleKey: 'console-core:menuAccount', route: CONSOLE_ACCOUNT_ROUTE },
  ],
  components: [{ slot: 'section.top', section: 'console.side', order: 0, component: () => import('./components/OperatorBar') }],
  stores: { [OPERATOR_STORE]: (root) => createOperatorStore(root.http, root.site) },
  locales: (language) => import(`../../../locales/${language}/console-core.json`),
});
