// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAV_HIDE_DELAY_MS } from '../../../shared';
import { navItem, page, plugin } from '../../testing/fixtures';
import { renderShell } from '../../testing/render-shell';
import { PROFILE_PATH } from '../../store/session-store';
import { REPAY_APPLY_PATH, REPAY_QUERY_PATH, SUPPORT_PATH } from './account-actions';
import { buildNavTree } from './nav-tree';

const routes = plugin('pages', {
  routes: [
    { name: 'home.index', path: '/home/index', page: page('home page') },
    { name: 'spot', path: '/exchange/index', page: page('spot page') },
    { name: 'rate', path: '/rate/index', page: page('rate page') },
    { name: 'market', path: '/market/main', page: page('market page') },
    { name: 'center', path: '/account/center', page: page('center page') },
    { name: 'login', path: '/user/login', page: page('login page') },
  ],
  menus: [{ id: 'spot', slot: 'nav', order: 1, titleKey: 'pages:spot', route: 'spot', onSelect: (root) => root.settings.set('dealType', 'cash') }],
});

let roots: Array<{ dispose(): void }> = [];
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  roots.forEach((root) => root.dispose());
  roots = [];
  vi.useRealTimers();
});

async function shell(path: string, options: Parameters<typeof renderShell>[1] = {}) {
  const result = await renderShell(path, { plugins: [routes], ...options });
  roots.push(result.root);
  await screen.findByText(/page$/);
  return result;
}

const navBar = () => screen.getByRole('navigation', { name: 'main' });

describe('nav tree', () => {
  it('keeps nav_show = 1, sorts by nav_sort, nests by pid, keeps external URLs and shows the first four', () => {
    const items = [
      navItem(1, { nav_sort: 5, nav_path: '/a' }),
      navItem(2, { nav_sort: 1, nav_path: '/b' }),
      navItem(3, { nav_sort: 2, nav_show: 0, nav_path: '/a' }),
      navItem(4, { nav_sort: 3, nav_path: 'https://docs.example.com' }),
      navItem(5, { nav_sort: 4, nav_path: '/missing' }),
      navItem(6, { nav_sort: 6, nav_path: '' }),
      navItem(7, { pid: 6, nav_sort: 2, nav_path: '/b' }),
      navItem(8, { pid: 6, nav_sort: 1, nav_path: '/a' }),
      navItem(9, { nav_sort: 7, nav_path: '/a' }),
    ];
    const tree = buildNavTree(items, (path) => path === '/a' || path === '/b');
    expect(tree.top.map((node) => node.item.id)).toEqual([2, 4, 1, 6]);
    expect(tree.top[3]!.children.map((node) => node.item.id)).toEqual([8, 7]);
    expect(tree.dropped.map((item) => item.id)).toEqual([5]);
  });
});

describe('header nav', () => {
  const nav = [
    navItem(1, { nav_code: 'home', title: 'Home', nav_path: '/home/index' }),
    navItem(2, { nav_code: 'hidden', title: 'Hidden', nav_show: 0 }),
    navItem(3, { nav_code: 'trade', title: 'Trade', nav_path: '' }),
    navItem(31, { pid: 3, nav_code: 'spot', title: 'Spot trading', nav_path: '/exchange/index' }),
    navItem(32, { pid: 3, nav_code: 'rate', title: 'Rates', nav_path: '/rate/index' }),
    navItem(4, { nav_code: 'otc', title: 'OTC', nav_path: '/otc/common' }),
    navItem(5, { nav_code: 'market', title: 'Markets', nav_path: '/market/main' }),
    navItem(6, { nav_code: 'docs', title: 'Docs', nav_path: 'https://docs.example.com' }),
    navItem(7, { nav_code: 'fifth', title: 'Fifth', nav_path: '/rate/index' }),
  ];

  it('shows the first four shown, routable items and drops the rest', async () => {
    await shell('/home/index', { boot: { nav } });
    const labels = within(navBar()).getAllByRole('button').map((button) => button.textContent);
    expect(labels).toEqual(['Home', 'Trade', 'Markets', 'Docs']);
  });

  it('opens a dropdown on hover and closes it 100 ms after hover-out, not before', async () => {
    await shell('/home/index', { boot: { nav } });
    const trade = within(navBar()).getByRole('button', { name: /^Trade/ });
    vi.useFakeTimers();
    fireEvent.mouseEnter(trade.parentElement!);
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.mouseLeave(trade.parentElement!);
    act(() => vi.advanceTimersByTime(NAV_HIDE_DELAY_MS - 1));
    expect(screen.queryByRole('menu')).not.toBeNull();
    // Coming back within the delay keeps it open.
    fireEvent.mouseEnter(trade.parentElement!);
    act(() => vi.advanceTimersByTime(NAV_HIDE_DELAY_MS * 3));
    expect(screen.queryByRole('menu')).not.toBeNull();
    fireEvent.mouseLeave(trade.parentElement!);
    act(() => vi.advanceTimersByTime(NAV_HIDE_DELAY_MS - 1));
    expect(screen.queryByRole('menu')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('runs the onSelect of the nav menu entry named by nav_code, then navigates', async () => {
    const { root } = await shell('/home/index', { boot: { nav } });
    root.settings.set('dealType', 'pry');
    const trade = within(navBar()).getByRole('button', { name: /^Trade/ });
    fireEvent.mouseEnter(trade.parentElement!);
    fireEvent.click(screen.getByRole('menuitem', { name: /Spot trading/ }));
    expect(root.settings.dealType).toBe('cash');
    expect(await screen.findByText('spot page')).toBeTruthy();
    expect(window.location.pathname).toBe('/exchange/index');
  });
});

describe('header account area', () => {
  it('shows login and register links when signed out, coming back to the page they are on', async () => {
    const { root } = await shell('/exchange/index?symbol=ETH_BTC');
    const back = '?redirect=/exchange/index%3Fsymbol%3DETH_BTC';
    await waitFor(() => expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(`/user/login${back}`));
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(`/user/register${back}`);
    expect(screen.getByText('Demo')).toBeTruthy();
    act(() => root.navigate('/rate/index'));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/user/login?redirect=/rate/index'));
  });

  async function signedIn(profile: Record<string, unknown>, answers: Record<string, unknown> = {}) {
    const result = await shell('/home/index');
    Object.assign(result.api.answers, { ['/api/mjkj-web' + PROFILE_PATH]: profile }, answers);
    await act(() => result.root.session.login({ access_token: 'a', refresh_token: 'r', user_id: '1', account: 'U777' }));
    return result;
  }

  it('support: disabled once supported, becomes supported after a success', async () => {
    const { root, api } = await signedIn({ uid: 'U777', supported: 0 }, { ['/api/mjkj-web' + SUPPORT_PATH]: null, ['/api/mjkj-web' + REPAY_QUERY_PATH]: { status: 2 } });
    const button = screen.getByRole('button', { name: 'Support' });
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Supported' }).hasAttribute('disabled')).toBe(true));
    expect(root.session.user?.supported).toBe(1);
    expect(api.requests.filter((r) => r.url.pathname.endsWith(SUPPORT_PATH))[0]!.method).toBe('POST');
  });

  it('repay: status 0 and 1 disable it; otherwise a click applies and reloads the status', async () => {
    let status = 2;
    const { api } = await signedIn(
      { uid: 'U777', supported: 1 },
      {
        ['/api/mjkj-web' + REPAY_QUERY_PATH]: () => ({ status }),
        ['/api/mjkj-web' + REPAY_APPLY_PATH]: () => {
          status = 0;
          return null;
        },
      },
    );
    const repay = await screen.findByRole('button', { name: 'Repay' });
    await waitFor(() => expect(repay.hasAttribute('disabled')).toBe(false));
    fireEvent.click(repay);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Returning' }).hasAttribute('disabled')).toBe(true));
    const paths = api.paths().filter((p) => p.includes('returnApply'));
    expect(paths).toEqual(['/api/mjkj-web' + REPAY_QUERY_PATH, '/api/mjkj-web' + REPAY_APPLY_PATH, '/api/mjkj-web' + REPAY_QUERY_PATH]);
  });

  it('repay: returned status keeps it disabled', async () => {
    await signedIn({ uid: 'U777' }, { ['/api/mjkj-web' + REPAY_QUERY_PATH]: { status: 1 } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Returned' }).hasAttribute('disabled')).toBe(true));
  });

  it('the user menu shows the uid, served entries and logs out', async () => {
    const { root } = await signedIn({ uid: 'U777' }, { ['/api/mjkj-web' + REPAY_QUERY_PATH]: { status: 2 } });
    fireEvent.click(screen.getByRole('button', { name: 'UID: U777' }));
    expect(await screen.findByText('User center')).toBeTruthy();
    // Only /account/center is served by a selected plugin here.
    expect(screen.queryByText('Deposit')).toBeNull();
    fireEvent.click(screen.getByText('Log out'));
    expect(root.session.isLogin).toBe(false);
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
  });
});

describe('header preferences', () => {
  it('the language menu switches language: texts and mj-lang follow', async () => {
    const { root, api } = await shell('/home/index');
    fireEvent.click(screen.getByRole('button', { name: 'Language' }));
    fireEvent.click(await screen.findByText('Deutsch'));
    expect(await screen.findByRole('link', { name: 'Anmelden' })).toBeTruthy();
    expect(root.settings.language).toBe('de');
    await root.http.get('/x').catch(() => {});
    expect(api.requests.at(-1)!.headers.get('mj-lang')).toBe('de');
  });

  it('the currency menu sets the display currency', async () => {
    const { root } = await shell('/home/index');
    fireEvent.click(screen.getByRole('button', { name: 'Currency' }));
    fireEvent.click(await screen.findByText('€ EUR'));
    expect(root.settings.currency.code).toBe('EUR');
  });

  it('the theme switch toggles Semi dark mode and the logo', async () => {
    const { view } = await shell('/home/index');
    expect(document.body.getAttribute('theme-mode')).toBe('dark');
    fireEvent.click(screen.getByRole('button', { name: 'Switch to day mode' }));
    expect(document.body.getAttribute('theme-mode')).toBeNull();
    expect(view.container.querySelector('.bourse-header__logo img')!.getAttribute('src')).toBe('/static/logo-day.svg');
    fireEvent.click(screen.getByRole('button', { name: 'Switch to night mode' }));
    expect(document.body.getAttribute('theme-mode')).toBe('dark');
  });
});
