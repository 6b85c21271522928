import { formatDecimal, mulDiv, parseDecimal, pow10, splitDecimal } from '../../../core/shared';
import type { LiveTicker } from '../shared/service';
import { CONTRACT_TYPE } from '../shared/types';
import { listingKey } from './catalogue';

/** Ticker columns of market_symbol, decimal strings. */
export type TickerValues = LiveTicker;

type ReferenceQuote = Omit<TickerValues, 'amount'>;

/**
 * Fixed reference quotes for demo sites: plausible, the same on every start, shown as demo prices.
 * amount (quote turnover) is derived exactly as close × vol.
 */
const SPOT_REFERENCE: Record<string, ReferenceQuote> = {
  BTC: { close: '67250.15', zdf: '2.35', high: '67980.00', low: '65412.30', vol: '18452.381' },
  ETH: { close: '3521.42', zdf: '1.84', high: '3566.10', low: '3440.05', vol: '215340.52' },
  BNB: { close: '598.30', zdf: '-0.62', high: '606.40', low: '591.20', vol: '410233.1' },
  SOL: { close: '152.874', zdf: '5.12', high: '155.210', low: '144.600', vol: '3120456.7' },
  XRP: { close: '0.5234', zdf: '-1.12', high: '0.5340', low: '0.5175', vol: '612003451' },
  ADA: { close: '0.4521', zdf: '0.88', high: '0.4590', low: '0.4460', vol: '284551023' },
  DOGE: { close: '0.15872', zdf: '7.46', high: '0.16110', low: '0.14730', vol: '2904411876' },
  TRX: { close: '0.12431', zdf: '0.21', high: '0.12502', low: '0.12355', vol: '905512340' },
  TON: { close: '6.852', zdf: '3.97', high: '6.990', low: '6.571', vol: '25410332' },
  DOT: { close: '7.214', zdf: '-2.43', high: '7.420', low: '7.102', vol: '10244519' },
  LINK: { close: '17.381', zdf: '4.05', high: '17.650', low: '16.640', vol: '8120443' },
  LTC: { close: '84.21', zdf: '-0.35', high: '85.44', low: '83.10', vol: '1502310.4' },
  AVAX: { close: '36.452', zdf: '-3.18', high: '37.910', low: '35.880', vol: '4410327' },
};

const CONTRACT_REFERENCE: Record<string, ReferenceQuote> = {
  [listingKey('BTC/USDT', CONTRACT_TYPE.ubw)]: { close: '67262.4', zdf: '2.41', high: '68011.0', low: '65398.5', vol: '96411.207' },
  [listingKey('ETH/USDT', CONTRACT_TYPE.ubw)]: { close: '3522.18', zdf: '1.90', high: '3568.40', low: '3438.71', vol: '1254033.12' },
  [listingKey('SOL/USDT', CONTRACT_TYPE.ubw)]: { close: '152.931', zdf: '5.20', high: '155.300', low: '144.520', vol: '9811024.5' },
  [listingKey('BTC/USD', CONTRACT_TYPE.bbw)]: { close: '67245.8', zdf: '2.33', high: '67975.5', low: '65405.0', vol: '41230' },
  [listingKey('ETH/USD', CONTRACT_TYPE.bbw)]: { close: '3520.95', zdf: '1.79', high: '3565.20', low: '3439.90', vol: '512344' },
};

const TURNOVER_DECIMALS = 2;

function scaleOf(value: string): number {
  return splitDecimal(value).frac.length;
}

/** close × vol rounded half-up to cents, in exact bigint arithmetic. */
export function turnover(close: string, vol: string): string {
  const closeScale = scaleOf(close);
  const volScale = scaleOf(vol);
  const cents = mulDiv(
    parseDecimal(close, closeScale),
    parseDecimal(vol, volScale) * pow10(TURNOVER_DECIMALS),
    pow10(closeScale + volScale),
    'half-up',
  );
  return formatDecimal(cents, TURNOVER_DECIMALS, { fixed: true });
}

/** The demo ticker of a market, or undefined when none is defined for it. */
export function demoTicker(symbol: string, contractType: number): TickerValues | undefined {
  const reference =
    contractType === CONTRACT_TYPE.spot
      ? SPOT_REFERENCE[symbol.split('/')[0] ?? '']
      : CONTRACT_REFERENCE[listingKey(symbol, contractType)];
  if (!reference || (contractType === CONTRACT_TYPE.spot && !symbol.endsWith('/USDT'))) return undefined;
  return { ...reference, amount: turnover(reference.close, reference.vol) };
}
