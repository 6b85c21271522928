import type { AppliedSpotCommand, OrderStatus, SpotOrder, SpotTrade, TimeInForce } from '../../../core/engine';
import type { OrderKindName, OrderSide } from '../shared/types';

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
}

/** What an order's record starts from. */
type OrderFields = Omit<OrderRecord, 'final' | 'filledQty' | 'filledQuote' | 'fee' | 'released' | 'reason' | 'updatedAt'>;

/** One fill of one order. */
export interface FillRecord {
  trade: SpotTrade;
  orderId: number;
  maker: boolean;
}

/** Decimal text of a market's minor units (MarketFormat). */
export interface OrderFormat {
  price(minor: bigint): string;
  qty(minor: bigint): string;
}

/**
 * Spot orders and fills, projected from the spot command log: at start from the last commands of the durable log
 * (SpotExchange.load) and the engine's open orders, then extended with each accepted command once it is
 * committed. Finished orders live only here (the engine keeps open ones).
 */
export class OrderHistory {
  private readonly orders = new Map<number, OrderRecord>();
  private readonly byUser = new Map<string, OrderRecord[]>();
  private readonly fillsOf = new Map<number, FillRecord[]>();
  private readonly symbols: string[] = [];

  /** `rising`: the direction of a stop-limit this command placed (see OrderRecord.rising). */
  apply({ command, result }: AppliedSpotCommand, rising: boolean | null = null): void {
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
        rising: type === 'stop' ? rising : null,
        takeProfit: command.takeProfit ?? null,
        stopLoss: command.stopLoss ?? null,
        tif: command.tif ?? null,
        postOnly: command.postOnly === true,
        status: type === 'stop' ? 'conditional' : 'open',
        createdAt: command.at,
      });
    }
    for (const trade of result.trades) {
      this.fill(trade, trade.makerOrderId, trade.makerUserId, true);
      this.fill(trade, trade.takerOrderId, trade.takerUserId, false);
    }
    for (const update of result.orders) {
      const record = this.orders.get(update.orderId) ?? this.exitLeg(update.orderId, update.userId, command.at);
      if (!record) continue;
      Object.assign(record, {
        status: update.status,
        final: true,
        filledQty: update.filledQty,
        filledQuote: update.filledQuote,
        released: update.released,
        reason: update.reason ?? null,
        updatedAt: command.at,
      });
    }
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

  /** A member's orders, newest first. */
  ordersOf(userId: string): OrderRecord[] {
    return [...(this.byUser.get(userId) ?? [])].reverse();
  }

  fills(orderId: number): FillRecord[] {
    return this.fillsOf.get(orderId) ?? [];
  }

  private add(fields: OrderFields): OrderRecord {
    const record = this.record(fields);
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
    };
  }

  private fill(trade: SpotTrade, orderId: number, userId: string, maker: boolean): void {
    const record = this.orders.get(orderId) ?? this.exitLeg(orderId, userId, trade.at);
    const fills = this.fillsOf.get(orderId) ?? [];
    fills.push({ trade, orderId, maker });
    this.fillsOf.set(orderId, fills);
    if (!record) return;
    record.fee += maker ? trade.makerFee : trade.takerFee;
    record.updatedAt = trade.at;
    if (record.final) return;
    record.filledQty += trade.qty;
    record.filledQuote += trade.quote;
  }

  /** A take-profit (parent id + 1) or stop-loss (parent id + 2) leg, first seen when it trades or finishes. */
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
        price: null,
        qty: null,
        quote: null,
        trigger,
        rising: null,
        takeProfit: null,
        stopLoss: null,
        tif: null,
        postOnly: false,
        status: 'open',
        createdAt: at,
      });
    }
    return undefined;
  }
}
