import type { AppliedSpotCommand, OrderStatus, SpotTrade } from '../../../core/engine';
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
  takeProfit: string | null;
  stopLoss: string | null;
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

/** One fill of one order. */
export interface FillRecord {
  trade: SpotTrade;
  orderId: number;
  maker: boolean;
}

/**
 * Every spot order and fill, projected from the spot command log: rebuilt from the durable log at start and
 * extended with each accepted command once it is committed. Finished orders live only here (the engine keeps
 * open ones), so history and fills survive a restart exactly as the log does.
 */
export class OrderHistory {
  private readonly orders = new Map<number, OrderRecord>();
  private readonly byUser = new Map<string, OrderRecord[]>();
  private readonly fillsOf = new Map<number, FillRecord[]>();
  private readonly symbols: string[] = [];

  apply({ command, result }: AppliedSpotCommand): void {
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
        takeProfit: command.takeProfit ?? null,
        stopLoss: command.stopLoss ?? null,
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

  private add(fields: Omit<OrderRecord, 'final' | 'filledQty' | 'filledQuote' | 'fee' | 'released' | 'reason' | 'updatedAt'>): OrderRecord {
    const record: OrderRecord = { ...fields, final: false, filledQty: 0n, filledQuote: 0n, fee: 0n, released: 0n, reason: null, updatedAt: fields.createdAt };
    this.orders.set(record.id, record);
    const list = this.byUser.get(record.userId) ?? [];
    list.push(record);
    this.byUser.set(record.userId, list);
    return record;
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
        takeProfit: null,
        stopLoss: null,
        status: 'open',
        createdAt: at,
      });
    }
    return undefined;
  }
}
