// The orders of one book (resting, or the incoming one while it matches) as rows of two typed arrays, addressed
// by an int slot: the amounts in a Float64Array, eight to a row (one 64-byte cache line), the list links, the
// level and the flags in an Int32Array, four to a row. Compared with an object per order this halves the memory a
// deep book touches, keeps every amount unboxed (a number field of an object that ever held a value beyond 31 bits
// points to a separate heap box) and gives the garbage collector nothing to trace.
//
// An order's row is where its id points: the id's low bits (id & (home − 1)) name its home row, so finding an
// order by id is one read of the row a cancel reads next anyway, with no index beside the table. Ids are the
// engine's numbering and the live ones are mostly recent, so few find their home row taken by an older live order
// with the same low bits; those take a spill row after the home rows, listed in an IdMap. The home rows are kept
// at least LOAD times as many as the orders: when there are too few, the table multiplies them by GROWTH, and an
// order never moves: the arrays grow (a copy), the orders placed before stay in their rows and are found there by
// the home rows of the table's past sizes (read when the current home row holds another id, before the spill
// rows), and a new order whose home row an older one holds takes a spill row. So a slot stays valid for the order's life, and a
// growth costs a copy of the arrays, where moving every order to its new home row stalled a book of 65,536 orders
// for 100–200 ms in the server (a pass over every row, most of it cache and page misses).
//
// Amounts are safe integers of minor units (≤ 2^53 − 1, checked where they come in), so doubles hold them
// exactly. The rare parts — a quote sum beyond 2^53 − 1 and the take-profit / stop-loss plan — live in maps by
// slot beside the rows, read only when the row's flags say so.
import type { BigCache } from './big-cache';
import { ABSENT, IdMap } from './id-map';
import type { ExitPlan } from './orders';

// The layout stays private to this file: a const enum is inlined only within its own file when each file is
// compiled alone (as tsx does), so the rest of the book goes through the small methods below, which the JIT
// inlines.

/** Columns of the amount row. */
const enum Num {
  /** The order's id + 1: a zeroed row is free, so grown arrays need no pass to free their new rows. */
  Id,
  User,
  Price,
  /** Remaining (unfilled) quantity. */
  Qty,
  Filled,
  /** Quote traded so far = quoteBig + QuoteAcc: a number while it stays a safe integer, bigint beyond. */
  QuoteAcc,
  /** Fees the order paid in base (buy side; ≤ Filled, so exact); the exits of a buy are sized net of them. */
  BaseFees,
  Time,
}

/** Columns of the link row. */
const enum Link {
  Prev,
  Next,
  /** Index of the order's level in its side (−1 off the book). */
  Level,
  /** feeTier << Meta.TierShift | the Meta flags. */
  Meta,
}

/** Numbers per row. */
const enum Row {
  Num = 8,
  Link = 4,
}

const enum Meta {
  Buy = 1,
  /** Cleared for a market order by quote amount, whose qty is only a cap: it has no remaining quantity. */
  QtyBound = 2,
  /** The slot's quoteBig is not 0n; the flags spare a read of the side arrays (a cache miss) for most orders. */
  HasBig = 4,
  /** The slot has an exit plan. */
  HasExits = 8,
  /** The order is listed in the spill map (its row is not its home row, now or when it was placed). */
  Spilled = 16,
  TierShift = 5,
}

const enum Slot {
  None = -1,
}

/** The Id column of a free row (no order has a negative id). */
const FREE = 0;

/**
 * Home rows per order, at least. In the benchmark (≈40k live orders of a million sequential ids) about 8 % of the
 * new orders find their home row taken at 2 and 1 % at 4.
 */
const LOAD = 4;

/** How many times the home rows multiply when too few (a growth copies the arrays, so in few, large steps). */
const GROWTH = 4;

/** No order (end of a list, empty level, empty list of free spill rows). */
export const NONE = Slot.None;

/** A FIFO of orders linked through the table (a price level). */
export interface OrderList {
  head: number;
  tail: number;
}

export class OrderTable {
  private num: Float64Array = new Float64Array(0);
  private link: Int32Array = new Int32Array(0);
  /** The take-profit / stop-loss plan of the slots that have one (flag HasExits). */
  private exits = new Map<number, ExitPlan>();
  /** The part of a slot's quote sum beyond what QuoteAcc holds exactly, for the slots flagged HasBig. */
  private quoteBig = new Map<number, bigint>();
  /** Home rows (a power of two): an order's home row is id & (home − 1). */
  private home: number;
  /** The table's earlier home row counts, largest first: an order placed then may still rest in its home row of then. */
  private pastHomes: number[] = [];
  /** Rows in the arrays: the home rows, then the spill rows. */
  private rows = 0;
  /** The first spill row never used yet. */
  private spillTop: number;
  /** Freed spill rows, chained through Link.Next. */
  private spillFree: number = Slot.None;
  /** Id → slot of the orders in spill rows. */
  private spilled = new IdMap(16);
  private count = 0;

  constructor(
    home = 1024,
    /** Home rows per order, at least (tests set it to 1 to make home rows scarce). */
    private readonly load = LOAD,
  ) {
    if (!(home >= 1 && (home & (home - 1)) === 0)) throw new Error('home rows: a power of two');
    this.home = home;
    this.spillTop = home;
    this.resize(home + spillRoom(home));
  }

  /** Orders in the table. */
  get size(): number {
    return this.count;
  }

  /** Makes room for `orders` orders in all (a restore knows how many): the table then grows at most once. */
  reserve(orders: number): void {
    let home = this.home;
    while (orders * this.load > home) home *= GROWTH;
    if (home !== this.home) this.grow(home);
  }

  /**
   * Reads both parts of the home row of `id` and returns a number made of them (for the caller to keep, so that
   * the reads are not dropped): the rows come into the processor's cache while other work goes on.
   */
  prefetch(id: number): number {
    const h = id & (this.home - 1);
    return (this.num[h * Row.Num + Num.Id]! + this.link[h * Row.Link + Link.Next]!) | 0;
  }

  /** The slot of the order with this id, or ABSENT. */
  find(id: number): number {
    const key = id + 1;
    const h = id & (this.home - 1);
    if (this.num[h * Row.Num + Num.Id] === key && key !== FREE) return h;
    return this.spilled.size === 0 && this.pastHomes.length === 0 ? ABSENT : this.findElsewhere(id, key);
  }

  /** Past home rows first: most orders that miss their home row were placed before the table last grew. */
  private findElsewhere(id: number, key: number): number {
    if (key === FREE) return ABSENT;
    const homes = this.pastHomes;
    for (let i = 0; i < homes.length; i++) {
      const h = id & (homes[i]! - 1);
      if (this.num[h * Row.Num + Num.Id] === key) return h;
    }
    return this.spilled.size === 0 ? ABSENT : this.spilled.get(id);
  }

  /** A slot for a new order (its id not in the table), off the book, nothing filled; it keeps its slot until freed. */
  alloc(id: number, userId: number, isBuy: boolean, price: number, qty: number, feeTier: number, time: number, exits: ExitPlan | null): number {
    if ((this.count + 1) * this.load > this.home) this.grow(this.home * GROWTH);
    const h = id & (this.home - 1);
    const s = this.num[h * Row.Num + Num.Id] === FREE ? h : this.spill(id);
    this.count++;
    const n = s * Row.Num;
    const num = this.num;
    num[n + Num.Id] = id + 1;
    num[n + Num.User] = userId;
    num[n + Num.Price] = price;
    num[n + Num.Qty] = qty;
    num[n + Num.Filled] = 0;
    num[n + Num.QuoteAcc] = 0;
    num[n + Num.BaseFees] = 0;
    num[n + Num.Time] = time;
    const l = s * Row.Link;
    const link = this.link;
    link[l + Link.Prev] = Slot.None;
    link[l + Link.Next] = Slot.None;
    link[l + Link.Level] = Slot.None;
    link[l + Link.Meta] = (feeTier << Meta.TierShift) | Meta.QtyBound | (isBuy ? Meta.Buy : 0) | (exits !== null ? Meta.HasExits : 0) | (s !== h ? Meta.Spilled : 0);
    if (exits !== null) this.exits.set(s, exits);
    return s;
  }

  /** The slot must be referenced nowhere else any more. */
  free(s: number): void {
    const meta = this.link[s * Row.Link + Link.Meta]!;
    if ((meta & Meta.HasExits) !== 0) this.exits.delete(s);
    if ((meta & Meta.HasBig) !== 0) this.quoteBig.delete(s);
    const idAt = s * Row.Num + Num.Id;
    if ((meta & Meta.Spilled) !== 0) this.spilled.delete(this.num[idAt]! - 1);
    // a spill row of a smaller table lies among today's home rows: it is only freed
    if (s >= this.home) {
      this.link[s * Row.Link + Link.Next] = this.spillFree;
      this.spillFree = s;
    }
    this.num[idAt] = FREE;
    if (--this.count === 0) this.pastHomes = [];
  }

  /** A spill row for id, listed under it. */
  private spill(id: number): number {
    let s = this.spillFree;
    if (s !== Slot.None) this.spillFree = this.link[s * Row.Link + Link.Next]!;
    else {
      if (this.spillTop === this.rows) this.resize(this.rows + spillRoom(this.rows));
      s = this.spillTop++;
    }
    this.spilled.set(id, s);
    return s;
  }

  id(s: number): number {
    return this.num[s * Row.Num + Num.Id]! - 1;
  }

  userId(s: number): number {
    return this.num[s * Row.Num + Num.User]!;
  }

  price(s: number): number {
    return this.num[s * Row.Num + Num.Price]!;
  }

  qty(s: number): number {
    return this.num[s * Row.Num + Num.Qty]!;
  }

  filled(s: number): number {
    return this.num[s * Row.Num + Num.Filled]!;
  }

  baseFees(s: number): number {
    return this.num[s * Row.Num + Num.BaseFees]!;
  }

  time(s: number): number {
    return this.num[s * Row.Num + Num.Time]!;
  }

  isBuy(s: number): boolean {
    return (this.link[s * Row.Link + Link.Meta]! & Meta.Buy) !== 0;
  }

  qtyBound(s: number): boolean {
    return (this.link[s * Row.Link + Link.Meta]! & Meta.QtyBound) !== 0;
  }

  feeTier(s: number): number {
    return this.link[s * Row.Link + Link.Meta]! >>> Meta.TierShift;
  }

  /** The exit plan of a slot, or null (without a map lookup for most orders). */
  exitPlan(s: number): ExitPlan | null {
    return (this.link[s * Row.Link + Link.Meta]! & Meta.HasExits) === 0 ? null : this.exits.get(s)!;
  }

  /** Adds to the part of the slot's quote sum kept as a bigint. */
  addQuoteBig(s: number, quote: bigint): void {
    this.quoteBig.set(s, (this.quoteBig.get(s) ?? 0n) + quote);
    this.link[s * Row.Link + Link.Meta] = this.link[s * Row.Link + Link.Meta]! | Meta.HasBig;
  }

  next(s: number): number {
    return this.link[s * Row.Link + Link.Next]!;
  }

  /** Index of the level the order rests in (see BookSide). */
  levelIndex(s: number): number {
    return this.link[s * Row.Link + Link.Level]!;
  }

  /** A market order by quote amount: its quantity is a cap, not a remainder. */
  clearQtyBound(s: number): void {
    this.link[s * Row.Link + Link.Meta] = this.link[s * Row.Link + Link.Meta]! & ~Meta.QtyBound;
  }

  /** Fill figures of a restored order. */
  setFilled(s: number, filled: number, baseFees: number): void {
    this.num[s * Row.Num + Num.Filled] = filled;
    this.num[s * Row.Num + Num.BaseFees] = baseFees;
  }

  /** Puts the order at the tail of list, in the level of that index. */
  append(list: OrderList, s: number, levelIndex: number): void {
    const link = this.link;
    const l = s * Row.Link;
    const tail = list.tail;
    link[l + Link.Level] = levelIndex;
    link[l + Link.Prev] = tail;
    link[l + Link.Next] = Slot.None;
    if (tail === Slot.None) list.head = s;
    else link[tail * Row.Link + Link.Next] = s;
    list.tail = s;
  }

  /** Takes the order out of list (O(1): the list is doubly linked). */
  unlink(list: OrderList, s: number): void {
    const link = this.link;
    const l = s * Row.Link;
    const prev = link[l + Link.Prev]!;
    const next = link[l + Link.Next]!;
    if (prev === Slot.None) list.head = next;
    else link[prev * Row.Link + Link.Next] = next;
    if (next === Slot.None) list.tail = prev;
    else link[next * Row.Link + Link.Prev] = prev;
    link[l + Link.Prev] = link[l + Link.Next] = link[l + Link.Level] = Slot.None;
  }

  /** Takes qty off an order's remaining quantity. */
  reduce(s: number, qty: number): void {
    this.num[s * Row.Num + Num.Qty] -= qty;
  }

  /**
   * Books one trade of q (quote: its quote amount as a number, −1 when only quoteBig holds it exactly) on the
   * maker and the taker t; the buyer pays baseFee in base (quantity minor units, rounded up).
   */
  trade(maker: number, t: number, takerBuys: boolean, q: number, quote: number, quoteBig: bigint, baseFee: number): void {
    const num = this.num;
    const mk = maker * Row.Num;
    const tk = t * Row.Num;
    num[(takerBuys ? tk : mk) + Num.BaseFees] += baseFee;
    num[tk + Num.Qty] -= q;
    num[tk + Num.Filled] += q;
    num[mk + Num.Filled] += q;
    if (quote >= 0) {
      this.addQuote(t, quote);
      this.addQuote(maker, quote);
    } else {
      this.addQuoteBig(t, quoteBig);
      this.addQuoteBig(maker, quoteBig);
    }
  }

  private addQuote(s: number, quote: number): void {
    const i = s * Row.Num + Num.QuoteAcc;
    const sum = this.num[i]! + quote;
    if (sum <= Number.MAX_SAFE_INTEGER) this.num[i] = sum;
    else {
      this.addQuoteBig(s, BigInt(this.num[i]!) + BigInt(quote));
      this.num[i] = 0;
    }
  }

  /** Quote traded so far, exactly (the bigint made through big when given). */
  filledQuote(s: number, big?: BigCache): bigint {
    const n = s * Row.Num;
    if (this.num[n + Num.Filled] === 0) return 0n;
    const acc = this.num[n + Num.QuoteAcc]!;
    const beyond = (this.link[s * Row.Link + Link.Meta]! & Meta.HasBig) === 0 ? 0n : this.quoteBig.get(s)!;
    if (acc === 0) return beyond;
    const accBig = big === undefined ? BigInt(acc) : big.of(acc);
    return beyond === 0n ? accBig : beyond + accBig;
  }

  /** Makes the arrays hold rows slots, keeping every slot where it is; the new rows are free (zeroed). */
  private resize(rows: number): void {
    const num = new Float64Array(rows * Row.Num);
    num.set(this.num);
    const link = new Int32Array(rows * Row.Link);
    link.set(this.link);
    this.num = num;
    this.link = link;
    this.rows = rows;
  }

  /**
   * Takes home rows for ids by their low bits under the larger count; every order stays in its row. The spill rows
   * start after every row in use, so that none is handed out twice.
   */
  private grow(home: number): void {
    if (this.count > 0) this.pastHomes.unshift(this.home);
    const spillStart = Math.max(home, this.spillTop);
    this.home = home;
    this.spillTop = spillStart;
    this.spillFree = Slot.None;
    this.resize(spillStart + spillRoom(home));
  }
}

/** Spill rows added at a time to a table of rows rows. */
function spillRoom(rows: number): number {
  return Math.max(16, rows >> 4);
}
