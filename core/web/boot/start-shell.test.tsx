// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootData, page, plugin, testSite } from '../testing/fixtures';
import { FakeRealtime, fakeApi } from '../testing/test-root';
import { startShell } from './start-shell';

let container: HTMLElement;
beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '<div id="root"></div>';
  container = document.getElementById('root')!;
  window.history.replaceState(null, '', '/home/index');
});
afterEach(() => {
  document.body.innerHTML = '';
});

const home = plugin('home', { routes: [{ name: 'home', path: '/home/index', page: page('home page') }] });

describe('startShell', () => {
  it('sets the title and html lang from the site config before anything else', async () => {
    const never = new Promise<never>(() => {});
    const site = testSite({ title: 'Bourse Deutschland', language: 'de', release: 'release-title', plugins: ['home'] });
    void startShell({ site, plugins: [home] }, { fetchBoot: () => never, fetch: fakeApi().fetch, createRealtime: () => new FakeRealtime() });
    expect(document.title).toBe('Bourse Deutschland');
    expect(document.documentElement.lang).toBe('de');
  });

  it('shows the plugin graph error on a plain screen instead of a blank page', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(() => startShell({ site: testSite({ plugins: ['home', 'ghost'] }), plugins: [home] }));
    expect(screen.getByRole('alert').textContent).toContain('selects plugin "ghost", which is not part of this build');
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('shows a retry screen while the server is down, then the site once it answers', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let up = false;
    const fetchBoot = vi.fn(async () => {
      if (!up) throw new Error('connect ECONNREFUSED');
      return bootData();
    });
    await act(() =>
      startShell(
        { site: testSite({ plugins: ['home'] }), plugins: [home], container },
        { fetchBoot, fetch: fakeApi().fetch, createRealtime: () => new FakeRealtime() },
      ),
    );
    expect(screen.getByRole('alert').textContent).toContain('The server cannot be reached right now.');
    up = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('home page')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Test Bourse'));
    expect(fetchBoot).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });
});
