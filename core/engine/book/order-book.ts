// The order book of one market: price-time priority matching, conditional orders, self-trade prevention and
// fee amounts. Deterministic: the same commands in the same order give the same events and the same state.
// It moves no money; the ledger holds funds before an order arrives (see required.ts) and settles the fills.
import { MAX_SAFE, feeNum, feeOf, marketMath, maxQtyForQuote, quoteNum, quoteOf, type MarketMath } from './arithmetic';
import type { ExitPlan } from './orders';
import { IdMap } from './id-map';
import { BookSide, OrderPool, addQuote, filledQuote, type PriceLevel, type RestingOrder } from './price-levels';
import { StopOrder, StopStore } from './stops';
import type {
  BookEvent,
  BookSnapshot,
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
  private readonly bids = new BookSide(true);
  private readonly asks = new BookSide(false);
  private readonly resting = new IdMap<RestingOrder>();
  private readonly pool = new OrderPool();
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
  private events: BookEvent[] = [];
  private time = 0;
  /**
   * Quote still to spend (or receive) for the incoming order, −1 when it is bounded by quantity only. A number:
   * the quote amounts and budgets that set it are checked to be safe integers.
   */
  private quoteLeft = -1;
  /** The incoming limit order's price and quantity as numbers, filled in by validation. */
  private readonly limitIn: LimitNumbers = { price: 0, qty: 0 };

  constructor(spec: MarketSpec) {
    assertMarketSpec(spec);
    this.spec = spec;
    this.m = marketMath(spec);
  }

  /** Increments once per command that changed the book (accepted place, successful cancel). */
  get seq(): number {
    return this.seqNo;
  }

  get lastPrice(): bigint | null {
    return this.last === 0 ? null : BigInt(this.last);
  }

  get restingCount(): number {
    return this.resting.size;
  }

  get stopCount(): number {
    return this.stops.size;
  }

  /** Places an order; its events are appended to out (a fresh array unless the caller passes one to reuse). */
  place(order: PlaceOrder, out: BookEvent[] = []): BookEvent[] {
    const events = out;
    this.events = events;
    const reason = validateOrder(this.spec, this.m, order, this.limitIn) ?? this.stateReason(order);
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

  cancel(cmd: CancelCommand, out: BookEvent[] = []): BookEvent[] {
    const events = out;
    this.events = events;
    const id = cmd?.orderId;
    const o = this.resting.get(id);
    const s = o === undefined ? this.stops.byId.get(id) : undefined;
    const owner = o?.userId ?? s?.userId;
    if (owner === undefined) {
      events.push({ type: 'rejected', orderId: typeof id === 'number' ? id : -1, reason: 'unknownOrder' });
      return events;
    }
    if (typeof cmd.time !== 'number') {
      events.push({ type: 'rejected', orderId: id, reason: 'invalidField' });
      return events;
    }
    if (cmd.userId !== undefined && cmd.userId !== owner) {
      events.push({ type: 'rejected', orderId: id, reason: 'notOwner' });
      return events;
    }
    this.time = cmd.time;
    if (o !== undefined) {
      (o.isBuy ? this.bids : this.asks).remove(o);
      this.resting.delete(o.id);
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
    for (const [tag, side] of [['B', this.bids], ['A', this.asks]] as const) {
      for (let i = side.levels.length - 1; i >= 0; i--) {
        for (let o = side.levels[i]!.head; o !== null; o = o.next) {
          parts.push(`${tag}|${o.id}|${o.userId}|${o.price}|${o.qty}|${o.filledQty}|${filledQuote(o)}|${o.baseFeesPaid}|${o.feeTier}|${o.time}|${exitsText(o.exits)}`);
        }
      }
    }
    for (const s of this.stops.all()) {
      parts.push(`S|${s.id}|${s.userId}|${s.isBuy ? 'b' : 's'}|${s.kind}|${s.trigger}|${s.price}|${s.qty}|${s.feeTier}|${s.time}|${s.rising ? 'r' : 'f'}|${s.arrival}|${s.parentId ?? ''}|${s.ocoWith?.id ?? ''}`);
    }
    return parts.join('\n');
  }

  /** The state as plain data (see BookSnapshot); restore(spec, snapshot) gives an equal book. */
  snapshot(): BookSnapshot {
    const side = (s: BookSide): RestingOrderRecord[] => {
      const out: RestingOrderRecord[] = [];
      for (let i = s.levels.length - 1; i >= 0; i--) {
        for (let o = s.levels[i]!.head; o !== null; o = o.next) {
          out.push({
            id: o.id,
            userId: o.userId,
            side: o.isBuy ? 'buy' : 'sell',
            price: BigInt(o.price),
            qty: BigInt(o.qty),
            filledQty: BigInt(o.filledQty),
            filledQuote: filledQuote(o),
            baseFeesPaid: BigInt(o.baseFeesPaid),
            feeTier: o.feeTier,
            time: o.time,
            takeProfit: o.exits?.takeProfit ? { id: o.exits.takeProfit.id, price: BigInt(o.exits.takeProfit.price) } : null,
            stopLoss: o.exits?.stopLoss ? { id: o.exits.stopLoss.id, price: BigInt(o.exits.stopLoss.price) } : null,
          });
        }
      }
      return out;
    };
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
   * as the book wrote them; a snapshot of another market or one that breaks the book's bounds throws.
   */
  static restore(spec: MarketSpec, snap: BookSnapshot): OrderBook {
    if (snap.symbol !== spec.symbol) throw new Error(`snapshot of ${snap.symbol} given to ${spec.symbol}`);
    const book = new OrderBook(spec);
    const num = (v: bigint) => {
      if (v < 0n || v > BigInt(MAX_SAFE)) throw new Error(`${spec.symbol}: amount out of range in snapshot`);
      return Number(v);
    };
    const noteId = (id: number) => {
      if (id > book.topId) book.topId = id;
    };
    for (const r of [...snap.bids, ...snap.asks]) {
      noteId(r.id);
      if (r.takeProfit) noteId(r.takeProfit.id);
      if (r.stopLoss) noteId(r.stopLoss.id);
      const tp = r.takeProfit ? { id: r.takeProfit.id, price: num(r.takeProfit.price) } : null;
      const sl = r.stopLoss ? { id: r.stopLoss.id, price: num(r.stopLoss.price) } : null;
      const exits = tp || sl ? { takeProfit: tp, stopLoss: sl } : null;
      const o = book.pool.take(r.id, r.userId, r.side === 'buy', num(r.price), num(r.qty), r.feeTier, r.time, exits);
      o.filledQty = num(r.filledQty);
      o.quoteBig = r.filledQuote;
      o.baseFeesPaid = num(r.baseFeesPaid);
      const own = o.isBuy ? book.bids : book.asks;
      if (own.total + o.qty > MAX_SAFE) throw new Error(`${spec.symbol}: side total out of range in snapshot`);
      own.append(o);
      book.resting.set(o.id, o);
      book.reserveExits(exits);
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
      if (o.tif === 'FOK' && !this.canFill(o.userId, isBuy, price, qty)) return 'fokUnfillable';
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
    return this.resting.has(id) || (this.stops.size !== 0 && this.stops.byId.has(id)) || (this.reservedIds.size !== 0 && this.reservedIds.has(id));
  }

  private placeLimit(o: LimitOrder): void {
    const order = this.pool.take(o.id, o.userId, o.side === 'buy', this.limitIn.price, this.limitIn.qty, o.feeTier ?? 0, o.time, exitPlan(o));
    this.reserveExits(order.exits);
    this.events.push({ type: 'accepted', orderId: o.id, userId: o.userId, side: o.side, kind: 'limit' });
    this.execLimit(order, o.tif ?? 'GTC');
  }

  private execLimit(order: RestingOrder, tif: TimeInForce): void {
    this.quoteLeft = -1;
    const stop = this.match(order, order.price);
    if (stop === Stop.Filled) return this.finish(order, null);
    if (stop === Stop.SelfTrade) return this.finish(order, 'selfTrade');
    if (tif !== 'GTC') return this.finish(order, 'unfilledIoc');
    const own = order.isBuy ? this.bids : this.asks;
    // a triggered order can meet a side that is full to the exactness bound; it is cancelled, never rounded
    if (own.total + order.qty > MAX_SAFE) return this.finish(order, 'sideFull');
    own.append(order);
    this.resting.set(order.id, order);
  }

  private placeMarket(o: MarketOrder): void {
    const isBuy = o.side === 'buy';
    const lot = this.m.lot;
    // Unified bounds: qty caps base traded, quoteLeft caps quote traded; the named amount is the target and the
    // budget the cap on the other one.
    let qty: number;
    if (o.qty !== undefined) qty = Number(o.qty);
    else if (isBuy) qty = MAX_SAFE - (MAX_SAFE % lot);
    else qty = Number(o.budget!) - (Number(o.budget!) % lot);
    const order = this.pool.take(o.id, o.userId, isBuy, isBuy ? MAX_SAFE : 0, qty, o.feeTier ?? 0, o.time, exitPlan(o));
    order.qtyBound = o.quote === undefined;
    this.reserveExits(order.exits);
    this.events.push({ type: 'accepted', orderId: o.id, userId: o.userId, side: o.side, kind: 'market' });
    this.quoteLeft = o.quote !== undefined ? Number(o.quote) : isBuy ? Number(o.budget!) : -1;
    const byQuote = o.quote !== undefined;
    const stop = qty === 0 ? Stop.Filled : this.match(order, order.price);
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

  /** Fills the incoming order against the opposite side while prices stay within limit. */
  private match(t: RestingOrder, limit: number): Stop {
    const opp = t.isBuy ? this.asks : this.bids;
    const m = this.m;
    while (t.qty > 0) {
      const level = opp.best();
      if (level === undefined) return Stop.NoLiquidity;
      const price = level.price;
      if (t.isBuy ? price > limit : price < limit) return Stop.NoLiquidity;
      const maker = level.head!;
      if (maker.userId === t.userId) {
        if (this.spec.selfTrade === 'cancelTaker') return Stop.SelfTrade;
        opp.remove(maker);
        this.resting.delete(maker.id);
        this.finish(maker, 'selfTrade');
        continue;
      }
      let q = maker.qty < t.qty ? maker.qty : t.qty;
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
      this.fill(maker, t, level, q, quote, opp);
    }
    return Stop.Filled;
  }

  /**
   * One trade. quote is the fill's quote amount as a number, or −1 when it is not a safe integer (then it is
   * computed in bigint). Amounts stay numbers while exact and become bigint for the event.
   */
  private fill(maker: RestingOrder, t: RestingOrder, level: PriceLevel, q: number, quote: number, opp: BookSide): void {
    const price = level.price;
    const tiers = this.spec.feeTiers;
    const quoteBig = quote >= 0 ? BigInt(quote) : quoteOf(this.m, price, q);
    const buyer = t.isBuy ? t : maker;
    const buyerPpm = t.isBuy ? tiers[t.feeTier]!.takerPpm : tiers[maker.feeTier]!.makerPpm;
    const sellerPpm = t.isBuy ? tiers[maker.feeTier]!.makerPpm : tiers[t.feeTier]!.takerPpm;
    // the buyer pays in base (≤ q, so a safe integer), the seller in quote
    let baseFee = feeNum(q, buyerPpm);
    if (baseFee < 0) baseFee = Number(feeOf(BigInt(q), buyerPpm));
    const quoteFeeNum = quote >= 0 ? feeNum(quote, sellerPpm) : -1;
    const quoteFee = quoteFeeNum >= 0 ? BigInt(quoteFeeNum) : feeOf(quoteBig, sellerPpm);
    const baseFeeBig = BigInt(baseFee);
    buyer.baseFeesPaid += baseFee;
    t.qty -= q;
    t.filledQty += q;
    maker.filledQty += q;
    if (quote >= 0) {
      addQuote(t, quote);
      addQuote(maker, quote);
    } else {
      t.quoteBig += quoteBig;
      maker.quoteBig += quoteBig;
    }
    this.last = price;
    this.events.push({
      type: 'fill',
      tradeId: ++this.tradeSeq,
      time: this.time,
      makerOrderId: maker.id,
      makerUserId: maker.userId,
      takerOrderId: t.id,
      takerUserId: t.userId,
      takerSide: t.isBuy ? 'buy' : 'sell',
      price: level.priceBig ?? (level.priceBig = BigInt(price)),
      qty: BigInt(q),
      quote: quoteBig,
      makerFee: t.isBuy ? quoteFee : baseFeeBig,
      takerFee: t.isBuy ? baseFeeBig : quoteFee,
    });
    if (maker.qty === q) {
      opp.remove(maker);
      maker.qty = 0;
      this.resting.delete(maker.id);
      this.finish(maker, null);
    } else {
      opp.reduce(maker, q);
    }
  }

  /** Fill-or-kill: can the whole quantity trade now, given the self-trade policy? */
  private canFill(userId: number, isBuy: boolean, limit: number, qty: number): boolean {
    const opp = isBuy ? this.asks : this.bids;
    const stopAtOwn = this.spec.selfTrade === 'cancelTaker';
    let need = qty;
    for (let i = opp.levels.length - 1; i >= 0 && need > 0; i--) {
      const level = opp.levels[i]!;
      if (isBuy ? level.price > limit : level.price < limit) return false;
      for (let o = level.head; o !== null && need > 0; o = o.next) {
        if (o.userId === userId) {
          if (stopAtOwn) return false;
          continue;
        }
        need -= o.qty;
      }
    }
    return need <= 0;
  }

  // ---- finishing, exits and triggers ----

  /** Emits an order's terminal event (null reason: done) and turns its take-profit / stop-loss into live orders. */
  private finish(o: RestingOrder, reason: CancelReason | null): void {
    const side = o.isBuy ? 'buy' : 'sell';
    const filledQty = o.filledQty === 0 ? 0n : BigInt(o.filledQty);
    if (reason === null) {
      this.events.push({ type: 'done', orderId: o.id, userId: o.userId, side, filledQty, filledQuote: filledQuote(o) });
    } else {
      this.events.push({ type: 'cancelled', orderId: o.id, userId: o.userId, side, reason, filledQty, filledQuote: filledQuote(o), remainingQty: o.qtyBound ? BigInt(o.qty) : 0n });
    }
    if (o.exits !== null) this.activateExits(o);
    this.pool.give(o);
  }

  /**
   * After the parent has finished with some fill, its legs rest off-book on the opposite side for the filled
   * quantity (for a buy, net of the base fees it paid), rounded down to the lot. Take-profit and stop-loss
   * form a one-cancels-the-other pair.
   */
  private activateExits(o: RestingOrder): void {
    const { takeProfit, stopLoss } = o.exits!;
    if (takeProfit) this.reservedIds.delete(takeProfit.id);
    if (stopLoss) this.reservedIds.delete(stopLoss.id);
    let qty = o.isBuy ? o.filledQty - o.baseFeesPaid : o.filledQty;
    qty -= qty % this.m.lot;
    if (qty <= 0) return;
    const legs: StopOrder[] = [];
    for (const [kind, leg] of [['takeProfit', takeProfit], ['stopLoss', stopLoss]] as const) {
      if (leg === null) continue;
      // the exit of a buy is a sell: take-profit waits for a rise, stop-loss for a fall (mirrored for a sell)
      const rising = kind === 'takeProfit' ? o.isBuy : !o.isBuy;
      legs.push(new StopOrder(leg.id, o.userId, !o.isBuy, kind, leg.price, leg.price, qty, o.feeTier, this.time, rising, this.arrival++, o.id));
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
        parentId: o.id,
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
        this.execLimit(this.pool.take(s.id, s.userId, s.isBuy, s.price, s.qty, s.feeTier, s.time, null), 'GTC');
      }
    }
  }

  private sideDepth(side: BookSide, n: number): DepthLevel[] {
    const out: DepthLevel[] = [];
    for (let i = side.levels.length - 1; i >= 0 && out.length < n; i--) {
      const l = side.levels[i]!;
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
