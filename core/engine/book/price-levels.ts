// One side of a book: its price levels, each an intrusive FIFO list of orders linked through the order table's
// rows (cancelling by order id is O(1) once the order's slot is found). The levels near the top of the book sit in
// a TickWindow indexed by tick, so that finding a price's level, opening and closing one are O(1) and the next
// level after the best is a bitmap scan; a level outside the window (a price far from the rest) goes to a sorted
// list. The window moves or grows when the book moves out of it.
import { ABSENT, IdMap } from './id-map';
import { NONE, type OrderList, type OrderTable } from './order-table';
import { TickWindow } from './tick-window';

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

/** Window sizes in ticks: where a side starts, and how far it may grow to keep its levels in one window. */
export interface WindowSizes {
  initial: number;
  max: number;
}

const WINDOW: WindowSizes = { initial: 4096, max: 1 << 16 };

export class BookSide {
  /** Every level object this side has made, open or pooled, by its index. */
  private readonly byIndex: PriceLevel[] = [];
  private readonly pool: PriceLevel[] = [];
  private readonly window: TickWindow;
  /** The open levels outside the window. */
  private readonly far: SortedLevels;
  private top: PriceLevel | undefined = undefined;
  /** Sum of resting quantity; kept ≤ 2^53 − 1 so that every level total is exact. */
  total = 0;

  constructor(
    readonly isBid: boolean,
    private readonly orders: OrderTable,
    /** Price minor units per tick: a level's place in the window is price / tick. */
    private readonly tick = 1,
    private readonly sizes: WindowSizes = WINDOW,
  ) {
    this.window = new TickWindow(sizes.initial);
    this.far = new SortedLevels(isBid);
  }

  best(): PriceLevel | undefined {
    return this.top;
  }

  /** The best level ranking after level (the best of all when level is undefined). */
  next(level: PriceLevel | undefined): PriceLevel | undefined {
    return level === undefined ? this.top : this.worseThan(level.price);
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
    const off = this.window.offsetOf(price / this.tick);
    const index = off >= 0 ? this.window.get(off) : this.far.count === 0 ? ABSENT : this.far.get(price);
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
    let off = this.window.offsetOf(price / this.tick);
    if (off < 0 && this.moveWindow(price)) off = this.window.offsetOf(price / this.tick);
    if (off >= 0) this.window.set(off, level.index);
    else this.far.add(level);
    if (this.top === undefined || this.better(price, this.top.price)) this.top = level;
    return level;
  }

  private closeLevel(level: PriceLevel): void {
    const off = this.window.offsetOf(level.price / this.tick);
    if (off >= 0) this.window.clear(off);
    else this.far.remove(level);
    if (this.top === level) this.top = this.worseThan(level.price);
    level.head = level.tail = NONE;
    level.total = 0;
    this.pool.push(level);
  }

  /** The best open level whose price ranks strictly after price. */
  private worseThan(price: number): PriceLevel | undefined {
    const w = this.window;
    let inWindow: PriceLevel | undefined;
    if (w.count !== 0) {
      // a price beyond either end of the window starts the scan at that end
      const t = price / this.tick;
      let off: number;
      if (this.isBid) {
        const rel = Math.ceil(t) - w.base;
        off = rel <= 0 ? -1 : w.below(rel > w.size ? w.size : rel);
      } else {
        const rel = Math.floor(t) - w.base;
        off = rel >= w.size - 1 ? -1 : w.above(rel < -1 ? -1 : rel);
      }
      if (off >= 0) inWindow = this.byIndex[w.get(off)]!;
    }
    if (this.far.count === 0) return inWindow;
    const outside = this.far.worseThan(price);
    if (inWindow === undefined) return outside;
    return outside !== undefined && this.better(outside.price, inWindow.price) ? outside : inWindow;
  }

  /**
   * A price outside the window is opening a level. Moves (and if need be grows) the window so that it holds the
   * new price with the levels it holds now; if they span more than the largest window, moves it to the new price
   * when that is the new best, the top of the book being where levels open and close. False: the price stays out.
   */
  private moveWindow(price: number): boolean {
    const w = this.window;
    const tick = price / this.tick;
    if (!Number.isSafeInteger(tick)) return false;
    if (w.count === 0) {
      this.relocate(tick - w.size / 2, w.size);
      return true;
    }
    const low = Math.min(tick, w.base + w.above(-1));
    const high = Math.max(tick, w.base + w.below(w.size));
    const span = high - low + 1;
    if (span <= this.sizes.max) {
      let size = w.size;
      while (size < 2 * span && size < this.sizes.max) size *= 2;
      // the room left over goes on the side of the book the top moves into: above the bids, below the asks
      const spare = size - span;
      this.relocate(this.isBid ? low - (spare >> 2) : low - spare + (spare >> 2), size);
      return true;
    }
    if (this.top !== undefined && !this.better(price, this.top.price)) return false;
    const size = this.sizes.max;
    this.relocate(this.isBid ? tick - size + size / 4 : tick - size / 4, size);
    return true;
  }

  /**
   * Puts the window at [base, base + size) and every open level where it now belongs: the levels of the list in
   * that range move in (every open level in the window's range must be in the window), those of the window outside
   * it move to the list.
   */
  private relocate(base: number, size: number): void {
    const w = this.window;
    const held: PriceLevel[] = [];
    for (let off = w.above(-1); off >= 0; off = w.above(off)) held.push(this.byIndex[w.get(off)]!);
    w.reset(base, size);
    const outside: PriceLevel[] = [];
    for (const level of held) {
      const off = w.offsetOf(level.price / this.tick);
      if (off >= 0) w.set(off, level.index);
      else outside.push(level);
    }
    if (this.far.count !== 0) {
      for (const level of this.far.takeRange(base * this.tick, (base + size - 1) * this.tick)) w.set(w.offsetOf(level.price / this.tick), level.index);
    }
    this.far.addAll(outside);
  }
}

/** Levels sorted worst → best (bids ascending, asks descending), with a price → level map. */
class SortedLevels {
  private readonly levels: PriceLevel[] = [];
  private readonly byPrice = new IdMap(16);

  constructor(private readonly isBid: boolean) {}

  get count(): number {
    return this.levels.length;
  }

  /** The level index at price, or ABSENT. */
  get(price: number): number {
    return this.byPrice.get(price);
  }

  add(level: PriceLevel): void {
    this.levels.splice(this.notWorse(level.price), 0, level);
    this.byPrice.set(level.price, level.index);
  }

  remove(level: PriceLevel): void {
    this.levels.splice(this.notWorse(level.price), 1);
    this.byPrice.delete(level.price);
  }

  /** The best level ranking strictly after price. */
  worseThan(price: number): PriceLevel | undefined {
    const at = this.notWorse(price);
    return at === 0 ? undefined : this.levels[at - 1];
  }

  /** Adds levels in any order (one sort, not a splice each). */
  addAll(more: PriceLevel[]): void {
    if (more.length === 0) return;
    const levels = this.levels;
    levels.push(...more);
    levels.sort((a, b) => (this.isBid ? a.price - b.price : b.price - a.price));
    for (const l of more) this.byPrice.set(l.price, l.index);
  }

  /** Removes and returns the levels priced from low to high (a run of the sorted list). */
  takeRange(low: number, high: number): PriceLevel[] {
    const levels = this.levels;
    // bids ascend: the run starts at the first price ≥ low; asks descend: at the first price ≤ high
    const from = this.isBid ? this.firstIndex((p) => p >= low) : this.firstIndex((p) => p <= high);
    const to = this.isBid ? this.firstIndex((p) => p > high) : this.firstIndex((p) => p < low);
    const run = levels.splice(from, Math.max(0, to - from));
    for (const l of run) this.byPrice.delete(l.price);
    return run;
  }

  /** First index whose price satisfies pred, which holds for a suffix of the list. */
  private firstIndex(pred: (price: number) => boolean): number {
    const levels = this.levels;
    let lo = 0;
    let hi = levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (pred(levels[mid]!.price)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** First index whose price ranks equal to or better than price. */
  private notWorse(price: number): number {
    return this.firstIndex((p) => p === price || (this.isBid ? p > price : p < price));
  }
}
