import { defineWebPlugin } from '../../../core/plugin-api';
import { consoleMenu, consolePage } from '../../console-core/shared/types';
import { BONUS_ROUTE, CURRENCIES_ROUTE, DEPOSITS_ROUTE, WITHDRAWALS_ROUTE } from './route-names';

export default defineWebPlugin({
  id: 'wallet-console',
  routes: [
    consolePage(WITHDRAWALS_ROUTE, '/wallet/withdrawals', () => import('./pages/WithdrawalsPage')),
    consolePage(DEPOSITS_ROUTE, '/wallet/deposits', () => import('./pages/DepositsPage')),
    consolePage(CURRENCIES_ROUTE, '/wallet/currencies', () => import('./pages/CurrenciesPage')),
    consolePage(BONUS_ROUTE, '/wallet/bonus', () => import('./pages/BonusPage')),
  ],
  menus: [
    consoleMenu({ id: 'wallet-console.withdrawals', order: 100, titleKey: 'wallet-console:menuWithdrawals', route: WITHDRAWALS_ROUTE, permission: 'withdrawals.review' }),
    consoleMenu({ id: 'wallet-console.deposits', order: 110, titleKey: 'wallet-console:menuDeposits', route: DEPOSITS_ROUTE, permission: 'members.read' }),
    consoleMenu({ id: 'wallet-console.currencies', order: 120, titleKey: 'wallet-console:menuCurrencies', route: CURRENCIES_ROUTE, permission: 'wallet.configure' }),
    consoleMenu({ id: 'wallet-console.bonus', order: 130, titleKey: 'wallet-console:menuBonus', route: BONUS_ROUTE, permission: 'wallet.credit' }),
  ],
  locales: (language) => import(`../../../locales/${language}/wallet-console.json`),
});
