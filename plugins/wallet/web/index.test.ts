// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../../../core/web/registry/registry';
import { testSite } from '../../../core/web/testing/fixtures';
import identityManifest from '../../identity/plugin';
import identityWeb from '../../identity/web/index';
import manifest from '../plugin';
import webPlugin from './index';
import { CENTER_ROUTES, WALLET_ROUTES, WALLET_STORE } from './ids';
import { WalletStore } from './wallet-store';

const registry = buildRegistry(testSite({ plugins: ['identity', 'wallet'] }), [
  { manifest: identityManifest, web: identityWeb },
  { manifest, web: webPlugin },
]);

describe('wallet web plugin', () => {
  it('serves the wallet pages and the deposit and withdrawal paths the user menu links to, signed in only', () => {
    const wallet = registry.routes.filter((route) => route.pluginId === 'wallet');
    expect(wallet.map((route) => route.path)).toEqual([
      '/account/wallet',
      '/account/wallet/assets',
      '/account/wallet/deposit',
      '/account/wallet/withdrawal',
      '/account/wallet/history-deposit',
      '/account/wallet/history-withdrawal',
      '/account/wallet/bills',
      '/account/wallet/transfer',
      '/account/center/deposit',
      '/account/center/history-deposit',
      '/account/center/withdrawal',
      '/account/center/history-withdrawal',
    ]);
    expect(wallet.every((route) => route.requiresLogin)).toBe(true);
    expect(registry.matchPath('/account/wallet/assets?t=4')?.name).toBe(WALLET_ROUTES.assets);
    expect(registry.route(WALLET_ROUTES.deposit)!.section).toBe('account.wallet');
    expect(registry.route(CENTER_ROUTES.deposit)!.section).toBe('account.center');
  });

  it('frames the same page modules in the account center', async () => {
    for (const name of ['deposit', 'withdrawal', 'historyDeposit', 'historyWithdrawal'] as const) {
      const [own, center] = await Promise.all([registry.route(WALLET_ROUTES[name])!.page(), registry.route(CENTER_ROUTES[name])!.page()]);
      expect(center.default).toBe(own.default);
    }
  });

  it('lists every page in the wallet menu and the four funds pages after the account center entries', () => {
    expect(registry.menus('account.wallet').map((entry) => entry.route)).toEqual([
      WALLET_ROUTES.assets,
      WALLET_ROUTES.deposit,
      WALLET_ROUTES.withdrawal,
      WALLET_ROUTES.transfer,
      WALLET_ROUTES.historyDeposit,
      WALLET_ROUTES.historyWithdrawal,
      WALLET_ROUTES.bills,
    ]);
    const center = registry.menus('account.center');
    expect(center.slice(-4).map((entry) => entry.route)).toEqual([
      CENTER_ROUTES.deposit,
      CENTER_ROUTES.historyDeposit,
      CENTER_ROUTES.withdrawal,
      CENTER_ROUTES.historyWithdrawal,
    ]);
    expect(center.slice(0, -4).every((entry) => entry.pluginId === 'identity')).toBe(true);
  });

  it('follows the member topic and counts wallet messages only', () => {
    const [contribution] = registry.realtime.filter((entry) => entry.pluginId === 'wallet');
    const store = new WalletStore();
    const root = (user: { id: string } | null) => ({ session: { isLogin: user !== null, user }, store: (id: string) => (id === WALLET_STORE ? store : undefined) }) as never;
    const topic = contribution!.topic as (root: never) => string | null;
    expect(topic(root(null))).toBeNull();
    expect(topic(root({ id: '7' }))).toBe('refresh_7');
    contribution!.handle({ type: 'otc', isNew: 1 }, root({ id: '7' }));
    expect(store.version).toBe(0);
    contribution!.handle({ type: 'wallet', event: 'balance' }, root({ id: '7' }));
    expect(store.version).toBe(1);
  });
});
