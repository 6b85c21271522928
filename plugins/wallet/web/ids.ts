// Route names and the store id of the wallet's web part (kept apart so pages need not import index.ts).

export const WALLET_STORE = 'wallet';

export const WALLET_ROUTES = {
  index: 'wallet.index',
  assets: 'wallet.assets',
  deposit: 'wallet.deposit',
  withdrawal: 'wallet.withdrawal',
  historyDeposit: 'wallet.history-deposit',
  historyWithdrawal: 'wallet.history-withdrawal',
  bills: 'wallet.bills',
  transfer: 'wallet.transfer',
} as const;

/** The deposit and withdrawal pages as the account center shows them (same page modules, other frame). */
export const CENTER_ROUTES = {
  deposit: 'wallet.center-deposit',
  withdrawal: 'wallet.center-withdrawal',
  historyDeposit: 'wallet.center-history-deposit',
  historyWithdrawal: 'wallet.center-history-withdrawal',
} as const;

export type FundsPage = keyof typeof CENTER_ROUTES;

/** The transaction password page of the identity plugin (linked by name; hidden when no plugin serves it). */
export const TRADE_PASSWORD_ROUTE = 'identity.setting-trade-pwd';
