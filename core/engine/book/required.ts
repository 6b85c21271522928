// What an order needs held before it reaches the book. Fees are charged in the asset a side receives (a buyer
// pays in base, a seller in quote), so no fee buffer is ever held: a fill's fee comes out of what it brings in.
import { marketMath, quoteOf, type MarketMath } from './arithmetic';
import type { ConditionalEvent, MarketSpec, PlaceOrder, Requirement } from './types';

/**
 * The asset and amount to freeze for an order that passed validateOrder. A buy limit (or stop-limit) holds
 * price × qty rounded down: every fill's quote is rounded down at a price no worse than the limit, so the fills
 * of the order never add up to more. The unspent part (price improvement) is released on its terminal event.
 */
export function required(spec: MarketSpec, o: PlaceOrder, math: MarketMath = marketMath(spec)): Requirement {
  const isBuy = o.side === 'buy';
  if (o.type === 'market') {
    if (isBuy) return { asset: 'quote', amount: o.quote ?? o.budget! };
    return { asset: 'base', amount: o.qty ?? o.budget! };
  }
  if (!isBuy) return { asset: 'base', amount: o.qty };
  return { asset: 'quote', amount: quoteOf(math, Number(o.price), Number(o.qty)) };
}

/** What a take-profit / stop-loss leg needs held once it becomes live (its 'conditional' event). */
export function requiredForConditional(spec: MarketSpec, e: ConditionalEvent, math: MarketMath = marketMath(spec)): Requirement {
  if (e.side === 'sell') return { asset: 'base', amount: e.qty };
  return { asset: 'quote', amount: quoteOf(math, Number(e.price), Number(e.qty)) };
}
