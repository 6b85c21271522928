import type { ServerRegistrar } from '../../../../core/server';
import type { SpotExchange } from '../exchange';
import { registerMarketRoutes } from './market-routes';
import { SymbolIndex } from './symbols';
import { registerTradeRoutes } from './trade-routes';

/** The Binance-compatible spot REST subset under /api/v3 (docs/api-v3.md); ping and time are the api-keys plugin's. */
export function registerBinanceRoutes(registrar: ServerRegistrar, exchange: SpotExchange): void {
  const symbols = new SymbolIndex(() => exchange.history.markets());
  registerMarketRoutes(registrar, exchange, symbols);
  registerTradeRoutes(registrar, exchange, symbols);
}
