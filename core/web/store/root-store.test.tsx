// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RATE_REFRESH_MS } from '../../shared';
import type { ShellRoot } from '../../plugin-api';
import { formatFiat } from '../format/fiat';
import { createRealtimeClient } from '../realtime';
import { fakeMqttFactory } from '../testing/fake-mqtt';
import { page, plugin } from '../testing/fixtures';
import { createTestRoot } from '../testing/test-root';
import { COIN_RATE_PATH, DARK_MODE_ATTRIBUTE, LANGUAGE_TEXTS_PATH } from './root-store';
import { PROFILE_PATH, TOKEN_PATH } from './session-store';

beforeEach(() => {
  localStorage.clear();
  document.body.removeAttribute(DARK_MODE_ATTRIBUTE);
  document.body.className = '';
});

const disposers: Array<() => void> = [];
afterEach(() => disposers.splice(0).forEach((dispose) => dispose()));

async function startedRoot(options: Parameters<typeof createTestRoot>[0] = {}) {
  const setup = createTestRoot(options);
  disposers.push(() => setup.root.dispose());
  await setup.root.hydrate();
  await setup.root.loadTexts();
  await setup.root.loadBoot();
  setup.root.start();
  return setup;
}

describe('settings', () => {
  it('start from the site config and persist every change under the release-name prefix', async () => {
    const { root } = createTestRoot({ site: { release: 'release-de', language: 'de', currency: { code: 'EUR', symbol: '€', rate: '0.92' } } });
    await root.hydrate();
    expect(root.settings.language).toBe('de');
    expect(root.settings.currency).toMatchObject({ code: 'EUR', symbol: '€', rate: '0.92' });
    expect(root.settings.theme).toBe('theme-night');
    expect(root.settings.deviceId).toMatch(/^[0-9a-f]{64}$/);

    root.settings.set('dealType', 'pry');
    root.settings.set('contractType', 'bbw');
    root.settings.set('assetDisplay', { showAllAssets: false, type: 2 });
    root.settings.set('offlineOrders', { spot: [{ id: 1 }] });
    const stored = JSON.parse(localStorage.getItem('release-de:settings')!);
    expect(stored).toMatchObject({
      language: 'de',
      dealType: 'pry',
      contractType: 'bbw',
      assetDisplay: { showAllAssets: false, type: 2 },
      offlineOrders: { spot: [{ id: 1 }] },
      theme: 'theme-night',
    });
    expect(Object.keys(localStorage).every((key) => key.startsWith('release-de:'))).toBe(true);
    root.dispose();

    const again = createTestRoot({ site: { release: 'release-de', language: 'de' } }).root;
    await again.hydrate();
    expect(again.settings.dealType).toBe('pry');
    expect(again.settings.deviceId).toBe(root.settings.deviceId);
    again.dispose();

    const otherSite = createTestRoot({ site: { release: 'release-fr', language: 'fr' } }).root;
    await otherSite.hydrate();
    expect(otherSite.settings.dealType).toBe('cash');
    otherSite.dispose();
  });

  it('persist the session under the prefix too', async () => {
    const { root, api } = createTestRoot({ site: { release: 'bourse' } });
    await root.hydrate();
    api.answers['/api/mjkj-web' + PROFILE_PATH] = { uid: 'U1' };
    await root.session.login({ access_token: 'a', refresh_token: 'r', user_id: '1' });
    expect(JSON.parse(localStorage.getItem('bourse:session')!)).toMatchObject({ accessToken: 'a', refreshToken: 'r', isLogin: true });
    root.dispose();
  });
});

describe('root store', () => {
  it('href fills route params and throws on an unknown name; store() finds plugin stores', async () => {
    const { root } = await startedRoot({
      plugins: [
        plugin('articles', {
          routes: [{ name: 'article.content', path: '/article/main/content/:type/:id', page: page('a') }],
          stores: { articles: (shell: ShellRoot) => ({ language: shell.settings.language }) },
        }),
      ],
    });
    expect(root.href('article.content', { type: '1', id: 'faq' })).toBe('/article/main/content/1/faq');
    expect(() => root.href('nope')).toThrow('unknown route "nope"');
    expect(root.store<{ language: string }>('articles').language).toBe('en');
    expect(() => root.store('missing')).toThrow(/no selected plugin provides the store "missing"/);
  });

  it('language switch: mj-lang header, bundled texts, server overrides and the html lang', async () => {
    const { root, api, fetchBoot } = await startedRoot();
    expect(root.t('header.login')).toBe('Log in');
    api.answers[`/api/mjkj-web${LANGUAGE_TEXTS_PATH}/de`] = { core: { 'header.register': 'Jetzt registrieren' } };
    await root.changeLanguage('de');
    const langCall = api.requests.find((r) => r.url.pathname.endsWith(`${LANGUAGE_TEXTS_PATH}/de`))!;
    expect(langCall.headers.get('mj-lang')).toBe('de');
    expect(root.t('header.login')).toBe('Anmelden');
    expect(root.t('header.register')).toBe('Jetzt registrieren');
    expect(root.settings.language).toBe('de');
    expect(root.settings.languageName).toBe('Deutsch');
    expect(document.documentElement.lang).toBe('de');
    expect(fetchBoot).toHaveBeenLastCalledWith('test', 'de');
    expect(root.semiLocale?.code).toBe('de');

    await root.http.get('/coin/open/getSpotSymbols').catch(() => {});
    expect(api.requests.at(-1)!.headers.get('mj-lang')).toBe('de');
    await expect(root.changeLanguage('ko')).rejects.toThrow(/not offered/);
  });

  it('boot texts override the bundled ones', async () => {
    const { root } = await startedRoot({ boot: { texts: { core: { 'header.login': 'Sign in' } } } });
    expect(root.t('header.login')).toBe('Sign in');
  });

  it('currency switch changes formatFiat output', async () => {
    const { root } = await startedRoot();
    expect(formatFiat(root, '1234.5')).toBe('$1,234.50');
    root.setCurrency(root.currencies.find((c) => c.exchange_code === 'EUR')!);
    expect(root.settings.currency).toMatchObject({ code: 'EUR', symbol: '€', rate: '0.92', name: 'Euro' });
    expect(formatFiat(root, '1234.5')).toBe('€1,135.74');
    expect(formatFiat(root, '0.1')).toBe('€0.09200000');
    expect(formatFiat(root, '-10')).toBe('-€9.200000');
    expect(formatFiat(root, 'abc')).toBe('--');
  });

  it('reloads the display rates every 5 minutes and the chosen currency follows its new rate', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { root, api } = await startedRoot();
      root.setCurrency(root.currencies.find((c) => c.exchange_code === 'EUR')!);
      const eur = root.currencies.find((c) => c.exchange_code === 'EUR')!;
      api.answers[`/api/mjkj-web${COIN_RATE_PATH}`] = root.currencies.map((c) => (c === eur ? { ...c, rate: '0.95', exchange_value: '0.95' } : c));
      await vi.advanceTimersByTimeAsync(RATE_REFRESH_MS - 1);
      expect(api.paths()).not.toContain(`/api/mjkj-web${COIN_RATE_PATH}`);
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(root.settings.currency.rate).toBe('0.95'));
      expect(formatFiat(root, '100')).toBe('€95.0000');
    } finally {
      vi.useRealTimers();
    }
  });

  it('theme switch toggles Semi dark mode, the body class and the logo', async () => {
    const { root } = await startedRoot();
    expect(document.body.getAttribute(DARK_MODE_ATTRIBUTE)).toBe('dark');
    expect(document.body.classList.contains('theme-night')).toBe(true);
    expect(root.logo).toBe('/static/logo-night.svg');
    root.toggleTheme();
    expect(document.body.hasAttribute(DARK_MODE_ATTRIBUTE)).toBe(false);
    expect(document.body.classList.contains('theme-day')).toBe(true);
    expect(root.logo).toBe('/static/logo-day.svg');
    root.toggleTheme();
    expect(document.body.getAttribute(DARK_MODE_ATTRIBUTE)).toBe('dark');
  });

  it('login state restarts realtime and moves plugin topics computed from the root', async () => {
    const handled: unknown[] = [];
    const { root, realtime, api } = await startedRoot({
      plugins: [
        plugin('notify', {
          realtime: [
            { topic: 'index', handle: () => {} },
            { topic: (shell) => (shell.session.isLogin && shell.session.user ? `refresh_${shell.session.user.id}` : null), handle: (payload) => handled.push(payload) },
          ],
        }),
      ],
    });
    expect(realtime.starts).toBe(1);
    expect(realtime.topics).toEqual(['index']);
    api.answers['/api/mjkj-web' + PROFILE_PATH] = { uid: 'U9' };
    await root.session.login({ access_token: 'a', refresh_token: 'r', user_id: '9' });
    expect(realtime.restarts).toBe(1);
    expect(realtime.topics).toEqual(['index', 'refresh_9']);
    realtime.emit('refresh_9', { type: 'otc' });
    expect(handled).toEqual([{ type: 'otc' }]);
    root.session.logout();
    expect(realtime.restarts).toBe(2);
    expect(realtime.topics).toEqual(['index']);
  });

  it('restarts realtime when the token names another member, not when it is refreshed', async () => {
    const { root, realtime, api } = await startedRoot();
    api.answers['/api/mjkj-web' + PROFILE_PATH] = {};
    await root.session.login({ access_token: 'a', refresh_token: 'r', user_id: '9' });
    expect(realtime.restarts).toBe(1);
    api.answers[TOKEN_PATH] = { access_token: 'a2', refresh_token: 'r2' };
    await root.session.refresh();
    expect(root.session.accessToken).toBe('a2');
    expect(realtime.restarts).toBe(1);
    // signing in as someone else without signing out first
    await root.session.login({ access_token: 'b', refresh_token: 'r', user_id: '10' });
    expect(realtime.restarts).toBe(2);
  });

  it("subscribes a member's private topic only on a connection signed in as that member", async () => {
    const mqtt = fakeMqttFactory();
    const { root, api } = await startedRoot({
      plugins: [plugin('wallet', { realtime: [{ topic: (shell) => (shell.session.user ? `refresh_${shell.session.user.id}` : null), handle: () => {} }] })],
      createRealtime: (auth) => createRealtimeClient({ url: 'ws://example.test/mqtt', ...auth, mqttFactory: mqtt.factory }),
    });
    const signIn = async (id: string) => {
      api.answers['/api/mjkj-web' + PROFILE_PATH] = { uid: `U${id}` };
      await root.session.login({ access_token: `token-${id}`, refresh_token: 'r', user_id: id });
    };
    const newest = () => mqtt.connections.at(-1)!;
    newest().connect();
    expect(newest().options.password).toBeUndefined();

    await signIn('9');
    expect(mqtt.connections.flatMap((connection) => connection.subscribed)).toEqual([]);
    expect(newest().options.password).toBe('token-9');
    newest().connect();
    expect(newest().subscribed).toEqual(['refresh_9']);

    api.answers[TOKEN_PATH] = { access_token: 'token-9-refreshed', refresh_token: 'r2' };
    await root.session.refresh();
    const afterRefresh = newest();
    root.realtime.subscribe('index', () => {});
    expect(afterRefresh.subscribed).toEqual(['refresh_9', 'index']);

    root.session.logout();
    newest().connect();
    expect(newest().options.password).toBeUndefined();
    await signIn('10');
    expect(mqtt.connections.flatMap((connection) => connection.subscribed).filter((topic) => topic === 'refresh_10')).toEqual([]);
    newest().connect();
    expect(newest().options.password).toBe('token-10');
    expect(newest().subscribed).toEqual(['index', 'refresh_10']);
  });

  it('drops nav items no route matches and warns once naming them', async () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (message: string) => warnings.push(message);
    try {
      const { root } = await startedRoot({
        plugins: [plugin('home', { routes: [{ name: 'home', path: '/home/index', page: page('h') }] })],
        boot: {
          nav: [
            { id: 1, pid: 0, nav_sort: 1, nav_show: 1, nav_code: 'home', nav_path: '/home/index', title: 'Home' },
            { id: 2, pid: 0, nav_sort: 2, nav_show: 1, nav_code: 'otc', nav_path: '/otc/common', title: 'OTC' },
          ],
        },
      });
      await root.loadBoot();
      expect(root.navTree.top.map((node) => node.item.nav_code)).toEqual(['home']);
      expect(warnings.filter((w) => w.includes('"otc"'))).toHaveLength(1);
    } finally {
      console.warn = original;
    }
  });
});
