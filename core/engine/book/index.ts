export { OrderBook } from './order-book';
export { stopRises } from './stops';
export { required, requiredForConditional } from './required';
export { validateOrder, assertMarketSpec } from './validate';
export { stateHash, cyrb53 } from './state-hash';
export { toMinorUnits, type AmountField, type MinorUnits } from './decimal-input';
export { marketMath, quoteOf, feeOf, MAX_SAFE, type MarketMath } from './arithmetic';
export type * from './types';
