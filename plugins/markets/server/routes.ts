import type { ServerRegistrar } from '../../../core/plugin-api';
import { initDataQuerySchema, noQuerySchema } from '../shared/schemas';
import type { ContractRow, MarketInitData, MarketKind, MarketRow } from '../shared/types';
import type { Markets } from './markets-service';
import { listMarkets } from './repository';
import { toContractRow } from './rows';

export function registerMarketRoutes(registrar: ServerRegistrar, live: Markets): void {
  const { context } = registrar;
  const contracts = async (): Promise<ContractRow[]> => (await listMarkets(context.db, 'contract')).map(toContractRow);
  const markets = (kind: MarketKind): Promise<MarketRow[]> => live.rows(kind);

  registrar.route<Record<string, never>, unknown, unknown, MarketRow[]>({
    method: 'GET',
    path: '/coin/open/getSpotSymbols',
    auth: 'public',
    schema: { querystring: noQuerySchema },
    handler: () => markets('spot'),
  });

  registrar.route<Record<string, never>, unknown, unknown, ContractRow[]>({
    method: 'GET',
    path: '/coin/open/getContract',
    auth: 'public',
    schema: { querystring: noQuerySchema },
    handler: contracts,
  });

  registrar.route<{ type: MarketKind }, unknown, unknown, MarketInitData>({
    method: 'GET',
    path: '/coin/open/market/initData',
    auth: 'public',
    schema: { querystring: initDataQuerySchema },
    handler: async (request) => ({
      type: request.query.type,
      symbols: await markets(request.query.type),
      contracts: await contracts(),
      serverTime: context.now().toISOString(),
    }),
  });
}
