// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderShell } from '../../../../core/web/testing/render-shell';
import { fakeApi, type FakeAnswer, type RecordedRequest } from '../../../../core/web/testing/test-root';
import homeManifest from '../../../home/plugin';
import homeWeb from '../../../home/web/index';
import type { PublicArticle, PublicCategory, PublicSection } from '../../shared/types';
import manifest from '../../plugin';
import webPlugin from '../index';

const API = '/api/mjkj-web/article/open';
const plugins = [
  { manifest: homeManifest, web: homeWeb },
  { manifest, web: webPlugin },
];

let roots: Array<{ dispose(): void }> = [];
afterEach(() => {
  cleanup();
  roots.forEach((root) => root.dispose());
  roots = [];
  window.localStorage.clear();
});

const TREE: PublicCategory[] = [
  { id: 1, title: 'Account', sections: [{ id: 2, title: 'Security', articleCount: 1 }, { id: 3, title: 'Profile', articleCount: 0 }] },
  { id: 4, title: 'Deposits', sections: [] },
];
const SECTION: PublicSection = {
  id: 2,
  title: 'Security',
  category: { id: 1, title: 'Account' },
  articles: [{ id: 9, type: 'help', code: null, title: 'Two-factor sign-in', summary: 'Protect your account', publishedAt: '2026-03-01T10:00:00.000Z' }],
};
const ARTICLE: PublicArticle = {
  ...SECTION.articles[0]!,
  language: 'en',
  body: '<h2>Set it up</h2><p>Use an <a href="https://example.com" rel="noopener noreferrer">app</a>.</p>',
  updatedAt: '2026-03-01T10:00:00.000Z',
  category: { id: 1, title: 'Account' },
  section: { id: 2, title: 'Security' },
};

const languageOf = (request: RecordedRequest) => request.headers.get('mj-lang');

async function open(path: string, answers: Record<string, FakeAnswer>) {
  const api = fakeApi(answers);
  const setup = await renderShell(path, { plugins, fetch: api.fetch });
  roots.push(setup.root);
  return { ...setup, api };
}

const crumbs = () => within(screen.getByRole('navigation', { name: 'Breadcrumb' }));

describe('help centre pages', () => {
  it('lists categories with their sections and article counts on the index', async () => {
    await open('/article/main/index', { [`${API}/categories`]: TREE });
    await screen.findByRole('link', { name: 'Account' });
    const account = document.querySelector<HTMLElement>('[data-category="1"]')!;
    expect(within(account).getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/article/main/categories/1');
    expect(within(account).getByRole('link', { name: 'Security' }).getAttribute('href')).toBe('/article/main/sections/2');
    expect(within(account).getByLabelText('Articles: 1')).toBeTruthy();
    expect(within(document.querySelector<HTMLElement>('[data-category="4"]')!).getByText('This category has no sections yet.')).toBeTruthy();
    expect(crumbs().getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home/index');
  });

  it('shows an article with its breadcrumb down the section tree and follows it up', async () => {
    const { api } = await open('/article/main/content/help/9', {
      [`${API}/content`]: ARTICLE,
      [`${API}/sections/2`]: SECTION,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeTruthy();
    expect(Object.fromEntries(api.requests[0]!.url.searchParams)).toEqual({ id: '9', type: 'help' });
    const links = crumbs().getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/home/index'],
      ['Help center', '/article/main/index'],
      ['Account', '/article/main/categories/1'],
      ['Security', '/article/main/sections/2'],
    ]);
    expect(crumbs().getByText('Two-factor sign-in').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 2, name: 'Set it up' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'app' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByRole('note')).toBeNull();

    fireEvent.click(crumbs().getByRole('link', { name: 'Security' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeTruthy();
    expect(window.location.pathname).toBe('/article/main/sections/2');
    expect(screen.getByRole('link', { name: /Two-factor sign-in/ }).getAttribute('href')).toBe('/article/main/content/help/9');
  });

  it('returns to the article index when the language changes on an article page', async () => {
    const { root, api } = await open('/article/main/content/help/9', {
      [`${API}/content`]: ARTICLE,
      [`${API}/categories`]: (request: RecordedRequest) => (languageOf(request) === 'de' ? [{ ...TREE[0], title: 'Konto' }] : TREE),
    });
    await screen.findByRole('heading', { level: 1, name: 'Two-factor sign-in' });
    await act(() => root.changeLanguage('de'));
    await waitFor(() => expect(window.location.pathname).toBe('/article/main/index'));
    expect(await screen.findByRole('link', { name: 'Konto' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Hilfe-Center' })).toBeTruthy();
    expect(languageOf(api.requests.at(-1)!)).toBe('de');
  });

  it('stays on the index and reloads it in the new language', async () => {
    const { root } = await open('/article/main/index', {
      [`${API}/categories`]: (request: RecordedRequest) => (languageOf(request) === 'fr' ? [{ ...TREE[0], title: 'Compte' }] : TREE),
    });
    await screen.findByRole('link', { name: 'Account' });
    await act(() => root.changeLanguage('fr'));
    expect(await screen.findByRole('link', { name: 'Compte' })).toBeTruthy();
    expect(window.location.pathname).toBe('/article/main/index');
  });

  it('opens a footer article link by code and notes a fallback language', async () => {
    const { api, root } = await open('/article/main/content/1/terms', {
      [`${API}/content`]: { ...ARTICLE, id: 5, type: 'page', code: 'terms', title: 'Terms', language: 'en', section: null, category: null },
    });
    await act(() => root.changeLanguage('de'));
    // the language change left the article; open it again in German
    await act(async () => root.navigate('/article/main/content/1/terms'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms' })).toBeTruthy();
    expect(Object.fromEntries(api.requests.find((request) => request.url.pathname.endsWith('/content'))!.url.searchParams)).toEqual({ code: 'terms' });
    expect(screen.getByRole('note').textContent).toContain('Standardsprache');
  });

  it('shows "not found" for an unpublished article', async () => {
    await open('/article/main/content/help/77', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the help center' }).getAttribute('href')).toBe('/article/main/index');
  });

  it('offers a retry when loading fails', async () => {
    let calls = 0;
    await open('/article/main/sections/2', {
      [`${API}/sections/2`]: () => (++calls === 1 ? Response.json({ code: 500, success: false, msg: 'busy', data: null }, { status: 500 }) : SECTION),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeTruthy();
  });
});

describe('static pages', () => {
  it('renders the operator page whose code is the page name', async () => {
    const { api } = await open('/aboutus', {
      [`${API}/content`]: { ...ARTICLE, type: 'page', code: 'aboutus', title: 'About Bourse', body: '<p>We run an exchange.</p>', section: null, category: null },
    });
    expect(await screen.findByText('We run an exchange.')).toBeTruthy();
    expect(Object.fromEntries(api.requests[0]!.url.searchParams)).toEqual({ code: 'aboutus', type: 'page' });
    expect(crumbs().getByText('About Bourse').getAttribute('aria-current')).toBe('page');
  });

  it.each([
    ['/service', 'service', 'Customer service'],
    ['/trading-rules', 'trading-rules', 'Trading rules'],
    ['/test/index', 'test', 'Test page'],
  ])('shows a friendly empty state on %s while nothing is published', async (path, code, title) => {
    const { api } = await open(path, {});
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText(/This page has no content yet/)).toBeTruthy();
    expect(api.requests[0]!.url.searchParams.get('code')).toBe(code);
  });
});
