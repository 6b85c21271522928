export { SpotEngine, SpotInvariantError, type SpotSnapshot } from './engine';
export { marketSpecOf } from './markets';
export type * from './types';
