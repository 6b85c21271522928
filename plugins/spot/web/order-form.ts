// The trade form's maths and the order it sends (spec: buyData / sellData), exact in decimal strings.
import { compareDecimal, divRound, formatDecimal, normalizeNumericInput, parseDecimal } from '../../../core/shared';
import { bandRefusalText, outsideBand, type BandRefusalText } from '../shared/price-band';
import type { OrderSide, OrderType, PlaceOrderInput, SpotSymbol } from '../shared/types';
import { decimalsOf, divideDown, floorToStep, isPositive, minorAt, multiplyDown, readDecimal } from './decimal';

/** The percentage slider's marks. */
export const PERCENT_MARKS = [25, 50, 75, 100] as const;

/** What the member typed, per side (spec: the trade form state). */
export interface OrderDraft {
  price: string;
  num: string;
  money: string;
  triggerMoney: string;
  fullCheck: boolean;
  fullPrice: string;
  lossCheck: boolean;
  lossPrice: string;
}

export const emptyDraft = (price = ''): OrderDraft => ({
  price,
  num: '',
  money: '',
  triggerMoney: '',
  fullCheck: false,
  fullPrice: '',
  lossCheck: false,
  lossPrice: '',
});

export type DraftField = 'price' | 'num' | 'money' | 'triggerMoney' | 'fullPrice' | 'lossPrice';

/** The market's decimals of each field: prices at base_coin_scale, quantities at coin_coin_scale, quote amounts at the quote balance's scale. */
export function fieldDecimals(field: DraftField, market: Pick<SpotSymbol, 'base_coin_scale' | 'coin_coin_scale'>, quoteScale: number): number {
  if (field === 'num') return market.coin_coin_scale;
  if (field === 'money') return quoteScale;
  return market.base_coin_scale;
}

/** The spec's numeric input rules applied to what was typed into a field. */
export function cleanInput(field: DraftField, raw: string, market: Pick<SpotSymbol, 'base_coin_scale' | 'coin_coin_scale'>, quoteScale: number): string {
  return normalizeNumericInput(raw, fieldDecimals(field, market, quoteScale));
}

/**
 * A price the form fills in itself (the last price, a price picked in the book or the trades): with all the
 * market's price decimals, as the book shows it.
 */
export function presetPrice(raw: string, market: Pick<SpotSymbol, 'base_coin_scale' | 'coin_coin_scale'>, quoteScale: number): string {
  const clean = cleanInput('price', raw, market, quoteScale);
  const decimals = fieldDecimals('price', market, quoteScale);
  return readDecimal(clean) === null ? clean : formatDecimal(minorAt(clean, decimals), decimals, { fixed: true });
}

/** Whether the form asks for a quote amount (money) instead of a quantity: a market buy. */
export const spendsQuote = (side: OrderSide, type: OrderType): boolean => side === 'buy' && type === 'market';

/** `percent` % of an available balance, truncated to `scale`. */
export function percentOf(available: string, percent: number, scale: number): string {
  return formatDecimal((minorAt(available, scale) * BigInt(percent)) / 100n, scale);
}

export interface PercentContext {
  side: OrderSide;
  type: OrderType;
  /** The limit price typed (limit and stop buys need it). */
  price: string;
  /** Available balance of what the side spends: the quote currency for a buy, the base for a sell. */
  available: string;
  percent: number;
  market: Pick<SpotSymbol, 'coin_coin_scale' | 'lot_size'>;
  quoteScale: number;
}

/**
 * The slider's value: a market buy spends `percent` % of the quote balance (money); a limit or stop buy buys
 * what that buys at the typed price; a sell sells `percent` % of the base balance. Quantities round down to
 * the lot. Null when a buy has no price yet.
 */
export function amountForPercent(context: PercentContext): Partial<Pick<OrderDraft, 'num' | 'money'>> | null {
  const { side, type, price, available, percent, market, quoteScale } = context;
  const share = percentOf(readDecimal(available) ?? '0', percent, Math.max(quoteScale, market.coin_coin_scale));
  if (spendsQuote(side, type)) return { money: percentOf(share, 100, quoteScale) };
  if (side === 'sell') return { num: floorToStep(percentOf(share, 100, market.coin_coin_scale), market.lot_size) };
  const limit = readDecimal(price);
  if (!isPositive(limit)) return null;
  return { num: floorToStep(divideDown(share, limit, market.coin_coin_scale), market.lot_size) };
}

/**
 * The draft with a new price while the slider stands at `percent`: a limit or stop buy buys that share of the
 * quote balance at the new price (no amount while the price is incomplete). A sell's or a market buy's amount
 * does not depend on the price, and at 0 % the amount is the member's own: both stay.
 */
export function repriceDraft(draft: OrderDraft, price: string, context: Omit<PercentContext, 'price'>): OrderDraft {
  const { side, type, percent } = context;
  if (percent === 0 || side === 'sell' || spendsQuote(side, type)) return { ...draft, price };
  return { ...draft, price, num: amountForPercent({ ...context, price })?.num ?? '' };
}

/** Whether the slider has anything to take a percentage of: a signed-in member's positive available balance. */
export const canUsePercent = (isLogin: boolean, available: string): boolean => isLogin && isPositive(readDecimal(available));

/** The draft once its order is placed: the price and the trigger stay for the next order; the amount and the exits go. */
export const afterPlaced = (draft: OrderDraft): OrderDraft => ({ ...emptyDraft(draft.price), triggerMoney: draft.triggerMoney });

/** price × quantity truncated to the quote decimals, or null while either is incomplete. */
export function orderTotal(price: string, num: string, quoteScale: number): string | null {
  const p = readDecimal(price);
  const q = readDecimal(num);
  return p !== null && q !== null ? multiplyDown(p, q, quoteScale) : null;
}

/**
 * How far (in percent) a limit or stop-limit price may be worse for the member than the last price before the
 * form asks whether to place the order: a buy priced above the last price, a sell below it. The engine takes any
 * price on the tick, so a slip of the decimal point (5 instead of 0.05) would otherwise trade at once far from
 * the market.
 */
export const FAR_PRICE_PERCENT = 10;

/**
 * How far the order's limit price (a stop-limit's too, not its trigger) is worse than the last price, in percent
 * rounded half-up to one decimal ("10404.2"), when that is more than FAR_PRICE_PERCENT; otherwise null. A buy
 * below or a sell above the last price only waits in the book, and a market order, an incomplete price or a market
 * without a last price has nothing to compare: null too.
 */
export function farFromLast(side: OrderSide, type: OrderType, draft: Pick<OrderDraft, 'price'>, lastPrice: string | null): string | null {
  const limit = readDecimal(draft.price);
  const last = readDecimal(lastPrice);
  if (type === 'market' || !isPositive(limit) || !isPositive(last)) return null;
  const scale = Math.max(decimalsOf(limit), decimalsOf(last));
  const [ours, market] = [parseDecimal(limit, scale), parseDecimal(last, scale)];
  const worse = side === 'buy' ? ours - market : market - ours;
  if (worse * 100n <= BigInt(FAR_PRICE_PERCENT) * market) return null;
  return formatDecimal(divRound(worse * 1000n, market, 'half-up'), 1);
}

/**
 * The refusal a banded market's engine would give the order, in the server's words and values, or null: a limit
 * price more than the band beyond the last price, a stop-limit's beyond its own trigger price (a buy above, a sell
 * below). The form says so at once rather than asking whether to place an order that cannot be placed.
 */
export function bandRefusal(side: OrderSide, type: OrderType, draft: Pick<OrderDraft, 'price' | 'triggerMoney'>, market: SpotSymbol, lastPrice: string | null): BandRefusalText | null {
  const percent = market.price_band_percent;
  const price = readDecimal(draft.price);
  const reference = readDecimal(type === 'stop' ? draft.triggerMoney : lastPrice);
  if (!percent || type === 'market' || !isPositive(price) || !isPositive(reference)) return null;
  const scale = market.base_coin_scale;
  const [ours, from] = [minorAt(price, scale), minorAt(reference, scale)];
  if (!outsideBand(side, ours, from, percent)) return null;
  return bandRefusalText(side, type === 'stop', from, { percent, tick: minorAt(market.tick_size, scale), scale, currency: market.quote_symbol });
}

/** Whether an order of this type may carry take-profit / stop-loss (the engine refuses them on a stop-limit). */
export const takesExits = (type: OrderType): boolean => type !== 'stop';

/** The fields an order of this side and type needs before it is sent. */
export function requiredFields(side: OrderSide, type: OrderType, draft: Pick<OrderDraft, 'fullCheck' | 'lossCheck'>): DraftField[] {
  const fields: DraftField[] = [];
  if (type !== 'market') fields.push('price');
  fields.push(spendsQuote(side, type) ? 'money' : 'num');
  if (type === 'stop') fields.push('triggerMoney');
  if (takesExits(type) && draft.fullCheck) fields.push('fullPrice');
  if (takesExits(type) && draft.lossCheck) fields.push('lossPrice');
  return fields;
}

/** What a required field lacks: a value (nothing typed), or a value above zero ("0", "0.00"); null when it has one. */
export function missingValue(value: string): 'errRequired' | 'errNonPositive' | null {
  if (!/\d/.test(value)) return 'errRequired';
  return /[1-9]/.test(value) ? null : 'errNonPositive';
}

/** A refusal of the order's amount, under the field the server names (`money` for a market buy, else `num`). */
export interface AmountRefusal {
  field: 'num' | 'money';
  key: 'errBelowMinNotional' | 'errInsufficientFunds';
  params?: { value: string; currency: string };
}

/**
 * The refusal the engine would give the order's amount, in the server's words and values, or null. Below the
 * market's minimum value: a limit or stop-limit order's price × quantity (truncated to the quote currency's
 * decimals, as the engine counts it), a market buy's quote amount; a market sell has no price to value it at.
 * More than the member holds: a limit or stop-limit buy holds that price × quantity of the quote currency, a
 * market buy its quote amount, a sell its quantity of the base currency. `available` is the balance of what the
 * side spends, null when it is not known (signed out): then only the minimum is checked. Exact in bigint.
 */
export function amountRefusal(
  side: OrderSide,
  type: OrderType,
  draft: Pick<OrderDraft, 'price' | 'num' | 'money'>,
  market: Pick<SpotSymbol, 'quote_symbol' | 'min_notional'>,
  quoteScale: number,
  available: string | null,
): AmountRefusal | null {
  const field = spendsQuote(side, type) ? 'money' : 'num';
  const amount = readDecimal(draft[field]);
  if (!isPositive(amount)) return null;
  let value: string | null = null;
  if (field === 'money') value = formatDecimal(minorAt(amount, quoteScale), quoteScale);
  else if (type !== 'market') {
    const price = readDecimal(draft.price);
    if (!isPositive(price)) return null;
    value = multiplyDown(price, amount, quoteScale);
  }
  const minimum = readDecimal(market.min_notional);
  if (value !== null && minimum !== null && compareDecimal(value, minimum) < 0) {
    return { field, key: 'errBelowMinNotional', params: { value: market.min_notional, currency: market.quote_symbol } };
  }
  const held = readDecimal(available);
  const need = side === 'buy' ? value : amount;
  if (held !== null && need !== null && compareDecimal(need, held) > 0) return { field, key: 'errInsufficientFunds' };
  return null;
}

/** The body of POST /coin/entrust/exchange/{x}: only the fields the order type uses. */
export function placeOrderInput(side: OrderSide, type: OrderType, draft: OrderDraft): PlaceOrderInput {
  const input: PlaceOrderInput = { side, type };
  if (type !== 'market') input.price = draft.price;
  if (spendsQuote(side, type)) input.money = draft.money;
  else input.num = draft.num;
  if (type === 'stop') input.triggerMoney = draft.triggerMoney;
  if (takesExits(type) && draft.fullCheck) Object.assign(input, { fullCheck: true, fullPrice: draft.fullPrice });
  if (takesExits(type) && draft.lossCheck) Object.assign(input, { lossCheck: true, lossPrice: draft.lossPrice });
  return input;
}
