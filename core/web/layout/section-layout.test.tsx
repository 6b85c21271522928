// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PluginGraphError } from '../../plugin-api';
import { buildRegistry } from '../registry/registry';
import { page, plugin, testSite } from '../testing/fixtures';
import { renderShell } from '../testing/render-shell';

const home = plugin('home', { routes: [{ name: 'home.index', path: '/home/index', page: page('home page') }] });
// Two plugins share the account-center section: each adds a page and its menu entry.
const info = plugin('info', {
  routes: [{ name: 'account.info', path: '/account/center/info', page: page('info page'), section: 'account.center' }],
  menus: [{ id: 'info', slot: 'account.center', order: 1, titleKey: 'Info', route: 'account.info' }],
  components: [
    { slot: 'section.top', section: 'account.center', order: 1, component: () => Promise.resolve({ default: () => <p>account banner</p> }) },
    { slot: 'section.top', section: 'console.side', order: 1, component: () => Promise.resolve({ default: () => <p>console bar</p> }) },
  ],
});
const devices = plugin('devices', {
  routes: [
    { name: 'account.devices', path: '/account/center/device-management', page: page('devices page'), section: 'account.center' },
    { name: 'account.device-rename', path: '/account/center/setting/device', page: page('rename page'), section: 'account.center' },
    { name: 'account.device-detail', path: '/account/center/device/:id', page: page('device detail'), section: 'account.center' },
  ],
  menus: [
    { id: 'devices', slot: 'account.center', order: 2, titleKey: 'Devices', route: 'account.devices', activeOn: ['account.device-rename', 'account.device-detail'] },
  ],
});

let roots: Array<{ dispose(): void }> = [];
afterEach(() => {
  cleanup();
  roots.forEach((root) => root.dispose());
  roots = [];
});

describe('section layout', () => {
  it('frames pages of several plugins with one side menu, marks the current entry and navigates', async () => {
    const { root } = await renderShell('/account/center/info', { plugins: [home, info, devices] });
    roots.push(root);
    expect(await screen.findByText('info page')).toBeTruthy();
    expect(await screen.findByText('account banner')).toBeTruthy();
    expect(screen.queryByText('console bar')).toBeNull();
    const menu = screen.getByRole('navigation', { name: 'Account menu' });
    const buttons = [...menu.querySelectorAll('button')];
    expect(buttons.map((button) => button.textContent)).toEqual(['Info', 'Devices']);
    expect(buttons[0].getAttribute('aria-current')).toBe('page');

    fireEvent.click(buttons[1]);
    expect(await screen.findByText('devices page')).toBeTruthy();
    await waitFor(() => expect(root.location).toBe('/account/center/device-management'));
    expect(screen.getByRole('button', { name: 'Devices' }).getAttribute('aria-current')).toBe('page');
  });

  it('marks an entry current on the further routes it names', async () => {
    const { root } = await renderShell('/account/center/setting/device', { plugins: [home, info, devices] });
    roots.push(root);
    expect(await screen.findByText('rename page')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Devices' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Info' }).getAttribute('aria-current')).toBeNull();
  });

  it('matches further routes with params by their pattern', async () => {
    const { root } = await renderShell('/account/center/device/7', { plugins: [home, info, devices] });
    roots.push(root);
    expect(await screen.findByText('device detail')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Devices' }).getAttribute('aria-current')).toBe('page');
  });

  it('refuses a route framed in an unknown section', () => {
    const odd = plugin('odd', { routes: [{ name: 'odd', path: '/odd', page: page('odd'), section: 'nowhere' as never }] });
    expect(() => buildRegistry(testSite({ plugins: ['odd'] }), [odd])).toThrow(PluginGraphError);
    expect(() => buildRegistry(testSite({ plugins: ['odd'] }), [odd])).toThrow(/unknown section "nowhere"/);
  });

  it('refuses a menu entry active on an unknown route', () => {
    const odd = plugin('odd', {
      routes: [{ name: 'odd', path: '/odd', page: page('odd') }],
      menus: [{ id: 'odd', slot: 'account.center', order: 1, titleKey: 'Odd', route: 'odd', activeOn: ['missing'] }],
    });
    expect(() => buildRegistry(testSite({ plugins: ['odd'] }), [odd])).toThrow(/active on unknown route "missing"/);
  });
});
