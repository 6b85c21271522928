import { defineWebPlugin } from '../../../core/plugin-api';
import { operatorCan } from '../../console-core/shared/types';
import { CANNED_ROUTE, DESK_ROUTE } from './ids';

export default defineWebPlugin({
  id: 'chat-console',
  routes: [
    { name: DESK_ROUTE, path: '/chat/desk', layout: 'bare', section: 'console.side', page: () => import('./pages/DeskPage') },
    { name: CANNED_ROUTE, path: '/chat/canned-replies', layout: 'bare', section: 'console.side', page: () => import('./pages/CannedRepliesPage') },
  ],
  menus: [
    { id: 'chat-console.desk', slot: 'console.side', order: 50, titleKey: 'chat-console:menuDesk', route: DESK_ROUTE, visible: operatorCan('chat.read') },
    { id: 'chat-console.canned', slot: 'console.side', order: 55, titleKey: 'chat-console:menuCanned', route: CANNED_ROUTE, visible: operatorCan('chat.read') },
  ],
  locales: (language) => import(`../../../locales/${language}/chat-console.json`),
});
