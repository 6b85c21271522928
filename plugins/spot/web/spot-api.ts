// The spot calls of the trading screens, through the shell's HTTP client (client auth, language, member token).
import type { ShellRoot } from '../../../core/plugin-api';
import type { Page } from '../../../core/shared';
import type { MarketInitData } from '../../markets/shared/types';
import { WALLET_PATHS, ACCOUNT_TYPES, type CurrencyBalance } from '../../wallet/shared/types';
import {
  SPOT_MARKET_PATHS,
  SPOT_PATHS,
  type CandleView,
  type DepthView,
  type KlinePeriod,
  type OrderFilter,
  type PlaceOrderInput,
  type PriceComparison,
  type SpotFillView,
  type SpotOrderView,
  type SpotSymbol,
  type TradeView,
} from '../shared/types';

type Root = Pick<ShellRoot, 'http'>;

/** The markets plugin's list call: the spot rows with their 24 h tickers. */
export const MARKET_INIT_DATA_PATH = '/coin/open/market/initData';
/** Candles asked for when a chart opens. */
export const CANDLE_HISTORY_LIMIT = 300;
/** Recent trades shown. */
export const TRADES_SHOWN = 40;

/** A contract path with its ":name" segments filled in. */
export function spotPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** A load of the trading screens takes the signal of the screen or market it is for (aborted when that goes). */
export const spotApi = {
  goods: (root: Root, signal?: AbortSignal) => root.http.get<SpotSymbol[]>(SPOT_MARKET_PATHS.goods, { signal }),
  tickers: (root: Root, signal?: AbortSignal) =>
    root.http.get<MarketInitData>(MARKET_INIT_DATA_PATH, { query: { type: 'spot' }, silent: true, signal }),
  depth: (root: Root, path: string, signal?: AbortSignal) =>
    root.http.get<DepthView>(spotPath(SPOT_MARKET_PATHS.depth, { x: path }), { signal }),
  trades: (root: Root, path: string, signal?: AbortSignal) =>
    root.http.get<TradeView[]>(spotPath(SPOT_MARKET_PATHS.trades, { a: path, b: TRADES_SHOWN }), { signal }),
  candles: (root: Root, path: string, period: KlinePeriod, signal?: AbortSignal) =>
    root.http.get<CandleView[]>(SPOT_MARKET_PATHS.klineHistory, { query: { symbol: path, period, limit: CANDLE_HISTORY_LIMIT }, signal }),
  comparison: (root: Root, path: string, signal?: AbortSignal) =>
    root.http.get<PriceComparison>(spotPath(SPOT_MARKET_PATHS.priceComparison, { x: path }), { silent: true, signal }),
  /** The member's spot (coin) account balances. */
  balances: (root: Root, signal?: AbortSignal) =>
    root.http.get<CurrencyBalance[]>(WALLET_PATHS.myBalance, { query: { type: ACCOUNT_TYPES.coin }, signal }),
  openOrders: (root: Root, path: string, signal?: AbortSignal) =>
    root.http.get<SpotOrderView[]>(spotPath(SPOT_PATHS.openOrders, { x: path }), { signal }),
  history: (root: Root, path: string, status: string, page: number, signal?: AbortSignal) =>
    root.http.get<Page<SpotOrderView>>(spotPath(SPOT_PATHS.history, { a: path, b: status, c: page }), { signal }),
  fills: (root: Root, id: number) => root.http.get<SpotFillView[]>(spotPath(SPOT_PATHS.fills, { id })),
  myTrades: (root: Root, path: string, signal?: AbortSignal) =>
    root.http.get<SpotFillView[]>(spotPath(SPOT_PATHS.myTrades, { x: path }), { signal }),
  search: (root: Root, filter: OrderFilter) => root.http.post<Page<SpotOrderView>>(SPOT_PATHS.search, filter),
  /** Silent: the form shows a refusal under the field the server names. */
  place: (root: Root, path: string, input: PlaceOrderInput) =>
    root.http.post<SpotOrderView>(spotPath(SPOT_PATHS.place, { x: path }), input, { silent: true }),
  cancel: (root: Root, id: number) => root.http.post<SpotOrderView>(SPOT_PATHS.cancel, { id }),
};
