// Public types of the order book: market settings, commands and the events a command yields.
// Amounts at this surface are bigint minor units; time and ids come in with the commands.

export type Side = 'buy' | 'sell';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';

/** What happens when an incoming order would trade against a resting order of the same user. */
export type SelfTradePolicy = 'cancelResting' | 'cancelTaker';

/** Fee rates in parts per million of the traded amount (1000 = 0.1 %). */
export interface FeeTier {
  makerPpm: number;
  takerPpm: number;
}

export interface MarketSpec {
  symbol: string;
  /** Decimals of a price (base_coin_scale): a price of 1.5 at scale 8 is 150000000n. */
  priceScale: number;
  /** Decimals of a base quantity (coin_coin_scale); base amounts are minor units at this scale. */
  qtyScale: number;
  /** Decimals of the quote asset's amounts (fills, fees, holds in quote). */
  quoteScale: number;
  /**
   * Decimals of the buyer's fee, the base asset's own (ledger) scale, ≥ qtyScale; absent: qtyScale. A fee of a small
   * buy is then charged to the base asset's smallest unit, not to the quantity's.
   */
  baseFeeScale?: number;
  /** Smallest price step, in price minor units. */
  tickSize: bigint;
  /** Smallest quantity step, in base minor units. */
  lotSize: bigint;
  /** Smallest order value, in quote minor units. */
  minNotional: bigint;
  /** Index = the user's fee tier. Tier 0 is the market's base rate. */
  feeTiers: readonly FeeTier[];
  selfTrade: SelfTradePolicy;
}

/** Take-profit / stop-loss attached to an order (the trade form's fullPrice/fullCheck, lossPrice/lossCheck). */
export interface AttachedExit {
  /** Id the conditional order will carry once the parent has filled. */
  id: number;
  /** Trigger price; once triggered the order enters the book as a limit at this price. */
  price: bigint;
}

interface OrderBase {
  /** Engine-assigned order id (a safe integer, unique per book). */
  id: number;
  userId: number;
  side: Side;
  /** Index into MarketSpec.feeTiers. */
  feeTier?: number;
  /** Command time, milliseconds; stored, never read from a clock. */
  time: number;
}

export interface LimitOrder extends OrderBase {
  type: 'limit';
  price: bigint;
  qty: bigint;
  tif?: TimeInForce;
  postOnly?: boolean;
  takeProfit?: AttachedExit;
  stopLoss?: AttachedExit;
}

/**
 * Market order by base quantity (qty) or by quote amount (quote), exactly one of them.
 * The side that spends an amount it did not name must bring a budget, so that what the ledger holds bounds
 * what the order can spend: a buy by qty names a quote budget, a sell by quote names a base budget.
 */
export interface MarketOrder extends OrderBase {
  type: 'market';
  qty?: bigint;
  quote?: bigint;
  budget?: bigint;
  takeProfit?: AttachedExit;
  stopLoss?: AttachedExit;
}

/** Stop-limit (the trade form's triggerMoney): rests off-book until the last trade price reaches trigger. */
export interface StopLimitOrder extends OrderBase {
  type: 'stopLimit';
  trigger: bigint;
  price: bigint;
  qty: bigint;
}

export type PlaceOrder = LimitOrder | MarketOrder | StopLimitOrder;

export interface CancelCommand {
  orderId: number;
  /** When given, the order must belong to this user. */
  userId?: number;
  time: number;
}

export type RejectReason =
  | 'duplicateId'
  | 'invalidField'
  | 'nonPositive'
  | 'outOfRange'
  | 'priceNotOnTick'
  | 'qtyNotOnLot'
  | 'belowMinNotional'
  | 'priceTooManyDecimals'
  | 'qtyTooManyDecimals'
  | 'quoteTooManyDecimals'
  | 'unknownFeeTier'
  | 'budgetRequired'
  | 'postOnlyWouldTake'
  | 'invalidExit'
  | 'unknownOrder'
  | 'notOwner';

/**
 * unfilledFok: a fill-or-kill order that could not fill completely, killed before it traded; sideFull: a triggered
 * order would lift one side's resting total above 2^53 − 1 minor units.
 */
export type CancelReason = 'user' | 'selfTrade' | 'unfilledIoc' | 'unfilledFok' | 'noLiquidity' | 'oco' | 'budget' | 'sideFull';

export type OrderKind = 'limit' | 'market' | 'stopLimit' | 'takeProfit' | 'stopLoss';

export interface AcceptedEvent {
  type: 'accepted';
  orderId: number;
  userId: number;
  side: Side;
  kind: OrderKind;
}
export interface RejectedEvent {
  type: 'rejected';
  orderId: number;
  reason: RejectReason;
}
export interface FillEvent {
  type: 'fill';
  /** Sequential per book, starting at 1. */
  tradeId: number;
  time: number;
  makerOrderId: number;
  makerUserId: number;
  takerOrderId: number;
  takerUserId: number;
  takerSide: Side;
  price: bigint;
  qty: bigint;
  /** price × qty in quote minor units, rounded down. */
  quote: bigint;
  /**
   * Fee of each side, charged in the asset that side receives: the buyer's in base minor units at the spec's
   * baseFeeScale, the seller's in quote minor units.
   */
  makerFee: bigint;
  takerFee: bigint;
}
/** Terminal: the order was cancelled with part or all of it unfilled. */
export interface CancelledEvent {
  type: 'cancelled';
  orderId: number;
  userId: number;
  side: Side;
  reason: CancelReason;
  filledQty: bigint;
  filledQuote: bigint;
  remainingQty: bigint;
}
/** Terminal: the order is complete (limit fully filled, market order reached its target). */
export interface DoneEvent {
  type: 'done';
  orderId: number;
  userId: number;
  side: Side;
  filledQty: bigint;
  filledQuote: bigint;
}
/** A take-profit or stop-loss became a live conditional order after its parent filled. */
export interface ConditionalEvent {
  type: 'conditional';
  orderId: number;
  parentId: number;
  userId: number;
  side: Side;
  kind: 'takeProfit' | 'stopLoss';
  trigger: bigint;
  price: bigint;
  qty: bigint;
  /** The other leg of the pair, cancelled when this one triggers. */
  ocoWith: number | null;
}
export interface TriggeredEvent {
  type: 'triggered';
  orderId: number;
  lastPrice: bigint;
}

export type BookEvent =
  | AcceptedEvent
  | RejectedEvent
  | FillEvent
  | CancelledEvent
  | DoneEvent
  | ConditionalEvent
  | TriggeredEvent;

/** Where the book appends a command's events: an array, or a list the caller reuses (CountedList). */
export interface BookEventSink {
  push(event: BookEvent): unknown;
}

export interface DepthLevel {
  price: bigint;
  qty: bigint;
  orders: number;
}
export interface DepthSnapshot {
  symbol: string;
  seq: number;
  bids: DepthLevel[];
  asks: DepthLevel[];
}

/** Funds an order needs held before it reaches the book. */
export interface Requirement {
  asset: 'base' | 'quote';
  amount: bigint;
}

/** A resting order as stored: enough to put it back in the book exactly. Amounts in minor units. */
export interface RestingOrderRecord {
  id: number;
  userId: number;
  side: Side;
  price: bigint;
  /** Remaining quantity. */
  qty: bigint;
  filledQty: bigint;
  filledQuote: bigint;
  /** Base fees paid so far, in quantity minor units, each fill's rounded up (a buy's exits are sized net of them). */
  baseFeesPaid: bigint;
  feeTier: number;
  time: number;
  takeProfit: AttachedExit | null;
  stopLoss: AttachedExit | null;
}

/** A conditional order (stop-limit, or a live take-profit / stop-loss leg) as stored. */
export interface StopOrderRecord {
  id: number;
  userId: number;
  side: Side;
  kind: 'stopLimit' | 'takeProfit' | 'stopLoss';
  trigger: bigint;
  price: bigint;
  qty: bigint;
  feeTier: number;
  time: number;
  rising: boolean;
  arrival: number;
  parentId: number | null;
  ocoWith: number | null;
}

/**
 * The whole state of a book as plain data, for persistence and for rebuilding at start. Resting orders are in
 * priority order per side (best price first, then time), so restoring them in this order gives the same book.
 */
export interface BookSnapshot {
  symbol: string;
  seq: number;
  tradeSeq: number;
  arrival: number;
  lastPrice: bigint | null;
  bids: RestingOrderRecord[];
  asks: RestingOrderRecord[];
  stops: StopOrderRecord[];
}

/** Resting orders to restore, in priority order: an array, or records read one at a time with their count. */
export interface RestingSource extends Iterable<RestingOrderRecord> {
  readonly length: number;
}

/**
 * What `OrderBook.restore` reads: a snapshot, or one whose resting orders a decoder reads as the book takes them, so
 * that a million decoded records are not all alive at once (each would outlive the young generation, to be copied
 * into the old one and marked there, and die right after).
 */
export type BookSource = Omit<BookSnapshot, 'bids' | 'asks'> & { bids: RestingSource; asks: RestingSource };
