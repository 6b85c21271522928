import { defineServerPlugin, type ServerContext, type ServerPlugin } from '../../../core/plugin-api';
import { MARKETS_SERVICE } from '../shared/service';
import { Markets } from './markets-service';
import { MARKETS_MIGRATIONS } from './migrations';
import { registerMarketRoutes } from './routes';
import { seedMarkets } from './seed';
import { registerWatchlistRoutes } from './watchlist-routes';

/** The markets server part; one instance may serve several servers in a process (tests): state is per context. */
export function createMarketsServer(): ServerPlugin {
  const running = new Map<ServerContext, Markets>();
  return defineServerPlugin({
    id: 'markets',
    migrations: MARKETS_MIGRATIONS,
    seed: seedMarkets,
    register(registrar) {
      const markets = new Markets(registrar.context);
      registerMarketRoutes(registrar, markets);
      registerWatchlistRoutes(registrar);
      registrar.provide(MARKETS_SERVICE, markets);
      running.set(registrar.context, markets);
    },
    async close() {
      for (const markets of running.values()) markets.close();
      running.clear();
    },
  });
}

export default createMarketsServer();
