import { CONTRACT_TYPE, type ContractTypeCode } from '../shared/types';

/** A listed market as the seed inserts it. */
export interface SymbolListing {
  base: string;
  quote: string;
  contractType: ContractTypeCode;
  priceScale: number;
  qtyScale: number;
  hot: boolean;
  isNew: boolean;
  listedAt: string;
}

interface SpotListing {
  base: string;
  priceScale: number;
  qtyScale: number;
  hot?: boolean;
  isNew?: boolean;
  listedAt: string;
}

const SPOT: SpotListing[] = [
  { base: 'BTC', priceScale: 2, qtyScale: 6, hot: true, listedAt: '2023-01-02T00:00:00.000Z' },
  { base: 'ETH', priceScale: 2, qtyScale: 5, hot: true, listedAt: '2023-01-02T00:00:00.000Z' },
  { base: 'BNB', priceScale: 2, qtyScale: 4, listedAt: '2023-01-02T00:00:00.000Z' },
  { base: 'SOL', priceScale: 3, qtyScale: 3, hot: true, listedAt: '2023-03-01T00:00:00.000Z' },
  { base: 'XRP', priceScale: 4, qtyScale: 1, hot: true, listedAt: '2023-03-01T00:00:00.000Z' },
  { base: 'ADA', priceScale: 4, qtyScale: 1, listedAt: '2023-03-01T00:00:00.000Z' },
  { base: 'DOGE', priceScale: 5, qtyScale: 0, hot: true, listedAt: '2023-05-15T00:00:00.000Z' },
  { base: 'TRX', priceScale: 5, qtyScale: 0, listedAt: '2023-05-15T00:00:00.000Z' },
  { base: 'TON', priceScale: 3, qtyScale: 2, isNew: true, listedAt: '2024-06-03T00:00:00.000Z' },
  { base: 'DOT', priceScale: 3, qtyScale: 2, listedAt: '2023-05-15T00:00:00.000Z' },
  { base: 'LINK', priceScale: 3, qtyScale: 2, isNew: true, listedAt: '2024-04-08T00:00:00.000Z' },
  { base: 'LTC', priceScale: 2, qtyScale: 3, listedAt: '2023-01-02T00:00:00.000Z' },
  { base: 'AVAX', priceScale: 3, qtyScale: 2, isNew: true, listedAt: '2024-05-06T00:00:00.000Z' },
];

const CONTRACTS: SymbolListing[] = [
  { base: 'BTC', quote: 'USDT', contractType: CONTRACT_TYPE.ubw, priceScale: 1, qtyScale: 3, hot: true, isNew: false, listedAt: '2023-02-01T00:00:00.000Z' },
  { base: 'ETH', quote: 'USDT', contractType: CONTRACT_TYPE.ubw, priceScale: 2, qtyScale: 2, hot: true, isNew: false, listedAt: '2023-02-01T00:00:00.000Z' },
  { base: 'SOL', quote: 'USDT', contractType: CONTRACT_TYPE.ubw, priceScale: 3, qtyScale: 1, hot: false, isNew: true, listedAt: '2024-05-20T00:00:00.000Z' },
  { base: 'BTC', quote: 'USD', contractType: CONTRACT_TYPE.bbw, priceScale: 1, qtyScale: 0, hot: true, isNew: false, listedAt: '2023-02-01T00:00:00.000Z' },
  { base: 'ETH', quote: 'USD', contractType: CONTRACT_TYPE.bbw, priceScale: 2, qtyScale: 0, hot: false, isNew: false, listedAt: '2023-02-01T00:00:00.000Z' },
];

/** Every market the platform lists out of the box, spot first, in display order. */
export const SYMBOL_LISTINGS: readonly SymbolListing[] = [
  ...SPOT.map((spot) => ({
    base: spot.base,
    quote: 'USDT',
    contractType: CONTRACT_TYPE.spot,
    priceScale: spot.priceScale,
    qtyScale: spot.qtyScale,
    hot: spot.hot ?? false,
    isNew: spot.isNew ?? false,
    listedAt: spot.listedAt,
  })),
  ...CONTRACTS,
];

/** Coins that have an icon under /static/coins/. */
export const COINS_WITH_ICON: ReadonlySet<string> = new Set(SPOT.map((spot) => spot.base));

export const DEFAULT_AVATAR = '/static/avatar-default.svg';

export function coinIcon(coin: string): string {
  return COINS_WITH_ICON.has(coin) ? `/static/coins/${coin.toLowerCase()}.svg` : DEFAULT_AVATAR;
}

/** Identity of a market row: the same pair may be listed as spot and as a contract. */
export function listingKey(symbol: string, contractType: number): string {
  return `${symbol}#${contractType}`;
}
