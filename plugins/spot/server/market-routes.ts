import { ApiError, CgformStore, ERROR_CODES, currencyItems, type ServerRegistrar } from '../../../core/server';
import { KLINE_PERIODS, SPOT_MARKET_PATHS, symbolOfPath, type CandleView, type DepthView, type KLineSeries, type KlinePeriod, type PriceComparison, type TradeView } from '../shared/types';
import type { SpotExchange } from './exchange';
import { PATH_SYMBOL, SYMBOL_SEGMENT, TIME } from './member-routes';
import { comparePrices } from './price-comparison';

const PERIOD = { type: 'string', enum: [...KLINE_PERIODS] };
/** Markets one batchKLineList call may ask for. */
export const BATCH_MAX_SYMBOLS = 50;
const limit = (max: number, fallback: number) => ({ type: 'integer', minimum: 1, maximum: max, default: fallback });
const query = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', required, additionalProperties: false, properties });
const params = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });
const NO_QUERY = query({});

interface KlineQuery {
  symbol: string;
  period: KlinePeriod;
  from?: number;
  to?: number;
  limit: number;
}

/** The public market-data calls of the trading screens (SPOT_MARKET_PATHS). */
export function registerMarketRoutes(registrar: ServerRegistrar, exchange: SpotExchange): void {
  const { context } = registrar;
  const forms = new CgformStore(context.db, context.dialect, context.now);
  const reader = exchange.marketData;
  /** "BTC/USDT" of a path symbol; 400 naming `field` for a market that does not exist. */
  const known = (pathSymbol: string, field: string): string => {
    const symbol = symbolOfPath(pathSymbol);
    if (!exchange.engine.market(symbol)) throw new ApiError(ERROR_CODES.badRequest, 'spot:errUnknownMarket', { field });
    return symbol;
  };
  const checkRange = (from: number | undefined, to: number | undefined) => {
    if (from !== undefined && to !== undefined && from > to) throw ApiError.fieldInvalid('from');
  };

  registrar.route<KlineQuery, unknown, unknown, CandleView[]>({
    method: 'GET',
    path: SPOT_MARKET_PATHS.klineHistory,
    auth: 'public',
    schema: { querystring: query({ symbol: SYMBOL_SEGMENT, period: PERIOD, from: TIME, to: TIME, limit: limit(1500, 300) }, ['symbol', 'period']) },
    async handler(request) {
      const { symbol, period, from, to, limit: count } = request.query;
      checkRange(from, to);
      return reader.candles(known(symbol, 'symbol'), period, { from, to, limit: count });
    },
  });

  registrar.route<{ symbols: string; period: KlinePeriod; limit: number }, unknown, unknown, KLineSeries[]>({
    method: 'GET',
    path: SPOT_MARKET_PATHS.batchKLineList,
    auth: 'public',
    schema: {
      querystring: query(
        { symbols: { type: 'string', pattern: `^${PATH_SYMBOL}(,${PATH_SYMBOL}){0,${BATCH_MAX_SYMBOLS - 1}}$` }, period: PERIOD, limit: limit(200, 24) },
        ['symbols', 'period'],
      ),
    },
    async handler(request) {
      const { symbols, period, limit: count } = request.query;
      const markets = symbols.split(',').map((path) => ({ path, symbol: known(path, 'symbols') }));
      return Promise.all(markets.map(async ({ path, symbol }) => ({ symbol: path, period, candles: await reader.candles(symbol, period, { limit: count }) })));
    },
  });

  registrar.route<unknown, unknown, { x: string }, PriceComparison>({
    method: 'GET',
    path: SPOT_MARKET_PATHS.priceComparison,
    auth: 'public',
    schema: { params: params({ x: SYMBOL_SEGMENT }), querystring: NO_QUERY },
    async handler(request) {
      const symbol = known(request.params.x, 'x');
      const { config, price } = exchange.market(symbol);
      const last = exchange.engine.lastPrice(symbol);
      const currencies = (await currencyItems(forms)).map((item) => ({ code: item.exchange_code, symbol: item.symbol, rate: item.rate }));
      return comparePrices(symbol, last === null ? null : price(last), exchange.wallet.usdtPrice(config.quote), currencies, config.priceScale);
    },
  });

  registrar.route<unknown, unknown, { a: string; b: number }, TradeView[]>({
    method: 'GET',
    path: SPOT_MARKET_PATHS.trades,
    auth: 'public',
    schema: { params: params({ a: SYMBOL_SEGMENT, b: limit(100, 100) }), querystring: NO_QUERY },
    handler(request) {
      return reader.trades(known(request.params.a, 'a'), request.params.b);
    },
  });

  registrar.route<{ limit: number }, unknown, { x: string }, DepthView>({
    method: 'GET',
    path: SPOT_MARKET_PATHS.depth,
    auth: 'public',
    schema: { params: params({ x: SYMBOL_SEGMENT }), querystring: query({ limit: limit(200, 50) }) },
    handler(request) {
      return reader.depth(known(request.params.x, 'x'), request.query.limit);
    },
  });
}
