// One side of a book: a price → level map, the levels in an array sorted so that the best price is last
// (adding or removing near the top is a push or pop), and an intrusive FIFO list of orders per level, linked
// through the order table's rows, so that cancelling by order id is O(1) once the order's slot is found.
import { ABSENT, IdMap } from './id-map';
import { NONE, type OrderList, type OrderTable } from './order-table';

/** How many levels below the best insertIndex walks before it searches, and levels move one by one. */
const NEAR_TOP = 8;

export class PriceLevel implements OrderList {
  total = 0;
  count = 0;
  head = NONE;
  tail = NONE;
  /** price as a bigint for the fill events, made at the level's first fill. */
  priceBig: bigint | null = null;
  constructor(
    public price: number,
    /** Position in BookSide.byIndex, what the table keeps as an order's level; kept while the level is pooled. */
    readonly index: number,
  ) {}
}

export class BookSide {
  /** Price → index (in byIndex) of its open level. */
  private readonly byPrice = new IdMap(256);
  /** Sorted worst → best: bids ascending, asks descending. */
  readonly levels: PriceLevel[] = [];
  /** Every level object this side has made, open or pooled, by its index. */
  private readonly byIndex: PriceLevel[] = [];
  /** Sum of resting quantity; kept ≤ 2^53 − 1 so that every level total is exact. */
  total = 0;
  private readonly pool: PriceLevel[] = [];

  constructor(
    readonly isBid: boolean,
    private readonly orders: OrderTable,
  ) {}

  best(): PriceLevel | undefined {
    return this.levels[this.levels.length - 1];
  }

  /** The level of an order resting on this side. */
  levelOf(s: number): PriceLevel {
    return this.byIndex[this.orders.levelIndex(s)]!;
  }

  /** True when price a ranks better than b on this side. */
  better(a: number, b: number): boolean {
    return this.isBid ? a > b : a < b;
  }

  append(s: number): void {
    const orders = this.orders;
    const price = orders.price(s);
    const qty = orders.qty(s);
    const index = this.byPrice.get(price);
    const level = index === ABSENT ? this.openLevel(price) : this.byIndex[index]!;
    orders.append(level, s, level.index);
    level.total += qty;
    level.count++;
    this.total += qty;
  }

  /** Takes qty off an order that stays in place (a partial fill). */
  reduce(s: number, level: PriceLevel, qty: number): void {
    this.orders.reduce(s, qty);
    level.total -= qty;
    this.total -= qty;
  }

  remove(s: number): void {
    const orders = this.orders;
    const level = this.byIndex[orders.levelIndex(s)]!;
    orders.unlink(level, s);
    const qty = orders.qty(s);
    level.total -= qty;
    level.count--;
    this.total -= qty;
    if (level.count === 0) this.closeLevel(level);
  }

  private openLevel(price: number): PriceLevel {
    let level = this.pool.pop();
    if (level === undefined) {
      level = new PriceLevel(price, this.byIndex.length);
      this.byIndex.push(level);
    } else if (level.price !== price) {
      level.price = price;
      level.priceBig = null;
    }
    const levels = this.levels;
    const n = levels.length;
    if (n === 0 || this.better(price, levels[n - 1]!.price)) levels.push(level);
    else {
      // near the top (the usual place) a few moves beat splice, which also allocates the array it returns
      const at = this.insertIndex(price);
      if (n - at > NEAR_TOP) levels.splice(at, 0, level);
      else {
        levels.push(level);
        for (let i = n; i > at; i--) levels[i] = levels[i - 1]!;
        levels[at] = level;
      }
    }
    this.byPrice.set(price, level.index);
    return level;
  }

  private closeLevel(level: PriceLevel): void {
    const levels = this.levels;
    const last = levels.length - 1;
    if (levels[last] === level) levels.pop();
    else {
      const at = this.insertIndex(level.price) - 1;
      if (last - at > NEAR_TOP) levels.splice(at, 1);
      else {
        for (let i = at; i < last; i++) levels[i] = levels[i + 1]!;
        levels.pop();
      }
    }
    this.byPrice.delete(level.price);
    level.head = level.tail = NONE;
    level.total = 0;
    this.pool.push(level);
  }

  /**
   * First index whose price ranks better than price. Levels open and close mostly near the top of the book, so
   * a few steps down from the best come first, then a binary search over the rest (worst → best).
   */
  private insertIndex(price: number): number {
    const levels = this.levels;
    let hi = levels.length;
    const stop = hi > NEAR_TOP ? hi - NEAR_TOP : 0;
    while (hi > stop && this.better(levels[hi - 1]!.price, price)) hi--;
    if (hi > stop || hi === 0) return hi;
    let lo = 0;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.better(levels[mid]!.price, price)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
