/**
 * The demo market maker's arithmetic, in minor units (bigint): a mean-reverting random walk of the mid price,
 * ladder prices around it on the tick grid, and quantities worth a quote amount on the lot grid.
 */
import { randomInt as cryptoRandomInt } from 'node:crypto';

export interface MarketRules {
  symbol: string;
  priceScale: number;
  qtyScale: number;
  /** Minor units at the price and quantity scales. */
  tick: bigint;
  lot: bigint;
}

/** A random integer in [min, max]. */
export type RandomInt = (min: number, max: number) => number;

export const randomInt: RandomInt = (min, max) => cryptoRandomInt(min, max + 1);

const BPS = 10_000n;

export function toMinor(text: string, scale: number): bigint {
  const [int, frac = ''] = text.split('.');
  return BigInt(`${int}${frac.slice(0, scale).padEnd(scale, '0')}`);
}

export function toText(minor: bigint, scale: number): string {
  const digits = minor.toString().padStart(scale + 1, '0');
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${digits.slice(0, digits.length - scale)}${frac ? `.${frac}` : ''}`;
}

const onGrid = (value: bigint, step: bigint): bigint => (value / step) * step;

/**
 * The next mid: a step of up to `stepBps` either way, nudged back toward the reference once it strays more than
 * `bandBps` from it, never below one tick.
 */
export function walk(mid: bigint, reference: bigint, rules: MarketRules, random: RandomInt, stepBps = 6, bandBps = 300): bigint {
  let step = BigInt(random(-stepBps, stepBps));
  const drift = ((mid - reference) * BPS) / reference;
  if (drift > BigInt(bandBps)) step -= BigInt(stepBps);
  if (drift < -BigInt(bandBps)) step += BigInt(stepBps);
  const next = onGrid(mid + (mid * step) / BPS, rules.tick);
  return next < rules.tick ? rules.tick : next;
}

/** The price of ladder level `level` (1 = nearest) on one side: `spacingBps` per level away from the mid. */
export function levelPrice(mid: bigint, side: 'BUY' | 'SELL', level: number, rules: MarketRules, spacingBps = 5): bigint {
  const offset = (mid * BigInt(level * spacingBps)) / BPS;
  const price = side === 'BUY' ? onGrid(mid - offset, rules.tick) : onGrid(mid + offset + rules.tick - 1n, rules.tick);
  return price < rules.tick ? rules.tick : price;
}

/** A quantity worth about `quoteUnits` whole quote units at `price`, on the lot grid and at least one lot. */
export function quantityFor(quoteUnits: number, price: bigint, rules: MarketRules): bigint {
  const qty = onGrid((BigInt(quoteUnits) * 10n ** BigInt(rules.priceScale + rules.qtyScale)) / price, rules.lot);
  return qty < rules.lot ? rules.lot : qty;
}
