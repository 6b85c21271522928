// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, plugin } from '../testing/fixtures';
import { renderShell } from '../testing/render-shell';
import { PROFILE_PATH } from '../store/session-store';

const home = plugin('home', { routes: [{ name: 'home.index', path: '/home/index', page: page('home page') }] });
const user = plugin('user', {
  routes: [
    { name: 'user.login', path: '/user/login', page: page('login page'), layout: 'bare' },
    { name: 'account.center', path: '/account/center', page: page('account page'), requiresLogin: true },
    { name: 'exchange', path: '/exchange/full-screen/:type', page: () => Promise.resolve({ default: ({ params }: { params: Record<string, string> }) => <div>pair {params.type}</div> }) },
  ],
});

let roots: Array<{ dispose(): void }> = [];
beforeEach(() => localStorage.clear());
function resetShell() {
  cleanup();
  roots.forEach((root) => root.dispose());
  roots = [];
}

afterEach(() => {
  cleanup();
  roots.forEach((root) => root.dispose());
  roots = [];
});

async function shellAt(path: string, options: Parameters<typeof renderShell>[1] = {}) {
  const result = await renderShell(path, { plugins: [home, user], ...options });
  roots.push(result.root);
  return result;
}

describe('routing', () => {
  it('sends / to /home, and /home (no such route) on to /home/index', async () => {
    await shellAt('/');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(window.location.pathname).toBe('/home/index');
  });

  it('sends an unknown route to /home/index and tracks the location in the root store', async () => {
    const { root } = await shellAt('/no/such/page');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(window.location.pathname).toBe('/home/index');
    await waitFor(() => expect(root.location).toBe('/home/index'));
  });

  it('passes route params to the page', async () => {
    await shellAt('/exchange/full-screen/BTC_USDT');
    expect(await screen.findByText('pair BTC_USDT')).toBeTruthy();
  });

  it('redirects a requiresLogin route to /user/login when signed out, and shows it when signed in', async () => {
    await shellAt('/account/center');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(window.location.pathname).toBe('/user/login');
    resetShell();

    const { root, api } = await shellAt('/user/login');
    api.answers['/api/mjkj-web' + PROFILE_PATH] = { uid: 'U1' };
    await root.session.login({ access_token: 'a', refresh_token: 'r', user_id: '1' });
    root.navigate('/account/center');
    expect(await screen.findByText('account page')).toBeTruthy();
  });

  it('carries the page a visitor asked for, query included, to the login page as the return path', async () => {
    await shellAt('/account/center?tab=spot');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/user/login?redirect=/account/center%3Ftab%3Dspot');
    resetShell();
    await shellAt('/console/account/center', { site: { basePath: '/console/' } });
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/console/user/login?redirect=/account/center');
  });

  it('renders "main" routes inside header and footer and "bare" routes alone', async () => {
    const { view } = await shellAt('/home/index');
    await screen.findByText('home page');
    expect(view.container.querySelector('header.bourse-header')).not.toBeNull();
    expect(view.container.querySelector('footer.bourse-footer')).not.toBeNull();
    resetShell();
    const bare = await shellAt('/user/login');
    await screen.findByText('login page');
    expect(bare.view.container.querySelector('header.bourse-header')).toBeNull();
  });

  it('keeps an invite_code query parameter of any route as the invite code', async () => {
    const { root } = await shellAt('/user/login?invite_code=AB12CD');
    await screen.findByText('login page');
    await waitFor(() => expect(root.settings.inviteCode).toBe('AB12CD'));
    expect(JSON.parse(localStorage.getItem('release-test:settings')!).inviteCode).toBe('AB12CD');
  });

  it('serves the routes under the site base path', async () => {
    const { root } = await shellAt('/console/no/such', { site: { basePath: '/console/' } });
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(window.location.pathname).toBe('/console/home/index');
    root.navigate('/user/login');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(window.location.pathname).toBe('/console/user/login');
  });

  it('opens a new page at its top, but not after back or forward, nor when only the query changes', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    try {
      const { root } = await shellAt('/home/index');
      await screen.findByText('home page');
      expect(scrollTo).not.toHaveBeenCalled();
      root.navigate('/user/login');
      await screen.findByText('login page');
      await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
      scrollTo.mockClear();
      root.navigate('/user/login?tab=phone');
      // back, as the browser does it: the address changes without pushState, then popstate
      History.prototype.replaceState.call(window.history, null, '', '/home/index');
      window.dispatchEvent(new PopStateEvent('popstate'));
      expect(await screen.findByText('home page')).toBeTruthy();
      root.navigate('/home/index?filter=new');
      await waitFor(() => expect(window.location.search).toBe('?filter=new'));
      // back within the page (the query alone), then on to a new page: that one opens at its top again
      History.prototype.replaceState.call(window.history, null, '', '/home/index');
      window.dispatchEvent(new PopStateEvent('popstate'));
      expect(scrollTo).not.toHaveBeenCalled();
      root.navigate('/user/login');
      await screen.findByText('login page');
      await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
    } finally {
      scrollTo.mockRestore();
    }
  });

  it('shows a plain not-found page instead of looping when no plugin serves /home/index', async () => {
    await shellAt('/anything', { plugins: [user] });
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it('shows a notice under the header once the realtime connection has been down for two seconds, until it is back', async () => {
    const { realtime } = await shellAt('/home/index');
    expect(await screen.findByText('home page')).toBeTruthy();
    const text = 'Connection lost: reconnecting. Prices and your orders on this page may be out of date.';
    vi.useFakeTimers();
    try {
      act(() => runInAction(() => (realtime.interrupted = true)));
      act(() => vi.advanceTimersByTime(1_900));
      expect(screen.queryByText(text)).toBeNull();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.getByText(text)).toBeTruthy();
      act(() => runInAction(() => (realtime.interrupted = false)));
      expect(screen.queryByText(text)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers to load the document again when a page\'s chunk cannot be fetched (a lazy page keeps its failure)', async () => {
    const broken = plugin('broken', { routes: [{ name: 'broken.page', path: '/broken/page', page: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) }] });
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const result = await renderShell('/broken/page', { plugins: [home, user, broken] });
      roots.push(result.root);
      const retry = await screen.findByRole('button', { name: 'Try again' });
      expect(screen.getByText('This page failed to load.')).toBeTruthy();
      retry.click();
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
