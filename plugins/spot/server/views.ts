import type { OrderStatus, SpotEngine, SpotMarketConfig, SpotOrder } from '../../../core/engine';
import { formatDecimal, splitDecimal } from '../../../core/shared';
import type { WalletService } from '../../wallet/shared/service';
import { hasFilled, orderTriggers } from '../shared/order-labels';
import { pathOfSymbol, type ConsoleMarket, type SpotFillView, type SpotOrderView, type SpotSymbol } from '../shared/types';
import type { FillRecord, OrderRecord } from './history';

/** A market's configuration with the scales of its two currencies: what turns minor units into decimals. */
export class MarketFormat {
  readonly baseScale: number;
  readonly quoteScale: number;

  constructor(
    readonly config: SpotMarketConfig,
    wallet: WalletService,
  ) {
    this.baseScale = wallet.scaleOf(config.base) ?? config.qtyScale;
    this.quoteScale = wallet.scaleOf(config.quote) ?? config.priceScale;
  }

  price = (minor: bigint): string => formatDecimal(minor, this.config.priceScale);
  qty = (minor: bigint): string => formatDecimal(minor, this.config.qtyScale);
  quote = (minor: bigint): string => formatDecimal(minor, this.quoteScale);

  /** filledQuote / filledQty as a price, rounded down. */
  average(qty: bigint, quote: bigint): string {
    if (qty === 0n) return '0';
    const shift = this.config.priceScale + this.config.qtyScale - this.quoteScale;
    const minor = shift >= 0 ? (quote * 10n ** BigInt(shift)) / qty : quote / (qty * 10n ** BigInt(-shift));
    return this.price(minor);
  }

  /** A fee: a buyer pays in base (the base currency's own decimals), a seller in quote. */
  fee(side: 'buy' | 'sell', minor: bigint): { fee: string; feeCurrency: string } {
    return side === 'buy'
      ? { fee: formatDecimal(minor, this.baseScale), feeCurrency: this.config.base }
      : { fee: this.quote(minor), feeCurrency: this.config.quote };
  }

  /** Funds an order holds: quote for a buy, base (ledger units) for a sell. */
  held(side: 'buy' | 'sell', minor: bigint): { released: string; releasedCurrency: string } {
    return side === 'buy'
      ? { released: formatDecimal(minor, this.quoteScale), releasedCurrency: this.config.quote }
      : { released: formatDecimal(minor, this.baseScale), releasedCurrency: this.config.base };
  }
}

/** A decimal string at exactly `scale` decimals, padded or cut as the screens show it: "1" → "1.0000" at 4. */
export function fixedAt(value: string, scale: number): string {
  const { negative, int, frac } = splitDecimal(value, { allowNegative: true });
  const minor = BigInt(int + frac.padEnd(scale, '0').slice(0, scale));
  return formatDecimal(negative ? -minor : minor, scale, { fixed: true });
}

/**
 * An order's amounts at its market's decimals, as the orders page shows them (so one column of an export has one
 * form): prices and trigger prices at the price scale, quantities at the quantity scale, quote amounts at the quote
 * currency's, the fee at its currency's. No average price (null) while nothing is filled.
 */
export function orderAmounts(order: SpotOrderView, market: MarketFormat) {
  const { priceScale, qtyScale } = market.config;
  const price = (value: string) => fixedAt(value, priceScale);
  const quote = (value: string) => fixedAt(value, market.quoteScale);
  return {
    price: order.price === null ? null : price(order.price),
    triggers: orderTriggers(order).map((trigger) => ({ ...trigger, price: price(trigger.price) })),
    num: order.num === null ? null : fixedAt(order.num, qtyScale),
    money: order.money === null ? null : quote(order.money),
    filledNum: fixedAt(order.filledNum, qtyScale),
    filledMoney: quote(order.filledMoney),
    avgPrice: hasFilled(order) && /[1-9]/.test(order.avgPrice) ? price(order.avgPrice) : null,
    // as MarketFormat.fee: a buyer pays in base, shown with the quantities' decimals or the few more it has
    fee: order.side === 'buy' ? fixedAt(order.fee, Math.max(qtyScale, splitDecimal(order.fee).frac.length)) : quote(order.fee),
  };
}

/** The markets of the running engine, formatted; undefined for an unknown symbol. */
export function marketFormat(engine: SpotEngine, wallet: WalletService, symbol: string): MarketFormat | undefined {
  const config = engine.market(symbol);
  return config && new MarketFormat(config, wallet);
}

/** An order's view: the history record, with the engine's live state while the order is open. */
/** Where an order's state is read: the engine's order while it is open there, else the history's record. */
function currentState(record: OrderRecord, live: Readonly<SpotOrder> | undefined): Pick<OrderRecord, 'status' | 'filledQty' | 'filledQuote'> {
  return !record.final && live ? live : record;
}

/** An order's status now (what orderView shows), without making its view. */
export function orderStatus(record: OrderRecord, live: Readonly<SpotOrder> | undefined): OrderStatus {
  return currentState(record, live).status;
}

export function orderView(record: OrderRecord, market: MarketFormat, live: Readonly<SpotOrder> | undefined): SpotOrderView {
  const current = currentState(record, live);
  return {
    id: record.id,
    clientOrderId: record.clientOrderId,
    symbol: record.symbol,
    side: record.side,
    type: record.type,
    status: current.status,
    price: record.price,
    num: record.qty,
    money: record.quote,
    triggerPrice: record.trigger,
    takeProfit: record.takeProfit,
    stopLoss: record.stopLoss,
    filledNum: market.qty(current.filledQty),
    filledMoney: market.quote(current.filledQuote),
    avgPrice: market.average(current.filledQty, current.filledQuote),
    ...market.fee(record.side, record.fee),
    ...market.held(record.side, record.released),
    reason: record.reason,
    createTime: record.createdAt,
    updateTime: record.updatedAt,
  };
}

export function fillView({ trade, maker }: FillRecord, market: MarketFormat): SpotFillView {
  const buyer = trade.takerSide === 'buy' ? !maker : maker;
  const side = buyer ? 'buy' : 'sell';
  const fee = market.fee(side, maker ? trade.makerFee : trade.takerFee);
  return { tradeId: trade.tradeId, symbol: trade.symbol, side, maker, price: market.price(trade.price), num: market.qty(trade.qty), money: market.quote(trade.quote), ...fee, time: trade.at };
}

export function consoleMarket(engine: SpotEngine, symbol: string): ConsoleMarket | undefined {
  const market = engine.market(symbol);
  if (!market) return undefined;
  const tier = market.feeTiers[0] ?? { makerPpm: 0, takerPpm: 0 };
  return {
    symbol: market.symbol,
    base: market.base,
    quote: market.quote,
    priceScale: market.priceScale,
    qtyScale: market.qtyScale,
    tickSize: market.tickSize,
    lotSize: market.lotSize,
    minNotional: market.minNotional,
    makerFeePpm: tier.makerPpm,
    takerFeePpm: tier.takerPpm,
    selfTrade: market.selfTrade,
    priceBandPercent: market.priceBandPercent ?? 0,
    halted: market.halted,
  };
}

export function spotSymbol(engine: SpotEngine, market: ConsoleMarket): SpotSymbol {
  const last = engine.lastPrice(market.symbol);
  return {
    symbol_name: market.symbol,
    path_name: pathOfSymbol(market.symbol),
    coin_symbol: market.base,
    quote_symbol: market.quote,
    base_coin_scale: market.priceScale,
    coin_coin_scale: market.qtyScale,
    tick_size: market.tickSize,
    lot_size: market.lotSize,
    min_notional: market.minNotional,
    maker_fee_ppm: market.makerFeePpm,
    taker_fee_ppm: market.takerFeePpm,
    halted: market.halted,
    ...(market.priceBandPercent > 0 ? { price_band_percent: market.priceBandPercent } : {}),
    close: last === null ? null : formatDecimal(last, market.priceScale),
  };
}
