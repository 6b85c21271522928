import { describe, expect, it } from 'vitest';
import { PluginGraphError } from '../../plugin-api';
import { manifest, page, plugin, testSite } from '../testing/fixtures';
import { buildRegistry } from './registry';
import { fillPath, pathMatches } from './route-path';

function expectGraphError(run: () => unknown, message: string | RegExp) {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(PluginGraphError);
  expect((thrown as Error).message).toMatch(message);
}

describe('buildRegistry', () => {
  it('orders plugins by dependency and indexes their contributions', () => {
    const site = testSite({ plugins: ['spot', 'markets'] });
    const registry = buildRegistry(site, [
      plugin('spot', { routes: [{ name: 'spot.exchange', path: '/exchange/index', page: page('x') }], stores: { spot: () => ({}) } }, ['markets']),
      plugin('markets', {
        routes: [{ name: 'markets.rate', path: '/rate/index', page: page('r') }],
        menus: [
          { id: 'b', slot: 'nav', order: 2, titleKey: 'markets:b', route: 'spot.exchange' },
          { id: 'a', slot: 'nav', order: 1, titleKey: 'markets:a', route: 'markets.rate' },
        ],
      }),
      plugin('unselected'),
    ]);
    expect(registry.plugins.map((entry) => entry.manifest.id)).toEqual(['markets', 'spot']);
    expect(registry.route('spot.exchange')?.pluginId).toBe('spot');
    expect(registry.matchPath('/exchange/index?x=1')?.name).toBe('spot.exchange');
    expect(registry.matchPath('/nowhere')).toBeUndefined();
    expect(registry.menus('nav').map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(registry.stores.map((store) => store.id)).toEqual(['spot']);
  });

  it('fails on a plugin selected by the site but missing from the build', () => {
    expectGraphError(() => buildRegistry(testSite({ plugins: ['home', 'ghost'] }), [plugin('home')]), /selects plugin "ghost", which is not part of this build/);
  });

  it('fails on a missing dependency, a cycle and a wrong apiVersion', () => {
    expectGraphError(() => buildRegistry(testSite({ plugins: ['a'] }), [plugin('a', {}, ['b'])]), /"a" depends on "b"/);
    expectGraphError(
      () => buildRegistry(testSite({ plugins: ['a', 'b'] }), [plugin('a', {}, ['b']), plugin('b', {}, ['a'])]),
      /cycle: a -> b -> a/,
    );
    expectGraphError(
      () => buildRegistry(testSite({ plugins: ['old'] }), [{ manifest: manifest('old', [], 0) }]),
      /plugin API version 0/,
    );
  });

  it('fails on a duplicate route name or path, naming both plugins', () => {
    const site = testSite({ plugins: ['a', 'b'] });
    expectGraphError(
      () =>
        buildRegistry(site, [
          plugin('a', { routes: [{ name: 'same', path: '/a', page: page('a') }] }),
          plugin('b', { routes: [{ name: 'same', path: '/b', page: page('b') }] }),
        ]),
      /route name "same" is declared by plugin "a" and by plugin "b"/,
    );
    expectGraphError(
      () =>
        buildRegistry(site, [
          plugin('a', { routes: [{ name: 'a.page', path: '/same', page: page('a') }] }),
          plugin('b', { routes: [{ name: 'b.page', path: '/same', page: page('b') }] }),
        ]),
      /route path "\/same" is declared by plugin "a" \(a.page\) and by plugin "b" \(b.page\)/,
    );
  });

  it('fails on a menu entry or component in an unknown slot', () => {
    const site = testSite({ plugins: ['a'] });
    expectGraphError(
      () => buildRegistry(site, [plugin('a', { menus: [{ id: 'm', slot: 'sidebar' as never, order: 1, titleKey: 'a:m' }] })]),
      /plugin "a" adds menu entry "m" to unknown slot "sidebar"/,
    );
    expectGraphError(
      () => buildRegistry(site, [plugin('a', { components: [{ slot: 'footer.bottom' as never, order: 1, component: page('c') }] })]),
      /plugin "a" adds a component to unknown slot "footer.bottom"/,
    );
  });

  it('fails on a menu entry pointing at an unknown route', () => {
    expectGraphError(
      () => buildRegistry(testSite({ plugins: ['a'] }), [plugin('a', { menus: [{ id: 'm', slot: 'nav', order: 1, titleKey: 'a:m', route: 'nope' }] })]),
      /plugin "a" has menu entry "m" pointing at unknown route "nope"/,
    );
  });

  it('fails on a duplicate store id', () => {
    expectGraphError(
      () =>
        buildRegistry(testSite({ plugins: ['a', 'b'] }), [
          plugin('a', { stores: { market: () => ({}) } }),
          plugin('b', { stores: { market: () => ({}) } }),
        ]),
      /store "market" is provided by plugin "a" and by plugin "b"/,
    );
  });

  it('fails when a web part names another plugin', () => {
    expectGraphError(
      () => buildRegistry(testSite({ plugins: ['a'] }), [{ manifest: manifest('a'), web: { id: 'b' } }]),
      /plugin "a" has a web part that calls itself "b"/,
    );
  });
});

describe('route paths', () => {
  it('fills params, appends unused ones as query and rejects missing params', () => {
    expect(fillPath('/article/main/content/:type/:id', { type: '1', id: 'a b' })).toBe('/article/main/content/1/a%20b');
    expect(fillPath('/account/wallet/assets', { t: '4' })).toBe('/account/wallet/assets?t=4');
    expect(() => fillPath('/merchant/:orderCode', {})).toThrow(/needs the param "orderCode"/);
    expect(fillPath('/newCurrency/:type?', {})).toBe('/newCurrency');
  });

  it('matches wouter patterns ignoring the query', () => {
    expect(pathMatches('/exchange/full-screen/:type', '/exchange/full-screen/BTC_USDT?x=1')).toBe(true);
    expect(pathMatches('/exchange/full-screen/:type', '/exchange/full-screen')).toBe(false);
  });
});
