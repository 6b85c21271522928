export { MARKETS_STORE } from '../shared/watchlist';
export const MARKETS_ROUTE = 'markets.main';
export const RATES_ROUTE = 'markets.rates';
