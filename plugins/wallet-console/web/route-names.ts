export const WITHDRAWALS_ROUTE = 'wallet-console.withdrawals';
export const DEPOSITS_ROUTE = 'wallet-console.deposits';
export const CURRENCIES_ROUTE = 'wallet-console.currencies';
export const BONUS_ROUTE = 'wallet-console.bonus';
