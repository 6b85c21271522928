export { SpotEngine, SpotInvariantError, type SpotSnapshot } from './engine';
export { PRICE_BAND_MAX, marketSpecOf } from './markets';
export type * from './types';
