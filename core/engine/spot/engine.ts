import { OrderBook } from '../book/order-book';
import { required, requiredForConditional } from '../book/required';
import { toMinorUnits, type AmountField } from '../book/decimal-input';
import { marketMath } from '../book/arithmetic';
import { validateOrder } from '../book/validate';
import type { BookEvent, BookSnapshot, FillEvent, MarketSpec, PlaceOrder, Requirement } from '../book/types';
import { isValidUserId } from '../ledger/accounts';
import type { LedgerCommand } from '../ledger/commands';
import type { LedgerEngine } from '../ledger/engine';
import type { HashFactory } from '../ledger/hash';
import { tradeSettleLines } from '../ledger/trade';
import { pow10 } from '../../shared/money';
import { marketSpecOf } from './markets';
import type {
  CancelSpotOrder,
  OrderUpdate,
  PlaceSpotOrder,
  SpotAccepted,
  SpotCommand,
  SpotMarketConfig,
  SpotOrder,
  SpotRejectReason,
  SpotRejected,
  SpotResult,
  SpotTrade,
} from './types';

const MAX_ID_LENGTH = 100;
const ID_CHARS = /^[\x21-\x7e]+$/;
const MAX_CLIENT_ORDER_ID = 64;

interface Market {
  config: SpotMarketConfig;
  spec: MarketSpec;
  book: OrderBook;
  halted: boolean;
  /** Ledger minor units of base per book quantity minor unit (10^(base scale − qtyScale)). */
  baseFactor: bigint;
}

/** A step the ledger refused although the engine's holds said it must succeed: the state is not trustworthy. */
export class SpotInvariantError extends Error {
  constructor(message: string) {
    super(`spot: ${message}`);
    this.name = 'SpotInvariantError';
  }
}

/** The whole spot state as plain data (the ledger's balances are the ledger's own). */
export interface SpotSnapshot {
  seq: number;
  nextOrderId: number;
  users: string[];
  markets: Array<{ config: SpotMarketConfig; halted: boolean; book: BookSnapshot }>;
  orders: SpotOrder[];
  results: SpotAccepted[];
}

/** What one command is doing while it runs: the ledger steps it numbers and what it reports. */
interface Run {
  command: SpotCommand;
  steps: number;
  trades: SpotTrade[];
  orders: OrderUpdate[];
}

class Rejection {
  constructor(
    readonly reason: SpotRejectReason,
    readonly field?: string,
  ) {}
}

/**
 * The spot exchange: one order book per market, funds held, settled and released through a ledger it is given
 * (the same ledger the wallet uses, so balances and the ledger's command sequence are shared). Pure and
 * deterministic. A command is checked completely before anything changes (an order's hold against the
 * available balance, the book's own checks), so a rejected command changes nothing and is not recorded; an
 * accepted one applies its ledger steps in order — hold, one settle per fill, releases, holds of take-profit /
 * stop-loss legs — with ids derived from its own (`s:<id>:<step>`).
 */
export class SpotEngine {
  private readonly markets = new Map<string, Market>();
  private readonly orders = new Map<number, SpotOrder>();
  /** "userId clientOrderId" → order id, for open orders. */
  private readonly clientIds = new Map<string, number>();
  private readonly results = new Map<string, SpotAccepted>();
  private readonly userNos = new Map<string, number>();
  private readonly users: string[] = [];
  private seq = 0;
  private nextOrderId = 1;
  private readonly events: BookEvent[] = [];

  constructor(readonly ledger: LedgerEngine) {}

  get lastSeq(): number {
    return this.seq;
  }

  apply(command: SpotCommand): SpotResult {
    const id = (command as { id?: unknown })?.id;
    const kind = command?.kind;
    if (typeof id !== 'string' || id.length > MAX_ID_LENGTH || !ID_CHARS.test(id)) return reject(command, new Rejection('invalidCommand', 'id'));
    const first = this.results.get(id);
    if (first) return { ...first, duplicate: true };
    if (!Number.isSafeInteger(command.at) || command.at < 0) return reject(command, new Rejection('invalidCommand', 'at'));
    const run: Run = { command, steps: 0, trades: [], orders: [] };
    const ledgerFrom = this.ledger.lastSeq;
    let outcome: Rejection | number | undefined;
    switch (kind) {
      case 'addMarket':
        outcome = this.addMarket(command.market);
        break;
      case 'updateMarket':
        outcome = this.updateMarket(command.symbol, command.changes);
        break;
      case 'haltMarket':
        outcome = this.haltMarket(command.symbol, command.halted);
        break;
      case 'placeOrder':
        outcome = this.placeOrder(command, run);
        break;
      case 'cancelOrder':
        outcome = this.cancelOrder(command, run);
        break;
      default:
        outcome = new Rejection('invalidCommand', 'kind');
    }
    if (outcome instanceof Rejection) return reject(command, outcome);
    const result: SpotAccepted = {
      ok: true,
      seq: ++this.seq,
      id,
      kind,
      duplicate: false,
      trades: run.trades,
      orders: run.orders,
      ledgerFrom,
      ledgerTo: this.ledger.lastSeq,
    };
    if (typeof outcome === 'number') result.orderId = outcome;
    this.results.set(id, result);
    return result;
  }

  // ---- reads ----

  order(orderId: number): Readonly<SpotOrder> | undefined {
    return this.orders.get(orderId);
  }

  /** Open and conditional orders, by id. */
  openOrders(userId?: string): SpotOrder[] {
    const all = [...this.orders.values()].sort((a, b) => a.id - b.id);
    return userId === undefined ? all : all.filter((o) => o.userId === userId);
  }

  book(symbol: string): OrderBook | undefined {
    return this.markets.get(symbol)?.book;
  }

  market(symbol: string): Readonly<SpotMarketConfig & { halted: boolean }> | undefined {
    const market = this.markets.get(symbol);
    return market && { ...market.config, halted: market.halted };
  }

  lastPrice(symbol: string): bigint | null {
    return this.markets.get(symbol)?.book.lastPrice ?? null;
  }

  resultOf(id: string): SpotAccepted | undefined {
    return this.results.get(id);
  }

  /** Canonical text of the spot state (markets, books, open orders, accepted ids), without the ledger. */
  canonicalState(): string {
    const parts: string[] = [`seq ${this.seq} next ${this.nextOrderId} users ${JSON.stringify(this.users)}`];
    for (const symbol of [...this.markets.keys()].sort()) {
      const market = this.markets.get(symbol)!;
      parts.push(`market ${canonicalJson(market.config)} ${market.halted}`, market.book.canonicalState());
    }
    for (const order of this.openOrders()) parts.push(`order ${canonicalJson(order)}`);
    parts.push('--', ...[...this.results.keys()].sort().map((id) => JSON.stringify(id)));
    return parts.join('\n');
  }

  /** Hash of the spot state and of the ledger's. */
  stateHash(createHasher: HashFactory): string {
    const hasher = createHasher();
    hasher.update(this.canonicalState());
    hasher.update(`\nledger ${this.ledger.stateHash(createHasher)}`);
    return hasher.digest('hex');
  }

  snapshot(): SpotSnapshot {
    return structuredClone({
      seq: this.seq,
      nextOrderId: this.nextOrderId,
      users: this.users,
      markets: [...this.markets.values()].map((m) => ({ config: m.config, halted: m.halted, book: m.book.snapshot() })),
      orders: this.openOrders(),
      results: [...this.results.values()],
    });
  }

  /** Rebuilds the spot state over a ledger that already holds the matching balances. */
  static restore(ledger: LedgerEngine, snap: SpotSnapshot): SpotEngine {
    const engine = new SpotEngine(ledger);
    const copy = structuredClone(snap);
    engine.seq = copy.seq;
    engine.nextOrderId = copy.nextOrderId;
    for (const user of copy.users) engine.userNo(user);
    for (const { config, halted, book } of copy.markets) {
      const spec = marketSpecOf(config, ledger.currencies);
      if ('field' in spec) throw new Error(`spot restore: market ${config.symbol} is invalid (${spec.field})`);
      engine.markets.set(config.symbol, { config, spec, halted, book: OrderBook.restore(spec, book), baseFactor: baseFactorOf(ledger, config) });
    }
    for (const order of copy.orders) engine.track(order);
    for (const result of copy.results) engine.results.set(result.id, result);
    return engine;
  }

  // ---- market configuration ----

  private addMarket(config: SpotMarketConfig): Rejection | undefined {
    const spec = marketSpecOf(config, this.ledger.currencies);
    if ('field' in spec) return new Rejection('invalidMarket', spec.field);
    if (this.markets.has(config.symbol)) return new Rejection('duplicateMarket', 'symbol');
    const stored = structuredClone(config);
    this.markets.set(config.symbol, { config: stored, spec, book: new OrderBook(spec), halted: false, baseFactor: baseFactorOf(this.ledger, config) });
    return undefined;
  }

  private updateMarket(symbol: string, changes: SpotMarketChanges): Rejection | undefined {
    const market = this.markets.get(symbol);
    if (!market) return new Rejection('unknownMarket', 'symbol');
    if (!changes || typeof changes !== 'object') return new Rejection('invalidCommand', 'changes');
    const allowed = ['tickSize', 'lotSize', 'minNotional', 'feeTiers', 'selfTrade'];
    const unknown = Object.keys(changes).find((key) => !allowed.includes(key));
    if (unknown) return new Rejection('invalidMarket', unknown);
    const config = { ...market.config, ...structuredClone(changes) };
    const spec = marketSpecOf(config, this.ledger.currencies);
    if ('field' in spec) return new Rejection('invalidMarket', spec.field);
    // the book's settings are fixed per instance: it is rebuilt from its own snapshot under the new ones
    const book = OrderBook.restore(spec, market.book.snapshot());
    Object.assign(market, { config, spec, book });
    return undefined;
  }

  private haltMarket(symbol: string, halted: boolean): Rejection | undefined {
    const market = this.markets.get(symbol);
    if (!market) return new Rejection('unknownMarket', 'symbol');
    if (typeof halted !== 'boolean') return new Rejection('invalidCommand', 'halted');
    market.halted = halted;
    return undefined;
  }

  // ---- orders ----

  private placeOrder(c: PlaceSpotOrder, run: Run): Rejection | number {
    const market = this.markets.get(c.symbol);
    if (!market) return new Rejection('unknownMarket', 'symbol');
    if (market.halted) return new Rejection('marketHalted', 'symbol');
    if (!isValidUserId(c.userId)) return new Rejection('invalidUser', 'userId');
    if (c.clientOrderId !== undefined) {
      if (typeof c.clientOrderId !== 'string' || c.clientOrderId.length === 0 || c.clientOrderId.length > MAX_CLIENT_ORDER_ID) {
        return new Rejection('invalidCommand', 'clientOrderId');
      }
      if (this.clientIds.has(clientKey(c.userId, c.clientOrderId))) return new Rejection('duplicateClientOrderId', 'clientOrderId');
    }
    const order = this.bookOrder(market, c);
    if (order instanceof Rejection) return order;
    const stateless = validateOrder(market.spec, marketMath(market.spec), order);
    if (stateless) return new Rejection(stateless, fieldOf(stateless));
    const hold = this.ledgerAmount(market, required(market.spec, order));
    if (this.ledger.userBalance(c.userId, 'coin', hold.currency).available < hold.amount) return new Rejection('insufficientFunds', 'amount');
    const events = this.events;
    events.length = 0;
    market.book.place(order, events);
    const first = events[0];
    if (first?.type === 'rejected') return new Rejection(first.reason, fieldOf(first.reason));
    // accepted by the book: from here on every step must succeed
    this.userNo(c.userId);
    this.nextOrderId = maxExitId(order) + 1;
    this.ledgerStep(run, 'h', { kind: 'hold', userId: c.userId, accountType: 'coin', currency: hold.currency, amount: this.format(hold.currency, hold.amount) });
    this.track({
      id: order.id,
      clientOrderId: c.clientOrderId ?? null,
      userId: c.userId,
      symbol: c.symbol,
      side: c.side,
      kind: c.type,
      price: order.type === 'market' ? null : order.price,
      qty: order.type === 'market' ? (order.qty ?? null) : order.qty,
      status: c.type === 'stopLimit' ? 'conditional' : 'open',
      filledQty: 0n,
      filledQuote: 0n,
      held: hold.amount,
      heldCurrency: hold.currency,
      ocoWith: null,
      createdAt: c.at,
    });
    this.settleEvents(market, run, events.splice(0));
    return order.id;
  }

  private cancelOrder(c: CancelSpotOrder, run: Run): Rejection | number {
    const market = this.markets.get(c.symbol);
    if (!market) return new Rejection('unknownMarket', 'symbol');
    if (!isValidUserId(c.userId)) return new Rejection('invalidUser', 'userId');
    const orderId = c.orderId ?? (typeof c.clientOrderId === 'string' ? this.clientIds.get(clientKey(c.userId, c.clientOrderId)) : undefined);
    const order = orderId === undefined ? undefined : this.orders.get(orderId);
    if (!order || order.symbol !== c.symbol) return new Rejection('unknownOrder', c.orderId === undefined ? 'clientOrderId' : 'orderId');
    if (order.userId !== c.userId) return new Rejection('notOwner', 'orderId');
    const events = this.events;
    events.length = 0;
    market.book.cancel({ orderId: order.id, time: c.at }, events);
    if (events[0]?.type === 'rejected') return new Rejection(events[0].reason, 'orderId');
    this.settleEvents(market, run, events.splice(0));
    return order.id;
  }

  /** The book's order from the command's decimal strings, numbered by the engine. */
  private bookOrder(market: Market, c: PlaceSpotOrder): PlaceOrder | Rejection {
    const { priceScale, qtyScale, quoteScale } = market.spec;
    const amount = (field: keyof PlaceSpotOrder & string, scale: number, as: AmountField, needed: boolean): bigint | undefined | Rejection => {
      const input = c[field];
      if (input === undefined) return needed ? new Rejection('invalidField', field) : undefined;
      if (typeof input !== 'string') return new Rejection('invalidField', field);
      const parsed = toMinorUnits(input, scale, as);
      return parsed.ok ? parsed.value : new Rejection(parsed.reason, field);
    };
    if (c.side !== 'buy' && c.side !== 'sell') return new Rejection('invalidField', 'side');
    const id = this.nextOrderId;
    const base = { id, userId: this.userNo(c.userId, true), side: c.side, time: c.at, ...(c.feeTier !== undefined ? { feeTier: c.feeTier } : {}) };
    const exits = (): Rejection | { takeProfit?: { id: number; price: bigint }; stopLoss?: { id: number; price: bigint } } => {
      const takeProfit = amount('takeProfit', priceScale, 'price', false);
      if (takeProfit instanceof Rejection) return takeProfit;
      const stopLoss = amount('stopLoss', priceScale, 'price', false);
      if (stopLoss instanceof Rejection) return stopLoss;
      return {
        ...(takeProfit !== undefined ? { takeProfit: { id: id + 1, price: takeProfit } } : {}),
        ...(stopLoss !== undefined ? { stopLoss: { id: id + 2, price: stopLoss } } : {}),
      };
    };
    if (c.type === 'limit' || c.type === 'stopLimit') {
      const price = amount('price', priceScale, 'price', true);
      if (price instanceof Rejection) return price;
      const qty = amount('qty', qtyScale, 'qty', true);
      if (qty instanceof Rejection) return qty;
      if (c.type === 'stopLimit') {
        const trigger = amount('trigger', priceScale, 'price', true);
        if (trigger instanceof Rejection) return trigger;
        return { ...base, type: 'stopLimit', trigger: trigger!, price: price!, qty: qty! };
      }
      const attached = exits();
      if (attached instanceof Rejection) return attached;
      return { ...base, type: 'limit', price: price!, qty: qty!, ...(c.tif ? { tif: c.tif } : {}), ...(c.postOnly ? { postOnly: true } : {}), ...attached };
    }
    if (c.type !== 'market') return new Rejection('invalidField', 'type');
    const qty = amount('qty', qtyScale, 'qty', false);
    if (qty instanceof Rejection) return qty;
    const quote = amount('quote', quoteScale, 'quote', false);
    if (quote instanceof Rejection) return quote;
    // the budget is in the asset the order spends without naming it: quote for a buy, base for a sell
    const budget = c.side === 'buy' ? amount('budget', quoteScale, 'quote', false) : amount('budget', qtyScale, 'qty', false);
    if (budget instanceof Rejection) return budget;
    const attached = exits();
    if (attached instanceof Rejection) return attached;
    return {
      ...base,
      type: 'market',
      ...(qty !== undefined ? { qty } : {}),
      ...(quote !== undefined ? { quote } : {}),
      ...(budget !== undefined ? { budget } : {}),
      ...attached,
    };
  }

  /**
   * Moves the money for what the book did, event by event: a settle per fill, a release of what a finished
   * order still holds, a hold for each take-profit / stop-loss leg that became live. A leg whose hold the
   * balance cannot cover is cancelled afterwards.
   */
  private settleEvents(market: Market, run: Run, events: BookEvent[]): void {
    const unfunded: number[] = [];
    for (const event of events) {
      switch (event.type) {
        case 'fill':
          this.settleFill(market, run, event);
          break;
        case 'done':
        case 'cancelled': {
          const order = this.mustFind(event.orderId);
          this.orders.delete(order.id);
          if (order.clientOrderId !== null) this.clientIds.delete(clientKey(order.userId, order.clientOrderId));
          const partner = order.ocoWith === null ? undefined : this.orders.get(order.ocoWith);
          // a leg's hold covers its pair: while the other leg lives, the hold stays with it
          if (partner) partner.held += order.held;
          const released = partner ? 0n : order.held;
          if (released > 0n) {
            this.ledgerStep(run, `r${order.id}`, { kind: 'release', userId: order.userId, accountType: 'coin', currency: order.heldCurrency, amount: this.format(order.heldCurrency, released) });
          }
          order.status = event.type === 'done' ? 'filled' : 'cancelled';
          order.held = 0n;
          run.orders.push({
            orderId: order.id,
            userId: order.userId,
            status: order.status,
            filledQty: order.filledQty,
            filledQuote: order.filledQuote,
            avgPrice: averagePrice(market.spec, order.filledQty, order.filledQuote),
            ...(event.type === 'cancelled' ? { reason: event.reason } : {}),
            released,
          });
          break;
        }
        case 'conditional': {
          const userId = this.users[event.userId - 1]!;
          const need = this.ledgerAmount(market, requiredForConditional(market.spec, event));
          // the second leg of a pair only adds what its partner's hold does not cover
          const partner = event.ocoWith === null ? undefined : this.orders.get(event.ocoWith);
          const extra = partner ? need.amount - partner.held : need.amount;
          const funded = extra <= 0n || this.ledger.userBalance(userId, 'coin', need.currency).available >= extra;
          if (funded && extra > 0n) {
            this.ledgerStep(run, `c${event.orderId}`, { kind: 'hold', userId, accountType: 'coin', currency: need.currency, amount: this.format(need.currency, extra) });
          } else if (!funded) unfunded.push(event.orderId);
          const held = funded && extra > 0n ? extra : 0n;
          this.track({
            id: event.orderId,
            clientOrderId: null,
            userId,
            symbol: market.config.symbol,
            side: event.side,
            kind: event.kind,
            price: event.price,
            qty: event.qty,
            status: 'conditional',
            filledQty: 0n,
            filledQuote: 0n,
            held,
            heldCurrency: need.currency,
            ocoWith: event.ocoWith,
            createdAt: run.command.at,
          });
          break;
        }
        case 'triggered':
          this.mustFind(event.orderId).status = 'open';
          break;
        default:
          break;
      }
    }
    for (const orderId of unfunded) {
      if (!this.orders.has(orderId)) continue;
      const more = market.book.cancel({ orderId, time: run.command.at }, []);
      this.settleEvents(market, run, more);
    }
  }

  private settleFill(market: Market, run: Run, fill: FillEvent): void {
    const maker = this.mustFind(fill.makerOrderId);
    const taker = this.mustFind(fill.takerOrderId);
    const [buyer, seller] = fill.takerSide === 'buy' ? [taker, maker] : [maker, taker];
    const [buyerFee, sellerFee] = fill.takerSide === 'buy' ? [fill.takerFee, fill.makerFee] : [fill.makerFee, fill.takerFee];
    const baseAmount = fill.qty * market.baseFactor;
    const lines = tradeSettleLines(this.ledger.currencies, {
      buyer: buyer.userId,
      seller: seller.userId,
      base: market.config.base,
      quote: market.config.quote,
      baseAmount,
      quoteAmount: fill.quote,
      buyerFee: buyerFee * market.baseFactor,
      sellerFee,
    });
    this.ledgerStep(run, `t${fill.tradeId}`, { kind: 'settle', lines, memo: 'trade' });
    buyer.held -= fill.quote;
    seller.held -= baseAmount;
    for (const order of [maker, taker]) {
      order.filledQty += fill.qty;
      order.filledQuote += fill.quote;
    }
    run.trades.push({
      tradeId: fill.tradeId,
      symbol: market.config.symbol,
      price: fill.price,
      qty: fill.qty,
      quote: fill.quote,
      makerOrderId: maker.id,
      takerOrderId: taker.id,
      makerUserId: maker.userId,
      takerUserId: taker.userId,
      takerSide: fill.takerSide,
      makerFee: fill.makerFee,
      takerFee: fill.takerFee,
      at: fill.time,
    });
  }

  /** Applies one ledger step of the running command; the engine checked it would succeed. */
  private ledgerStep(run: Run, step: string, body: DistributiveOmit<LedgerCommand, 'id' | 'at'>): void {
    run.steps++;
    const result = this.ledger.apply({ ...body, id: `s:${run.command.id}:${step}`, at: run.command.at } as LedgerCommand);
    if (!result.ok || result.duplicate) {
      throw new SpotInvariantError(`ledger step ${step} of ${run.command.id} failed: ${result.ok ? 'duplicate id' : `${result.reason} ${result.field ?? ''}`}`);
    }
  }

  private ledgerAmount(market: Market, need: Requirement): { currency: string; amount: bigint } {
    return need.asset === 'base'
      ? { currency: market.config.base, amount: need.amount * market.baseFactor }
      : { currency: market.config.quote, amount: need.amount };
  }

  private format(currency: string, minor: bigint): string {
    return this.ledger.currencies.format(currency, minor);
  }

  private track(order: SpotOrder): void {
    this.orders.set(order.id, order);
    if (order.clientOrderId !== null) this.clientIds.set(clientKey(order.userId, order.clientOrderId), order.id);
  }

  private mustFind(orderId: number): SpotOrder {
    const order = this.orders.get(orderId);
    if (!order) throw new SpotInvariantError(`the book reported order ${orderId}, which the engine does not track`);
    return order;
  }

  /** The book's number for a user id, assigned on first use (peek: the number it would get, nothing kept). */
  private userNo(userId: string, peek = false): number {
    const known = this.userNos.get(userId);
    if (known !== undefined) return known;
    if (peek) return this.users.length + 1;
    this.users.push(userId);
    this.userNos.set(userId, this.users.length);
    return this.users.length;
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type SpotMarketChanges = import('./types').SpotMarketChanges;

function reject(command: SpotCommand, rejection: Rejection): SpotRejected {
  const id = (command as { id?: unknown })?.id;
  const result: SpotRejected = { ok: false, id: typeof id === 'string' ? id : '', kind: command?.kind, reason: rejection.reason };
  if (rejection.field !== undefined) result.field = rejection.field;
  return result;
}

function maxExitId(order: PlaceOrder): number {
  if (order.type === 'stopLimit') return order.id;
  return Math.max(order.id, order.takeProfit?.id ?? 0, order.stopLoss?.id ?? 0);
}

function clientKey(userId: string, clientOrderId: string): string {
  return `${userId} ${clientOrderId}`;
}

function baseFactorOf(ledger: LedgerEngine, config: SpotMarketConfig): bigint {
  return pow10(ledger.currencies.get(config.base)!.scale - config.qtyScale);
}

/** The command field a book reject reason is about. */
function fieldOf(reason: string): string {
  if (reason.startsWith('price') || reason === 'postOnlyWouldTake') return 'price';
  if (reason.startsWith('qty') || reason === 'fokUnfillable') return 'qty';
  if (reason.startsWith('quote') || reason === 'belowMinNotional') return reason === 'belowMinNotional' ? 'qty' : 'quote';
  if (reason === 'unknownFeeTier') return 'feeTier';
  if (reason === 'budgetRequired') return 'budget';
  if (reason === 'invalidExit') return 'takeProfit';
  return 'order';
}

/** filledQuote / filledQty back in price minor units, rounded down. */
function averagePrice(spec: MarketSpec, qty: bigint, quote: bigint): bigint {
  if (qty === 0n) return 0n;
  return (quote * pow10(spec.priceScale + spec.qtyScale - spec.quoteScale)) / qty;
}

/** JSON with bigints as digits and keys in a fixed order, for the canonical state. */
function canonicalJson(value: object): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (v && typeof v === 'object' && !Array.isArray(v)) return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return v;
  });
}
