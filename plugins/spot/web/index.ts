import { defineWebPlugin, type ShellRoot } from '../../../core/plugin-api';
import { SPOT_ROUTES } from './ids';

/** The spot menu sets deal type cash (spec §2). */
const selectSpot = (root: ShellRoot) => root.settings.set('dealType', 'cash');

export default defineWebPlugin({
  id: 'spot',
  routes: [
    { name: SPOT_ROUTES.exchange, path: '/exchange/index', page: () => import('./pages/ExchangePage') },
    { name: SPOT_ROUTES.fullScreen, path: '/exchange/full-screen/:type', layout: 'bare', page: () => import('./pages/FullScreenPage') },
    { name: SPOT_ROUTES.entrust, path: '/account/entrust/spot', requiresLogin: true, page: () => import('./pages/EntrustPage') },
    {
      name: SPOT_ROUTES.centerEntrust,
      path: '/account/center/entrust/spot',
      requiresLogin: true,
      section: 'account.center',
      page: () => import('./pages/EntrustPage'),
    },
  ],
  menus: [
    // The server's nav rows "trade" and "spot" open the exchange; choosing them sets deal type cash.
    { id: 'spot', slot: 'nav', order: 10, titleKey: 'spot:menuSpot', route: SPOT_ROUTES.exchange, onSelect: selectSpot },
    { id: 'trade', slot: 'nav', order: 11, titleKey: 'spot:menuSpot', route: SPOT_ROUTES.exchange, onSelect: selectSpot },
    { id: 'center-entrust-spot', slot: 'account.center', order: 90, titleKey: 'spot:menuEntrust', route: SPOT_ROUTES.centerEntrust },
  ],
  locales: (language) => import(`../../../locales/${language}/spot.json`),
});
