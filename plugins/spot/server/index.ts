import { defineServerPlugin, type ServerContext, type ServerPlugin } from '../../../core/server';
import { WALLET_SERVICE, type WalletService } from '../../wallet/shared/service';
import { registerConsoleRoutes } from './console-routes';
import { seedDemoMarkets } from './demo-markets';
import { SpotExchange } from './exchange';
import { registerMemberRoutes } from './member-routes';

/** The spot server part; its tables are the wallet's (SPOT_MIGRATIONS): one ledger, one command log. */
export function createSpotServer(): ServerPlugin {
  const running = new Map<ServerContext, SpotExchange>();
  return defineServerPlugin({
    id: 'spot',
    register(registrar) {
      const { context } = registrar;
      const exchange = new SpotExchange(context, context.use<WalletService>(WALLET_SERVICE));
      registerMemberRoutes(registrar, exchange);
      registerConsoleRoutes(registrar, exchange);
      running.set(context, exchange);
    },
    async bootstrap(context) {
      const exchange = running.get(context);
      if (!exchange) return;
      await exchange.load();
      if (context.site.features.demo) await seedDemoMarkets(exchange);
    },
    async close() {
      running.clear();
    },
  });
}

export default createSpotServer();
