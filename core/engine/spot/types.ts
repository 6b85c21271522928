// Commands, results and state of the spot exchange engine. Amounts on commands are decimal strings in the
// market's scales; inside they are bigint minor units. Time (`at`) and ids come in with the commands.
import type { FeeTier, SelfTradePolicy, Side, TimeInForce } from '../book/types';

/** A market as configured: the book's settings in decimal form, and the ledger currencies it trades. */
export interface SpotMarketConfig {
  symbol: string;
  /** Ledger currency codes. */
  base: string;
  quote: string;
  /** Decimals of a price and of a base quantity; qtyScale ≤ the base currency's scale. */
  priceScale: number;
  qtyScale: number;
  /** Decimal strings: smallest price step, quantity step, and order value in quote. */
  tickSize: string;
  lotSize: string;
  minNotional: string;
  feeTiers: readonly FeeTier[];
  selfTrade: SelfTradePolicy;
  /**
   * The price band in whole percent (0 to PRICE_BAND_MAX; absent or 0: none): a limit buy may be priced at most
   * this much above the last trade price, a limit sell at most this much below it, a stop-limit's limit price as
   * much above (buy) or below (sell) its trigger price. Configs stored before the band have none.
   */
  priceBandPercent?: number;
}

/** What may change on a market that already has orders (scales and currencies never do). */
export type SpotMarketChanges = Partial<
  Pick<SpotMarketConfig, 'tickSize' | 'lotSize' | 'minNotional' | 'feeTiers' | 'selfTrade' | 'priceBandPercent'>
>;

interface SpotCommandBase {
  /** Idempotency id (≤ 100 characters): a repeat of an accepted id returns its first result. */
  id: string;
  /** Epoch milliseconds, given by the caller. */
  at: number;
}

export interface AddMarket extends SpotCommandBase {
  kind: 'addMarket';
  market: SpotMarketConfig;
}

export interface UpdateMarket extends SpotCommandBase {
  kind: 'updateMarket';
  symbol: string;
  changes: SpotMarketChanges;
}

/** A halted market refuses new orders; cancels still work. */
export interface HaltMarket extends SpotCommandBase {
  kind: 'haltMarket';
  symbol: string;
  halted: boolean;
}

export interface PlaceSpotOrder extends SpotCommandBase {
  kind: 'placeOrder';
  userId: string;
  symbol: string;
  side: Side;
  type: 'limit' | 'market' | 'stopLimit';
  price?: string;
  qty?: string;
  /** Market order by quote amount. */
  quote?: string;
  /** Market buy by qty: the most quote it may spend; market sell by quote: the most base. */
  budget?: string;
  trigger?: string;
  tif?: TimeInForce;
  postOnly?: boolean;
  /** Trigger prices of the take-profit and stop-loss exits (limit and market orders). */
  takeProfit?: string;
  stopLoss?: string;
  feeTier?: number;
  clientOrderId?: string;
}

export interface CancelSpotOrder extends SpotCommandBase {
  kind: 'cancelOrder';
  userId: string;
  symbol: string;
  /** The engine's order id, or the client order id the order was placed with. */
  orderId?: number;
  clientOrderId?: string;
}

export type SpotCommand = AddMarket | UpdateMarket | HaltMarket | PlaceSpotOrder | CancelSpotOrder;

export type SpotRejectReason =
  | 'invalidCommand'
  | 'invalidMarket'
  | 'unknownMarket'
  | 'duplicateMarket'
  | 'marketHalted'
  | 'invalidUser'
  | 'duplicateClientOrderId'
  | 'insufficientFunds'
  /** A limit price beyond the market's price band from the last trade price (a stop-limit's: from its trigger). */
  | 'priceOutsideBand'
  /** Take-profit or stop-loss on a stop-limit order, which cannot carry them. */
  | 'exitNotAllowed'
  /** At or before the time of a command the accepted-id window forgot: it could be a repeat of one (AcceptedIds). */
  | 'staleCommand'
  | import('../book/types').RejectReason;

export type OrderStatus = 'open' | 'conditional' | 'filled' | 'cancelled';

/** An order as the engine tracks it while it is open or conditional. Amounts in market minor units. */
export interface SpotOrder {
  id: number;
  clientOrderId: string | null;
  userId: string;
  symbol: string;
  side: Side;
  kind: 'limit' | 'market' | 'stopLimit' | 'takeProfit' | 'stopLoss';
  price: bigint | null;
  qty: bigint | null;
  status: OrderStatus;
  filledQty: bigint;
  filledQuote: bigint;
  /** What the ledger still holds for it, in the held currency's minor units. */
  held: bigint;
  heldCurrency: string;
  /** The other leg of a take-profit / stop-loss pair: the pair shares one hold, kept on the live leg. */
  ocoWith: number | null;
  createdAt: number;
}

export interface SpotTrade {
  tradeId: number;
  symbol: string;
  price: bigint;
  qty: bigint;
  quote: bigint;
  makerOrderId: number;
  takerOrderId: number;
  makerUserId: string;
  takerUserId: string;
  takerSide: Side;
  /** The buyer's fee in the base currency's minor units (its ledger scale), the seller's in the quote's. */
  makerFee: bigint;
  takerFee: bigint;
  at: number;
}

/** How an order ended in this command (filled, or cancelled with why). */
export interface OrderUpdate {
  orderId: number;
  userId: string;
  status: OrderStatus;
  filledQty: bigint;
  filledQuote: bigint;
  /** Average fill price in price minor units (0 when nothing filled), rounded down. */
  avgPrice: bigint;
  reason?: string;
  /** Funds the ledger returned to available when the order finished. */
  released: bigint;
}

/**
 * A take-profit or stop-loss leg that became a live conditional order in this command (its parent finished with
 * something filled): it waits for its trigger, then enters the book as a limit at `price`. Market minor units.
 */
export interface ExitLeg {
  orderId: number;
  parentId: number;
  userId: string;
  kind: 'takeProfit' | 'stopLoss';
  side: Side;
  trigger: bigint;
  price: bigint;
  qty: bigint;
}

/** A conditional order (a stop-limit, a take-profit / stop-loss leg) whose trigger a command's trades reached. */
export interface TriggeredOrder {
  orderId: number;
  userId: string;
}

export interface SpotAccepted {
  ok: true;
  seq: number;
  id: string;
  kind: SpotCommand['kind'];
  duplicate: boolean;
  /** The order placed (placeOrder) or cancelled (cancelOrder). */
  orderId?: number;
  /**
   * A stop-limit placed: true when it waits for the price to rise to its trigger (the trigger was at or above the
   * last trade price), false when it waits for it to fall. Absent for other commands (and in logs written before).
   */
  stopRising?: boolean;
  trades: SpotTrade[];
  orders: OrderUpdate[];
  /**
   * The take-profit / stop-loss legs this command made live, in the order it made them (before `trades` and
   * `orders` name them); absent when none, and in logs written before.
   */
  exits?: ExitLeg[];
  /**
   * The conditional orders this command's trades triggered into the book (their owners learn of it), in trigger
   * order; absent when none, and in logs written before.
   */
  triggered?: TriggeredOrder[];
  /** Ledger sequence numbers this command used: (ledgerFrom, ledgerTo]. */
  ledgerFrom: number;
  ledgerTo: number;
}

/** Rejected commands change nothing and are not recorded: the same id may be sent again. */
export interface SpotRejected {
  ok: false;
  id: string;
  kind: SpotCommand['kind'];
  reason: SpotRejectReason;
  field?: string;
}

export type SpotResult = SpotAccepted | SpotRejected;

export interface AppliedSpotCommand {
  command: SpotCommand;
  result: SpotAccepted;
}
