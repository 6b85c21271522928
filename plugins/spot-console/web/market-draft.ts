import { compareDecimal, formatDecimal, isDecimalString, parseDecimal } from '../../../core/shared';
import type { ConsoleMarket, MarketInput, MarketUpdate, SelfTradePolicyName } from '../../spot/shared/types';

/** Fee rates travel as parts per million; operators read and type them in percent (1 % = 10,000 ppm). */
export const FEE_PERCENT_DECIMALS = 4;
/** The highest fee the server takes (100,000 ppm), in percent. */
export const FEE_PERCENT_MAX = '10';
/** The most price or quantity decimals a market may have (the server's limit). */
export const MARKET_SCALE_MAX = 18;
/** The widest price band in percent (the engine's PRICE_BAND_MAX: the console is a web bundle, not the engine's). */
export const PRICE_BAND_MAX = 99;

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
  /** Whole percent, 0 for none. */
  priceBandPercent: string;
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
  priceBandPercent: '0',
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
  priceBandPercent: String(market.priceBandPercent),
});

/** The form field showing a refusal of the server, which names the wire field. */
export function draftFieldOf(serverField: string | undefined): MarketField | undefined {
  if (serverField === 'makerFeePpm') return 'makerFee';
  if (serverField === 'takerFeePpm') return 'takerFee';
  return serverField !== undefined && serverField in NEW_MARKET_DRAFT ? (serverField as MarketField) : undefined;
}

/** Why a field of a draft cannot be sent: the field, the key of its message and the values the message names. */
export interface DraftProblem {
  field: MarketField;
  problem: 'required' | 'invalidNumber' | 'invalidSymbol' | 'scaleRange' | 'notPositive' | 'tooManyDecimals' | 'feeTooHigh';
  params?: Record<string, string | number>;
}

/** The body to send, or every field at fault (at most one problem each, in the order of the form). */
export type Checked<T> = { ok: true; body: T } | { ok: false; problems: DraftProblem[] };

const SYMBOL_FORMAT = /^[A-Z0-9]+\/[A-Z0-9]+$/;
const DECIMAL_FIELDS = ['tickSize', 'lotSize', 'minNotional'] as const;
/** The steps and the scale that bounds their decimals. */
const STEP_SCALES = { tickSize: 'priceScale', lotSize: 'qtyScale' } as const;
const FEE_FIELDS = [
  ['makerFee', 'makerFeePpm'],
  ['takerFee', 'takerFeePpm'],
] as const;

type Scales = Pick<ConsoleMarket, 'priceScale' | 'qtyScale'>;
type Settings = Omit<MarketInput, 'symbol' | 'priceScale' | 'qtyScale'>;

const problemOf = (field: MarketField, problem: DraftProblem['problem'], params?: DraftProblem['params']): DraftProblem => ({ field, problem, ...(params && { params }) });
const numberProblem = (text: string): DraftProblem['problem'] => (text === '' ? 'required' : 'invalidNumber');

/** A whole number typed into `field`, or the problem with it (`scaleRange` names the highest value). */
function wholeNumber(draft: MarketDraft, field: 'priceScale' | 'qtyScale' | 'priceBandPercent', max: number): number | DraftProblem {
  if (!/^\d+$/.test(draft[field])) return problemOf(field, numberProblem(draft[field]));
  return Number(draft[field]) > max ? problemOf(field, 'scaleRange', { max }) : Number(draft[field]);
}

/**
 * The settings both forms send: decimals as typed, fees in ppm, the price band in whole percent. Every field at
 * fault: besides the format, the limits the server would refuse with a message naming no number (steps above zero
 * within the market's decimals, fees at most 10 %) and the band's range. A step is not held against a scale that is
 * itself at fault (undefined here).
 */
function checkSettings(draft: MarketDraft, scales: Partial<Scales>): Checked<Settings> {
  const problems: DraftProblem[] = [];
  for (const field of DECIMAL_FIELDS) {
    if (!isDecimalString(draft[field])) {
      problems.push(problemOf(field, numberProblem(draft[field])));
      continue;
    }
    if (field === 'minNotional') continue;
    const scale = scales[STEP_SCALES[field]];
    if (compareDecimal(draft[field], '0') === 0) problems.push(problemOf(field, 'notPositive'));
    else if (scale !== undefined && !isDecimalString(draft[field], { maxDecimals: scale })) problems.push(problemOf(field, 'tooManyDecimals', { max: scale }));
  }
  const fees: Record<string, number> = {};
  for (const [field, wire] of FEE_FIELDS) {
    const ppm = ppmOfPercent(draft[field]);
    if (ppm === undefined) problems.push(problemOf(field, numberProblem(draft[field])));
    else if (compareDecimal(draft[field], FEE_PERCENT_MAX) > 0) problems.push(problemOf(field, 'feeTooHigh', { max: FEE_PERCENT_MAX }));
    else fees[wire] = ppm;
  }
  const priceBandPercent = wholeNumber(draft, 'priceBandPercent', PRICE_BAND_MAX);
  if (typeof priceBandPercent !== 'number') problems.push(priceBandPercent);
  if (typeof priceBandPercent !== 'number' || problems.length > 0) return { ok: false, problems };
  const { tickSize, lotSize, minNotional, selfTrade } = draft;
  return { ok: true, body: { tickSize, lotSize, minNotional, makerFeePpm: fees.makerFeePpm!, takerFeePpm: fees.takerFeePpm!, selfTrade, priceBandPercent } };
}

function symbolProblem(symbol: string): DraftProblem | undefined {
  if (symbol === '') return problemOf('symbol', 'required');
  return SYMBOL_FORMAT.test(symbol) ? undefined : problemOf('symbol', 'invalidSymbol');
}

const numberOrUndefined = (checked: number | DraftProblem) => (typeof checked === 'number' ? checked : undefined);

/** POST /console/spot/markets from the add form; the server checks the currencies (and the quantity decimals against the base's). */
export function marketInputOf(draft: MarketDraft): Checked<MarketInput> {
  const symbol = draft.symbol.trim().toUpperCase();
  const symbolFault = symbolProblem(symbol);
  const priceScale = wholeNumber(draft, 'priceScale', MARKET_SCALE_MAX);
  const qtyScale = wholeNumber(draft, 'qtyScale', MARKET_SCALE_MAX);
  const settings = checkSettings(draft, { priceScale: numberOrUndefined(priceScale), qtyScale: numberOrUndefined(qtyScale) });
  if (!symbolFault && typeof priceScale === 'number' && typeof qtyScale === 'number' && settings.ok) {
    return { ok: true, body: { symbol, priceScale, qtyScale, ...settings.body } };
  }
  const problems = [symbolFault, priceScale, qtyScale].filter((checked): checked is DraftProblem => typeof checked === 'object');
  return { ok: false, problems: settings.ok ? problems : [...problems, ...settings.problems] };
}

/** POST /console/spot/markets/update from the edit form: only the settings that differ from the market's. */
export function marketUpdateOf(market: ConsoleMarket, draft: MarketDraft): Checked<MarketUpdate> {
  const settings = checkSettings(draft, market);
  if (!settings.ok) return settings;
  const { makerFeePpm, takerFeePpm, selfTrade, priceBandPercent } = settings.body;
  const update: MarketUpdate = { symbol: market.symbol };
  for (const field of DECIMAL_FIELDS) if (compareDecimal(draft[field], market[field]) !== 0) update[field] = draft[field];
  if (makerFeePpm !== market.makerFeePpm) update.makerFeePpm = makerFeePpm;
  if (takerFeePpm !== market.takerFeePpm) update.takerFeePpm = takerFeePpm;
  if (selfTrade !== market.selfTrade) update.selfTrade = selfTrade;
  if (priceBandPercent !== market.priceBandPercent) update.priceBandPercent = priceBandPercent;
  return { ok: true, body: update };
}

/** True when an update carries a change besides the symbol. */
export const changesAnything = (update: MarketUpdate): boolean => Object.keys(update).length > 1;
