import { PRICE_BAND_MAX, type SpotMarketChanges } from '../../../core/engine';
import { ApiError, ERROR_CODES, type ApiRequest, type ServerRegistrar } from '../../../core/server';
import { SELF_TRADE_POLICIES, SPOT_CONSOLE_PATHS, type ConsoleMarket, type MarketInput, type MarketUpdate } from '../shared/types';
import type { SpotExchange } from './exchange';
import { consoleMarket } from './views';

const PERMISSION = 'spot.markets';
const DECIMAL = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[0-9]+(\\.[0-9]+)?$' };
const SYMBOL = { type: 'string', pattern: '^[A-Z0-9]{1,20}/[A-Z0-9]{1,20}$' };
const SCALE = { type: 'integer', minimum: 0, maximum: 18 };
const PPM = { type: 'integer', minimum: 0, maximum: 100_000 };
const SETTINGS = {
  tickSize: DECIMAL,
  lotSize: DECIMAL,
  minNotional: DECIMAL,
  makerFeePpm: PPM,
  takerFeePpm: PPM,
  selfTrade: { type: 'string', enum: [...SELF_TRADE_POLICIES] },
  priceBandPercent: { type: 'integer', minimum: 0, maximum: PRICE_BAND_MAX },
};
/** A market's price and quantity decimals when the operator gives none (the trade form's defaults). */
export const DEFAULT_SCALE = 8;

/** The engine's market fields as the console names them. */
const MARKET_FIELDS: Record<string, string> = { feeTiers: 'makerFeePpm', base: 'symbol', quote: 'symbol', market: 'priceScale' };

export function registerConsoleRoutes(registrar: ServerRegistrar, exchange: SpotExchange): void {
  const { context } = registrar;
  const audit = (request: ApiRequest, action: string, target: string, before?: unknown, after?: unknown) =>
    context.audit.record({ operatorId: request.principal!.id, action, target, before, after, ip: request.ip });
  const marketOf = (symbol: string): ConsoleMarket => {
    const market = consoleMarket(exchange.engine, symbol);
    if (!market) throw new ApiError(ERROR_CODES.notFound, 'spot:errUnknownMarket', { field: 'symbol' });
    return market;
  };
  /** Applies a market command; a refusal names the console's field. */
  const configure = async (body: Parameters<SpotExchange['apply']>[0]) => {
    try {
      await exchange.apply(body);
    } catch (error) {
      if (error instanceof ApiError && error.field && MARKET_FIELDS[error.field]) {
        throw new ApiError(error.code, error.msgKey, { field: MARKET_FIELDS[error.field] });
      }
      throw error;
    }
  };

  registrar.route<unknown, unknown, unknown, ConsoleMarket[]>({
    method: 'GET',
    path: SPOT_CONSOLE_PATHS.markets,
    auth: 'operator',
    permission: PERMISSION,
    async handler(request) {
      await audit(request, 'spot.market.list', 'spot_market');
      return exchange.history.markets().map(marketOf);
    },
  });

  registrar.route<unknown, MarketInput, unknown, ConsoleMarket>({
    method: 'POST',
    path: SPOT_CONSOLE_PATHS.addMarket,
    auth: 'operator',
    permission: PERMISSION,
    schema: {
      body: {
        type: 'object',
        required: ['symbol', 'tickSize', 'lotSize', 'minNotional', 'makerFeePpm', 'takerFeePpm'],
        additionalProperties: false,
        properties: { symbol: SYMBOL, priceScale: SCALE, qtyScale: SCALE, ...SETTINGS },
      },
    },
    async handler(request) {
      const input = request.body;
      const [base, quote] = input.symbol.split('/') as [string, string];
      for (const code of [base, quote]) {
        if (exchange.wallet.scaleOf(code) === undefined) throw new ApiError(ERROR_CODES.badRequest, 'spot:errUnknownCurrency', { field: 'symbol' });
      }
      if (base === quote) throw new ApiError(ERROR_CODES.badRequest, 'spot:errInvalidMarket', { field: 'symbol' });
      await configure({
        kind: 'addMarket',
        market: {
          symbol: input.symbol,
          base,
          quote,
          priceScale: input.priceScale ?? DEFAULT_SCALE,
          qtyScale: input.qtyScale ?? DEFAULT_SCALE,
          tickSize: input.tickSize,
          lotSize: input.lotSize,
          minNotional: input.minNotional,
          feeTiers: [{ makerPpm: input.makerFeePpm, takerPpm: input.takerFeePpm }],
          selfTrade: input.selfTrade ?? 'cancelTaker',
          ...(input.priceBandPercent ? { priceBandPercent: input.priceBandPercent } : {}),
        },
      });
      const after = marketOf(input.symbol);
      await audit(request, 'spot.market.add', input.symbol, null, after);
      return after;
    },
  });

  registrar.route<unknown, MarketUpdate, unknown, ConsoleMarket>({
    method: 'POST',
    path: SPOT_CONSOLE_PATHS.updateMarket,
    auth: 'operator',
    permission: PERMISSION,
    schema: { body: { type: 'object', required: ['symbol'], additionalProperties: false, properties: { symbol: SYMBOL, ...SETTINGS } } },
    async handler(request) {
      const { symbol, makerFeePpm, takerFeePpm, ...rest } = request.body;
      const before = marketOf(symbol);
      const changes: SpotMarketChanges = { ...rest };
      if (makerFeePpm !== undefined || takerFeePpm !== undefined) {
        changes.feeTiers = [{ makerPpm: makerFeePpm ?? before.makerFeePpm, takerPpm: takerFeePpm ?? before.takerFeePpm }];
      }
      await configure({ kind: 'updateMarket', symbol, changes });
      const after = marketOf(symbol);
      await audit(request, 'spot.market.update', symbol, before, after);
      return after;
    },
  });

  registrar.route<unknown, { symbol: string; halted: boolean }, unknown, ConsoleMarket>({
    method: 'POST',
    path: SPOT_CONSOLE_PATHS.haltMarket,
    auth: 'operator',
    permission: PERMISSION,
    schema: { body: { type: 'object', required: ['symbol', 'halted'], additionalProperties: false, properties: { symbol: SYMBOL, halted: { type: 'boolean' } } } },
    async handler(request) {
      const { symbol, halted } = request.body;
      const before = marketOf(symbol);
      await configure({ kind: 'haltMarket', symbol, halted });
      const after = marketOf(symbol);
      await audit(request, halted ? 'spot.market.halt' : 'spot.market.open', symbol, before, after);
      return after;
    },
  });
}
