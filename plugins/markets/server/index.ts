import { defineServerPlugin } from '../../../core/plugin-api';
import { MARKETS_MIGRATIONS } from './migrations';
import { registerMarketRoutes } from './routes';
import { seedMarkets } from './seed';

export default defineServerPlugin({
  id: 'markets',
  migrations: MARKETS_MIGRATIONS,
  seed: seedMarkets,
  register: registerMarketRoutes,
});
