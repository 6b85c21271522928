// Builders shared by the book's tests. Test market: prices and quantities with 2 decimals, quote amounts with
// 2 decimals, so quote = price × qty / 100 in minor units; fees 0.1 % maker, 0.2 % taker (tier 1: 0 / 0.1 %).
import { OrderBook } from './order-book';
import type { BookEvent, LimitOrder, MarketOrder, MarketSpec, Side, StopLimitOrder } from './types';

export const testMarket = (over: Partial<MarketSpec> = {}): MarketSpec => ({
  symbol: 'BTC/USDT',
  priceScale: 2,
  qtyScale: 2,
  quoteScale: 2,
  tickSize: 1n,
  lotSize: 1n,
  minNotional: 0n,
  feeTiers: [
    { makerPpm: 1000, takerPpm: 2000 },
    { makerPpm: 0, takerPpm: 1000 },
  ],
  selfTrade: 'cancelResting',
  ...over,
});

export const book = (over: Partial<MarketSpec> = {}) => new OrderBook(testMarket(over));

export const limit = (id: number, userId: number, side: Side, price: bigint, qty: bigint, extra: Partial<LimitOrder> = {}): LimitOrder => ({
  type: 'limit',
  id,
  userId,
  side,
  price,
  qty,
  time: id,
  ...extra,
});

export const market = (id: number, userId: number, side: Side, amounts: Pick<MarketOrder, 'qty' | 'quote' | 'budget'>, extra: Partial<MarketOrder> = {}): MarketOrder => ({
  type: 'market',
  id,
  userId,
  side,
  time: id,
  ...amounts,
  ...extra,
});

export const stopLimit = (id: number, userId: number, side: Side, trigger: bigint, price: bigint, qty: bigint): StopLimitOrder => ({
  type: 'stopLimit',
  id,
  userId,
  side,
  trigger,
  price,
  qty,
  time: id,
});

/** Fills as compact tuples: [maker, taker, price, qty]. */
export const fills = (events: BookEvent[]) =>
  events.flatMap((e) => (e.type === 'fill' ? [[e.makerOrderId, e.takerOrderId, e.price, e.qty]] : []));

export const types = (events: BookEvent[]) => events.map((e) => e.type);

export const levels = (b: OrderBook, n = 10) => {
  const d = b.depth(n);
  return { bids: d.bids.map((l) => [l.price, l.qty]), asks: d.asks.map((l) => [l.price, l.qty]) };
};
