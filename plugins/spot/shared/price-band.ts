// A banded market's price limits, as the engine applies them (core/engine/spot, `priceBandOutside`): exact in
// bigint minor units at the market's price scale. The engine refuses; these say where the limit lies, for a
// refusal's message and for the order form, which checks before it sends.
import type { OrderSide } from './types';

/**
 * Whether a price lies beyond the band from a reference price (the last trade price, or a stop-limit's own trigger
 * price): a buy more than `percent` above it, a sell more than `percent` below it.
 */
export function outsideBand(side: OrderSide, price: bigint, reference: bigint, percent: number): boolean {
  const band = BigInt(percent);
  return side === 'buy' ? price * 100n > reference * (100n + band) : price * 100n < reference * (100n - band);
}

/** The furthest price on the tick that the band allows: a buy's highest, a sell's lowest. */
export function bandLimit(side: OrderSide, reference: bigint, percent: number, tick: bigint): bigint {
  const band = BigInt(percent);
  if (side === 'buy') return ((reference * (100n + band)) / 100n / tick) * tick;
  const lowest = (reference * (100n - band) + 99n) / 100n;
  return ((lowest + tick - 1n) / tick) * tick;
}
