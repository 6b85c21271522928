// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { runInAction } from 'mobx';
import { afterEach, describe, expect, it } from 'vitest';
import { page, plugin } from '../../../../core/web/testing/fixtures';
import type { PluginEntry } from '../../../../core/web';
import { renderShell } from '../../../../core/web/testing/render-shell';
import manifest from '../../plugin';
import webPlugin from '../index';

const hero = () => within(document.querySelector<HTMLElement>('.hm-hero')!);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const home: PluginEntry = { manifest, web: webPlugin };
// Stand-ins for product plugins: only their route names matter to the home page.
const marketsLike = plugin('markets', { routes: [{ name: 'markets.main', path: '/market/main', page: page('markets') }] });
const spotLike = plugin('spot', { routes: [{ name: 'spot.exchange', path: '/exchange/index', page: page('spot') }] });

async function openHome(plugins: PluginEntry[] = [home], texts = {}) {
  const setup = await renderShell('/home/index', { plugins, boot: { texts } });
  await waitFor(() => expect(document.querySelector('.hm-hero')).toBeTruthy());
  return setup;
}

describe('home page', () => {
  it('shows the site title, the headline and the platform figures', async () => {
    await openHome();
    expect(document.querySelector('.hm-hero__site')!.textContent).toBe('Test Bourse');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Trade crypto with confidence');
    for (const figure of ['130+', '15,000 BTC', 'AI', '~1000 USDC']) expect(screen.getByText(figure)).toBeTruthy();
    expect(screen.getByText('liquidity management')).toBeTruthy();
  });

  it('takes headline and figures from server texts when the operator overrides them', async () => {
    await openHome([home], { home: { headline: 'Welcome to the exchange', statCountriesValue: '140+' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to the exchange');
    expect(screen.getByText('140+')).toBeTruthy();
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
    for (const id of ['contracts', 'margin', 'otc', 'staking', 'launchpad']) expect(card(id).tagName).toBe('DIV');
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
