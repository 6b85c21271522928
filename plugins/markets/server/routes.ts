import type { ServerRegistrar } from '../../../core/plugin-api';
import { initDataQuerySchema, noQuerySchema } from '../shared/schemas';
import type { ContractRow, MarketInitData, MarketKind, MarketRow } from '../shared/types';
import { listMarkets } from './repository';
import { toContractRow, toMarketRow } from './rows';

export function registerMarketRoutes(registrar: ServerRegistrar): void {
  const { context } = registrar;
  const db = context.db;
  const contracts = async (): Promise<ContractRow[]> => (await listMarkets(db, 'contract')).map(toContractRow);
  const markets = async (kind: MarketKind): Promise<MarketRow[]> => (await listMarkets(db, kind)).map(toMarketRow);

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
