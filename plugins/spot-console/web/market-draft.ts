import { compareDecimal, formatDecimal, isDecimalString, parseDecimal } from '../../../core/shared';
import type { ConsoleMarket, MarketInput, MarketUpdate, SelfTradePolicyName } from '../../spot/shared/types';

/** Fee rates travel as parts per million; operators read and type them in percent (1 % = 10,000 ppm). */
export const FEE_PERCENT_DECIMALS = 4;

/** 1000 ppm → "0.1". */
export const percentOfPpm = (ppm: number): string => formatDecimal(BigInt(ppm), FEE_PERCENT_DECIMALS);

/** "0.1" → 1000 ppm, exactly; undefined for anything but a decimal of at most four places. */
export function ppmOfPercent(percent: string): number | undefined {
  if (!isDecimalString(percent, { maxDecimals: FEE_PERCENT_DECIMALS })) return undefined;
  const ppm = parseDecimal(percent, FEE_PERCENT_DECIMALS);
  return ppm <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(ppm) : undefined;
}

/** The market form as typed: text per field, fees in percent. */
export interface MarketDraft {
  symbol: string;
  priceScale: string;
  qtyScale: string;
  tickSize: string;
  lotSize: string;
  minNotional: string;
  makerFee: string;
  takerFee: string;
  selfTrade: SelfTradePolicyName;
}

export type MarketField = keyof MarketDraft;

/** Price and quantity decimals of a new market unless the operator changes them (the server's default too). */
export const DEFAULT_MARKET_SCALE = 8;

export const NEW_MARKET_DRAFT: MarketDraft = {
  symbol: '',
  priceScale: String(DEFAULT_MARKET_SCALE),
  qtyScale: String(DEFAULT_MARKET_SCALE),
  tickSize: '',
  lotSize: '',
  minNotional: '',
  makerFee: '',
  takerFee: '',
  selfTrade: 'cancelTaker',
};

export const draftOfMarket = (market: ConsoleMarket): MarketDraft => ({
  symbol: market.symbol,
  priceScale: String(market.priceScale),
  qtyScale: String(market.qtyScale),
  tickSize: market.tickSize,
  lotSize: market.lotSize,
  minNotional: market.minNotional,
  makerFee: percentOfPpm(market.makerFeePpm),
  takerFee: percentOfPpm(market.takerFeePpm),
  selfTrade: market.selfTrade,
});

/** The form field showing a refusal of the server, which names the wire field. */
export function draftFieldOf(serverField: string | undefined): MarketField | undefined {
  if (serverField === 'makerFeePpm') return 'makerFee';
  if (serverField === 'takerFeePpm') return 'takerFee';
  return serverField !== undefined && serverField in NEW_MARKET_DRAFT ? (serverField as MarketField) : undefined;
}

/** Why a draft cannot be sent: the field and the key of its message. */
export interface DraftProblem {
  field: MarketField;
  problem: 'required' | 'invalidNumber' | 'invalidSymbol';
}

export type Checked<T> = { ok: true; body: T } | ({ ok: false } & DraftProblem);

const SYMBOL_FORMAT = /^[A-Z0-9]+\/[A-Z0-9]+$/;
const DECIMAL_FIELDS = ['tickSize', 'lotSize', 'minNotional'] as const;
const FEE_FIELDS = [
  ['makerFee', 'makerFeePpm'],
  ['takerFee', 'takerFeePpm'],
] as const;

const fail = (field: MarketField, problem: DraftProblem['problem']) => ({ ok: false as const, field, problem });
const numberProblem = (text: string): DraftProblem['problem'] => (text === '' ? 'required' : 'invalidNumber');

/** The settings both forms send: decimals as typed, fees in ppm. The first field at fault, when one is. */
function checkSettings(draft: MarketDraft): Checked<Omit<MarketInput, 'symbol' | 'priceScale' | 'qtyScale'>> {
  for (const field of DECIMAL_FIELDS) if (!isDecimalString(draft[field])) return fail(field, numberProblem(draft[field]));
  const fees: Record<string, number> = {};
  for (const [field, wire] of FEE_FIELDS) {
    const ppm = ppmOfPercent(draft[field]);
    if (ppm === undefined) return fail(field, numberProblem(draft[field]));
    fees[wire] = ppm;
  }
  const { tickSize, lotSize, minNotional, selfTrade } = draft;
  return { ok: true, body: { tickSize, lotSize, minNotional, makerFeePpm: fees.makerFeePpm!, takerFeePpm: fees.takerFeePpm!, selfTrade } };
}

/** POST /console/spot/markets from the add form; the server checks currencies, ranges and the tick against the scale. */
export function marketInputOf(draft: MarketDraft): Checked<MarketInput> {
  const symbol = draft.symbol.trim().toUpperCase();
  if (symbol === '') return fail('symbol', 'required');
  if (!SYMBOL_FORMAT.test(symbol)) return fail('symbol', 'invalidSymbol');
  for (const field of ['priceScale', 'qtyScale'] as const) {
    if (!/^\d+$/.test(draft[field])) return fail(field, numberProblem(draft[field]));
  }
  const settings = checkSettings(draft);
  if (!settings.ok) return settings;
  return { ok: true, body: { symbol, priceScale: Number(draft.priceScale), qtyScale: Number(draft.qtyScale), ...settings.body } };
}

/** POST /console/spot/markets/update from the edit form: only the settings that differ from the market's. */
export function marketUpdateOf(market: ConsoleMarket, draft: MarketDraft): Checked<MarketUpdate> {
  const settings = checkSettings(draft);
  if (!settings.ok) return settings;
  const { makerFeePpm, takerFeePpm, selfTrade } = settings.body;
  const update: MarketUpdate = { symbol: market.symbol };
  for (const field of DECIMAL_FIELDS) if (compareDecimal(draft[field], market[field]) !== 0) update[field] = draft[field];
  if (makerFeePpm !== market.makerFeePpm) update.makerFeePpm = makerFeePpm;
  if (takerFeePpm !== market.takerFeePpm) update.takerFeePpm = takerFeePpm;
  if (selfTrade !== market.selfTrade) update.selfTrade = selfTrade;
  return { ok: true, body: update };
}

/** True when an update carries a change besides the symbol. */
export const changesAnything = (update: MarketUpdate): boolean => Object.keys(update).length > 1;
