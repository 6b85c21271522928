import { defineWebPlugin } from '../../../core/plugin-api';
import { operatorCan } from '../shared/types';
import * as route from './ids';
import { createOperatorStore, OPERATOR_STORE } from './operator-store';

const consolePage = { layout: 'bare', section: 'console.side' } as const;

export default defineWebPlugin({
  id: 'console-core',
  routes: [
    { name: route.CONSOLE_LOGIN_ROUTE, path: '/login', layout: 'bare', page: () => import('./pages/LoginPage') },
    { name: route.CONSOLE_HOME_ROUTE, path: '/home/index', ...consolePage, page: () => import('./pages/ConsoleHomePage') },
    { name: route.CONSOLE_ACCOUNT_ROUTE, path: '/account', ...consolePage, page: () => import('./pages/AccountPage') },
    { name: route.CONSOLE_OPERATORS_ROUTE, path: '/operators', ...consolePage, page: () => import('./pages/OperatorsPage') },
    { name: route.CONSOLE_AUDIT_ROUTE, path: '/audit', ...consolePage, page: () => import('./pages/AuditPage') },
    { name: route.CONSOLE_CONTENT_ROUTE, path: '/content', ...consolePage, page: () => import('./pages/ContentPage') },
    { name: route.CONSOLE_COLLECTION_ROUTE, path: '/content/:code', ...consolePage, page: () => import('./pages/CollectionPage') },
    { name: route.CONSOLE_SETTINGS_ROUTE, path: '/settings', ...consolePage, page: () => import('./pages/SiteSettingsPage') },
  ],
  menus: [
    { id: 'console-core.home', slot: 'console.side', order: 0, titleKey: 'console-core:menuHome', route: route.CONSOLE_HOME_ROUTE },
    // current on a collection's page too: its path starts with /content/
    { id: 'console-core.content', slot: 'console.side', order: 100, titleKey: 'console-core:menuContent', route: route.CONSOLE_CONTENT_ROUTE, visible: operatorCan('content.edit') },
    { id: 'console-core.settings', slot: 'console.side', order: 110, titleKey: 'console-core:menuSettings', route: route.CONSOLE_SETTINGS_ROUTE, visible: operatorCan('settings.edit') },
    { id: 'console-core.operators', slot: 'console.side', order: 900, titleKey: 'console-core:menuOperators', route: route.CONSOLE_OPERATORS_ROUTE, visible: operatorCan('operators.manage') },
    { id: 'console-core.audit', slot: 'console.side', order: 910, titleKey: 'console-core:menuAudit', route: route.CONSOLE_AUDIT_ROUTE, visible: operatorCan('audit.read') },
    { id: 'console-core.account', slot: 'console.side', order: 990, titleKey: 'console-core:menuAccount', route: route.CONSOLE_ACCOUNT_ROUTE },
  ],
  components: [{ slot: 'section.top', section: 'console.side', order: 0, component: () => import('./components/OperatorBar') }],
  stores: { [OPERATOR_STORE]: (root) => createOperatorStore(root.http, root.site) },
  locales: (language) => import(`../../../locales/${language}/console-core.json`),
});
