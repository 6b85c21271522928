import { defineWebPlugin } from '../../../core/plugin-api';
import { MARKETS_ROUTE, MARKETS_STORE, RATES_ROUTE } from './ids';
import { MarketsStore } from './markets-store';
import { marketSearch } from './search';
import { tradesContracts } from './trade-paths';

export default defineWebPlugin({
  id: 'markets',
  routes: [
    { name: MARKETS_ROUTE, path: '/market/main', page: () => import('./pages/MarketsPage') },
    { name: RATES_ROUTE, path: '/rate/index', page: () => import('./pages/RatesPage') },
  ],
  components: [{ slot: 'home.sections', order: 10, component: () => import('./components/HomeBoards') }],
  stores: { [MARKETS_STORE]: (root) => new MarketsStore(root.http, root.realtime, { tradesContracts: tradesContracts(root) }) },
  locales: (language) => import(`../../../locales/${language}/markets.json`),
  search: marketSearch,
});
