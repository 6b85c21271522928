import { defineWebPlugin, type RouteContribution } from '../../../core/plugin-api';
import { refreshTopic } from '../shared/types';
import { CENTER_ROUTES, WALLET_ROUTES, WALLET_STORE } from './ids';
import { isWalletMessage, WalletStore } from './wallet-store';

const wallet = { requiresLogin: true, section: 'account.wallet' } as const;
const center = { requiresLogin: true, section: 'account.center' } as const;

// Each page is its own chunk; the account center frames the same deposit and withdrawal page modules.
const routes: RouteContribution[] = [
  { name: WALLET_ROUTES.index, path: '/account/wallet', page: () => import('./pages/WalletRedirect'), requiresLogin: true },
  { name: WALLET_ROUTES.assets, path: '/account/wallet/assets', page: () => import('./pages/AssetsPage'), ...wallet },
  { name: WALLET_ROUTES.deposit, path: '/account/wallet/deposit', page: () => import('./pages/DepositPage'), ...wallet },
  { name: WALLET_ROUTES.withdrawal, path: '/account/wallet/withdrawal', page: () => import('./pages/WithdrawalPage'), ...wallet },
  { name: WALLET_ROUTES.historyDeposit, path: '/account/wallet/history-deposit', page: () => import('./pages/DepositHistoryPage'), ...wallet },
  { name: WALLET_ROUTES.historyWithdrawal, path: '/account/wallet/history-withdrawal', page: () => import('./pages/WithdrawalHistoryPage'), ...wallet },
  { name: WALLET_ROUTES.bills, path: '/account/wallet/bills', page: () => import('./pages/BillsPage'), ...wallet },
  { name: WALLET_ROUTES.transfer, path: '/account/wallet/transfer', page: () => import('./pages/TransferPage'), ...wallet },
  { name: CENTER_ROUTES.deposit, path: '/account/center/deposit', page: () => import('./pages/DepositPage'), ...center },
  { name: CENTER_ROUTES.historyDeposit, path: '/account/center/history-deposit', page: () => import('./pages/DepositHistoryPage'), ...center },
  { name: CENTER_ROUTES.withdrawal, path: '/account/center/withdrawal', page: () => import('./pages/WithdrawalPage'), ...center },
  { name: CENTER_ROUTES.historyWithdrawal, path: '/account/center/history-withdrawal', page: () => import('./pages/WithdrawalHistoryPage'), ...center },
];

export default defineWebPlugin({
  id: 'wallet',
  routes,
  menus: [
    { id: 'assets', slot: 'account.wallet', order: 10, titleKey: 'wallet:menuAssets', route: WALLET_ROUTES.assets },
    { id: 'deposit', slot: 'account.wallet', order: 20, titleKey: 'wallet:menuDeposit', route: WALLET_ROUTES.deposit },
    { id: 'withdrawal', slot: 'account.wallet', order: 30, titleKey: 'wallet:menuWithdrawal', route: WALLET_ROUTES.withdrawal },
    { id: 'transfer', slot: 'account.wallet', order: 40, titleKey: 'wallet:menuTransfer', route: WALLET_ROUTES.transfer },
    { id: 'history-deposit', slot: 'account.wallet', order: 50, titleKey: 'wallet:menuHistoryDeposit', route: WALLET_ROUTES.historyDeposit },
    { id: 'history-withdrawal', slot: 'account.wallet', order: 60, titleKey: 'wallet:menuHistoryWithdrawal', route: WALLET_ROUTES.historyWithdrawal },
    { id: 'bills', slot: 'account.wallet', order: 70, titleKey: 'wallet:menuBills', route: WALLET_ROUTES.bills },
    // spec §2: the account center lists deposit, history-deposit, withdrawal, history-withdrawal after its own pages
    { id: 'center-deposit', slot: 'account.center', order: 70, titleKey: 'wallet:menuDeposit', route: CENTER_ROUTES.deposit },
    { id: 'center-history-deposit', slot: 'account.center', order: 71, titleKey: 'wallet:menuHistoryDeposit', route: CENTER_ROUTES.historyDeposit },
    { id: 'center-withdrawal', slot: 'account.center', order: 72, titleKey: 'wallet:menuWithdrawal', route: CENTER_ROUTES.withdrawal },
    { id: 'center-history-withdrawal', slot: 'account.center', order: 73, titleKey: 'wallet:menuHistoryWithdrawal', route: CENTER_ROUTES.historyWithdrawal },
  ],
  stores: { [WALLET_STORE]: () => new WalletStore() },
  realtime: [
    {
      topic: (root) => (root.session.user ? refreshTopic(root.session.user.id) : null),
      handle: (payload, root) => {
        if (isWalletMessage(payload)) root.store<WalletStore>(WALLET_STORE).changed();
      },
    },
  ],
  locales: (language) => import(`../../../locales/${language}/wallet.json`),
});
