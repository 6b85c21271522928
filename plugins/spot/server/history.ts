import type { AppliedSpotCommand, ExitLeg, OrderStatus, OrderUpdate, SpotOrder, SpotTrade, TimeInForce } from '../../../core/engine';
import type { OrderKindName, OrderSide } from '../shared/types';
import { mergePage, storedRun } from './merge-page';

/** One order as the history keeps it: what was asked (decimal strings of the command) and what happened. */
export interface OrderRecord {
  id: number;
  clientOrderId: string | null;
  userId: string;
  symbol: string;
  side: OrderSide;
  type: OrderKindName;
  price: string | null;
  qty: string | null;
  quote: string | null;
  trigger: string | null;
  /**
   * A stop-limit's direction: true when it waits for the price to rise to its trigger (the trigger was at or above
   * the last price when it was placed); null for other kinds and for stops whose placement was not seen.
   */
  rising: boolean | null;
  takeProfit: string | null;
  stopLoss: string | null;
  /** A limit order's time in force and post-only flag as placed (null / false for other kinds). */
  tif: TimeInForce | null;
  postOnly: boolean;
  status: OrderStatus;
  /** True once the order finished (filled or cancelled): later reads of the engine no longer apply. */
  final: boolean;
  /** Market minor units (qty and quote scales). */
  filledQty: bigint;
  filledQuote: bigint;
  /** Minor units: base quantity units for a buy, quote units for a sell. */
  fee: bigint;
  /** Held currency's ledger minor units. */
  released: bigint;
  reason: string | null;
  createdAt: number;
  updatedAt: number;
  /** The spot command seq that last changed the record (a stored row already holds what came up to it). */
  seq: number;
}

/** What an order's record starts from. */
type OrderFields = Omit<OrderRecord, 'final' | 'filledQty' | 'filledQuote' | 'fee' | 'released' | 'reason' | 'updatedAt' | 'seq'>;

/** One fill of one order. */
export interface FillRecord {
  trade: SpotTrade;
  orderId: number;
  maker: boolean;
}

/**
 * An order's record with fills. Read from a store: all its fills, oldest first; given to `write`: the fills not
 * written before (a fill is stored once, however often its order changes afterwards).
 */
export interface StoredOrder {
  record: OrderRecord;
  fills: FillRecord[];
}

/** What a member's orders are filtered by; every field optional, times inclusive. */
export interface OrderQuery {
  symbol?: string;
  /** Markets with this currency as base or quote. */
  currency?: string;
  side?: OrderSide;
  /** The live status (an open order's in the engine). */
  status?: OrderStatus;
  /** createdAt from and to. */
  from?: number;
  to?: number;
  /** Order ids from this one on. */
  fromId?: number;
}

/** What a member's fills of one market are filtered by; times (the trade's) inclusive. */
export interface FillQuery {
  symbol: string;
  orderId?: number;
  /** Trade ids from this one on. */
  fromId?: number;
  from?: number;
  to?: number;
}

/** Which of the matching items: in id order (oldest first or newest first), `limit` of them after `offset`. */
export interface PageRange {
  oldestFirst: boolean;
  offset: number;
  limit: number;
}

/** Where the order history keeps its rows (OrderHistoryStore). */
export interface OrderHistoryStorage {
  /**
   * Writes the orders' current records, adds the fills given and, when given, the seq up to which every row is
   * complete, in one transaction (fills written before are kept, never written twice).
   */
  write(orders: readonly StoredOrder[], checkpoint?: number): Promise<void>;
  /** The seq the stored rows are complete up to (0: none written yet). */
  checkpoint(): Promise<number>;
  /** A member's stored orders, oldest first. */
  ordersOf(userId: string): Promise<StoredOrder[]>;
  /** One stored order, or undefined. */
  order(orderId: number): Promise<StoredOrder | undefined>;
  /** A member's stored order of `symbol` with that client order id, the newest if several. */
  newestByClientOrderId(userId: string, symbol: string, clientOrderId: string): Promise<OrderRecord | undefined>;
  /** A member's finished orders matching `query`, other than `except`: the `range` of them and how many match. */
  finishedOrders(userId: string, query: OrderQuery, except: readonly number[], range: PageRange): Promise<{ records: OrderRecord[]; total: number }>;
  /** A member's fills of finished orders other than `except` matching `query`, in trade order, the first `range.limit`. */
  finishedFills(userId: string, query: FillQuery, except: readonly number[], range: Omit<PageRange, 'offset'>): Promise<FillRecord[]>;
}

/** Decimal text of a market's minor units (MarketFormat). */
export interface OrderFormat {
  price(minor: bigint): string;
  qty(minor: bigint): string;
}

/** A fill or a finish of an order whose member's stored orders are not read yet: applied once they are. */
type PendingChange =
  | { kind: 'fill'; seq: number; trade: SpotTrade; orderId: number; userId: string; maker: boolean }
  | { kind: 'finish'; seq: number; update: OrderUpdate; at: number };

/** Rows written per transaction when the history is flushed. */
const ROWS_PER_WRITE = 2000;
/** Finished orders a member keeps in memory besides the open ones, once the older ones are stored. */
export const KEEP_FINISHED = 200;

/**
 * Spot orders and fills, projected from the spot command log and extended with each accepted command once it is
 * committed. Finished orders live only here (the engine keeps open ones).
 *
 * With a store (`persist`), every changed order is written back in batches (`flush`) together with the seq up to
 * which the rows are complete (the checkpoint); a start replays the log from that checkpoint only, and a member's
 * stored orders are read the first time they are needed (`ensureUser`). A change to an order whose member is not
 * read yet waits in `pending` and is applied after the stored row, unless the row already holds it (its seq).
 * Without a store (or before the first checkpoint) the history is what the replay and the engine's open orders give.
 *
 * Memory does not grow with a member's past: after each write, a member with more than `keepFinished` finished
 * orders in memory drops the oldest of them whose rows hold everything (not changed since, no take-profit /
 * stop-loss legs still to be seen). Such a member is `trimmed`: their open and recent orders answer from memory
 * (`order`, `ordersOf`, `fills`), their whole history from the store and memory together (`ordersPage`,
 * `fillsPage`, `find`, `findByClientOrderId`): the store filters and pages their finished orders, so a page
 * costs reading that page's rows, not the member's past.
 */
export class OrderHistory {
  private readonly orders = new Map<number, OrderRecord>();
  private readonly byUser = new Map<string, OrderRecord[]>();
  private readonly fillsOf = new Map<number, FillRecord[]>();
  private readonly symbols: string[] = [];
  private store: OrderHistoryStorage | undefined;
  /** True while every member's orders are in memory (no store, or nothing stored before this start). */
  private allLoaded = true;
  private readonly loaded = new Set<string>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly pending = new Map<string, PendingChange[]>();
  /** Orders changed since they were last written. */
  private readonly dirty = new Set<number>();
  /** How many of an order's fills (the first ones) the store holds. */
  private readonly storedFills = new Map<number, number>();
  private lastSeq = 0;
  private writtenSeq = 0;
  private flushing: Promise<void> | undefined;
  /** Members some of whose finished orders are only in the store. */
  private readonly trimmed = new Set<string>();
  /**
   * Per member, how many of their orders finished (or were read from the store) since their list was last looked
   * at by `trim`, which looks again only once `trimStep` more did: a list also holds every open order, which a
   * busy trader may have thousands of, so it is not read at every write.
   */
  private readonly finishedSinceTrim = new Map<string, number>();
  private readonly trimStep: number;
  /** Queries of the store under way (storeQuery): writes wait for them. */
  private queries = 0;
  private readonly queriesDone: Array<() => void> = [];

  /** `formatOf`: a market's decimal text, for the take-profit / stop-loss legs the log reports in minor units. */
  constructor(
    private readonly keepFinished = KEEP_FINISHED,
    private readonly formatOf: (symbol: string) => OrderFormat = unformatted,
  ) {
    this.trimStep = Math.max(1, Math.floor(keepFinished / 4));
  }

  /**
   * Writes changes to `store` from now on. `checkpoint`: the seq its rows are complete up to (0: none stored yet,
   * so every member's history is what this start rebuilds in memory, and all of it is written).
   */
  persist(store: OrderHistoryStorage, checkpoint: number): void {
    this.store = store;
    this.allLoaded = checkpoint === 0;
    this.writtenSeq = checkpoint;
    this.lastSeq = Math.max(this.lastSeq, checkpoint);
    if (checkpoint === 0) for (const id of this.orders.keys()) this.dirty.add(id);
  }

  /** Reads a member's stored orders once (a no-op while every member's orders are in memory). */
  async ensureUser(userId: string): Promise<void> {
    if (this.allLoaded || this.loaded.has(userId)) return;
    let loading = this.loading.get(userId);
    if (!loading) {
      loading = this.load(userId).finally(() => this.loading.delete(userId));
      this.loading.set(userId, loading);
    }
    await loading;
  }

  /**
   * Writes every order changed since the last flush and the seq the rows are then complete up to. A failed write
   * leaves its orders to be written by the next flush.
   */
  flush(): Promise<void> {
    this.flushing ??= this.afterQueries()
      .then(() => this.write())
      .finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  /**
   * `rising`: the direction of a stop-limit this command placed, for a logged result without it (see
   * OrderRecord.rising; the engine's results carry it as `stopRising`).
   */
  apply({ command, result }: AppliedSpotCommand, rising: boolean | null = null): void {
    const seq = result.seq;
    if (seq > this.lastSeq) this.lastSeq = seq;
    if (command.kind === 'addMarket') this.symbols.push(command.market.symbol);
    if (command.kind === 'placeOrder' && result.orderId !== undefined) {
      const type: OrderKindName = command.type === 'stopLimit' ? 'stop' : command.type;
      this.add({
        id: result.orderId,
        clientOrderId: command.clientOrderId ?? null,
        userId: command.userId,
        symbol: command.symbol,
        side: command.side,
        type,
        price: command.price ?? null,
        qty: command.qty ?? null,
        quote: command.quote ?? null,
        trigger: command.trigger ?? null,
        rising: type === 'stop' ? (result.stopRising ?? rising) : null,
        takeProfit: command.takeProfit ?? null,
        stopLoss: command.stopLoss ?? null,
        tif: command.tif ?? null,
        postOnly: command.postOnly === true,
        status: type === 'stop' ? 'conditional' : 'open',
        createdAt: command.at,
      });
    }
    if (result.exits) for (const exit of result.exits) this.addExit(exit, (command as { symbol: string }).symbol, command.at);
    for (const trade of result.trades) {
      this.fill(seq, trade, trade.makerOrderId, trade.makerUserId, true);
      this.fill(seq, trade, trade.takerOrderId, trade.takerUserId, false);
    }
    for (const update of result.orders) this.finish(seq, update, command.at);
  }

  /**
   * Open orders placed before the commands this history was rebuilt from, as the engine holds them now (oldest
   * first): they come before their owners' later orders. What only their command said — time in force, post-only,
   * trigger and take-profit / stop-loss prices — is not known; fees count only the fills seen.
   */
  addEarlier(orders: Iterable<Readonly<SpotOrder>>, formatOf: (symbol: string) => OrderFormat): void {
    const earlier = new Map<string, OrderRecord[]>();
    // prices and quantities repeat across many orders: each is formatted once per market
    const texts = new Map<string, { price: Map<bigint, string>; qty: Map<bigint, string>; format: OrderFormat }>();
    const text = (known: Map<bigint, string>, format: OrderFormat, kind: keyof OrderFormat, minor: bigint | null): string | null => {
      if (minor === null) return null;
      let value = known.get(minor);
      if (value === undefined) known.set(minor, (value = format[kind](minor)));
      return value;
    };
    for (const order of orders) {
      if (this.orders.has(order.id)) continue;
      let market = texts.get(order.symbol);
      if (!market) texts.set(order.symbol, (market = { price: new Map(), qty: new Map(), format: formatOf(order.symbol) }));
      const record = this.record({
        id: order.id,
        clientOrderId: order.clientOrderId,
        userId: order.userId,
        symbol: order.symbol,
        side: order.side,
        type: order.kind === 'stopLimit' ? 'stop' : order.kind,
        price: text(market.price, market.format, 'price', order.price),
        qty: text(market.qty, market.format, 'qty', order.qty),
        quote: null,
        trigger: null,
        rising: null,
        takeProfit: null,
        stopLoss: null,
        tif: null,
        postOnly: false,
        status: order.status,
        createdAt: order.createdAt,
      });
      record.filledQty = order.filledQty;
      record.filledQuote = order.filledQuote;
      for (const { trade, maker } of this.fills(order.id)) record.fee += maker ? trade.makerFee : trade.takerFee;
      this.orders.set(record.id, record);
      const list = earlier.get(record.userId);
      if (list) list.push(record);
      else earlier.set(record.userId, [record]);
    }
    for (const [userId, list] of earlier) this.byUser.set(userId, list.concat(this.byUser.get(userId) ?? []));
  }

  /** Every market ever added, in the order they were added. */
  markets(): readonly string[] {
    return this.symbols;
  }

  order(id: number): OrderRecord | undefined {
    return this.orders.get(id);
  }

  /** A member's orders in memory, newest first (all of them unless the member is trimmed: ordersPage). */
  ordersOf(userId: string): OrderRecord[] {
    return [...(this.byUser.get(userId) ?? [])].reverse();
  }

  fills(orderId: number): FillRecord[] {
    return this.fillsOf.get(orderId) ?? [];
  }

  /** A member's order of `symbol` with that client order id, the newest if several (memory's state of one it holds). */
  async findByClientOrderId(userId: string, symbol: string, clientOrderId: string): Promise<OrderRecord | undefined> {
    await this.ensureUser(userId);
    let found: OrderRecord | undefined;
    for (const record of this.byUser.get(userId) ?? []) {
      if (record.symbol === symbol && record.clientOrderId === clientOrderId && (!found || record.id > found.id)) found = record;
    }
    // an open order's client id is refused to any other order while it is open: none newer has it
    if (!this.trimmed.has(userId) || (found && !found.final)) return found;
    const stored = await this.store!.newestByClientOrderId(userId, symbol, clientOrderId);
    return stored && (!found || stored.id > found.id) ? (this.orders.get(stored.id) ?? stored) : found;
  }

  /**
   * A member's orders matching `query` (`statusOf`: an order's live status) and how many match. For a trimmed
   * member, the finished ones come from the store, paged and filtered there, the rest from memory (mergePage).
   */
  async ordersPage(userId: string, query: OrderQuery, statusOf: (record: OrderRecord) => OrderStatus, range: PageRange): Promise<{ records: OrderRecord[]; total: number }> {
    await this.ensureUser(userId);
    const matches = (record: OrderRecord) => matchesOrder(record, query, statusOf(record));
    const before = range.oldestFirst ? (a: OrderRecord, b: OrderRecord) => a.id < b.id : (a: OrderRecord, b: OrderRecord) => a.id > b.id;
    const inOrder = (records: OrderRecord[]) => records.sort((a, b) => (before(a, b) ? -1 : 1));
    if (!this.trimmed.has(userId)) {
      const all = inOrder((this.byUser.get(userId) ?? []).filter(matches));
      return { records: all.slice(range.offset, range.offset + range.limit), total: all.length };
    }
    return this.storeQuery(userId, async (held, except) => {
      const mine = inOrder(held.filter(matches));
      const run = storedRun(range.offset, range.limit, mine.length);
      const stored = await this.store!.finishedOrders(userId, query, except, { oldestFirst: range.oldestFirst, offset: run.from, limit: run.count });
      return { records: mergePage(stored.records, run.from, mine, before, range.offset, range.limit), total: stored.total + mine.length };
    });
  }

  /** A member's fills of one market matching `query`, in trade order, the first `range.limit` (stored ones as ordersPage). */
  async fillsPage(userId: string, query: FillQuery, range: Omit<PageRange, 'offset'>): Promise<FillRecord[]> {
    await this.ensureUser(userId);
    const before = range.oldestFirst ? fillBefore : (a: FillRecord, b: FillRecord) => fillBefore(b, a);
    const fillsOf = (records: readonly OrderRecord[]) =>
      records
        .filter((record) => record.symbol === query.symbol && (query.orderId === undefined || record.id === query.orderId))
        .flatMap((record) => this.fills(record.id).filter((fill) => matchesFill(fill, query)))
        .sort((a, b) => (before(a, b) ? -1 : 1));
    if (!this.trimmed.has(userId)) return fillsOf(this.byUser.get(userId) ?? []).slice(0, range.limit);
    return this.storeQuery(userId, async (held, except) => {
      const mine = fillsOf(held);
      const stored = await this.store!.finishedFills(userId, query, except, range);
      return mergePage(stored, 0, mine, before, 0, range.limit);
    });
  }

  /** One of a member's orders with its fills, from memory or, for a trimmed member, the store. */
  async find(userId: string, orderId: number): Promise<StoredOrder | undefined> {
    await this.ensureUser(userId);
    const record = this.orders.get(orderId);
    if (record) return record.userId === userId ? { record, fills: this.fills(orderId) } : undefined;
    if (!this.trimmed.has(userId)) return undefined;
    const stored = await this.store!.order(orderId);
    return stored && stored.record.userId === userId ? stored : undefined;
  }

  private add(fields: OrderFields): OrderRecord {
    const record = this.record(fields);
    record.seq = this.lastSeq;
    this.dirty.add(record.id);
    this.orders.set(record.id, record);
    const list = this.byUser.get(record.userId) ?? [];
    list.push(record);
    this.byUser.set(record.userId, list);
    return record;
  }

  /** Written out field by field: one object shape for every record (a spread gives a slower, larger object). */
  private record(f: OrderFields): OrderRecord {
    return {
      id: f.id,
      clientOrderId: f.clientOrderId,
      userId: f.userId,
      symbol: f.symbol,
      side: f.side,
      type: f.type,
      price: f.price,
      qty: f.qty,
      quote: f.quote,
      trigger: f.trigger,
      rising: f.rising,
      takeProfit: f.takeProfit,
      stopLoss: f.stopLoss,
      tif: f.tif,
      postOnly: f.postOnly,
      status: f.status,
      final: false,
      filledQty: 0n,
      filledQuote: 0n,
      fee: 0n,
      released: 0n,
      reason: null,
      createdAt: f.createdAt,
      updatedAt: f.createdAt,
      seq: 0,
    };
  }

  private fill(seq: number, trade: SpotTrade, orderId: number, userId: string, maker: boolean): void {
    let record = this.orders.get(orderId);
    if (!record && this.waits(userId)) {
      this.pending.get(userId)!.push({ kind: 'fill', seq, trade, orderId, userId, maker });
      return;
    }
    record ??= this.exitLeg(orderId, userId, trade.at);
    const fills = this.fillsOf.get(orderId) ?? [];
    fills.push({ trade, orderId, maker });
    this.fillsOf.set(orderId, fills);
    if (!record) return;
    this.changed(record, seq);
    record.fee += maker ? trade.makerFee : trade.takerFee;
    record.updatedAt = trade.at;
    if (record.final) return;
    record.filledQty += trade.qty;
    record.filledQuote += trade.quote;
  }

  private finish(seq: number, update: OrderUpdate, at: number): void {
    let record = this.orders.get(update.orderId);
    if (!record && this.waits(update.userId)) {
      this.pending.get(update.userId)!.push({ kind: 'finish', seq, update, at });
      return;
    }
    record ??= this.exitLeg(update.orderId, update.userId, at);
    if (!record) return;
    this.changed(record, seq);
    record.status = update.status;
    if (!record.final) this.countFinished(record.userId, 1);
    record.final = true;
    record.filledQty = update.filledQty;
    record.filledQuote = update.filledQuote;
    record.released = update.released;
    record.reason = update.reason ?? null;
    record.updatedAt = at;
  }

  private changed(record: OrderRecord, seq: number): void {
    record.seq = seq;
    this.dirty.add(record.id);
  }

  /** True when a change of the member's orders must wait until their stored orders are read (and queues it). */
  private waits(userId: string): boolean {
    if (this.allLoaded || this.loaded.has(userId)) return false;
    if (!this.pending.has(userId)) this.pending.set(userId, []);
    return true;
  }

  /** Adds a member's stored orders (those not already here) before the ones in memory, then their waiting changes. */
  private async load(userId: string): Promise<void> {
    const stored = await this.store!.ordersOf(userId);
    if (this.loaded.has(userId)) return;
    const earlier: OrderRecord[] = [];
    /** The seq each stored row holds the changes up to. */
    const storedSeqs = new Map<number, number>();
    for (const { record, fills } of stored) {
      if (this.orders.has(record.id)) continue;
      storedSeqs.set(record.id, record.seq);
      this.orders.set(record.id, record);
      if (fills.length > 0) {
        this.fillsOf.set(record.id, fills);
        this.storedFills.set(record.id, fills.length);
      }
      earlier.push(record);
    }
    const list = earlier.concat(this.byUser.get(userId) ?? []);
    // rows dropped from memory before are read back among the stored ones: back into id order
    if (this.trimmed.has(userId)) list.sort((a, b) => a.id - b.id);
    this.byUser.set(userId, list);
    // the stored rows may be many finished orders: looked at by the next trim
    this.countFinished(userId, this.trimStep);
    this.loaded.add(userId);
    const changes = this.pending.get(userId) ?? [];
    this.pending.delete(userId);
    for (const change of changes) {
      const id = change.kind === 'fill' ? change.orderId : change.update.orderId;
      if (change.seq <= (storedSeqs.get(id) ?? 0)) continue;
      if (change.kind === 'fill') this.fill(change.seq, change.trade, change.orderId, change.userId, change.maker);
      else this.finish(change.seq, change.update, change.at);
    }
  }

  /**
   * Runs `query` on the store for a trimmed member with what memory must answer itself: `held`, the member's
   * orders whose rows may be behind memory (open, or changed since written: their rows are not read), and
   * `except`, the ids of the changed ones among them. No write is under way meanwhile (a write under way is
   * waited for, and writes wait for queries), so every other order's row holds what memory does.
   */
  private async storeQuery<T>(userId: string, query: (held: OrderRecord[], except: number[]) => Promise<T>): Promise<T> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    this.queries++;
    try {
      const held = (this.byUser.get(userId) ?? []).filter((record) => !record.final || this.dirty.has(record.id));
      return await query(held, held.filter((record) => this.dirty.has(record.id)).map((record) => record.id));
    } finally {
      if (--this.queries === 0) for (const resume of this.queriesDone.splice(0)) resume();
    }
  }

  private afterQueries(): Promise<void> {
    return this.queries === 0 ? Promise.resolve() : new Promise((resolve) => this.queriesDone.push(resolve));
  }

  private async write(): Promise<void> {
    const store = this.store;
    if (!store) return;
    // changes waiting for a member's stored orders belong in the rows written now
    for (const userId of [...this.pending.keys()]) await this.ensureUser(userId);
    const through = this.lastSeq;
    if (this.dirty.size === 0 && through === this.writtenSeq) return;
    const ids = [...this.dirty];
    this.dirty.clear();
    try {
      for (let start = 0; start < ids.length || start === 0; start += ROWS_PER_WRITE) {
        const rows: StoredOrder[] = [];
        for (const id of ids.slice(start, start + ROWS_PER_WRITE)) {
          const record = this.orders.get(id);
          if (record) rows.push({ record, fills: this.fills(id).slice(this.storedFills.get(id) ?? 0) });
        }
        const last = start + ROWS_PER_WRITE >= ids.length;
        await store.write(rows, last ? through : undefined);
        for (const { record, fills } of rows) {
          if (fills.length > 0) this.storedFills.set(record.id, (this.storedFills.get(record.id) ?? 0) + fills.length);
        }
      }
      this.writtenSeq = through;
      this.trim();
    } catch (error) {
      for (const id of ids) this.dirty.add(id);
      throw error;
    }
  }

  private countFinished(userId: string, count: number): void {
    this.finishedSinceTrim.set(userId, (this.finishedSinceTrim.get(userId) ?? 0) + count);
  }

  /**
   * Drops from memory the oldest finished orders of each member `trimStep` of whose orders finished since their
   * list was last looked at, down to `keepFinished`.
   */
  private trim(): void {
    for (const [userId, count] of this.finishedSinceTrim) {
      if (count < this.trimStep) continue;
      this.finishedSinceTrim.delete(userId);
      const list = this.byUser.get(userId);
      if (!list || list.length <= this.keepFinished) continue;
      let finished = 0;
      for (const record of list) if (record.final) finished++;
      let excess = finished - this.keepFinished;
      if (excess <= 0) continue;
      const kept: OrderRecord[] = [];
      for (const record of list) {
        // a parent with exits stays: a leg seen later is built from it (exitLeg)
        if (excess > 0 && record.final && !this.dirty.has(record.id) && record.takeProfit === null && record.stopLoss === null) {
          excess--;
          this.orders.delete(record.id);
          this.fillsOf.delete(record.id);
          this.storedFills.delete(record.id);
        } else {
          kept.push(record);
        }
      }
      this.byUser.set(userId, kept);
      this.trimmed.add(userId);
    }
  }

  /**
   * A take-profit / stop-loss leg made live (waiting for its trigger): dated as its parent, whose placement
   * reserved its id, so that a member's orders read in id order are in time order too.
   */
  private addExit(exit: ExitLeg, symbol: string, at: number): void {
    if (this.orders.has(exit.orderId)) return;
    const format = this.formatOf(symbol);
    const record = this.add({
      id: exit.orderId,
      clientOrderId: null,
      userId: exit.userId,
      symbol,
      side: exit.side,
      type: exit.kind,
      price: format.price(exit.price),
      qty: format.qty(exit.qty),
      quote: null,
      trigger: format.price(exit.trigger),
      rising: null,
      takeProfit: null,
      stopLoss: null,
      tif: null,
      postOnly: false,
      status: 'conditional',
      createdAt: this.orders.get(exit.parentId)?.createdAt ?? at,
    });
    record.updatedAt = at;
  }

  /**
   * A take-profit (parent id + 1) or stop-loss (parent id + 2) leg first seen when it trades or finishes: one of a
   * log written before results named the legs (`exits`), whose quantity the log does not say.
   */
  private exitLeg(id: number, userId: string, at: number): OrderRecord | undefined {
    for (const [offset, type] of [[1, 'takeProfit'], [2, 'stopLoss']] as const) {
      const parent = this.orders.get(id - offset);
      const trigger = parent?.[type];
      if (!parent || parent.userId !== userId || !trigger) continue;
      return this.add({
        id,
        clientOrderId: null,
        userId,
        symbol: parent.symbol,
        side: parent.side === 'buy' ? 'sell' : 'buy',
        type,
        // a triggered leg enters the book as a limit at its trigger price
        price: trigger,
        qty: null,
        quote: null,
        trigger,
        rising: null,
        takeProfit: null,
        stopLoss: null,
        tif: null,
        postOnly: false,
        status: 'open',
        createdAt: parent.createdAt,
      });
    }
    return undefined;
  }
}

/** Whether an order matches the query, `status` being its live status. */
export function matchesOrder(record: OrderRecord, query: OrderQuery, status: OrderStatus): boolean {
  if (query.symbol !== undefined && record.symbol !== query.symbol) return false;
  if (query.currency !== undefined && !record.symbol.split('/').includes(query.currency)) return false;
  if (query.side !== undefined && record.side !== query.side) return false;
  if (query.status !== undefined && status !== query.status) return false;
  if (query.from !== undefined && record.createdAt < query.from) return false;
  if (query.to !== undefined && record.createdAt > query.to) return false;
  return query.fromId === undefined || record.id >= query.fromId;
}

function matchesFill({ trade }: FillRecord, query: FillQuery): boolean {
  if (query.fromId !== undefined && trade.tradeId < query.fromId) return false;
  if (query.from !== undefined && trade.at < query.from) return false;
  return query.to === undefined || trade.at <= query.to;
}

/** Trade order: by trade id, then order id (a member on both sides of one trade has two fills of it). */
function fillBefore(a: FillRecord, b: FillRecord): boolean {
  return a.trade.tradeId < b.trade.tradeId || (a.trade.tradeId === b.trade.tradeId && a.orderId < b.orderId);
}

/** Where no market formats were given (a history that never sees take-profit / stop-loss legs). */
function unformatted(symbol: string): OrderFormat {
  throw new Error(`order history: no decimal format for ${symbol}`);
}
