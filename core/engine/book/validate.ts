// Stateless checks of an order against its market: fields, bounds, precision, minimum notional. The book adds
// the checks that need its state (duplicate id, post-only, fill-or-kill). A rejected order changes nothing.
import { belowMinNotional, isMultiple, isSafeAmount, positiveSafeNum, type MarketMath } from './arithmetic';
import type { AttachedExit, MarketSpec, PlaceOrder, RejectReason } from './types';

function amountReason(v: unknown): RejectReason {
  if (typeof v !== 'bigint') return 'invalidField';
  return v <= 0n ? 'nonPositive' : 'outOfRange';
}

/** A positive amount as a number of minor units, or −1. */
const amountNum = positiveSafeNum;

function isId(v: unknown): v is number {
  return Number.isSafeInteger(v) && (v as number) >= 0;
}

function priceReason(m: MarketMath, price: unknown): RejectReason | null {
  const n = amountNum(price);
  if (n < 0) return amountReason(price);
  return isMultiple(n, m.tick) ? null : 'priceNotOnTick';
}

function qtyReason(m: MarketMath, qty: unknown): RejectReason | null {
  const n = amountNum(qty);
  if (n < 0) return amountReason(qty);
  return isMultiple(n, m.lot) ? null : 'qtyNotOnLot';
}

function legReason(m: MarketMath, orderId: number, leg: AttachedExit): RejectReason | null {
  if (typeof leg !== 'object' || leg === null || !isId(leg.id) || leg.id === orderId) return 'invalidExit';
  return priceReason(m, leg.price);
}

/** A buy's take-profit sits above its stop-loss (and above the buy price); a sell's the other way round. */
function above(isBuy: boolean, a: bigint, b: bigint): boolean {
  return isBuy ? a > b : a < b;
}

function exitsReason(
  m: MarketMath,
  orderId: number,
  isBuy: boolean,
  ref: bigint | null,
  tp: AttachedExit | undefined,
  sl: AttachedExit | undefined,
): RejectReason | null {
  if (tp === undefined && sl === undefined) return null;
  const r = (tp && legReason(m, orderId, tp)) || (sl && legReason(m, orderId, sl));
  if (r) return r;
  if (tp && sl && (tp.id === sl.id || !above(isBuy, tp.price, sl.price))) return 'invalidExit';
  if (ref !== null && tp && !above(isBuy, tp.price, ref)) return 'invalidExit';
  if (ref !== null && sl && !above(isBuy, ref, sl.price)) return 'invalidExit';
  return null;
}

/** Where validateOrder leaves a valid limit order's price and quantity as numbers, saving a second conversion. */
export interface LimitNumbers {
  price: number;
  qty: number;
}

export function validateOrder(spec: MarketSpec, m: MarketMath, o: PlaceOrder, into?: LimitNumbers): RejectReason | null {
  if (typeof o !== 'object' || o === null) return 'invalidField';
  if (!isId(o.id) || !isId(o.userId) || typeof o.time !== 'number' || !Number.isFinite(o.time)) return 'invalidField';
  if (o.side !== 'buy' && o.side !== 'sell') return 'invalidField';
  const tier = o.feeTier;
  if (tier !== undefined && !(Number.isInteger(tier) && tier >= 0 && tier < spec.feeTiers.length)) return 'unknownFeeTier';
  const isBuy = o.side === 'buy';
  switch (o.type) {
    case 'limit': {
      const price = amountNum(o.price);
      if (price < 0) return amountReason(o.price);
      const qty = amountNum(o.qty);
      if (qty < 0) return amountReason(o.qty);
      if (!isMultiple(price, m.tick)) return 'priceNotOnTick';
      if (!isMultiple(qty, m.lot)) return 'qtyNotOnLot';
      const tif = o.tif ?? 'GTC';
      if (tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK') return 'invalidField';
      if (o.postOnly && tif !== 'GTC') return 'invalidField';
      if (belowMinNotional(m, price, qty)) return 'belowMinNotional';
      if (into !== undefined) {
        into.price = price;
        into.qty = qty;
      }
      return exitsReason(m, o.id, isBuy, o.price, o.takeProfit, o.stopLoss);
    }
    case 'market': {
      const byQty = o.qty !== undefined;
      if (byQty === (o.quote !== undefined)) return 'invalidField';
      if (byQty) {
        const r = qtyReason(m, o.qty);
        if (r) return r;
      } else {
        if (!isSafeAmount(o.quote)) return amountReason(o.quote);
        if (o.quote < m.minNotional) return 'belowMinNotional';
      }
      // the side spending an amount it did not name brings a budget for it
      if (byQty === isBuy) {
        if (o.budget === undefined) return 'budgetRequired';
        if (!isSafeAmount(o.budget)) return amountReason(o.budget);
      } else if (o.budget !== undefined) return 'invalidField';
      return exitsReason(m, o.id, isBuy, null, o.takeProfit, o.stopLoss);
    }
    case 'stopLimit': {
      const r = priceReason(m, o.trigger) ?? priceReason(m, o.price) ?? qtyReason(m, o.qty);
      if (r) return r;
      if (belowMinNotional(m, Number(o.price), Number(o.qty))) return 'belowMinNotional';
      return null;
    }
    default:
      return 'invalidField';
  }
}

/** Checks a market's settings once, when a book is opened. Throws: a bad market is a configuration error. */
export function assertMarketSpec(spec: MarketSpec): void {
  const scales = [spec.priceScale, spec.qtyScale, spec.quoteScale];
  if (!scales.every((s) => Number.isInteger(s) && s >= 0 && s <= 18)) throw new Error(`${spec.symbol}: scales must be integers 0..18`);
  const feeScale = spec.baseFeeScale ?? spec.qtyScale;
  if (!Number.isInteger(feeScale) || feeScale < spec.qtyScale || feeScale > 36) throw new Error(`${spec.symbol}: baseFeeScale must be an integer qtyScale..36`);
  if (spec.quoteScale > spec.priceScale + spec.qtyScale) throw new Error(`${spec.symbol}: quoteScale exceeds priceScale + qtyScale`);
  if (!isSafeAmount(spec.tickSize) || !isSafeAmount(spec.lotSize)) throw new Error(`${spec.symbol}: tick and lot must be positive safe integers`);
  if (typeof spec.minNotional !== 'bigint' || spec.minNotional < 0n) throw new Error(`${spec.symbol}: minNotional must be a bigint ≥ 0`);
  if (spec.feeTiers.length === 0) throw new Error(`${spec.symbol}: at least one fee tier`);
  for (const t of spec.feeTiers) {
    for (const r of [t.makerPpm, t.takerPpm]) {
      if (!Number.isInteger(r) || r < 0 || r > 1_000_000) throw new Error(`${spec.symbol}: fee rates are integers 0..1000000 ppm`);
    }
  }
  if (spec.selfTrade !== 'cancelResting' && spec.selfTrade !== 'cancelTaker') throw new Error(`${spec.symbol}: unknown self-trade policy`);
}
