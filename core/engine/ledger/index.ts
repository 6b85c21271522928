export * from './accounts';
export type * from './commands';
export * from './currency';
export type * from './events';
export { isZero, type Balance } from './balances';
export { LedgerEngine } from './engine';
export { hashState, type HashFactory, type StateHasher } from './hash';
export { Journal, type AppliedCommand, type BalanceChange } from './journal';
export { tradeSettleLines, type TradeFill } from './trade';
