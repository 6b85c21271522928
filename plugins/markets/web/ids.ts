export const MARKETS_STORE = 'markets';
export const MARKETS_ROUTE = 'markets.main';
export const RATES_ROUTE = 'markets.rates';
