/** The public /api/v3 market-data endpoints: exchangeInfo, depth, trades, aggTrades, klines, ticker/24hr, ticker/price. */
import type { ServerRegistrar } from '../../../../core/server';
import { formatDecimal, parseDecimal } from '../../../../core/shared';
import type { KlinePeriod, TradeView } from '../../shared/types';
import { RECENT_TRADES } from '../market-feed';
import type { SpotExchange } from '../exchange';
import { BinanceFailure, SPOT_ERRORS } from './errors';
import { ORDER_TYPES, selfTradeMode } from './orders';
import type { BinanceParams } from './params';
import { binanceRoute } from './route';
import { binanceSymbol, type SymbolIndex } from './symbols';

/** Binance's request weight limit, as the api-keys plugin applies it per key. */
export const WEIGHT_PER_MINUTE = 1200;

const DAY_MS = 86_400_000;
/** The multipliers a price band leaves unbounded: a bid may be any price below the last, an ask any above it. */
const WIDE_DOWN = '0';
const WIDE_UP = '1000000';

/**
 * A market's price band as Binance's PERCENT_PRICE_BY_SIDE filter: a bid at most 1 + band times the last price, an
 * ask at least 1 − band times it (avgPriceMins 0: the reference is the last trade price, not an average).
 */
function percentPriceBySide(bandPercent: number) {
  const multiplier = (percent: number) => formatDecimal(BigInt(percent), 2);
  return {
    filterType: 'PERCENT_PRICE_BY_SIDE',
    bidMultiplierUp: multiplier(100 + bandPercent),
    bidMultiplierDown: WIDE_DOWN,
    askMultiplierUp: WIDE_UP,
    askMultiplierDown: multiplier(100 - bandPercent),
    avgPriceMins: 0,
  };
}

/** Binance intervals and the candle periods they read. */
export const INTERVALS: Record<string, KlinePeriod> = {
  '1m': '1min', '5m': '5min', '15m': '15min', '30m': '30min', '1h': '1hour', '4h': '4hour', '1d': '1day', '1w': '1week', '1M': '1month',
};
const PERIOD_MS: Partial<Record<KlinePeriod, number>> = {
  '1min': 60_000, '5min': 300_000, '15min': 900_000, '30min': 1_800_000, '1hour': 3_600_000, '4hour': 14_400_000, '1day': DAY_MS, '1week': 7 * DAY_MS,
};

/** The last millisecond of the candle that opens at `openTime` (months have their calendar length). */
export function candleCloseTime(period: KlinePeriod, openTime: number): number {
  const fixed = PERIOD_MS[period];
  if (fixed !== undefined) return openTime + fixed - 1;
  const start = new Date(openTime);
  return Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1) - 1;
}

function limitOf(params: BinanceParams, fallback: number, max: number): number {
  return params.integer('limit', { min: 1, max }) ?? fallback;
}

/** The buyer made the book's order: the taker sold. */
function isBuyerMaker(trade: TradeView): boolean {
  return trade.takerSide === 'sell';
}

/** a − b of two decimal strings at `scale`. */
function difference(a: string, b: string, scale: number): string {
  return formatDecimal(parseDecimal(a, scale) - parseDecimal(b, scale), scale);
}

export function registerMarketRoutes(registrar: ServerRegistrar, exchange: SpotExchange, symbols: SymbolIndex): void {
  const now = () => registrar.context.now().getTime();
  const data = () => exchange.marketData;

  const symbolInfo = (symbol: string) => {
    const market = exchange.market(symbol);
    const { config } = market;
    return {
      symbol: binanceSymbol(symbol),
      status: exchange.engine.market(symbol)?.halted ? 'HALT' : 'TRADING',
      baseAsset: config.base,
      baseAssetPrecision: market.baseScale,
      quoteAsset: config.quote,
      quotePrecision: market.quoteScale,
      quoteAssetPrecision: market.quoteScale,
      baseCommissionPrecision: config.qtyScale,
      quoteCommissionPrecision: market.quoteScale,
      orderTypes: [...ORDER_TYPES],
      icebergAllowed: false,
      ocoAllowed: false,
      otoAllowed: false,
      quoteOrderQtyMarketAllowed: true,
      allowTrailingStop: false,
      cancelReplaceAllowed: false,
      isSpotTradingAllowed: true,
      isMarginTradingAllowed: false,
      filters: [
        { filterType: 'PRICE_FILTER', minPrice: config.tickSize, maxPrice: '0', tickSize: config.tickSize },
        { filterType: 'LOT_SIZE', minQty: config.lotSize, maxQty: '0', stepSize: config.lotSize },
        { filterType: 'MIN_NOTIONAL', minNotional: config.minNotional, applyToMarket: true, avgPriceMins: 0 },
        { filterType: 'NOTIONAL', minNotional: config.minNotional, applyMinToMarket: true, maxNotional: '0', applyMaxToMarket: false, avgPriceMins: 0 },
        ...(config.priceBandPercent ? [percentPriceBySide(config.priceBandPercent)] : []),
      ],
      permissions: ['SPOT'],
      permissionSets: [['SPOT']],
      defaultSelfTradePreventionMode: selfTradeMode(config),
      allowedSelfTradePreventionModes: [selfTradeMode(config)],
    };
  };

  const ticker24 = (symbol: string) => {
    const market = exchange.market(symbol);
    const { config } = market;
    const zero = '0';
    const ticker = data().ticker(symbol);
    const best = data().depth(symbol, 1);
    const [last] = data().trades(symbol, 1);
    const closeTime = now();
    const count = ticker?.count ?? 0;
    const lastId = last?.id ?? -1;
    return {
      symbol: binanceSymbol(symbol),
      priceChange: ticker ? difference(ticker.close, ticker.open, config.priceScale) : zero,
      priceChangePercent: ticker?.zdf ?? '0',
      weightedAvgPrice: ticker && ticker.vol !== '0' ? market.average(parseDecimal(ticker.vol, config.qtyScale), parseDecimal(ticker.amount, market.quoteScale)) : zero,
      prevClosePrice: ticker?.open ?? zero,
      lastPrice: ticker?.close ?? (last?.price ?? zero),
      lastQty: last?.qty ?? '0',
      bidPrice: best.bids[0]?.[0] ?? zero,
      bidQty: best.bids[0]?.[1] ?? '0',
      askPrice: best.asks[0]?.[0] ?? zero,
      askQty: best.asks[0]?.[1] ?? '0',
      openPrice: ticker?.open ?? zero,
      highPrice: ticker?.high ?? zero,
      lowPrice: ticker?.low ?? zero,
      volume: ticker?.vol ?? '0',
      quoteVolume: ticker?.amount ?? '0',
      openTime: closeTime - DAY_MS,
      closeTime,
      firstId: count > 0 ? lastId - count + 1 : -1,
      lastId: count > 0 ? lastId : -1,
      count,
    };
  };

  /** One object for `symbol`, an array otherwise (Binance's shape for the ticker endpoints). */
  const perSymbol = <T>(params: BinanceParams, read: (symbol: string) => T): T | T[] => {
    const selected = symbols.selection(params.optional('symbol'), params.optional('symbols'));
    return params.has('symbol') ? read(selected[0]!) : selected.map(read);
  };

  binanceRoute(registrar, {
    method: 'GET',
    path: '/api/v3/exchangeInfo',
    weight: 20,
    handler: ({ params }) => ({
      timezone: 'UTC',
      serverTime: now(),
      rateLimits: [{ rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: WEIGHT_PER_MINUTE }],
      exchangeFilters: [],
      symbols: symbols.selection(params.optional('symbol'), params.optional('symbols')).map(symbolInfo),
    }),
  });

  binanceRoute(registrar, {
    method: 'GET',
    path: '/api/v3/depth',
    weight: 5,
    handler: ({ params }) => {
      const symbol = symbols.resolve(params.required('symbol'));
      const depth = data().depth(symbol, limitOf(params, 100, 5000));
      return { lastUpdateId: depth.seq, bids: depth.bids, asks: depth.asks };
    },
  });

  binanceRoute(registrar, {
    method: 'GET',
    path: '/api/v3/trades',
    weight: 25,
    handler: ({ params }) => {
      const symbol = symbols.resolve(params.required('symbol'));
      // Binance lists recent trades oldest first
      return data()
        .trades(symbol, limitOf(params, 500, 1000))
        .reverse()
        .map((trade) => ({ id: trade.id, price: trade.price, qty: trade.qty, quoteQty: trade.quote, time: trade.time, isBuyerMaker: isBuyerMaker(trade), isBestMatch: true }));
    },
  });

  binanceRoute(registrar, {
    method: 'GET',
    path: '/api/v3/aggTrades',
    weight: 2,
    handler: ({ params }) => {
      const symbol = symbols.resolve(params.required('symbol'));
      const limit = limitOf(params, 500, 1000);
      const fromId = params.integer('fromId');
      const from = params.integer('startTime');
      const to = params.integer('endTime');
      if (fromId !== undefined && (from !== undefined || to !== undefined)) throw new BinanceFailure(SPOT_ERRORS.combination());
      if (from !== undefined && to !== undefined && from > to) throw new BinanceFailure(SPOT_ERRORS.combination());
      // each trade is its own aggregate (first = last = its id), from the recent trades held in memory, oldest first
      const recent = data().trades(symbol, RECENT_TRADES).reverse();
      const chosen =
        fromId !== undefined ? recent.filter((trade) => trade.id >= fromId).slice(0, limit)
        : from !== undefined || to !== undefined ? recent.filter((trade) => trade.time >= (from ?? 0) && trade.time <= (to ?? Infinity)).slice(0, limit)
        : recent.slice(-limit);
      return chosen.map((trade) => ({ a: trade.id, p: trade.price, q: trade.qty, f: trade.id, l: trade.id, T: trade.time, m: isBuyerMaker(trade), M: true }));
    },
  });

  binanceRoute(registrar, {
    method: 'GET',
    path: '/api/v3/klines',
    weight: 2,
    handler: async ({ params }) => {
      const symbol = symbols.resolve(params.required('symbol'));
      const period = INTERVALS[params.required('interval')];
      if (!period) throw new BinanceFailure(SPOT_ERRORS.invalidInterval());
      const limit = limitOf(params, 500, 1000);
      const from = params.integer('startTime');
      const to = params.integer('endTime');
      if (from !== undefined && to !== undefined && from > to) throw new BinanceFailure(SPOT_ERRORS.combination());
      // with a start, Binance answers the first candles from it; otherwise the newest
      const candles = await data().candles(symbol, period, { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}), limit: from !== undefined ? 1000 : limit });
      return (from !== undefined ? candles.slice(0, limit) : candles).map((candle) => [
        candle.time, candle.open, candle.high, candle.low, candle.close, candle.volume,
        candleCloseTime(period, candle.time), candle.amount, candle.count, candle.buyVolume, candle.buyAmount, '0',
      ]);
    },
  });

  binanceRoute(registrar, { method: 'GET', path: '/api/v3/ticker/24hr', weight: 2, handler: ({ params }) => perSymbol(params, ticker24) });

  binanceRoute(registrar, {
    method: 'GET',
    path: '/api/v3/ticker/price',
    weight: 2,
    handler: ({ params }) =>
      perSymbol(params, (symbol) => {
        const last = exchange.engine.lastPrice(symbol);
        return { symbol: binanceSymbol(symbol), price: last === null ? '0' : exchange.market(symbol).price(last) };
      }),
  });
}
