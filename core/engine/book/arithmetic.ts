// Exact amount arithmetic for one market. Prices and quantities travel inside the book as JavaScript numbers of
// minor units, which is exact while every value stays a safe integer (≤ 2^53 − 1); the book checks that bound
// where amounts come in. Products (price × qty, amount × fee rate) can exceed it, so they take a number fast
// path only when the product itself is a safe integer, and bigint otherwise.
//
// Division rounds down with Math.floor(a / d), not a − a % d: for integers 0 ≤ a ≤ 2^53 and d ≥ 1 the quotient
// a / d is within d·2^−53 < 1/d of the true one, closer than any neighbouring double is to the next integer, so
// the floor is exact — and a double % is a call into the C library that costs about twice a division.
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
  /**
   * The buyer's fee at baseFeeScale, k = baseFeeScale − qtyScale decimals finer than a quantity: q × ppm × 10^k /
   * 10^6 is q × ppm / baseFeeDiv (k ≤ 6) or q × ppm × baseFeeMul (k > 6, exact); one is 1.
   */
  baseFeeDiv: number;
  baseFeeMul: number;
  /** 10^k: a quantity minor unit in fee minor units. */
  baseFeeUnit: number;
  baseFeeUnitBig: bigint;
}

export function marketMath(spec: MarketSpec): MarketMath {
  const exp = spec.priceScale + spec.qtyScale - spec.quoteScale;
  const divBig = 10n ** BigInt(exp);
  const k = (spec.baseFeeScale ?? spec.qtyScale) - spec.qtyScale;
  return {
    tick: Number(spec.tickSize),
    lot: Number(spec.lotSize),
    minNotional: spec.minNotional,
    minNotionalNum: spec.minNotional <= MAX_SAFE_BIG ? Number(spec.minNotional) : -1,
    div: divBig <= BigInt(MAX_SAFE) ? Number(divBig) : 0,
    divBig,
    baseFeeDiv: k <= 6 ? 10 ** (6 - k) : 1,
    baseFeeMul: k > 6 ? 10 ** (k - 6) : 1,
    baseFeeUnit: 10 ** k,
    baseFeeUnitBig: 10n ** BigInt(k),
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
  if (x <= MAX_SAFE) return Math.floor(x / d);
  // price = hi·d + lo  ⇒  ⌊price·qty / d⌋ = hi·qty + ⌊lo·qty / d⌋
  const hi = Math.floor(price / d);
  const lo = price - hi * d;
  const hiQ = hi * qty;
  const loQ = lo * qty;
  if (hiQ > MAX_SAFE || loQ > MAX_SAFE) return -1;
  const q = hiQ + Math.floor(loQ / d);
  return q <= MAX_SAFE ? q : -1;
}

/** Fee at a rate in ppm, rounded down, as a number when amount × ppm is a safe integer; else −1. */
export function feeNum(amount: number, ppm: number): number {
  const x = amount * ppm;
  return x <= MAX_SAFE ? Math.floor(x / PPM) : -1;
}

/**
 * The buyer's fee on q at a rate in ppm, in base minor units at baseFeeScale, rounded down, as a number when every
 * product on the way is a safe integer; else −1 (then baseFeeOf).
 */
export function baseFeeNum(m: MarketMath, q: number, ppm: number): number {
  const x = q * ppm;
  if (x > MAX_SAFE) return -1;
  if (m.baseFeeMul === 1) return Math.floor(x / m.baseFeeDiv);
  const y = x * m.baseFeeMul;
  return y <= MAX_SAFE ? y : -1;
}

export function baseFeeOf(m: MarketMath, q: number, ppm: number): bigint {
  return (BigInt(q) * BigInt(ppm) * m.baseFeeUnitBig) / PPM_BIG;
}

/** A buyer's fee (a number of fee minor units, −1 when only feeBig holds it) in quantity minor units, rounded up. */
export function feeInQty(m: MarketMath, fee: number, feeBig: bigint): number {
  const unit = m.baseFeeUnit;
  if (unit === 1) return fee >= 0 ? fee : Number(feeBig);
  if (fee >= 0) {
    const whole = Math.floor(fee / unit);
    return whole * unit === fee ? whole : whole + 1;
  }
  return Number((feeBig + m.baseFeeUnitBig - 1n) / m.baseFeeUnitBig);
}

/** Quote value of price × qty, rounded down to a quote minor unit. */
export function quoteOf(m: MarketMath, price: number, qty: number): bigint {
  const x = price * qty;
  if (x <= MAX_SAFE && m.div !== 0) return bigOfSafe(Math.floor(x / m.div));
  return (BigInt(price) * BigInt(qty)) / m.divBig;
}

export function belowMinNotional(m: MarketMath, price: number, qty: number): boolean {
  if (m.minNotional === 0n) return false;
  const x = price * qty;
  if (x <= MAX_SAFE && m.div !== 0 && m.minNotionalNum >= 0) return Math.floor(x / m.div) < m.minNotionalNum;
  return quoteOf(m, price, qty) < m.minNotional;
}

/** The largest quantity (any multiple of 1, not yet of the lot) whose quoteOf at price stays ≤ quote. */
export function maxQtyForQuote(m: MarketMath, quote: bigint, price: number): bigint {
  // floor(p·q / div) ≤ R  ⇔  p·q < (R + 1)·div  ⇔  q ≤ floor(((R + 1)·div − 1) / p)
  return ((quote + 1n) * m.divBig - 1n) / bigOfSafe(price);
}

/** Fee on an amount at a rate in parts per million, rounded down (the user never pays above the rate). */
export function feeOf(amount: bigint, ppm: number): bigint {
  if (ppm === 0) return 0n;
  if (amount <= MAX_SAFE_BIG) {
    const x = Number(amount) * ppm;
    if (x <= MAX_SAFE) return bigOfSafe(Math.floor(x / PPM));
  }
  return (amount * BigInt(ppm)) / PPM_BIG;
}

/** True when the safe integer n is a multiple of step (exact: see the note on Math.floor above). */
export function isMultiple(n: number, step: number): boolean {
  return Math.floor(n / step) * step === n;
}

// Number(bigint) is a call into the runtime; storing the bigint into a BigInt64Array and reading the two 32-bit
// halves back is about a third of its cost, and exact once the value is known to lie in 1..2^53 − 1.
const int64 = new BigInt64Array(1);
const halves = new Uint32Array(int64.buffer);
const LOW = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? 0 : 1;

/** A bigint amount in 1..2^53 − 1 as a number; −1 for anything else. */
export function positiveSafeNum(v: unknown): number {
  if (typeof v !== 'bigint' || v <= 0n || v > MAX_SAFE_BIG) return -1;
  int64[0] = v;
  return halves[1 - LOW]! * 4294967296 + halves[LOW]!;
}

/**
 * BigInt(n) for a safe integer n ≥ 0, made by writing n's two 32-bit halves and reading the 64-bit element: the
 * JIT does that in line, where BigInt(n) is a call into the runtime (about half the cost).
 */
export function bigOfSafe(n: number): bigint {
  halves[LOW] = n >>> 0;
  halves[1 - LOW] = (n / 4294967296) >>> 0;
  return int64[0]!;
}

export function isSafeAmount(v: unknown): v is bigint {
  return typeof v === 'bigint' && v > 0n && v <= MAX_SAFE_BIG;
}
