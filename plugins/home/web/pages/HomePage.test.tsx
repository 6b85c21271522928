// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { runInAction } from 'mobx';
import { afterEach, describe, expect, it } from 'vitest';
import type { PluginEntry } from '../../../../core/web';
import { page, plugin } from '../../../../core/web/testing/fixtures';
import { renderShell } from '../../../../core/web/testing/render-shell';
import { fakeApi, type FakeAnswer } from '../../../../core/web/testing/test-root';
import manifest from '../../plugin';
import webPlugin from '../index';

const hero = () => within(document.querySelector<HTMLElement>('.hm-hero')!);

let roots: Array<{ dispose(): void }> = [];
afterEach(() => {
  cleanup();
  roots.forEach((root) => root.dispose());
  roots = [];
  window.localStorage.clear();
});

const home: PluginEntry = { manifest, web: webPlugin };
// Stand-ins for product plugins: only their route names matter to the home page.
const marketsLike = plugin('markets', { routes: [{ name: 'markets.main', path: '/market/main', page: page('markets') }] });
const spotLike = plugin('spot', { routes: [{ name: 'spot.exchange', path: '/exchange/index', page: page('spot') }] });

const all = (records: unknown[]) => ({ records, total: records.length, size: -521, current: 1, pages: 1 });
const BLOCKS = [
  { id: 1, code: 'hero', show: true, title: { en: 'Operator headline', de: 'Schlagzeile des Betreibers' }, text: { en: 'Operator sub-headline' } },
  { id: 2, code: 'products', show: true, title: { en: 'Our products' }, text: { en: 'Pick one' } },
  { id: 3, code: 'signup', show: true, title: { en: 'Join today' }, text: { en: 'Claim up to 8,200 USDC.' } },
];
const FIGURES = [
  { id: 11, sort: 1, show: true, code: 'countries', value: { en: '140+', de: '140+' }, label: { en: 'countries', de: 'Länder' } },
  { id: 12, sort: 2, show: false, code: 'hidden', value: { en: '0 fees' }, label: { en: 'hidden figure' } },
  { id: 13, sort: 3, show: true, code: 'reserve', value: { en: '20,000 BTC', de: '20.000 BTC' }, label: { en: 'reserve' } },
];
const PRODUCTS = [
  { id: 21, sort: 1, show: true, code: 'spot', route: 'spot.exchange', mark: 'S', title: { en: 'Spot' }, text: { en: 'Trade now' } },
  { id: 22, sort: 2, show: true, code: 'otc', route: 'otc.common', mark: 'O', title: { en: 'OTC' }, text: { en: 'Merchants' } },
];

function content(overrides: Partial<Record<'home_block' | 'home_figure' | 'home_product', unknown[]>> = {}) {
  const answers: Record<string, FakeAnswer> = {};
  const rows = { home_block: BLOCKS, home_figure: FIGURES, home_product: PRODUCTS, ...overrides };
  for (const [code, records] of Object.entries(rows)) answers[`/api/mjkj-web/cgform-api/getData/${code}`] = all(records);
  return fakeApi(answers);
}

async function openHome(plugins: PluginEntry[] = [home], api = content()) {
  const setup = await renderShell('/home/index', { plugins, fetch: api.fetch });
  roots.push(setup.root);
  await waitFor(() => expect(document.querySelector('.hm-hero[aria-busy="false"]')).toBeTruthy());
  return { ...setup, api };
}

describe('home page', () => {
  it('shows the operator headline, figures, products and prompt from the content collections', async () => {
    const { api } = await openHome();
    expect(document.querySelector('.hm-hero__site')!.textContent).toBe('Test Bourse');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Operator headline');
    expect(screen.getByText('Operator sub-headline')).toBeTruthy();
    expect([...document.querySelectorAll('.hm-stat__value')].map((node) => node.textContent)).toEqual(['140+', '20,000 BTC']);
    expect(screen.queryByText('hidden figure')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Our products' })).toBeTruthy();
    expect(screen.getByText('Claim up to 8,200 USDC.')).toBeTruthy();
    // read at runtime, every row at once, in the operator's order
    const query = api.requests.find((request) => request.url.pathname.endsWith('/home_figure'))!.url.searchParams;
    expect(Object.fromEntries(query)).toEqual({ pageSize: '-521', column: 'sort', order: 'asc' });
  });

  it('follows the language, falling back to the site language for missing texts', async () => {
    const { root } = await openHome();
    await act(() => root.changeLanguage('de'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Schlagzeile des Betreibers');
    expect(screen.getByText('Länder')).toBeTruthy();
    expect(screen.getByText('20.000 BTC')).toBeTruthy();
    // no German text: the English one
    expect(screen.getByText('reserve')).toBeTruthy();
  });

  it('leaves out blocks the operator hid and keeps the calls to action', async () => {
    const hidden = BLOCKS.map((block) => ({ ...block, show: block.code === 'hero' ? false : block.show }));
    await openHome([home], content({ home_block: hidden.filter((block) => block.code !== 'signup') }));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByText('Join today')).toBeNull();
    expect(hero().getByText('Sign up').getAttribute('href')).toBe('/user/register');
    expect(screen.getByText('Our products')).toBeTruthy();
  });

  it('still renders the frame when the content cannot be loaded', async () => {
    await openHome([home], fakeApi({}));
    expect(document.querySelector('.hm-hero__site')!.textContent).toBe('Test Bourse');
    expect(hero().getByText('Sign up')).toBeTruthy();
    expect(document.querySelector('.hm-products')).toBeNull();
  });

  it('links Sign up to the register page and hides the Markets button without the markets route', async () => {
    await openHome();
    expect(hero().getByText('Sign up').getAttribute('href')).toBe('/user/register');
    expect(hero().queryByText('Markets')).toBeNull();
    expect(screen.getByText('Create account').getAttribute('href')).toBe('/user/register');
  });

  it('links the Markets button and the product cards only to routes that exist', async () => {
    await openHome([home, marketsLike, spotLike]);
    expect(hero().getByText('Markets').getAttribute('href')).toBe('/market/main');
    const card = (id: string) => document.querySelector(`[data-product="${id}"]`)!;
    expect(card('spot').tagName).toBe('A');
    expect(card('spot').getAttribute('href')).toBe('/exchange/index');
    expect(card('otc').tagName).toBe('DIV');
  });

  it('hides the sign-up calls for a signed-in user', async () => {
    const { root } = await openHome();
    act(() => {
      runInAction(() => {
        root.session.isLogin = true;
      });
    });
    expect(hero().queryByText('Sign up')).toBeNull();
    expect(screen.queryByText('Create account')).toBeNull();
  });
});
