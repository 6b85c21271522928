// The orders of one book (resting, or the incoming one while it matches) as rows of two typed arrays, addressed
// by an int slot: the amounts in a Float64Array, eight to a row (one 64-byte cache line), the list links, the
// level and the flags in an Int32Array, four to a row. Compared with an object per order this halves the memory a
// deep book touches, keeps every amount unboxed (a number field of an object that ever held a value beyond 31 bits
// points to a separate heap box) and gives the garbage collector nothing to trace. Freed slots go on a free list and
// are reused first, so a busy book stays within the rows it has touched.
//
// Amounts are safe integers of minor units (≤ 2^53 − 1, checked where they come in), so doubles hold them
// exactly. The rare parts — a quote sum beyond 2^53 − 1 and the take-profit / stop-loss plan — live in plain
// arrays beside the rows.
import type { BigCache } from './big-cache';
import type { ExitPlan } from './orders';

// The layout stays private to this file: a const enum is inlined only within its own file when each file is
// compiled alone (as tsx does), so the rest of the book goes through the small methods below, which the JIT
// inlines.

/** Columns of the amount row. */
const enum Num {
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
  TierShift = 4,
}

const enum Slot {
  None = -1,
}

/** No order (end of a list, empty level, empty free list). */
export const NONE = Slot.None;

/** A FIFO of orders linked through the table (a price level). */
export interface OrderList {
  head: number;
  tail: number;
}

export class OrderTable {
  private num: Float64Array;
  private link: Int32Array;
  /** The take-profit / stop-loss plan of each slot, null for most. */
  private readonly exits: (ExitPlan | null)[] = [];
  /** The part of each slot's quote sum beyond what QuoteAcc holds exactly. */
  private readonly quoteBig: bigint[] = [];
  private capacity: number;
  private used = 0;
  /** Head of the free list, chained through Link.Next. */
  private freeHead: number = Slot.None;

  constructor(capacity = 1024) {
    this.capacity = capacity;
    this.num = new Float64Array(capacity * Row.Num);
    this.link = new Int32Array(capacity * Row.Link);
    for (let i = 0; i < capacity; i++) {
      this.exits.push(null);
      this.quoteBig.push(0n);
    }
  }

  /** A slot for a new order, off the book, nothing filled. May replace num and link with larger arrays. */
  alloc(id: number, userId: number, isBuy: boolean, price: number, qty: number, feeTier: number, time: number, exits: ExitPlan | null): number {
    let s = this.freeHead;
    if (s !== Slot.None) this.freeHead = this.link[s * Row.Link + Link.Next]!;
    else {
      if (this.used === this.capacity) this.grow();
      s = this.used++;
    }
    const n = s * Row.Num;
    const num = this.num;
    num[n + Num.Id] = id;
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
    link[l + Link.Meta] = (feeTier << Meta.TierShift) | Meta.QtyBound | (isBuy ? Meta.Buy : 0) | (exits !== null ? Meta.HasExits : 0);
    if (exits !== null) this.exits[s] = exits;
    return s;
  }

  /** The slot must be referenced nowhere else any more. */
  free(s: number): void {
    const meta = this.link[s * Row.Link + Link.Meta]!;
    if ((meta & Meta.HasExits) !== 0) this.exits[s] = null;
    if ((meta & Meta.HasBig) !== 0) this.quoteBig[s] = 0n;
    this.link[s * Row.Link + Link.Next] = this.freeHead;
    this.freeHead = s;
  }

  id(s: number): number {
    return this.num[s * Row.Num + Num.Id]!;
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

  /** The exit plan of a slot, or null (without touching the exits array for most orders). */
  exitPlan(s: number): ExitPlan | null {
    return (this.link[s * Row.Link + Link.Meta]! & Meta.HasExits) === 0 ? null : this.exits[s]!;
  }

  /** Adds to the part of the slot's quote sum kept as a bigint. */
  addQuoteBig(s: number, quote: bigint): void {
    this.quoteBig[s] = this.quoteBig[s]! + quote;
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
   * maker and the taker t; the buyer pays baseFee in base.
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
    const beyond = (this.link[s * Row.Link + Link.Meta]! & Meta.HasBig) === 0 ? 0n : this.quoteBig[s]!;
    if (acc === 0) return beyond;
    const accBig = big === undefined ? BigInt(acc) : big.of(acc);
    return beyond === 0n ? accBig : beyond + accBig;
  }

  private grow(): void {
    const cap = this.capacity * 2;
    const num = new Float64Array(cap * Row.Num);
    num.set(this.num);
    const link = new Int32Array(cap * Row.Link);
    link.set(this.link);
    this.num = num;
    this.link = link;
    for (let i = this.capacity; i < cap; i++) {
      this.exits.push(null);
      this.quoteBig.push(0n);
    }
    this.capacity = cap;
  }
}
