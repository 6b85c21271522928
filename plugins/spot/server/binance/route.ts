import type { ApiRequest, ServerRegistrar } from '../../../../core/server';
import { binanceErrorResult, binanceResult, isBinanceError, signedRequestOf } from '../../../api-keys/shared/binance';
import { API_KEYS_SERVICE, type ApiKeysService } from '../../../api-keys/shared/service';
import type { ApiKeyPermission } from '../../../api-keys/shared/types';
import { BinanceFailure } from './errors';
import { BinanceParams } from './params';

export interface BinanceCall {
  params: BinanceParams;
  /** The key's member on signed endpoints. */
  memberId: string;
}

interface BinanceRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** Signed endpoints name the permission their key needs; public ones leave it out. */
  permission?: ApiKeyPermission;
  /** Request weight charged to the key; a function when it depends on the parameters. */
  weight: number | ((params: BinanceParams) => number);
  handler(call: BinanceCall): unknown;
}

/**
 * Mounts one /api/v3 endpoint: parameters from the query string and form body, the key's signature and weight
 * through the api-keys service on signed endpoints, the answer in Binance's shape, and every refusal (a thrown
 * BinanceFailure) as `{ code, msg }` with Binance's HTTP status. Anything else is a fault (500).
 */
export function binanceRoute(registrar: ServerRegistrar, route: BinanceRoute): void {
  registrar.route({
    method: route.method,
    path: route.path,
    async handler(request: ApiRequest) {
      try {
        if (!route.permission) return binanceResult(await route.handler({ params: BinanceParams.ofQuery(request.rawQuery), memberId: '' }));
        const sent = BinanceParams.ofQuery(`${request.rawQuery}&${request.rawBody}`);
        const weight = typeof route.weight === 'number' ? route.weight : route.weight(sent);
        const auth = await registrar.context.use<ApiKeysService>(API_KEYS_SERVICE).authenticate({ ...signedRequestOf(request), permission: route.permission, weight });
        if (isBinanceError(auth)) return binanceErrorResult(auth);
        return binanceResult(await route.handler({ params: new BinanceParams(auth.params), memberId: auth.memberId }));
      } catch (error) {
        if (error instanceof BinanceFailure) return binanceErrorResult(error.error);
        throw error;
      }
    },
  });
}
