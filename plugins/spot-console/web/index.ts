import { defineWebPlugin } from '../../../core/plugin-api';
import { consoleMenu, consolePage } from '../../console-core/shared/types';
import { SPOT_MARKETS_PERMISSION } from './console-api';

const MARKETS_ROUTE = 'spot-console.markets';

export default defineWebPlugin({
  id: 'spot-console',
  routes: [consolePage(MARKETS_ROUTE, '/spot/markets', () => import('./pages/MarketsPage'))],
  menus: [consoleMenu({ id: 'spot-console.markets', order: 140, titleKey: 'spot-console:menuMarkets', route: MARKETS_ROUTE, permission: SPOT_MARKETS_PERMISSION })],
  locales: (language) => import(`../../../locales/${language}/spot-console.json`),
});
