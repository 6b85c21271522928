import { defineWebPlugin, type RouteContribution } from '../../../core/plugin-api';
import { operatorCan } from '../../console-core/shared/types';
import { BONUS_ROUTE, CURRENCIES_ROUTE, DEPOSITS_ROUTE, WITHDRAWALS_ROUTE } from './route-names';

const consolePage = (name: string, path: string, page: RouteContribution['page']): RouteContribution => ({
  name,
  path,
  page,
  layout: 'bare',
  section: 'console.side',
});

export default defineWebPlugin({
  id: 'wallet-console',
  routes: [
    consolePage(WITHDRAWALS_ROUTE, '/wallet/withdrawals', () => import('./pages/WithdrawalsPage')),
    consolePage(DEPOSITS_ROUTE, '/wallet/deposits', () => import('./pages/DepositsPage')),
    consolePage(CURRENCIES_ROUTE, '/wallet/currencies', () => import('./pages/CurrenciesPage')),
    consolePage(BONUS_ROUTE, '/wallet/bonus', () => import('./pages/BonusPage')),
  ],
  menus: [
    { id: 'wallet-console.withdrawals', slot: 'console.side', order: 100, titleKey: 'wallet-console:menuWithdrawals', route: WITHDRAWALS_ROUTE, visible: operatorCan('withdrawals.review') },
    { id: 'wallet-console.deposits', slot: 'console.side', order: 110, titleKey: 'wallet-console:menuDeposits', route: DEPOSITS_ROUTE, visible: operatorCan('members.read') },
    { id: 'wallet-console.currencies', slot: 'console.side', order: 120, titleKey: 'wallet-console:menuCurrencies', route: CURRENCIES_ROUTE, visible: operatorCan('wallet.configure') },
    { id: 'wallet-console.bonus', slot: 'console.side', order: 130, titleKey: 'wallet-console:menuBonus', route: BONUS_ROUTE, visible: operatorCan('wallet.credit') },
  ],
  locales: (language) => import(`../../../locales/${language}/wallet-console.json`),
});
