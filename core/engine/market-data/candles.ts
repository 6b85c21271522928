import { formatDecimal } from '../../shared/money';
import type { Candle, CandleView, MarketScales, MarketTrade } from './types';

export function openCandle(time: number, trade: MarketTrade): Candle {
  const { price } = trade;
  const bought = trade.takerSide === 'buy';
  return {
    time,
    open: price,
    high: price,
    low: price,
    close: price,
    volume: trade.qty,
    amount: trade.quote,
    buyVolume: bought ? trade.qty : 0n,
    buyAmount: bought ? trade.quote : 0n,
    count: 1,
  };
}

export function addTrade(candle: Candle, trade: MarketTrade): void {
  const { price } = trade;
  if (price > candle.high) candle.high = price;
  if (price < candle.low) candle.low = price;
  candle.close = price;
  candle.volume += trade.qty;
  candle.amount += trade.quote;
  if (trade.takerSide === 'buy') {
    candle.buyVolume += trade.qty;
    candle.buyAmount += trade.quote;
  }
  candle.count++;
}

export function candleView(candle: Candle, scales: MarketScales): CandleView {
  const price = (value: bigint) => formatDecimal(value, scales.priceScale);
  return {
    time: candle.time,
    open: price(candle.open),
    high: price(candle.high),
    low: price(candle.low),
    close: price(candle.close),
    volume: formatDecimal(candle.volume, scales.qtyScale),
    amount: formatDecimal(candle.amount, scales.quoteScale),
    buyVolume: formatDecimal(candle.buyVolume, scales.qtyScale),
    buyAmount: formatDecimal(candle.buyAmount, scales.quoteScale),
    count: candle.count,
  };
}

/** A bounded history, oldest first: pushing onto a full ring drops the oldest entry. */
export class Ring<T> {
  private readonly items: T[] = [];
  private start = 0;

  constructor(readonly capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new RangeError(`ring capacity must be a positive integer: ${capacity}`);
  }

  get size(): number {
    return this.items.length;
  }

  push(item: T): void {
    if (this.items.length < this.capacity) {
      this.items.push(item);
      return;
    }
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
  }

  /** The i-th entry counting back from the newest (0 = newest). */
  fromNewest(i: number): T | undefined {
    if (i < 0 || i >= this.items.length) return undefined;
    return this.items[(this.start + this.items.length - 1 - i) % this.items.length];
  }

  /** Oldest first. */
  toArray(): T[] {
    return [...this.items.slice(this.start), ...this.items.slice(0, this.start)];
  }
}
