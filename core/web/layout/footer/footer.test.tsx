// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FooterItem } from '../../boot/boot-query';
import { page, plugin } from '../../testing/fixtures';
import { renderShell } from '../../testing/render-shell';
import { footerColumns, footerHiddenOn, footerLinkTarget } from './footer-links';

function footerItem(id: number, overrides: Partial<FooterItem> = {}): FooterItem {
  return { id, pid: 0, sort: id, title_code: `f${id}`, title: `Footer ${id}`, skip_type: 'page', ...overrides };
}

const footer: FooterItem[] = [
  footerItem(2, { title: 'Support', sort: 2 }),
  footerItem(1, { title: 'About', sort: 1 }),
  footerItem(11, { pid: 1, sort: 2, title: 'Terms', skip_type: 'article', article_code: 'terms' }),
  footerItem(12, { pid: 1, sort: 1, title: 'About us', skip_type: 'page', skip_path: '/aboutus' }),
  footerItem(21, { pid: 2, title: 'Status', skip_type: 'url', href: 'https://status.example.com' }),
];

const pages = plugin('pages', {
  routes: [
    { name: 'home', path: '/home/index', page: page('home page') },
    { name: 'about', path: '/aboutus', page: page('about page') },
    { name: 'login', path: '/user/login', page: page('login page') },
    { name: 'trade', path: '/exchange/index', page: page('trade page') },
    { name: 'full', path: '/exchange/full-screen/:type', page: page('full page') },
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

async function shell(path: string) {
  const result = await renderShell(path, { plugins: [pages], boot: { footer } });
  roots.push(result.root);
  await screen.findByText(/page$/);
  return result;
}

describe('footer links', () => {
  it('builds sorted columns from pid 0 and their links', () => {
    const columns = footerColumns(footer);
    expect(columns.map((column) => column.item.title)).toEqual(['About', 'Support']);
    expect(columns[0]!.links.map((link) => link.title)).toEqual(['About us', 'Terms']);
  });

  it('maps article, page and url links', () => {
    expect(footerLinkTarget(footer[2]!)).toEqual({ kind: 'internal', path: '/article/main/content/1/terms' });
    expect(footerLinkTarget(footer[3]!)).toEqual({ kind: 'internal', path: '/aboutus' });
    expect(footerLinkTarget(footer[4]!)).toEqual({ kind: 'external', href: 'https://status.example.com' });
    expect(footerLinkTarget(footerItem(9, { skip_type: 'url' }))).toEqual({ kind: 'none' });
  });

  it('is hidden on /user/ and /exchange/ paths only', () => {
    expect(footerHiddenOn('/user/login')).toBe(true);
    expect(footerHiddenOn('/exchange/full-screen/BTC_USDT')).toBe(true);
    expect(footerHiddenOn('/exchange/index')).toBe(true);
    expect(footerHiddenOn('/home/index')).toBe(false);
    expect(footerHiddenOn('/exchange')).toBe(false);
  });
});

describe('footer', () => {
  it('renders columns; page links navigate in the app, url links open a new tab', async () => {
    await shell('/home/index');
    const terms = screen.getByRole('link', { name: 'Terms' });
    expect(terms.getAttribute('href')).toBe('/article/main/content/1/terms');
    const status = screen.getByRole('link', { name: 'Status' });
    expect(status.getAttribute('target')).toBe('_blank');
    expect(status.getAttribute('rel')).toBe('noopener noreferrer');
    fireEvent.click(screen.getByRole('link', { name: 'About us' }));
    expect(await screen.findByText('about page')).toBeTruthy();
    expect(window.location.pathname).toBe('/aboutus');
  });

  it('is not rendered on /user/ and /exchange/ paths', async () => {
    const login = await shell('/user/login');
    expect(login.view.container.querySelector('footer')).toBeNull();
    resetShell();
    const trade = await shell('/exchange/full-screen/BTC_USDT');
    expect(trade.view.container.querySelector('footer')).toBeNull();
    resetShell();
    const home = await shell('/home/index');
    expect(home.view.container.querySelector('footer')).not.toBeNull();
  });
});
