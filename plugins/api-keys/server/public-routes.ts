import type { ServerRegistrar } from '../../../core/server';
import { binanceResult } from '../shared/binance';

/** The /api/v3 endpoints that need neither a key nor market data. */
export function registerPublicRoutes(registrar: ServerRegistrar): void {
  registrar.route({ method: 'GET', path: '/api/v3/ping', handler: () => binanceResult({}) });
  registrar.route({
    method: 'GET',
    path: '/api/v3/time',
    handler: () => binanceResult({ serverTime: registrar.context.now().getTime() }),
  });
}
