// One side of a book: a price → level map, the levels in an array sorted so that the best price is last
// (adding or removing near the top is a push or pop), and an intrusive FIFO list of orders per level, so that
// cancelling by order id is O(1) once the order is found in the book's id map.
import { MAX_SAFE } from './arithmetic';
import { IdMap } from './id-map';
import type { ExitPlan } from './orders';

/**
 * An order on (or about to enter) the book. Finished orders go back to a pool and are reused for new ones, so
 * that a busy book does not keep promoting short-lived objects into the old generation of the heap.
 */
export class RestingOrder {
  prev: RestingOrder | null = null;
  next: RestingOrder | null = null;
  level: PriceLevel | null = null;
  id = 0;
  userId = 0;
  isBuy = false;
  price = 0;
  /** Remaining (unfilled) quantity. */
  qty = 0;
  feeTier = 0;
  time = 0;
  exits: ExitPlan | null = null;
  filledQty = 0;
  /** Quote traded so far = quoteBig + quoteAcc: a number while it stays a safe integer, bigint beyond. */
  quoteAcc = 0;
  quoteBig = 0n;
  /** Fees this order paid in base (buy side; ≤ filledQty, so exact); the exits of a buy are sized net of them. */
  baseFeesPaid = 0;
  /** False for a market order by quote amount, whose qty is only a cap: it has no remaining quantity. */
  qtyBound = true;
}

export function addQuote(o: RestingOrder, quote: number): void {
  const sum = o.quoteAcc + quote;
  if (sum <= MAX_SAFE) o.quoteAcc = sum;
  else {
    o.quoteBig += BigInt(o.quoteAcc) + BigInt(quote);
    o.quoteAcc = 0;
  }
}

export function filledQuote(o: RestingOrder): bigint {
  if (o.filledQty === 0) return 0n;
  if (o.quoteAcc === 0) return o.quoteBig;
  return o.quoteBig === 0n ? BigInt(o.quoteAcc) : o.quoteBig + BigInt(o.quoteAcc);
}

const POOL_MAX = 1 << 16;

export class OrderPool {
  private readonly free: RestingOrder[] = [];

  take(id: number, userId: number, isBuy: boolean, price: number, qty: number, feeTier: number, time: number, exits: ExitPlan | null): RestingOrder {
    const o = this.free.pop() ?? new RestingOrder();
    o.id = id;
    o.userId = userId;
    o.isBuy = isBuy;
    o.price = price;
    o.qty = qty;
    o.feeTier = feeTier;
    o.time = time;
    o.exits = exits;
    o.filledQty = 0;
    o.quoteAcc = 0;
    o.quoteBig = 0n;
    o.baseFeesPaid = 0;
    o.qtyBound = true;
    return o;
  }

  /** The order must be referenced nowhere else any more. */
  give(o: RestingOrder): void {
    o.exits = null;
    o.prev = o.next = null;
    o.level = null;
    if (this.free.length < POOL_MAX) this.free.push(o);
  }
}

export class PriceLevel {
  total = 0;
  count = 0;
  head: RestingOrder | null = null;
  tail: RestingOrder | null = null;
  /** price as a bigint for the fill events, made at the level's first fill. */
  priceBig: bigint | null = null;
  constructor(public price: number) {}
}

export class BookSide {
  readonly byPrice = new IdMap<PriceLevel>(256);
  /** Sorted worst → best: bids ascending, asks descending. */
  readonly levels: PriceLevel[] = [];
  /** Sum of resting quantity; kept ≤ 2^53 − 1 so that every level total is exact. */
  total = 0;
  private readonly pool: PriceLevel[] = [];

  constructor(readonly isBid: boolean) {}

  best(): PriceLevel | undefined {
    return this.levels[this.levels.length - 1];
  }

  /** True when price a ranks better than b on this side. */
  better(a: number, b: number): boolean {
    return this.isBid ? a > b : a < b;
  }

  append(order: RestingOrder): void {
    let level = this.byPrice.get(order.price);
    if (level === undefined) level = this.openLevel(order.price);
    order.level = level;
    order.prev = level.tail;
    order.next = null;
    if (level.tail === null) level.head = order;
    else level.tail.next = order;
    level.tail = order;
    level.total += order.qty;
    level.count++;
    this.total += order.qty;
  }

  /** Takes qty off an order that stays in place (a partial fill). */
  reduce(order: RestingOrder, qty: number): void {
    order.qty -= qty;
    order.level!.total -= qty;
    this.total -= qty;
  }

  remove(order: RestingOrder): void {
    const level = order.level!;
    if (order.prev === null) level.head = order.next;
    else order.prev.next = order.next;
    if (order.next === null) level.tail = order.prev;
    else order.next.prev = order.prev;
    level.total -= order.qty;
    level.count--;
    this.total -= order.qty;
    order.prev = order.next = null;
    order.level = null;
    if (level.count === 0) this.closeLevel(level);
  }

  private openLevel(price: number): PriceLevel {
    const level = this.pool.pop() ?? new PriceLevel(price);
    if (level.price !== price) {
      level.price = price;
      level.priceBig = null;
    }
    const levels = this.levels;
    const n = levels.length;
    if (n === 0 || this.better(price, levels[n - 1]!.price)) {
      levels.push(level);
    } else {
      levels.splice(this.insertIndex(price), 0, level);
    }
    this.byPrice.set(price, level);
    return level;
  }

  private closeLevel(level: PriceLevel): void {
    const levels = this.levels;
    const last = levels.length - 1;
    if (levels[last] === level) levels.pop();
    else levels.splice(this.indexOf(level.price), 1);
    this.byPrice.delete(level.price);
    level.head = level.tail = null;
    level.total = 0;
    this.pool.push(level);
  }

  /** First index whose price ranks better than price (binary search over worst → best). */
  private insertIndex(price: number): number {
    const levels = this.levels;
    let lo = 0;
    let hi = levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.better(levels[mid]!.price, price)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  private indexOf(price: number): number {
    const i = this.insertIndex(price) - 1;
    return i;
  }
}
