// Exact amount arithmetic for one market. Prices and quantities travel inside the book as JavaScript numbers of
// minor units, which is exact while every value stays a safe integer (≤ 2^53 − 1); the book checks that bound
// where amounts come in. Products (price × qty, amount × fee rate) can exceed it, so they take a number fast
// path only when the product itself is a safe integer, and bigint otherwise.
import type { MarketSpec } from './types';

export const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const PPM = 1_000_000;
const PPM_BIG = 1_000_000n;
const MAX_SAFE_BIG = BigInt(MAX_SAFE);

export interface MarketMath {
  tick: number;
  lot: number;
  minNotional: bigint;
  /** minNotional as a number when it is a safe integer, else −1. */
  minNotionalNum: number;
  /** 10^(priceScale + qtyScale − quoteScale): price × qty / div is a quote amount in quote minor units. */
  div: number;
  divBig: bigint;
}

export function marketMath(spec: MarketSpec): MarketMath {
  const exp = spec.priceScale + spec.qtyScale - spec.quoteScale;
  const divBig = 10n ** BigInt(exp);
  return {
    tick: Number(spec.tickSize),
    lot: Number(spec.lotSize),
    minNotional: spec.minNotional,
    minNotionalNum: spec.minNotional <= MAX_SAFE_BIG ? Number(spec.minNotional) : -1,
    div: divBig <= BigInt(MAX_SAFE) ? Number(divBig) : 0,
    divBig,
  };
}

/**
 * Quote value of price × qty rounded down, as a number when the result and every product on the way are safe
 * integers; −1 when they are not (then quoteOf in bigint).
 */
export function quoteNum(m: MarketMath, price: number, qty: number): number {
  const d = m.div;
  if (d === 0) return -1;
  // a product that is not a safe integer rounds to ≥ 2^53, so each "≤ MAX_SAFE" test below is exact
  const x = price * qty;
  if (x <= MAX_SAFE) return (x - (x % d)) / d;
  // price = hi·d + lo  ⇒  ⌊price·qty / d⌋ = hi·qty + ⌊lo·qty / d⌋
  const lo = price % d;
  const hiQ = ((price - lo) / d) * qty;
  const loQ = lo * qty;
  if (hiQ > MAX_SAFE || loQ > MAX_SAFE) return -1;
  const q = hiQ + (loQ - (loQ % d)) / d;
  return q <= MAX_SAFE ? q : -1;
}

/** Fee at a rate in ppm, rounded down, as a number when amount × ppm is a safe integer; else −1. */
export function feeNum(amount: number, ppm: number): number {
  const x = amount * ppm;
  return x <= MAX_SAFE ? (x - (x % PPM)) / PPM : -1;
}

/** Quote value of price × qty, rounded down to a quote minor unit. */
export function quoteOf(m: MarketMath, price: number, qty: number): bigint {
  const x = price * qty;
  if (x <= MAX_SAFE && m.div !== 0) return BigInt((x - (x % m.div)) / m.div);
  return (BigInt(price) * BigInt(qty)) / m.divBig;
}

export function belowMinNotional(m: MarketMath, price: number, qty: number): boolean {
  if (m.minNotional === 0n) return false;
  const x = price * qty;
  if (x <= MAX_SAFE && m.div !== 0 && m.minNotionalNum >= 0) return (x - (x % m.div)) / m.div < m.minNotionalNum;
  return quoteOf(m, price, qty) < m.minNotional;
}

/** The largest quantity (any multiple of 1, not yet of the lot) whose quoteOf at price stays ≤ quote. */
export function maxQtyForQuote(m: MarketMath, quote: bigint, price: number): bigint {
  // floor(p·q / div) ≤ R  ⇔  p·q < (R + 1)·div  ⇔  q ≤ floor(((R + 1)·div − 1) / p)
  return ((quote + 1n) * m.divBig - 1n) / BigInt(price);
}

/** Fee on an amount at a rate in parts per million, rounded down (the user never pays above the rate). */
export function feeOf(amount: bigint, ppm: number): bigint {
  if (ppm === 0) return 0n;
  if (amount <= MAX_SAFE_BIG) {
    const x = Number(amount) * ppm;
    if (x <= MAX_SAFE) return BigInt((x - (x % PPM)) / PPM);
  }
  return (amount * BigInt(ppm)) / PPM_BIG;
}

export function isSafeAmount(v: unknown): v is bigint {
  return typeof v === 'bigint' && v > 0n && v <= MAX_SAFE_BIG;
}
