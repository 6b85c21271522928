// The order book of one market: price-time priority matching, conditional orders, self-trade prevention and
// fee amounts. Deterministic: the same commands in the same order give the same events and the same state.
// It moves no money; the ledger holds funds before an order arrives (see required.ts) and settles the fills.
import { MAX_SAFE, baseFeeNum, baseFeeOf, bigOfSafe, feeInQty, feeNum, feeOf, marketMath, maxQtyForQuote, positiveSafeNum, quoteNum, quoteOf, type MarketMath } from './arithmetic';
import type { ExitPlan } from './orders';
import { BigCache } from './big-cache';
import { ABSENT } from './id-map';
import { NONE, OrderTable } from './order-table';
import { BookSide, type PriceLevel } from './price-levels';
import { StopOrder, StopStore } from './stops';
import type {
  BookEvent,
  BookEventSink,
  BookSnapshot,
  BookSource,
  CancelCommand,
  CancelReason,
  DepthLevel,
  DepthSnapshot,
  LimitOrder,
  MarketOrder,
  MarketSpec,
  OrderKind,
  PlaceOrder,
  RejectReason,
  RestingOrderRecord,
  StopLimitOrder,
  StopOrderRecord,
  TimeInForce,
} from './types';
import { assertMarketSpec, validateOrder, type LimitNumbers } from './validate';

/** Why matching stopped for an incoming order. */
const enum Stop {
  Filled,
  NoLiquidity,
  QuoteSpent,
  SelfTrade,
}

export class OrderBook {
  readonly spec: MarketSpec;
  private readonly m: MarketMath;
  /** Every order in the book, and the incoming one while it matches, by slot; found by id. */
  private readonly orders = new OrderTable();
  private readonly bids: BookSide;
  private readonly asks: BookSide;
  private readonly big = new BigCache();
  private readonly stops = new StopStore();
  /** Ids of take-profit / stop-loss legs still waiting for their parent to finish. */
  private readonly reservedIds = new Set<number>();
  private seqNo = 0;
  /** No id above this has ever entered the book, so a new order's id is checked without a table lookup. */
  private topId = -1;
  private tradeSeq = 0;
  private arrival = 0;
  /** Last trade price in price minor units; 0 before the first trade. */
  private last = 0;
  private events: BookEventSink = [];
  private time = 0;
  /**
   * Quote still to spend (or receive) for the incoming order, −1 when it is bounded by quantity only. A number:
   * the quote amounts and budgets that set it are checked to be safe integers.
   */
  private quoteLeft = -1;
  /** The incoming limit order's price and quantity as numbers, filled in by validation. */
  private readonly limitIn: LimitNumbers = { price: 0, qty: 0 };
  /** The order `check` found valid, until the next place: placing it does not validate it again. */
  private checked: PlaceOrder | null = null;
  /** What `prefetch` read: kept, so that the compiler keeps the reads. */
  private prefetched = 0;

  constructor(spec: MarketSpec) {
    assertMarketSpec(spec);
    this.spec = spec;
    this.m = marketMath(spec);
    this.bids = new BookSide(true, this.orders, this.m.tick);
    this.asks = new BookSide(false, this.orders, this.m.tick);
  }

  /**
   * Starts reading the table rows of order `id` (or of a new order with that id), so that their cache misses
   * overlap the caller's work before it places or cancels it. Changes nothing.
   */
  prefetch(id: number): void {
    this.prefetched = this.orders.prefetch(id);
  }

  /** Increments once per command that changed the book (accepted place, successful cancel). */
  get seq(): number {
    return this.seqNo;
  }

  get lastPrice(): bigint | null {
    return this.last === 0 ? null : BigInt(this.last);
  }

  /** The last trade price in minor units as the book keeps it, 0 before the first trade: read without allocating. */
  get lastMinor(): number {
    return this.last;
  }

  get restingCount(): number {
    // between commands the table holds exactly the resting orders
    return this.orders.size;
  }

  get stopCount(): number {
    return this.stops.size;
  }

  /**
   * The stateless checks of `place` (validateOrder for this market), for a caller that checks an order before
   * placing it: when it passes, placing the same order next skips them.
   */
  check(order: PlaceOrder): RejectReason | null {
    const reason = validateOrder(this.spec, this.m, order, this.limitIn);
    this.checked = reason === null ? order : null;
    return reason;
  }

  /** Places an order; its events are appended to out (a fresh array unless the caller passes one to reuse). */
  place(order: PlaceOrder, out?: BookEvent[]): BookEvent[];
  place<S extends BookEventSink>(order: PlaceOrder, out: S): S;
  place(order: PlaceOrder, out: BookEventSink = []): BookEventSink {
    const events = out;
    this.events = events;
    const checked = order === this.checked;
    this.checked = null;
    const reason = (checked ? null : validateOrder(this.spec, this.m, order, this.limitIn)) ?? this.stateReason(order);
    if (reason !== null) {
      events.push({ type: 'rejected', orderId: typeof order?.id === 'number' ? order.id : -1, reason });
      return events;
    }
    this.time = order.time;
    this.noteIds(order);
    if (order.type === 'limit') this.placeLimit(order);
    else if (order.type === 'market') this.placeMarket(order);
    else this.placeStop(order);
    this.runTriggers();
    this.seqNo++;
    return events;
  }

  cancel(cmd: CancelCommand, out?: BookEvent[]): BookEvent[];
  cancel<S extends BookEventSink>(cmd: CancelCommand, out: S): S;
  cancel(cmd: CancelCommand, out: BookEventSink = []): BookEventSink {
    const events = out;
    this.events = events;
    const id = cmd?.orderId;
    const o = typeof id === 'number' ? this.orders.find(id) : ABSENT;
    const s = o === ABSENT ? this.stops.byId.get(id) : undefined;
    const owner = o !== ABSENT ? this.orders.userId(o) : s?.userId;
    if (owner === undefined) {
      events.push({ type: 'rejected', orderId: typeof id === 'number' ? id : -1, reason: 'unknownOrder' });
      return events;
    }
    const reason = typeof cmd.time !== 'number' ? 'invalidField' : cmd.userId !== undefined && cmd.userId !== owner ? 'notOwner' : null;
    if (reason !== null) {
      events.push({ type: 'rejected', orderId: id, reason });
      return events;
    }
    this.time = cmd.time;
    if (o !== ABSENT) {
      (this.orders.isBuy(o) ? this.bids : this.asks).remove(o);
      this.finish(o, 'user');
    } else {
      this.cancelStop(s!, 'user');
      // the legs of a take-profit / stop-loss pair go together
      if (s!.ocoWith?.live) this.cancelStop(s!.ocoWith, 'oco');
    }
    this.runTriggers();
    this.seqNo++;
    return events;
  }

  depth(levels: number): DepthSnapshot {
    return { symbol: this.spec.symbol, seq: this.seqNo, bids: this.sideDepth(this.bids, levels), asks: this.sideDepth(this.asks, levels) };
  }

  bestBid(): bigint | null {
    const l = this.bids.best();
    return l === undefined ? null : BigInt(l.price);
  }

  bestAsk(): bigint | null {
    const l = this.asks.best();
    return l === undefined ? null : BigInt(l.price);
  }

  /** Sum of all resting (on-book) quantity, both sides. */
  restingQty(): bigint {
    return BigInt(this.bids.total) + BigInt(this.asks.total);
  }

  /**
   * Canonical text of the whole book state: counters, resting orders side by side in priority order, then the
   * conditional orders in trigger order. Equal state ⇔ equal text.
   */
  canonicalState(): string {
    const parts: string[] = [`${this.spec.symbol}|seq=${this.seqNo}|trades=${this.tradeSeq}|arrival=${this.arrival}|last=${this.last}`];
    const t = this.orders;
    for (const [tag, side] of [['B', this.bids], ['A', this.asks]] as const) {
      for (const o of this.inPriority(side)) {
        parts.push(`${tag}|${t.id(o)}|${t.userId(o)}|${t.price(o)}|${t.qty(o)}|${t.filled(o)}|${t.filledQuote(o)}|${t.baseFees(o)}|${t.feeTier(o)}|${t.time(o)}|${exitsText(t.exitPlan(o))}`);
      }
    }
    for (const s of this.stops.all()) {
      parts.push(`S|${s.id}|${s.userId}|${s.isBuy ? 'b' : 's'}|${s.kind}|${s.trigger}|${s.price}|${s.qty}|${s.feeTier}|${s.time}|${s.rising ? 'r' : 'f'}|${s.arrival}|${s.parentId ?? ''}|${s.ocoWith?.id ?? ''}`);
    }
    return parts.join('\n');
  }

  /** The state as plain data (see BookSnapshot); restore(spec, snapshot) gives an equal book. */
  snapshot(): BookSnapshot {
    const t = this.orders;
    const side = (s: BookSide): RestingOrderRecord[] =>
      this.inPriority(s).map((o) => {
        const exits = t.exitPlan(o);
        return {
          id: t.id(o),
          userId: t.userId(o),
          side: t.isBuy(o) ? 'buy' : 'sell',
          price: BigInt(t.price(o)),
          qty: BigInt(t.qty(o)),
          filledQty: BigInt(t.filled(o)),
          filledQuote: t.filledQuote(o),
          baseFeesPaid: BigInt(t.baseFees(o)),
          feeTier: t.feeTier(o),
          time: t.time(o),
          takeProfit: exits?.takeProfit ? { id: exits.takeProfit.id, price: BigInt(exits.takeProfit.price) } : null,
          stopLoss: exits?.stopLoss ? { id: exits.stopLoss.id, price: BigInt(exits.stopLoss.price) } : null,
        };
      });
    return {
      symbol: this.spec.symbol,
      seq: this.seqNo,
      tradeSeq: this.tradeSeq,
      arrival: this.arrival,
      lastPrice: this.lastPrice,
      bids: side(this.bids),
      asks: side(this.asks),
      stops: this.stops.all().map(
        (s): StopOrderRecord => ({
          id: s.id,
          userId: s.userId,
          side: s.isBuy ? 'buy' : 'sell',
          kind: s.kind as StopOrderRecord['kind'],
          trigger: BigInt(s.trigger),
          price: BigInt(s.price),
          qty: BigInt(s.qty),
          feeTier: s.feeTier,
          time: s.time,
          rising: s.rising,
          arrival: s.arrival,
          parentId: s.parentId,
          ocoWith: s.ocoWith?.id ?? null,
        }),
      ),
    };
  }

  /**
   * Rebuilds a book from a snapshot of the same market (at start, from the database). The records are trusted
   * as the book wrote them; a snapshot of another market or one that breaks the book's bounds throws. The resting
   * orders are read once, bids then asks.
   */
  static restore(spec: MarketSpec, snap: BookSource): OrderBook {
    if (snap.symbol !== spec.symbol) throw new Error(`snapshot of ${snap.symbol} given to ${spec.symbol}`);
    const book = new OrderBook(spec);
    const num = (v: bigint) => {
      if (v < 0n || v > BigInt(MAX_SAFE)) throw new Error(`${spec.symbol}: amount out of range in snapshot`);
      return Number(v);
    };
    const noteId = (id: number) => {
      if (id > book.topId) book.topId = id;
    };
    book.orders.reserve(snap.bids.length + snap.asks.length);
    for (const side of [snap.bids, snap.asks]) {
      for (const r of side) {
        noteId(r.id);
        if (r.takeProfit) noteId(r.takeProfit.id);
        if (r.stopLoss) noteId(r.stopLoss.id);
        const tp = r.takeProfit ? { id: r.takeProfit.id, price: num(r.takeProfit.price) } : null;
        const sl = r.stopLoss ? { id: r.stopLoss.id, price: num(r.stopLoss.price) } : null;
        const exits = tp || sl ? { takeProfit: tp, stopLoss: sl } : null;
        const t = book.orders;
        const qty = num(r.qty);
        const o = t.alloc(r.id, r.userId, r.side === 'buy', num(r.price), qty, r.feeTier, r.time, exits);
        t.setFilled(o, num(r.filledQty), num(r.baseFeesPaid));
        if (r.filledQuote !== 0n) t.addQuoteBig(o, r.filledQuote);
        const own = r.side === 'buy' ? book.bids : book.asks;
        if (own.total + qty > MAX_SAFE) throw new Error(`${spec.symbol}: side total out of range in snapshot`);
        own.append(o);
        book.reserveExits(exits);
      }
    }
    const byId = new Map<number, StopOrder>();
    for (const r of snap.stops) {
      noteId(r.id);
      const s = new StopOrder(r.id, r.userId, r.side === 'buy', r.kind, num(r.trigger), num(r.price), num(r.qty), r.feeTier, r.time, r.rising, r.arrival, r.parentId);
      byId.set(s.id, s);
      book.stops.add(s);
    }
    for (const r of snap.stops) if (r.ocoWith !== null) byId.get(r.id)!.ocoWith = byId.get(r.ocoWith) ?? null;
    book.seqNo = snap.seq;
    book.tradeSeq = snap.tradeSeq;
    book.arrival = snap.arrival;
    book.last = snap.lastPrice === null ? 0 : num(snap.lastPrice);
    return book;
  }

  // ---- placing ----

  private stateReason(o: PlaceOrder): RejectReason | null {
    if (this.isLiveId(o.id)) return 'duplicateId';
    if (o.type !== 'stopLimit') {
      if (o.takeProfit && this.isLiveId(o.takeProfit.id)) return 'duplicateId';
      if (o.stopLoss && this.isLiveId(o.stopLoss.id)) return 'duplicateId';
    }
    if (o.type === 'limit') {
      const { price, qty } = this.limitIn;
      const isBuy = o.side === 'buy';
      if (o.postOnly) {
        const opp = isBuy ? this.asks.best() : this.bids.best();
        if (opp !== undefined && (isBuy ? opp.price <= price : opp.price >= price)) return 'postOnlyWouldTake';
      }
      const own = isBuy ? this.bids : this.asks;
      if (own.total + qty > MAX_SAFE) return 'outOfRange';
    }
    return null;
  }

  private noteIds(o: PlaceOrder): void {
    if (o.id > this.topId) this.topId = o.id;
    if (o.type === 'stopLimit') return;
    if (o.takeProfit && o.takeProfit.id > this.topId) this.topId = o.takeProfit.id;
    if (o.stopLoss && o.stopLoss.id > this.topId) this.topId = o.stopLoss.id;
  }

  private isLiveId(id: number): boolean {
    if (id > this.topId) return false;
    return this.orders.find(id) !== ABSENT || (this.stops.size !== 0 && this.stops.byId.has(id)) || (this.reservedIds.size !== 0 && this.reservedIds.has(id));
  }

  private placeLimit(o: LimitOrder): void {
    const exits = exitPlan(o);
    const order = this.orders.alloc(o.id, o.userId, o.side === 'buy', this.limitIn.price, this.limitIn.qty, o.feeTier ?? 0, o.time, exits);
    this.reserveExits(exits);
    this.events.push({ type: 'accepted', orderId: o.id, userId: o.userId, side: o.side, kind: 'limit' });
    const { price, qty } = this.limitIn;
    // killed whole, as an IOC's rest is: accepted and cancelled in the same command, nothing traded
    if (o.tif === 'FOK' && !this.canFill(o.userId, o.side === 'buy', price, qty)) return this.finish(order, 'unfilledFok');
    this.execLimit(order, o.side === 'buy', o.tif ?? 'GTC');
  }

  private execLimit(order: number, isBuy: boolean, tif: TimeInForce): void {
    this.quoteLeft = -1;
    const stop = this.match(order, this.orders.price(order));
    if (stop === Stop.Filled) return this.finish(order, null);
    if (stop === Stop.SelfTrade) return this.finish(order, 'selfTrade');
    if (tif !== 'GTC') return this.finish(order, 'unfilledIoc');
    const own = isBuy ? this.bids : this.asks;
    // a triggered order can meet a side that is full to the exactness bound; it is cancelled, never rounded
    if (own.total + this.orders.qty(order) > MAX_SAFE) return this.finish(order, 'sideFull');
    own.append(order);
  }

  private placeMarket(o: MarketOrder): void {
    const isBuy = o.side === 'buy';
    const lot = this.m.lot;
    // Unified bounds: qty caps base traded, quoteLeft caps quote traded; the named amount is the target and the
    // budget the cap on the other one.
    let qty: number;
    if (o.qty !== undefined) qty = positiveSafeNum(o.qty);
    else if (isBuy) qty = MAX_SAFE - (MAX_SAFE % lot);
    else qty = Number(o.budget!) - (Number(o.budget!) % lot);
    const exits = exitPlan(o);
    const order = this.orders.alloc(o.id, o.userId, isBuy, isBuy ? MAX_SAFE : 0, qty, o.feeTier ?? 0, o.time, exits);
    if (o.quote !== undefined) this.orders.clearQtyBound(order);
    this.reserveExits(exits);
    this.events.push({ type: 'accepted', orderId: o.id, userId: o.userId, side: o.side, kind: 'market' });
    this.quoteLeft = o.quote !== undefined ? positiveSafeNum(o.quote) : isBuy ? positiveSafeNum(o.budget) : -1;
    const byQuote = o.quote !== undefined;
    const stop = qty === 0 ? Stop.Filled : this.match(order, isBuy ? MAX_SAFE : 0);
    const quoteUnspent = this.quoteLeft;
    this.quoteLeft = -1;
    if (stop === Stop.SelfTrade) return this.finish(order, 'selfTrade');
    if (stop === Stop.NoLiquidity) return this.finish(order, 'noLiquidity');
    // the target reached (qty, or quote as far as whole lots go) is done; the budget running out first is not
    const targetReached = byQuote ? stop === Stop.QuoteSpent || quoteUnspent === 0 : stop === Stop.Filled;
    this.finish(order, targetReached ? null : 'budget');
  }

  private placeStop(o: StopLimitOrder): void {
    const isBuy = o.side === 'buy';
    const trigger = Number(o.trigger);
    const rising = this.last === 0 ? isBuy : trigger >= this.last;
    const stop = new StopOrder(o.id, o.userId, isBuy, 'stopLimit', trigger, Number(o.price), Number(o.qty), o.feeTier ?? 0, o.time, rising, this.arrival++, null);
    this.stops.add(stop);
    this.events.push({ type: 'accepted', orderId: o.id, userId: o.userId, side: o.side, kind: 'stopLimit' });
  }

  private reserveExits(exits: ExitPlan | null): void {
    if (exits?.takeProfit) this.reservedIds.add(exits.takeProfit.id);
    if (exits?.stopLoss) this.reservedIds.add(exits.stopLoss.id);
  }

  // ---- matching ----

  /** Fills the incoming order (slot t) against the opposite side while prices stay within limit. */
  private match(t: number, limit: number): Stop {
    const table = this.orders;
    const isBuy = table.isBuy(t);
    const userId = table.userId(t);
    const opp = isBuy ? this.asks : this.bids;
    const m = this.m;
    for (;;) {
      const want = table.qty(t);
      if (want <= 0) return Stop.Filled;
      const level = opp.best();
      if (level === undefined) return Stop.NoLiquidity;
      const price = level.price;
      if (isBuy ? price > limit : price < limit) return Stop.NoLiquidity;
      const maker = level.head;
      if (table.userId(maker) === userId) {
        if (this.spec.selfTrade === 'cancelTaker') return Stop.SelfTrade;
        opp.remove(maker);
        this.finish(maker, 'selfTrade');
        continue;
      }
      const makerQty = table.qty(maker);
      let q = makerQty < want ? makerQty : want;
      let quote = quoteNum(m, price, q);
      const left = this.quoteLeft;
      if (left >= 0) {
        if (quote < 0 || quote > left) {
          // as many whole lots as the quote left buys (or may receive); a bigint quote is beyond any safe left
          const fit = Number(maxQtyForQuote(m, BigInt(left), price)); // < q here, so a safe integer
          q = fit - (fit % m.lot);
          if (q === 0) return Stop.QuoteSpent;
          quote = quoteNum(m, price, q);
          if (quote < 0) quote = Number(quoteOf(m, price, q)); // ≤ left, so exact
        }
        this.quoteLeft = left - quote;
      }
      this.fill(maker, t, isBuy, level, q, quote, opp);
    }
  }

  /**
   * One trade between the resting order maker and the incoming order t. quote is the fill's quote amount as a
   * number, or −1 when it is not a safe integer (then it is computed in bigint). Amounts stay numbers while exact
   * and become bigint for the event.
   */
  private fill(maker: number, t: number, takerBuys: boolean, level: PriceLevel, q: number, quote: number, opp: BookSide): void {
    const table = this.orders;
    const price = level.price;
    const tiers = this.spec.feeTiers;
    const big = this.big;
    const quoteBig = quote >= 0 ? big.of(quote) : quoteOf(this.m, price, q);
    const makerTier = tiers[table.feeTier(maker)]!;
    const takerTier = tiers[table.feeTier(t)]!;
    const buyerPpm = takerBuys ? takerTier.takerPpm : makerTier.makerPpm;
    const sellerPpm = takerBuys ? makerTier.makerPpm : takerTier.takerPpm;
    // the buyer pays in base at the base asset's scale, the seller in quote
    const m = this.m;
    const baseFeeNumber = baseFeeNum(m, q, buyerPpm);
    const baseFeeBig = baseFeeNumber >= 0 ? big.of(baseFeeNumber) : baseFeeOf(m, q, buyerPpm);
    const quoteFeeNum = quote >= 0 ? feeNum(quote, sellerPpm) : -1;
    const quoteFee = quoteFeeNum >= 0 ? big.of(quoteFeeNum) : feeOf(quoteBig, sellerPpm);
    const makerLeft = table.qty(maker) - q;
    table.trade(maker, t, takerBuys, q, quote, quoteBig, feeInQty(m, baseFeeNumber, baseFeeBig));
    this.last = price;
    this.events.push({
      type: 'fill',
      tradeId: ++this.tradeSeq,
      time: this.time,
      makerOrderId: table.id(maker),
      makerUserId: table.userId(maker),
      takerOrderId: table.id(t),
      takerUserId: table.userId(t),
      takerSide: takerBuys ? 'buy' : 'sell',
      price: level.priceBig ?? (level.priceBig = bigOfSafe(price)),
      qty: big.of(q),
      quote: quoteBig,
      makerFee: takerBuys ? quoteFee : baseFeeBig,
      takerFee: takerBuys ? baseFeeBig : quoteFee,
    });
    if (makerLeft === 0) {
      opp.remove(maker);
      table.reduce(maker, q);
      this.finish(maker, null);
    } else {
      opp.reduce(maker, level, q);
    }
  }

  /** Fill-or-kill: can the whole quantity trade now, given the self-trade policy? */
  private canFill(userId: number, isBuy: boolean, limit: number, qty: number): boolean {
    const opp = isBuy ? this.asks : this.bids;
    const t = this.orders;
    const stopAtOwn = this.spec.selfTrade === 'cancelTaker';
    let need = qty;
    for (let level = opp.best(); level !== undefined && need > 0; level = opp.next(level)) {
      if (isBuy ? level.price > limit : level.price < limit) return false;
      for (let o = level.head; o !== NONE && need > 0; o = t.next(o)) {
        if (t.userId(o) === userId) {
          if (stopAtOwn) return false;
          continue;
        }
        need -= t.qty(o);
      }
    }
    return need <= 0;
  }

  /** The resting orders of a side in priority order (best price first, then time), as slots. */
  private inPriority(side: BookSide): number[] {
    const out: number[] = [];
    for (let level = side.best(); level !== undefined; level = side.next(level)) {
      for (let o = level.head; o !== NONE; o = this.orders.next(o)) out.push(o);
    }
    return out;
  }

  // ---- finishing, exits and triggers ----

  /** Emits an order's terminal event (null reason: done) and turns its take-profit / stop-loss into live orders. */
  private finish(o: number, reason: CancelReason | null): void {
    const t = this.orders;
    const side = t.isBuy(o) ? 'buy' : 'sell';
    const filled = t.filled(o);
    const big = this.big;
    const filledQty = filled === 0 ? 0n : big.of(filled);
    const orderId = t.id(o);
    const userId = t.userId(o);
    if (reason === null) {
      this.events.push({ type: 'done', orderId, userId, side, filledQty, filledQuote: t.filledQuote(o, big) });
    } else {
      const remainingQty = t.qtyBound(o) ? big.of(t.qty(o)) : 0n;
      this.events.push({ type: 'cancelled', orderId, userId, side, reason, filledQty, filledQuote: t.filledQuote(o, big), remainingQty });
    }
    if (t.exitPlan(o) !== null) this.activateExits(o);
    t.free(o);
  }

  /**
   * After the parent has finished with some fill, its legs rest off-book on the opposite side for the filled
   * quantity (for a buy, net of the base fees it paid), rounded down to the lot. Take-profit and stop-loss
   * form a one-cancels-the-other pair.
   */
  private activateExits(o: number): void {
    const t = this.orders;
    const { takeProfit, stopLoss } = t.exitPlan(o)!;
    if (takeProfit) this.reservedIds.delete(takeProfit.id);
    if (stopLoss) this.reservedIds.delete(stopLoss.id);
    const isBuy = t.isBuy(o);
    let qty = isBuy ? t.filled(o) - t.baseFees(o) : t.filled(o);
    qty -= qty % this.m.lot;
    if (qty <= 0) return;
    const id = t.id(o);
    const userId = t.userId(o);
    const feeTier = t.feeTier(o);
    const legs: StopOrder[] = [];
    for (const [kind, leg] of [['takeProfit', takeProfit], ['stopLoss', stopLoss]] as const) {
      if (leg === null) continue;
      // the exit of a buy is a sell: take-profit waits for a rise, stop-loss for a fall (mirrored for a sell)
      const rising = kind === 'takeProfit' ? isBuy : !isBuy;
      legs.push(new StopOrder(leg.id, userId, !isBuy, kind, leg.price, leg.price, qty, feeTier, this.time, rising, this.arrival++, id));
    }
    if (legs.length === 2) {
      legs[0]!.ocoWith = legs[1]!;
      legs[1]!.ocoWith = legs[0]!;
    }
    for (const s of legs) {
      this.stops.add(s);
      this.events.push({
        type: 'conditional',
        orderId: s.id,
        parentId: id,
        userId: s.userId,
        side: s.isBuy ? 'buy' : 'sell',
        kind: s.kind as 'takeProfit' | 'stopLoss',
        trigger: BigInt(s.trigger),
        price: BigInt(s.price),
        qty: BigInt(s.qty),
        ocoWith: s.ocoWith?.id ?? null,
      });
    }
  }

  private cancelStop(s: StopOrder, reason: CancelReason): void {
    s.live = false;
    this.stops.remove(s);
    this.events.push({ type: 'cancelled', orderId: s.id, userId: s.userId, side: s.isBuy ? 'buy' : 'sell', reason, filledQty: 0n, filledQuote: 0n, remainingQty: BigInt(s.qty) });
  }

  /**
   * Conditional orders whose trigger the last trade price has reached enter the book one at a time, in arrival
   * order; their own trades can trigger more (a cascade), evaluated again after each batch until none is left.
   */
  private runTriggers(): void {
    while (this.stops.size > 0 && this.last !== 0) {
      const batch = this.stops.takeTriggered(this.last);
      if (batch.length === 0) return;
      for (const s of batch) {
        if (!s.live) continue;
        s.live = false;
        if (s.ocoWith?.live) this.cancelStop(s.ocoWith, 'oco');
        this.events.push({ type: 'triggered', orderId: s.id, lastPrice: BigInt(this.last) });
        this.execLimit(this.orders.alloc(s.id, s.userId, s.isBuy, s.price, s.qty, s.feeTier, s.time, null), s.isBuy, 'GTC');
      }
    }
  }

  private sideDepth(side: BookSide, n: number): DepthLevel[] {
    const out: DepthLevel[] = [];
    for (let l = side.best(); l !== undefined && out.length < n; l = side.next(l)) {
      out.push({ price: BigInt(l.price), qty: BigInt(l.total), orders: l.count });
    }
    return out;
  }
}

function exitPlan(o: LimitOrder | MarketOrder): ExitPlan | null {
  if (!o.takeProfit && !o.stopLoss) return null;
  const leg = (e: { id: number; price: bigint } | undefined) => (e ? { id: e.id, price: Number(e.price) } : null);
  return { takeProfit: leg(o.takeProfit), stopLoss: leg(o.stopLoss) };
}

function exitsText(e: ExitPlan | null): string {
  if (e === null) return '';
  return `${e.takeProfit ? `${e.takeProfit.id}@${e.takeProfit.price}` : ''}/${e.stopLoss ? `${e.stopLoss.id}@${e.stopLoss.price}` : ''}`;
}

export type { OrderKind };
