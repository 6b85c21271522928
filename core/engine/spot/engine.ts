import { OrderBook } from '../book/order-book';
import { CountedList } from '../book/counted-list';
import { required, requiredForConditional } from '../book/required';
import type { AmountField } from '../book/decimal-input';
import { marketMath, type MarketMath } from '../book/arithmetic';
import { stopRises } from '../book/stops';
import type { BookEvent, BookSnapshot, BookSource, FillEvent, LimitOrder, MarketOrder, MarketSpec, PlaceOrder, Requirement } from '../book/types';
import { SYSTEM_ACCOUNTS, accountKey, isValidUserId, systemAccountKey } from '../ledger/accounts';
import type { LedgerCommand } from '../ledger/commands';
import type { PostingProblem } from '../ledger/balances';
import type { LedgerEngine } from '../ledger/engine';
import type { HashFactory } from '../ledger/hash';
import { stepId, type StepKind, type StepOwner, type StepSource } from '../ledger/steps';
import { tradeSettleLines, type TradeFill, type TradeHandles } from '../ledger/trade';
import { pow10 } from '../../shared/money';
import { orderAmount } from './amounts';
import { marketSpecOf, priceBandOf } from './markets';
import { StringIndex } from './string-index';
import { CoinHandles, UNKNOWN } from './coin-handles';
import { AcceptedIds, type AcceptedIdsState } from './accepted-ids';
import { OpenOrders } from './open-orders';
import { CommandFields, readCommandFields } from './command-fields';
import type {
  AddMarket,
  ExitLeg,
  HaltMarket,
  OrderUpdate,
  SpotAccepted,
  SpotCommand,
  SpotMarketConfig,
  SpotOrder,
  SpotRejectReason,
  SpotRejected,
  SpotResult,
  SpotTrade,
  TriggeredOrder,
  UpdateMarket,
} from './types';

const MAX_CLIENT_ORDER_ID = 64;
/** What a result lists when a command traded or finished nothing: shared, frozen (most commands only rest or cancel). */
const NO_TRADES = Object.freeze([]) as unknown as SpotTrade[];
const NO_UPDATES = Object.freeze([]) as unknown as OrderUpdate[];
const NO_EXITS = Object.freeze([]) as unknown as ExitLeg[];
const NO_TRIGGERED = Object.freeze([]) as unknown as TriggeredOrder[];

interface Market {
  config: SpotMarketConfig;
  spec: MarketSpec;
  book: OrderBook;
  halted: boolean;
  /** Ledger minor units of base per book quantity minor unit (10^(base scale − qtyScale)). */
  baseFactor: bigint;
  math: MarketMath;
  /** The ledger handles of the fee account of each currency of the market. */
  feeBase: number;
  feeQuote: number;
  /** The engine's numbers of the market's currencies (`coin`). */
  baseNo: number;
  quoteNo: number;
  /** The price band (`priceBandOutside`): 0 for none, else 100 + band and 100 − band percent. */
  band: number;
  bandUp: bigint;
  bandDown: bigint;
  /** The band's bounds from the last trade price `bandLast` (0: not yet computed): a buy's highest, a sell's lowest. */
  bandLast: number;
  bandMaxBuy: bigint;
  bandMinSell: bigint;
}

/**
 * An open or conditional order as the engine keeps it: its SpotOrder fields, and the ledger handles of its owner's
 * coin accounts in the market's two currencies, found once when it is placed (or restored). A fill or a release
 * reads them with the order, where finding them by the owner's number read a table of handles first: one more cache
 * miss, before the balances' own. They are this ledger's numbers (a restored ledger may number its accounts
 * otherwise): the canonical state leaves them out (`publicOrder`) and a restore finds them again; readers of the
 * orders and snapshots see them beside the SpotOrder fields.
 */
type OpenOrder = SpotOrder & { readonly baseAccount: number; readonly quoteAccount: number };

/** A step the ledger refused although the engine's holds said it must succeed: the state is not trustworthy. */
export class SpotInvariantError extends Error {
  constructor(message: string) {
    super(`spot: ${message}`);
    this.name = 'SpotInvariantError';
  }
}

/** The whole spot state as plain data (the ledger's balances are the ledger's own). */
export interface SpotSnapshot {
  /** The accepted-id window's size and times; `results` are its ids. */
  ids: AcceptedIdsState;
  seq: number;
  nextOrderId: number;
  users: string[];
  markets: Array<{ config: SpotMarketConfig; halted: boolean; book: BookSnapshot }>;
  orders: SpotOrder[];
  results: SpotAccepted[];
}

/** What `SpotEngine.restore` reads: a snapshot, or one whose books' resting orders are read as they are restored. */
export type SpotSnapshotSource = Omit<SpotSnapshot, 'markets'> & { markets: Array<{ config: SpotMarketConfig; halted: boolean; book: BookSource }> };

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
 * stop-loss legs — as the ledger's steps of this command (ids `s:<id>:<n><kind>`, ledger/steps.ts).
 *
 * The ids of the last 2^17 to 2^18 accepted commands are remembered compactly (AcceptedIds: the seq, and by seq
 * the kind, order id and ledger range), not with their whole first results: a repeat answers that record with
 * `duplicate: true` and no trades or order updates. A command as old as one the window forgot is refused as
 * stale, so memory, snapshots and restarts do not grow with the number of commands ever applied. The command
 * being applied is kept in fields (no per-command closures or context objects).
 */
export class SpotEngine implements StepOwner, StepSource {
  private readonly markets = new Map<string, Market>();
  private readonly orders = new OpenOrders<OpenOrder>();
  /** "userId clientOrderId" → order id, for open orders. */
  private readonly clientIds = new Map<string, number>();
  /** The ids of the recently accepted commands with what each did (a bounded window; older ones are stale). */
  private readonly accepted: AcceptedIds;
  /** The fields of the command being applied, the ledger seq before its first step and what it reports. */
  private readonly fields = new CommandFields();
  private ledgerFrom = 0;
  private readonly trades = new CountedList<SpotTrade>();
  private readonly updates = new CountedList<OrderUpdate>();
  private readonly exits = new CountedList<ExitLeg>();
  private readonly triggered = new CountedList<TriggeredOrder>();
  /** The direction of the stop-limit the command placed (undefined: none). */
  private stopRising: boolean | undefined;
  /** What the step being posted moves, for its logged command (describeStep). */
  private stepUser = '';
  private stepCurrency = '';
  private stepAmount = 0n;
  /** The fill being settled and its accounts: reused for every fill (a settle step is booked synchronously). */
  private readonly stepFill: TradeFill = { buyer: '', seller: '', base: '', quote: '', baseAmount: 0n, quoteAmount: 0n, buyerFee: 0n, sellerFee: 0n };
  private readonly stepAccounts: TradeHandles = { sellerBase: 0, buyerBase: 0, buyerQuote: 0, sellerQuote: 0, feeBase: 0, feeQuote: 0 };
  /** Currency code → the engine's number for it (`coinHandles`). */
  private readonly currencyNos = new Map<string, number>();
  /** Users with an accepted order: the book's number for a user is their number here + 1. */
  private readonly users = new StringIndex();
  /** The ledger handle of each user's coin account, by the user's number and the engine's currency number. */
  private readonly coinHandles = new CoinHandles();
  private seq = 0;
  private nextOrderId = 1;
  /** What the open orders' `prefetch` read: kept, so that the compiler keeps the read. */
  private prefetched = 0;
  /** The book's events of the command being applied. */
  private readonly events = new CountedList<BookEvent>();

  /** `options.idGeneration`: seqs per generation of the accepted-id window (AcceptedIds). */
  constructor(
    readonly ledger: LedgerEngine,
    options: { idGeneration?: number } = {},
  ) {
    this.accepted = new AcceptedIds(options.idGeneration);
    ledger.attachSteps(this);
  }

  get lastSeq(): number {
    return this.seq;
  }

  apply(command: SpotCommand): SpotResult {
    const fields = this.fields;
    readCommandFields(command, fields);
    const id: unknown = fields.id;
    const kind = fields.kind;
    const idHash = typeof id === 'string' ? this.accepted.stage(id) : undefined;
    if (typeof id !== 'string' || idHash === undefined) return reject(fields, new Rejection('invalidCommand', 'id'));
    const first = this.accepted.seqOfHashed(id, idHash);
    if (first >= 0) return this.acceptedResult(id, first, true);
    if (!Number.isSafeInteger(fields.at) || fields.at < 0) return reject(fields, new Rejection('invalidCommand', 'at'));
    // it could repeat a command the window forgot: refused rather than applied again
    if (fields.at <= this.accepted.staleThrough) return reject(fields, new Rejection('staleCommand', 'at'));
    const ledgerFrom = this.ledger.lastSeq;
    this.ledgerFrom = ledgerFrom;
    // left gathering only by a command that threw
    this.trades.clear();
    this.updates.clear();
    this.exits.clear();
    this.triggered.clear();
    this.stopRising = undefined;
    let outcome: Rejection | number | undefined;
    switch (kind) {
      case 'addMarket':
        outcome = this.addMarket((command as AddMarket).market);
        break;
      case 'updateMarket':
        outcome = this.updateMarket((command as UpdateMarket).symbol, (command as UpdateMarket).changes);
        break;
      case 'haltMarket':
        outcome = this.haltMarket((command as HaltMarket).symbol, (command as HaltMarket).halted);
        break;
      case 'placeOrder':
        outcome = this.placeOrder(fields);
        break;
      case 'cancelOrder':
        outcome = this.cancelOrder(fields);
        break;
      default:
        outcome = new Rejection('invalidCommand', 'kind');
    }
    if (outcome instanceof Rejection) return reject(fields, outcome);
    const seq = ++this.seq;
    const ledgerTo = this.ledger.lastSeq;
    // the id was staged and looked up above: it is new
    this.accepted.addStaged(id, idHash, seq, fields.at, kind, typeof outcome === 'number' ? outcome : 0, ledgerFrom, ledgerTo);
    const trades = this.trades.take(NO_TRADES);
    const orders = this.updates.take(NO_UPDATES);
    // orderId in the literal rather than added after: the same keys in the same order, without a transition
    const result: SpotAccepted =
      typeof outcome === 'number'
        ? { ok: true, seq, id, kind, duplicate: false, trades, orders, ledgerFrom, ledgerTo, orderId: outcome }
        : { ok: true, seq, id, kind, duplicate: false, trades, orders, ledgerFrom, ledgerTo };
    if (this.stopRising !== undefined) result.stopRising = this.stopRising;
    if (this.exits.length > 0) result.exits = this.exits.take(NO_EXITS);
    if (this.triggered.length > 0) result.triggered = this.triggered.take(NO_TRIGGERED);
    return result;
  }

  // ---- the ledger's step owner ----

  stepRange(id: string): { from: number; to: number } | undefined {
    const seq = this.accepted.seqOf(id);
    return seq < 0 ? undefined : { from: this.accepted.ledgerFrom(seq), to: this.accepted.ledgerTo(seq) };
  }

  get lastStepSeq(): number {
    return this.seq > 0 ? this.accepted.ledgerTo(this.seq) : 0;
  }

  describeStep(seq: number, kind: StepKind): LedgerCommand {
    const command = this.fields;
    const id = stepId(command.id, seq - this.ledgerFrom, kind);
    if (kind === 'settle') return { kind, id, at: command.at, lines: tradeSettleLines(this.ledger.currencies, this.stepFill), memo: 'trade' };
    return { kind, id, at: command.at, userId: this.stepUser, accountType: 'coin', currency: this.stepCurrency, amount: this.format(this.stepCurrency, this.stepAmount) };
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

  /** The markets' symbols, in the order they were added. */
  symbols(): string[] {
    return [...this.markets.keys()];
  }

  lastPrice(symbol: string): bigint | null {
    return this.markets.get(symbol)?.book.lastPrice ?? null;
  }

  /** The record of an id the window holds (without the trades and order updates of its first answer). */
  resultOf(id: string): SpotAccepted | undefined {
    const seq = this.accepted.seqOf(id);
    return seq < 0 ? undefined : this.acceptedResult(id, seq, false);
  }

  /** Canonical text of the spot state (markets, books, open orders, the accepted-id window), without the ledger. */
  canonicalState(): string {
    const parts: string[] = [`seq ${this.seq} next ${this.nextOrderId} users ${JSON.stringify(this.users.keys)}`];
    for (const symbol of [...this.markets.keys()].sort()) {
      const market = this.markets.get(symbol)!;
      parts.push(`market ${canonicalJson(market.config)} ${market.halted}`, market.book.canonicalState());
    }
    for (const order of this.openOrders()) parts.push(`order ${canonicalJson(publicOrder(order))}`);
    parts.push(`-- ids ${JSON.stringify(this.accepted.state())}`);
    // one push per id: spreading millions of ids into one call overflows the stack
    for (const id of [...this.accepted.entries()].map(([id]) => id).sort()) parts.push(JSON.stringify(id));
    return parts.join('\n');
  }

  /** Hash of the spot state and of the ledger's. */
  stateHash(createHasher: HashFactory): string {
    const hasher = createHasher();
    hasher.update(this.canonicalState());
    hasher.update(`\nledger ${this.ledger.stateHash(createHasher)}`);
    return hasher.digest('hex');
  }

  /**
   * The state as plain data, a copy the caller may keep. The window's ids come as their records (results without
   * trades and order updates, which the engine does not keep), oldest first; `_thin` is accepted for callers
   * written when it kept them.
   */
  snapshot(_thin = true): SpotSnapshot {
    return structuredClone(this.snapshotView());
  }

  /**
   * The state as snapshot() gives it, without the copy: it shares the engine's own objects (market configs, open
   * orders), so it is for reading at once (encoding a snapshot), never for keeping or changing.
   */
  snapshotView(): SpotSnapshot {
    const results: SpotAccepted[] = [];
    for (const [id, seq] of this.accepted.entries()) results.push(this.acceptedResult(id, seq, false));
    return {
      ids: this.accepted.state(),
      seq: this.seq,
      nextOrderId: this.nextOrderId,
      users: this.users.keys,
      markets: [...this.markets.values()].map((m) => ({ config: m.config, halted: m.halted, book: m.book.snapshot() })),
      orders: this.openOrders(),
      results,
    };
  }

  /**
   * Rebuilds the spot state over a ledger that already holds the matching balances. `owned`: the snapshot is
   * the engine's to keep (freshly decoded), so it is not copied first; a source whose books are read as they are
   * restored must be owned.
   */
  static restore(ledger: LedgerEngine, snap: SpotSnapshot, owned?: false): SpotEngine;
  static restore(ledger: LedgerEngine, snap: SpotSnapshotSource, owned: true): SpotEngine;
  static restore(ledger: LedgerEngine, snap: SpotSnapshotSource, owned = false): SpotEngine {
    const copy = owned ? snap : structuredClone(snap);
    const engine = new SpotEngine(ledger, { idGeneration: copy.ids.generation });
    engine.seq = copy.seq;
    engine.nextOrderId = copy.nextOrderId;
    for (const user of copy.users) engine.enlist(user);
    for (const { config, halted, book } of copy.markets) {
      const spec = marketSpecOf(config, ledger.currencies);
      if ('field' in spec) throw new Error(`spot restore: market ${config.symbol} is invalid (${spec.field})`);
      engine.markets.set(config.symbol, { config, spec, halted, book: OrderBook.restore(spec, book), ...engine.derived(config, spec) });
    }
    engine.orders.reserve(copy.orders.length);
    for (const order of copy.orders) {
      const market = engine.markets.get(order.symbol);
      const userNo = engine.users.get(order.userId) + 1;
      if (!market || userNo === 0) throw new Error(`spot restore: order ${order.id} of an unknown market or user`);
      // the copy is the engine's own: its orders take their handles in place
      engine.track(Object.assign(order, { baseAccount: engine.baseAccount(userNo, market), quoteAccount: engine.quoteAccount(userNo, market) }));
    }
    for (const result of copy.results) {
      engine.accepted.add(result.id, result.seq, 0, result.kind, result.orderId ?? 0, result.ledgerFrom, result.ledgerTo);
    }
    engine.accepted.restoreTimes(copy.ids);
    ledger.attachSteps(engine);
    return engine;
  }

  // ---- market configuration ----

  private addMarket(config: SpotMarketConfig): Rejection | undefined {
    const spec = marketSpecOf(config, this.ledger.currencies);
    if ('field' in spec) return new Rejection('invalidMarket', spec.field);
    if (this.markets.has(config.symbol)) return new Rejection('duplicateMarket', 'symbol');
    const stored = structuredClone(config);
    this.markets.set(config.symbol, { config: stored, spec, book: new OrderBook(spec), halted: false, ...this.derived(config, spec) });
    return undefined;
  }

  private updateMarket(symbol: string, changes: SpotMarketChanges): Rejection | undefined {
    const market = this.markets.get(symbol);
    if (!market) return new Rejection('unknownMarket', 'symbol');
    if (!changes || typeof changes !== 'object') return new Rejection('invalidCommand', 'changes');
    const allowed = ['tickSize', 'lotSize', 'minNotional', 'feeTiers', 'selfTrade', 'priceBandPercent'];
    const unknown = Object.keys(changes).find((key) => !allowed.includes(key));
    if (unknown) return new Rejection('invalidMarket', unknown);
    const config = { ...market.config, ...structuredClone(changes) };
    const spec = marketSpecOf(config, this.ledger.currencies);
    if ('field' in spec) return new Rejection('invalidMarket', spec.field);
    // the book's settings are fixed per instance: it is rebuilt from its own snapshot under the new ones
    const book = OrderBook.restore(spec, market.book.snapshot());
    Object.assign(market, { config, spec, book, ...this.derived(config, spec) });
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

  private placeOrder(c: CommandFields): Rejection | number {
    const market = this.markets.get(c.symbol);
    if (!market) return new Rejection('unknownMarket', 'symbol');
    if (market.halted) return new Rejection('marketHalted', 'symbol');
    // reading ahead (see docs/engine-spot.md, "Reading ahead"): the rows the order will take
    market.book.prefetch(this.nextOrderId);
    this.prefetched = this.orders.prefetch(this.nextOrderId);
    // a known user's id was checked when they were enlisted
    const index = this.users.get(c.userId);
    const known = index >= 0 ? index + 1 : undefined;
    if (known === undefined && !isValidUserId(c.userId)) return new Rejection('invalidUser', 'userId');
    if (c.clientOrderId !== undefined) {
      if (typeof c.clientOrderId !== 'string' || c.clientOrderId.length === 0 || c.clientOrderId.length > MAX_CLIENT_ORDER_ID) {
        return new Rejection('invalidCommand', 'clientOrderId');
      }
      if (this.clientIds.has(clientKey(c.userId, c.clientOrderId))) return new Rejection('duplicateClientOrderId', 'clientOrderId');
    }
    const userNo = known ?? this.users.size + 1;
    const order = this.bookOrder(market, c, userNo);
    if (order instanceof Rejection) return order;
    const stateless = market.book.check(order);
    if (stateless) return new Rejection(stateless, stateless === 'invalidExit' ? exitField(order) : fieldOf(stateless, order));
    if (market.band !== 0 && priceBandOutside(market, order)) return new Rejection('priceOutsideBand', 'price');
    const need = required(market.spec, order, market.math);
    const holdsBase = need.asset === 'base';
    const holdAmount = holdsBase ? need.amount * market.baseFactor : need.amount;
    const holdCurrency = holdsBase ? market.config.base : market.config.quote;
    // a new user gets a number only once the book accepts the order; until then their account is only looked up
    // (−1 when the ledger never saw it: no money, so the hold is refused before it could be moved)
    const holdAccount = known === undefined ? this.ledger.findAccount(accountKey(c.userId, 'coin', holdCurrency)) : holdsBase ? this.baseAccount(known, market) : this.quoteAccount(known, market);
    if (holdAccount >= 0) this.ledger.prefetch(holdAccount);
    if (!this.ledger.covers(holdAccount, holdAmount)) return new Rejection('insufficientFunds', 'amount');
    const events = this.events;
    // left empty by the command before unless it was refused after the book's answer
    events.clear();
    // the book sets a stop's direction from the last price before it is placed
    const rising = order.type === 'stopLimit' ? stopRises(order.trigger, market.book.lastPrice, order.side === 'buy') : undefined;
    market.book.place(order, events);
    const first = events.get(0);
    if (first.type === 'rejected') return new Rejection(first.reason, first.reason === 'invalidExit' ? exitField(order) : fieldOf(first.reason, order));
    this.stopRising = rising;
    // accepted by the book: from here on every step must succeed
    if (known === undefined) this.enlist(c.userId);
    this.nextOrderId = maxExitId(order) + 1;
    // the engine's own user id and symbol: the command's may be strings of their own, which the order would keep alive
    const userId = this.users.keys[userNo - 1]!;
    this.moveHeld('hold', userId, holdAccount, holdCurrency, holdAmount);
    this.track({
      id: order.id,
      clientOrderId: c.clientOrderId ?? null,
      userId,
      symbol: market.config.symbol,
      side: order.side,
      kind: order.type,
      price: order.type === 'market' ? null : order.price,
      qty: order.type === 'market' ? (order.qty ?? null) : order.qty,
      status: c.type === 'stopLimit' ? 'conditional' : 'open',
      filledQty: 0n,
      filledQuote: 0n,
      held: holdAmount,
      heldCurrency: holdCurrency,
      ocoWith: null,
      createdAt: c.at,
      baseAccount: this.baseAccount(userNo, market),
      quoteAccount: this.quoteAccount(userNo, market),
    });
    this.settleEvents(market, events);
    events.clear();
    return order.id;
  }

  private cancelOrder(c: CommandFields): Rejection | number {
    const market = this.markets.get(c.symbol);
    if (!market) return new Rejection('unknownMarket', 'symbol');
    if (typeof c.orderId === 'number') market.book.prefetch(c.orderId);
    const named = this.orders.get(c.orderId);
    if (named !== undefined) this.ledger.prefetch(heldAccount(named, market));
    // the owner of an order is a known user: no look-up needed
    const byOwner = named !== undefined && named.userId === c.userId;
    if (!byOwner && !this.isUserId(c.userId)) return new Rejection('invalidUser', 'userId');
    const order = c.orderId != null ? named : this.byClientOrderId(c.userId, c.clientOrderId);
    if (!order || order.symbol !== c.symbol) return new Rejection('unknownOrder', c.orderId === undefined ? 'clientOrderId' : 'orderId');
    if (order.userId !== c.userId) return new Rejection('notOwner', 'orderId');
    const events = this.events;
    // left empty by the command before unless it was refused after the book's answer
    events.clear();
    market.book.cancel({ orderId: order.id, time: c.at }, events);
    const first = events.get(0);
    if (first.type === 'rejected') return new Rejection(first.reason, 'orderId');
    this.settleEvents(market, events);
    events.clear();
    return order.id;
  }

  /** A known user's id, or a valid new one (a known user's id was checked when they were enlisted). */
  private isUserId(userId: unknown): boolean {
    return typeof userId === 'string' && (this.users.get(userId) >= 0 || isValidUserId(userId));
  }

  private byClientOrderId(userId: string, clientOrderId: unknown): OpenOrder | undefined {
    const orderId = typeof clientOrderId === 'string' ? this.clientIds.get(clientKey(userId, clientOrderId)) : undefined;
    return orderId === undefined ? undefined : this.orders.get(orderId);
  }

  /** The book's order from the command's decimal strings, numbered by the engine. */
  private bookOrder(market: Market, c: CommandFields, userId: number): PlaceOrder | Rejection {
    const { priceScale, qtyScale, quoteScale } = market.spec;
    if (c.side !== 'buy' && c.side !== 'sell') return new Rejection('invalidField', 'side');
    // literals, not the command's strings, which the engine's order would keep alive
    const side = c.side === 'buy' ? 'buy' : 'sell';
    const id = this.nextOrderId;
    if (c.type === 'limit' || c.type === 'stopLimit') {
      const price = amountOf(c.price, 'price', priceScale, 'price', true);
      if (price instanceof Rejection) return price;
      const qty = amountOf(c.qty, 'qty', qtyScale, 'qty', true);
      if (qty instanceof Rejection) return qty;
      if (c.type === 'stopLimit') {
        if (c.takeProfit !== undefined || c.stopLoss !== undefined) {
          return new Rejection('exitNotAllowed', c.takeProfit !== undefined ? 'takeProfit' : 'stopLoss');
        }
        const trigger = amountOf(c.trigger, 'trigger', priceScale, 'price', true);
        if (trigger instanceof Rejection) return trigger;
        return { id, userId, side, time: c.at, feeTier: c.feeTier, type: 'stopLimit', trigger: trigger!, price: price!, qty: qty! };
      }
      const limit: LimitOrder = {
        id, userId, side, time: c.at, feeTier: c.feeTier, type: 'limit', price: price!, qty: qty!,
        tif: c.tif || undefined, postOnly: c.postOnly ? true : undefined, takeProfit: undefined, stopLoss: undefined,
      };
      return this.withExits(limit, c, priceScale);
    }
    if (c.type !== 'market') return new Rejection('invalidField', 'type');
    const qty = amountOf(c.qty, 'qty', qtyScale, 'qty', false);
    if (qty instanceof Rejection) return qty;
    const quote = amountOf(c.quote, 'quote', quoteScale, 'quote', false);
    if (quote instanceof Rejection) return quote;
    // the budget is in the asset the order spends without naming it: quote for a buy, base for a sell
    const budget = c.side === 'buy' ? amountOf(c.budget, 'budget', quoteScale, 'quote', false) : amountOf(c.budget, 'budget', qtyScale, 'qty', false);
    if (budget instanceof Rejection) return budget;
    const order: MarketOrder = { id, userId, side, time: c.at, feeTier: c.feeTier, type: 'market', qty, quote, budget, takeProfit: undefined, stopLoss: undefined };
    return this.withExits(order, c, priceScale);
  }

  /** Attaches the take-profit (id + 1) and stop-loss (id + 2) legs the command names. */
  private withExits<O extends LimitOrder | MarketOrder>(order: O, c: CommandFields, priceScale: number): O | Rejection {
    if (c.takeProfit === undefined && c.stopLoss === undefined) return order;
    const takeProfit = amountOf(c.takeProfit, 'takeProfit', priceScale, 'price', false);
    if (takeProfit instanceof Rejection) return takeProfit;
    const stopLoss = amountOf(c.stopLoss, 'stopLoss', priceScale, 'price', false);
    if (stopLoss instanceof Rejection) return stopLoss;
    if (takeProfit !== undefined) order.takeProfit = { id: order.id + 1, price: takeProfit };
    if (stopLoss !== undefined) order.stopLoss = { id: order.id + 2, price: stopLoss };
    return order;
  }

  /**
   * Moves the money for what the book did, event by event: a settle per fill, a release of what a finished
   * order still holds, a hold for each take-profit / stop-loss leg that became live. A leg whose hold the
   * balance cannot cover is cancelled afterwards.
   */
  private settleEvents(market: Market, events: CountedList<BookEvent>): void {
    // every maker's order and balances asked for before the first is settled, so that their cache misses overlap
    for (let i = 0; i < events.length; i++) {
      const event = events.get(i);
      const maker = event.type === 'fill' ? this.orders.get(event.makerOrderId) : undefined;
      if (maker === undefined) continue;
      this.ledger.prefetch(maker.baseAccount);
      this.ledger.prefetch(maker.quoteAccount);
    }
    let unfunded: number[] | undefined;
    for (let i = 0; i < events.length; i++) {
      const event = events.get(i);
      switch (event.type) {
        case 'fill':
          this.settleFill(market, event);
          break;
        case 'done':
        case 'cancelled':
          this.finish(market, event.orderId, event.type === 'done' ? 'filled' : 'cancelled', event.type === 'cancelled' ? event.reason : undefined);
          break;
        case 'conditional': {
          const userNo = event.userId;
          const userId = this.users.keys[userNo - 1]!;
          const need = this.ledgerAmount(market, requiredForConditional(market.spec, event, market.math));
          const account = this.coinOf(userNo, market, need.currency);
          // the second leg of a pair only adds what its partner's hold does not cover
          const partner = event.ocoWith === null ? undefined : this.orders.get(event.ocoWith);
          const extra = partner ? need.amount - partner.held : need.amount;
          const funded = extra <= 0n || this.ledger.covers(account, extra);
          if (funded && extra > 0n) {
            this.moveHeld('hold', userId, account, need.currency, extra);
          } else if (!funded) (unfunded ??= []).push(event.orderId);
          const held = funded && extra > 0n ? extra : 0n;
          this.exits.push({ orderId: event.orderId, parentId: event.parentId, userId, kind: event.kind, side: event.side, trigger: event.trigger, price: event.price, qty: event.qty });
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
            createdAt: this.fields.at,
            baseAccount: this.baseAccount(userNo, market),
            quoteAccount: this.quoteAccount(userNo, market),
          });
          break;
        }
        case 'triggered': {
          const order = this.mustFind(event.orderId);
          order.status = 'open';
          this.triggered.push({ orderId: order.id, userId: order.userId });
          break;
        }
        default:
          break;
      }
    }
    if (!unfunded) return;
    for (const orderId of unfunded) {
      if (!this.orders.has(orderId)) continue;
      const more = new CountedList<BookEvent>();
      market.book.cancel({ orderId, time: this.fields.at }, more);
      this.settleEvents(market, more);
    }
  }

  /** An order the book finished: released (or its hold passed to its live partner leg) and reported. */
  private finish(market: Market, orderId: number, status: 'filled' | 'cancelled', reason: string | undefined): void {
    const order = this.mustFind(orderId);
    this.orders.delete(order.id);
    if (order.clientOrderId !== null) this.clientIds.delete(clientKey(order.userId, order.clientOrderId));
    const partner = order.ocoWith === null ? undefined : this.orders.get(order.ocoWith);
    // a leg's hold covers its pair: while the other leg lives, the hold stays with it
    if (partner) partner.held += order.held;
    const released = partner ? 0n : order.held;
    if (released > 0n) this.moveHeld('release', order.userId, heldAccount(order, market), order.heldCurrency, released);
    order.status = status;
    order.held = 0n;
    const update: OrderUpdate = {
      orderId: order.id,
      userId: order.userId,
      status,
      filledQty: order.filledQty,
      filledQuote: order.filledQuote,
      avgPrice: order.filledQty === 0n ? 0n : (order.filledQuote * market.math.divBig) / order.filledQty,
      released,
    };
    if (reason !== undefined) update.reason = reason;
    this.updates.push(update);
  }

  private settleFill(market: Market, fill: FillEvent): void {
    const maker = this.mustFind(fill.makerOrderId);
    const taker = this.mustFind(fill.takerOrderId);
    const takerBuys = fill.takerSide === 'buy';
    const buyer = takerBuys ? taker : maker;
    const seller = takerBuys ? maker : taker;
    const baseAmount = fill.qty * market.baseFactor;
    const { base, quote } = market.config;
    const trade = this.stepFill;
    trade.buyer = buyer.userId;
    trade.seller = seller.userId;
    trade.base = base;
    trade.quote = quote;
    trade.baseAmount = baseAmount;
    trade.quoteAmount = fill.quote;
    trade.buyerFee = takerBuys ? fill.takerFee : fill.makerFee;
    trade.sellerFee = takerBuys ? fill.makerFee : fill.takerFee;
    const accounts = this.stepAccounts;
    accounts.sellerBase = seller.baseAccount;
    accounts.buyerBase = buyer.baseAccount;
    accounts.buyerQuote = buyer.quoteAccount;
    accounts.sellerQuote = seller.quoteAccount;
    accounts.feeBase = market.feeBase;
    accounts.feeQuote = market.feeQuote;
    this.failed('settle', this.ledger.settleTrade(trade, accounts, this));
    buyer.held -= fill.quote;
    seller.held -= baseAmount;
    maker.filledQty += fill.qty;
    maker.filledQuote += fill.quote;
    taker.filledQty += fill.qty;
    taker.filledQuote += fill.quote;
    this.trades.push({
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

  /** A hold (available → frozen) or a release (frozen → available) of a user's coin account. */
  private moveHeld(kind: 'hold' | 'release', userId: string, account: number, currency: string, amount: bigint): void {
    this.stepUser = userId;
    this.stepCurrency = currency;
    this.stepAmount = amount;
    this.failed(kind, this.ledger.moveAt(kind, account, amount, this));
  }

  /** The ledger handle of user number `userNo`'s coin account in the market's base currency. */
  private baseAccount(userNo: number, market: Market): number {
    return this.coin(userNo, market.baseNo, market.config.base);
  }

  /** The ledger handle of user number `userNo`'s coin account in the market's quote currency. */
  private quoteAccount(userNo: number, market: Market): number {
    return this.coin(userNo, market.quoteNo, market.config.quote);
  }

  /** The ledger handle of a user's coin account in one of the market's currencies. */
  private coinOf(userNo: number, market: Market, currency: string): number {
    return currency === market.config.base ? this.baseAccount(userNo, market) : this.quoteAccount(userNo, market);
  }

  /** The ledger handle of user number `userNo`'s coin account in currency number `currencyNo`. */
  private coin(userNo: number, currencyNo: number, currency: string): number {
    const known = this.coinHandles.get(userNo, currencyNo);
    if (known !== UNKNOWN) return known;
    const handle = this.ledger.accountHandle(accountKey(this.users.keys[userNo - 1]!, 'coin', currency));
    this.coinHandles.set(userNo, currencyNo, handle);
    return handle;
  }

  /**
   * What a market's settings give once: the base factor, the book's arithmetic, the fee accounts, currency numbers,
   * the price band's factors (its bounds computed again from the next last price).
   */
  private derived(config: SpotMarketConfig, spec: MarketSpec): Pick<Market, Exclude<keyof Market, 'config' | 'spec' | 'book' | 'halted'>> {
    const ledger = this.ledger;
    const band = priceBandOf(config) ?? 0;
    return {
      baseFactor: pow10(ledger.currencies.get(config.base)!.scale - config.qtyScale),
      math: marketMath(spec),
      feeBase: ledger.accountHandle(systemAccountKey(SYSTEM_ACCOUNTS.fees, config.base)),
      feeQuote: ledger.accountHandle(systemAccountKey(SYSTEM_ACCOUNTS.fees, config.quote)),
      baseNo: this.currencyNo(config.base),
      quoteNo: this.currencyNo(config.quote),
      band,
      bandUp: BigInt(100 + band),
      bandDown: BigInt(100 - band),
      bandLast: 0,
      bandMaxBuy: 0n,
      bandMinSell: 0n,
    };
  }

  private currencyNo(currency: string): number {
    let no = this.currencyNos.get(currency);
    if (no === undefined) {
      no = this.coinHandles.addCurrency();
      this.currencyNos.set(currency, no);
    }
    return no;
  }

  /** A ledger step of the running command was refused although the engine checked it would succeed. */
  private failed(kind: StepKind, problem: PostingProblem | null): void {
    if (problem) {
      const n = this.ledger.lastSeq - this.ledgerFrom + 1;
      throw new SpotInvariantError(`ledger step ${n} (${kind}) of ${this.fields.id} failed: ${problem.reason} ${problem.field ?? ''}`);
    }
  }

  /** The record of accepted command `id` as a result (without trades and order updates). */
  private acceptedResult(id: string, seq: number, duplicate: boolean): SpotAccepted {
    const accepted = this.accepted;
    const orderId = accepted.orderId(seq);
    const result: SpotAccepted = {
      ok: true,
      seq,
      id,
      kind: accepted.kind(seq),
      duplicate,
      trades: NO_TRADES,
      orders: NO_UPDATES,
      ledgerFrom: accepted.ledgerFrom(seq),
      ledgerTo: accepted.ledgerTo(seq),
    };
    if (orderId !== 0) result.orderId = orderId;
    return result;
  }

  private ledgerAmount(market: Market, need: Requirement): { currency: string; amount: bigint } {
    return need.asset === 'base'
      ? { currency: market.config.base, amount: need.amount * market.baseFactor }
      : { currency: market.config.quote, amount: need.amount };
  }

  private format(currency: string, minor: bigint): string {
    return this.ledger.currencies.format(currency, minor);
  }

  private track(order: OpenOrder): void {
    this.orders.set(order);
    if (order.clientOrderId !== null) this.clientIds.set(clientKey(order.userId, order.clientOrderId), order.id);
  }

  private mustFind(orderId: number): OpenOrder {
    const order = this.orders.get(orderId);
    if (!order) throw new SpotInvariantError(`the book reported order ${orderId}, which the engine does not track`);
    return order;
  }

  /** Gives a user the book's next number on their first accepted order. */
  private enlist(userId: string): void {
    this.coinHandles.reserveUser(this.users.add(userId) + 1);
  }
}

type SpotMarketChanges = import('./types').SpotMarketChanges;

function reject(command: CommandFields, rejection: Rejection): SpotRejected {
  const id: unknown = command.id;
  const result: SpotRejected = { ok: false, id: typeof id === 'string' ? id : '', kind: command.kind, reason: rejection.reason };
  if (rejection.field !== undefined) result.field = rejection.field;
  return result;
}

type AmountKey = 'price' | 'qty' | 'quote' | 'budget' | 'trigger' | 'takeProfit' | 'stopLoss';

/**
 * A decimal field of an order command in minor units (undefined when absent and not needed). The caller reads
 * the field by name: a load by a variable key is megamorphic over the commands' many shapes.
 */
function amountOf(input: unknown, field: AmountKey, scale: number, as: AmountField, needed: boolean): bigint | undefined | Rejection {
  if (input === undefined) return needed ? new Rejection('invalidField', field) : undefined;
  if (typeof input !== 'string') return new Rejection('invalidField', field);
  const parsed = orderAmount(input, scale, as);
  return typeof parsed === 'bigint' ? parsed : new Rejection(parsed, field);
}

/**
 * Whether a limit or stop-limit order's price lies beyond a banded market's band: a buy's more than the band above
 * the reference price (price × 100 > reference × (100 + band)), a sell's more than the band below it (price × 100 <
 * reference × (100 − band)), exactly in integers. The reference of a limit order is the last trade price (none
 * before the first trade: no check), whose bounds are computed once per new last price, so that an order compares
 * two bigints it already has; a stop-limit's is its own trigger price. Market orders are not checked, nor are
 * take-profit / stop-loss legs: their limit price is their trigger price, the price the market has just reached.
 */
function priceBandOutside(market: Market, order: PlaceOrder): boolean {
  if (order.type === 'market') return false;
  const buy = order.side === 'buy';
  if (order.type === 'stopLimit') {
    return buy ? order.price * 100n > order.trigger * market.bandUp : order.price * 100n < order.trigger * market.bandDown;
  }
  const last = market.book.lastMinor;
  if (last === 0) return false;
  if (last !== market.bandLast) {
    const reference = BigInt(last);
    market.bandLast = last;
    // price × 100 > r × up ⇔ price > ⌊r × up / 100⌋; price × 100 < r × down ⇔ price < ⌈r × down / 100⌉
    market.bandMaxBuy = (reference * market.bandUp) / 100n;
    market.bandMinSell = (reference * market.bandDown + 99n) / 100n;
  }
  return buy ? order.price > market.bandMaxBuy : order.price < market.bandMinSell;
}

/** The ledger handle of the account an open order's hold sits in. */
function heldAccount(order: OpenOrder, market: Market): number {
  return order.heldCurrency === market.config.base ? order.baseAccount : order.quoteAccount;
}

/** The SpotOrder fields of an order the engine keeps (without its account handles). */
function publicOrder(order: SpotOrder): SpotOrder {
  const { baseAccount: _base, quoteAccount: _quote, ...fields } = order as OpenOrder;
  return fields;
}

function maxExitId(order: PlaceOrder): number {
  if (order.type === 'stopLimit') return order.id;
  return Math.max(order.id, order.takeProfit?.id ?? 0, order.stopLoss?.id ?? 0);
}

function clientKey(userId: string, clientOrderId: string): string {
  return `${userId} ${clientOrderId}`;
}

/**
 * Which exit an `invalidExit` is about: the only one given; of two, the one on the wrong side of a limit's price
 * (a buy's take-profit above it, its stop-loss below; a sell the other way round), else the take-profit.
 */
function exitField(order: PlaceOrder): 'takeProfit' | 'stopLoss' {
  if (order.type === 'stopLimit' || order.stopLoss === undefined) return 'takeProfit';
  if (order.takeProfit === undefined) return 'stopLoss';
  if (order.type !== 'limit') return 'takeProfit';
  const buy = order.side === 'buy';
  const takeProfitWrong = buy ? order.takeProfit.price <= order.price : order.takeProfit.price >= order.price;
  const stopLossWrong = buy ? order.stopLoss.price >= order.price : order.stopLoss.price <= order.price;
  return stopLossWrong && !takeProfitWrong ? 'stopLoss' : 'takeProfit';
}

/** The command field a book reject reason is about: the minimum value is about the amount the order gives (a quote amount or a quantity). */
function fieldOf(reason: string, order: PlaceOrder): string {
  if (reason.startsWith('price') || reason === 'postOnlyWouldTake') return 'price';
  if (reason.startsWith('qty')) return 'qty';
  if (reason === 'belowMinNotional') return order.type === 'market' && order.quote !== undefined ? 'quote' : 'qty';
  if (reason.startsWith('quote')) return 'quote';
  if (reason === 'unknownFeeTier') return 'feeTier';
  if (reason === 'budgetRequired') return 'budget';
  if (reason === 'invalidExit') return 'takeProfit';
  return 'order';
}

/** JSON with bigints as digits and keys in a fixed order, for the canonical state. */
function canonicalJson(value: object): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (v && typeof v === 'object' && !Array.isArray(v)) return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return v;
  });
}
