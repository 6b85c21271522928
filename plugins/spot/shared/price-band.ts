// A banded market's price limits, as the engine applies them (core/engine/spot, `priceBandOutside`): exact in
// bigint minor units at the market's price scale. The engine refuses; these say where the limit lies, for a
// refusal's message and for the order form, which checks before it sends.
import { formatDecimal, formatWithSeparators } from '../../../core/shared';
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

/** A spot-namespace text with its values. */
export interface BandRefusalText {
  key: string;
  params: { percent: number; reference: string; limit: string; currency: string };
}

/** What a banded market's market rules are: its band, tick and price decimals, in the quote currency. */
export interface BandRules {
  percent: number;
  tick: bigint;
  scale: number;
  currency: string;
}

/**
 * The refusal of a price beyond the band, a text per side and per reference (`errPriceOutsideBand[OfTrigger]{Buy,Sell}`)
 * naming the price measured from and the side's limit, written as the page writes prices: the server's message and
 * the order form's alike.
 */
export function bandRefusalText(side: OrderSide, fromTrigger: boolean, reference: bigint, rules: BandRules): BandRefusalText {
  const written = (minor: bigint) => formatWithSeparators(formatDecimal(minor, rules.scale, { fixed: true }));
  return {
    key: `errPriceOutsideBand${fromTrigger ? 'OfTrigger' : ''}${side === 'buy' ? 'Buy' : 'Sell'}`,
    params: { percent: rules.percent, reference: written(reference), limit: written(bandLimit(side, reference, rules.percent, rules.tick)), currency: rules.currency },
  };
}
