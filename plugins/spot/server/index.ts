import { MARKET_DATA_MIGRATIONS } from '../../../core/engine/persistence';
import { defineServerPlugin, type ServerContext, type ServerPlugin } from '../../../core/server';
import { MARKETS_SERVICE, type MarketsService } from '../../markets/shared/service';
import { WALLET_SERVICE, type WalletService } from '../../wallet/shared/service';
import { SPOT_TOPIC_PREFIXES } from '../shared/types';
import { registerBinanceRoutes } from './binance';
import { registerConsoleRoutes } from './console-routes';
import { demoMakerEnabled, startDemoMaker, type DemoMakerSettings } from './demo-maker';
import { seedDemoMarkets } from './demo-markets';
import { SpotExchange } from './exchange';
import { ORDER_HISTORY_MIGRATIONS } from './history-schema';
import { registerMarketRoutes } from './market-routes';
import { registerMemberRoutes } from './member-routes';

/** The spot server part; its tables are the wallet's (SPOT_MIGRATIONS): one ledger, one command log. */
export function createSpotServer(options: { demoMaker?: DemoMakerSettings } = {}): ServerPlugin {
  const running = new Map<ServerContext, SpotExchange>();
  const demoMakerStops: Array<() => Promise<void>> = [];
  return defineServerPlugin({
    id: 'spot',
    migrations: [...ORDER_HISTORY_MIGRATIONS, ...MARKET_DATA_MIGRATIONS],
    register(registrar) {
      const { context } = registrar;
      const wallet = context.use<WalletService>(WALLET_SERVICE);
      const exchange = new SpotExchange(context, wallet, context.use<MarketsService>(MARKETS_SERVICE));
      registerMemberRoutes(registrar, exchange);
      registerConsoleRoutes(registrar, exchange);
      registerMarketRoutes(registrar, exchange);
      registerBinanceRoutes(registrar, exchange);
      for (const prefix of SPOT_TOPIC_PREFIXES) registrar.topicAccess(prefix, () => true);
      wallet.setPriceSource((currency) => exchange.usdtPrice(currency));
      running.set(context, exchange);
    },
    async bootstrap(context) {
      const exchange = running.get(context);
      if (!exchange) return;
      await exchange.load();
      if (context.site.features.demo) await seedDemoMarkets(exchange);
      if (demoMakerEnabled(context, options.demoMaker ?? {})) demoMakerStops.push(await startDemoMaker(context, exchange.wallet, options.demoMaker ?? {}));
    },
    async close() {
      for (const stop of demoMakerStops.splice(0)) await stop();
      for (const exchange of running.values()) await exchange.close();
      running.clear();
    },
  });
}

export default createSpotServer();
