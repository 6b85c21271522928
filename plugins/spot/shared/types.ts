// The spot plugin's wire contract. Amounts are decimal strings (never floats); times are epoch milliseconds.

/** Member and public paths (under /api). `:x` is a market symbol with "/" replaced by "_" (BTC_USDT). */
/** The fills GET SPOT_PATHS.myTrades answers at most. */
export const MY_TRADES_LIMIT = 50;

export const SPOT_PATHS = {
  /** POST PlaceOrderInput: the SpotOrderView placed. */
  place: '/coin/entrust/exchange/:x',
  /** POST { id }: the cancelled SpotOrderView (with `released`). */
  cancel: '/coin/entrust/cancel/entrust',
  /** GET: the member's open and conditional orders of the market, SpotOrderView[] (newest first). */
  openOrders: '/coin/entrust/get/myExchangeLog/:x',
  /** GET: order history, Page<SpotOrderView>; a = market (BTC_USDT, or "all"), b = status filter, c = page number (10 a page). */
  history: '/coin/entrust/entrustlog/:a/:b/:c',
  /** GET: the fills of one of the member's orders, SpotFillView[]. */
  fills: '/coin/entrust/transaction/details/:id',
  /** GET: the member's latest fills of the market, SpotFillView[] (newest first, at most MY_TRADES_LIMIT). */
  myTrades: '/coin/entrust/myTrades/:x',
  /** POST OrderFilter: Page<SpotOrderView> across markets. */
  search: '/coin/entrust/getEntrustLogCurrency',
  /** POST ExportRequest: a file with the filtered orders (newest 10,000), times in the member's zone. */
  exportOrders: '/coin/entrust/exportSpotTradeLog',
} as const;

/**
 * Public market-data paths (under /api). The market lists with tickers (getSpotSymbols, market/initData) are
 * the markets plugin's; these are the trading screens' data. `:x` / `:a` is a path symbol (BTC_USDT).
 */
export const SPOT_MARKET_PATHS = {
  /** GET: SpotSymbol[], the tradable markets with their rules and last price. */
  goods: '/coin/open/getSpotGoods',
  /** GET ?symbol=BTC_USDT&period=1min[&from][&to][&limit=300, ≤1500]: CandleView[] oldest first (from/to bucket starts, epoch ms). */
  klineHistory: '/coin/open/get/kline/history',
  /** GET ?symbols=BTC_USDT,ETH_USDT (≤50)&period=1hour[&limit=24, ≤200]: KLineSeries[] in the order asked. */
  batchKLineList: '/coin/open/batchKLineList',
  /** GET: PriceComparison of the market's last price in every display currency. */
  priceComparison: '/coin/open/getPriceComparison/:x',
  /** GET a = market, b = how many (1..100): TradeView[] newest first. */
  trades: '/coin/open/transaction/:a/:b',
  /** GET [?limit=50, 1..200 levels a side]: DepthView (beyond the spec: the book snapshot the depth topic continues). */
  depth: '/coin/open/depth/:x',
} as const;

/** The candle periods of the kline calls and topics. */
export const KLINE_PERIODS = ['1min', '5min', '15min', '30min', '1hour', '4hour', '1day', '1week', '1month'] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];

/**
 * Public realtime topics of a market (path symbol BTC_USDT). Each carries at most 10 messages a second; every
 * message is a whole state (latest depth, current candle) or the batch since the previous one (trades), so a
 * client that sees a sequence gap reloads the REST snapshot and goes on.
 */
export const SPOT_TOPICS = {
  /** DepthView: the top 50 levels a side after the latest change. */
  depth: (path: string) => `depth_${path}`,
  /** TradesMessage: the trades since the previous message. */
  trades: (path: string) => `trades_${path}`,
  /** KlineMessage: the current candle of the period after the latest trade. */
  kline: (path: string, period: KlinePeriod) => `kline_${path}_${period}`,
} as const;
/** Topic prefixes readable by anyone. */
export const SPOT_TOPIC_PREFIXES = ['depth_', 'trades_', 'kline_'] as const;

/** Candles (bucket start in epoch ms UTC, base volume, quote amount) and trades (takerSide: the side that took
 * liquidity) as the market-data engine formats them: decimal strings. */
import type { CandleView, TradeView } from '../../../core/engine';
export type { CandleView, TradeView };

/** [price, quantity] of one level, decimal strings. */
export type DepthLevelView = [price: string, qty: string];

export interface DepthView {
  /** "BTC/USDT". */
  symbol: string;
  /** The book's change number: a message with a lower seq than the snapshot held is stale. */
  seq: number;
  /** Best first: bids highest price first, asks lowest first. */
  bids: DepthLevelView[];
  asks: DepthLevelView[];
  time: number;
}

export interface TradesMessage {
  symbol: string;
  /** Newest first. */
  trades: TradeView[];
}

export interface KlineMessage {
  symbol: string;
  period: KlinePeriod;
  candle: CandleView;
}

export interface KLineSeries {
  /** "BTC_USDT" as asked. */
  symbol: string;
  period: KlinePeriod;
  /** Oldest first; empty for a market without trades. */
  candles: CandleView[];
}

export interface PriceComparison {
  symbol: string;
  /** Last price in the quote currency, or null before the first trade. */
  close: string | null;
  /** The last price valued in USD and converted to every display currency of getCoinRate. */
  prices: { currency: string; symbol: string; price: string }[];
}

/** Operator paths; permission wallet.configure, every call audited. */
export const SPOT_CONSOLE_PATHS = {
  /** GET: ConsoleMarket[]. */
  markets: '/console/spot/markets',
  /** POST MarketInput: adds a market; the ConsoleMarket. */
  addMarket: '/console/spot/markets',
  /** POST MarketUpdate: changes tick, lot, minimum notional, fees, self-trade policy or price band; the ConsoleMarket. */
  updateMarket: '/console/spot/markets/update',
  /** POST { symbol, halted }: halts (refuses new orders, cancels still work) or opens a market; the ConsoleMarket. */
  haltMarket: '/console/spot/markets/halt',
} as const;

export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
/** The trade form's order types: stop is a stop-limit (triggerMoney, then a limit at price). */
export const ORDER_TYPES = ['limit', 'market', 'stop'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
/** open: on the book; conditional: waiting for its trigger (stop, take-profit, stop-loss); filled; cancelled. */
export const ORDER_STATUSES = ['open', 'conditional', 'filled', 'cancelled'] as const;
export type OrderStatusName = (typeof ORDER_STATUSES)[number];
/** The kind of an order in views: the placed types, and the exits a take-profit / stop-loss leaves. */
export type OrderKindName = OrderType | 'takeProfit' | 'stopLoss';
export const SELF_TRADE_POLICIES = ['cancelResting', 'cancelTaker'] as const;
export type SelfTradePolicyName = (typeof SELF_TRADE_POLICIES)[number];

/** Body of POST /coin/entrust/exchange/{x}; fields as the trade form holds them (buyData / sellData). */
export interface PlaceOrderInput {
  side: OrderSide;
  type: OrderType;
  /** Limit price (limit and stop). */
  price?: string;
  /** Base quantity (limit, stop, market sell). */
  num?: string;
  /** Quote amount to spend (market buy). */
  money?: string;
  /** Trigger price of a stop order. */
  triggerMoney?: string;
  /** Take-profit trigger, used when fullCheck is true. */
  fullPrice?: string;
  fullCheck?: boolean;
  /** Stop-loss trigger, used when lossCheck is true. */
  lossPrice?: string;
  lossCheck?: boolean;
  /** The member's own id for the order (1..64 of A-Z a-z 0-9 _ . : -), unique among their open orders. */
  clientOrderId?: string;
}

export interface SpotOrderView {
  id: number;
  clientOrderId: string | null;
  /** "BTC/USDT". */
  symbol: string;
  side: OrderSide;
  type: OrderKindName;
  status: OrderStatusName;
  /** Limit price (null for market orders). */
  price: string | null;
  /** Base quantity asked (null for a market buy by quote amount). */
  num: string | null;
  /** Quote amount asked (market buy). */
  money: string | null;
  triggerPrice: string | null;
  takeProfit: string | null;
  stopLoss: string | null;
  /** Base quantity and quote amount filled so far; average fill price ("0" when nothing filled). */
  filledNum: string;
  filledMoney: string;
  avgPrice: string;
  /** Fees paid: in the base currency for a buy, in the quote currency for a sell. */
  fee: string;
  feeCurrency: string;
  /** Funds returned to available when the order finished ("0" while open), in `releasedCurrency`. */
  released: string;
  releasedCurrency: string;
  /** Why it was cancelled: user, selfTrade, unfilledIoc, unfilledFok, noLiquidity, oco, budget, sideFull. */
  reason: string | null;
  createTime: number;
  updateTime: number;
}

export interface SpotFillView {
  tradeId: number;
  symbol: string;
  side: OrderSide;
  /** Whether this order was the resting (maker) side of the fill. */
  maker: boolean;
  price: string;
  num: string;
  money: string;
  fee: string;
  feeCurrency: string;
  time: number;
}

/** Body of POST /coin/entrust/getEntrustLogCurrency (and the export). */
export interface OrderFilter {
  /** "BTC/USDT" or "BTC_USDT". */
  symbol?: string;
  /** Orders trading this currency, as base or quote. */
  currency?: string;
  side?: OrderSide;
  status?: OrderStatusName;
  startTime?: number;
  endTime?: number;
  current?: number;
  size?: number;
}

export type ExportFormat = 'csv' | 'xlsx';

/** Body of POST exportSpotTradeLog: the filters (paging ignored), the format and the member's time zone. */
export interface ExportRequest extends OrderFilter {
  format: ExportFormat;
  /** IANA name ("Europe/Berlin") the file's times are written in; UTC when absent. */
  timeZone?: string;
}

/** A tradable market as GET /coin/open/getSpotGoods lists it. */
export interface SpotSymbol {
  symbol_name: string;
  /** "BTC_USDT": the path segment of the order calls. */
  path_name: string;
  coin_symbol: string;
  quote_symbol: string;
  /** Decimals of a price and of a quantity (the trade form's base_coin_scale and coin_coin_scale). */
  base_coin_scale: number;
  coin_coin_scale: number;
  tick_size: string;
  lot_size: string;
  min_notional: string;
  maker_fee_ppm: number;
  taker_fee_ppm: number;
  halted: boolean;
  /**
   * The price band in whole percent, when the market has one: a limit buy at most this much above the last price,
   * a sell at most this much below it, a stop-limit's limit price as much from its trigger price.
   */
  price_band_percent?: number;
  /** Last trade price, or null. */
  close: string | null;
}

/** Body of POST /console/spot/markets. */
export interface MarketInput {
  /** "BASE/QUOTE" of configured wallet currencies. */
  symbol: string;
  /** Default 8 each. */
  priceScale?: number;
  qtyScale?: number;
  tickSize: string;
  lotSize: string;
  minNotional: string;
  makerFeePpm: number;
  takerFeePpm: number;
  selfTrade?: SelfTradePolicyName;
  /** Price band in whole percent (0 to PRICE_BAND_MAX of the engine); 0 or absent: none. */
  priceBandPercent?: number;
}

/** Body of POST /console/spot/markets/update: only the fields to change. */
export interface MarketUpdate {
  symbol: string;
  tickSize?: string;
  lotSize?: string;
  minNotional?: string;
  makerFeePpm?: number;
  takerFeePpm?: number;
  selfTrade?: SelfTradePolicyName;
  /** 0 removes the band. */
  priceBandPercent?: number;
}

export interface ConsoleMarket {
  symbol: string;
  base: string;
  quote: string;
  priceScale: number;
  qtyScale: number;
  tickSize: string;
  lotSize: string;
  minNotional: string;
  makerFeePpm: number;
  takerFeePpm: number;
  selfTrade: SelfTradePolicyName;
  /** 0: no price band. */
  priceBandPercent: number;
  halted: boolean;
}

/** Realtime message on refresh_{userId} after each accepted command that touched the member. */
export interface SpotRefreshMessage {
  type: 'spot';
  event: 'order' | 'trade' | 'balance';
  symbol: string;
  orderId?: number;
}

/** "BTC_USDT" → "BTC/USDT". */
export const symbolOfPath = (segment: string): string => segment.replace('_', '/');
/** "BTC/USDT" → "BTC_USDT". */
export const pathOfSymbol = (symbol: string): string => symbol.replace('/', '_');
