export * from './constants';
export * from './errors';
export * from './mask';
export * from './money';
export * from './number-display';
export * from './numeric-input';
export * from './validation-messages.en';
export * from './validators';
