import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from './browser';
import { signInInBrowser, signUpMember, texts } from './members';
import { operatorToken } from './operator';

const PASSWORD = 'Amber-Quarry-58';
const spot = texts('en', 'spot');
const markets = texts('en', 'markets');
const de = { spot: texts('de', 'spot'), markets: texts('de', 'markets') };

const navigations = (page: Page) => page.evaluate(() => performance.getEntriesByType('navigation').length);
/** The exchange page's market list, its tabs, and the row (star and pair) of a market. */
const list = (page: Page) => page.locator('.spot-markets');
const listTab = (page: Page, name: string) => list(page).getByRole('tab', { name, exact: true });
const listItem = (page: Page, path: string) => list(page).getByRole('listitem').filter({ has: page.locator(`button[data-market="${path}"]`) });
const listed = (page: Page) => list(page).locator('button[data-market]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-market')));
const marketsRow = (page: Page, symbol: string): Locator => page.locator(`tr[data-symbol="${symbol}"]`);

/**
 * A member stars a market in the exchange page's list, finds it under Favourites there and starred on /market/main,
 * unstars it on /market/main and finds it gone back on the exchange page: one watchlist, no reload.
 */
describe('favourites in the exchange page’s market list, in Chromium', () => {
  let session: BrowserSession;
  const email = `spot-fav-${Date.now().toString(36)}@example.com`;

  beforeAll(async () => {
    session = await openBrowser({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    await session?.close();
  });

  it('shows a visitor the sign-in prompt under Favourites and no stars', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/exchange/index?symbol=BTC_USDT`);
    await list(page).locator('button[data-market="ETH_USDT"]').waitFor();
    expect(await list(page).locator('.mk-star').count()).toBe(0);
    await listTab(page, markets.tabFavourites).click();
    await expect(page.getByTestId('spot-favourites-sign-in').innerText()).resolves.toContain(markets.favouritesSignIn);
    await session.screenshot('spot-favourites-visitor-night-en');
  });

  it('stars ETH/USDT on the exchange page without leaving BTC/USDT, and lists it under Favourites', async () => {
    const { page, baseUrl } = session;
    await signUpMember(baseUrl, operatorToken(), email, PASSWORD);
    await signInInBrowser(page, baseUrl, email, PASSWORD);
    await page.goto(`${baseUrl}/exchange/index?symbol=BTC_USDT`);
    const star = listItem(page, 'ETH_USDT').getByRole('button', { name: markets.starAdd });
    await star.click();
    await listItem(page, 'ETH_USDT').getByRole('button', { name: markets.starRemove }).waitFor();
    expect(await page.getByTestId('spot-exchange').getAttribute('data-market')).toBe('BTC_USDT');
    expect(new URL(page.url()).searchParams.get('symbol')).toBe('BTC_USDT');
    expect(await listTab(page, spot.all).getAttribute('aria-selected')).toBe('true');

    await listTab(page, markets.tabFavourites).click();
    await expect.poll(() => listed(page)).toEqual(['ETH_USDT']);
    await session.screenshot('spot-favourites-night-en');
  });

  it('shows the star on /market/main and takes an unstar there back to the exchange page, without a reload', async () => {
    const { page } = session;
    const loads = await navigations(page);
    await page.locator('.bourse-header [data-nav-code="markets"]').click();
    const star = marketsRow(page, 'ETH/USDT').getByRole('button', { name: markets.starRemove });
    await star.waitFor();
    expect(await star.getAttribute('aria-pressed')).toBe('true');
    expect(await marketsRow(page, 'BTC/USDT').getByRole('button', { name: markets.starAdd }).getAttribute('aria-pressed')).toBe('false');
    // away from the nav entry, whose menu opens on hover
    await page.mouse.move(700, 600);
    await session.screenshot('spot-favourites-markets-page-night-en');
    await star.click();
    await marketsRow(page, 'ETH/USDT').getByRole('button', { name: markets.starAdd }).waitFor();

    await page.goBack();
    await list(page).waitFor();
    await listTab(page, markets.tabFavourites).click();
    await expect(page.getByTestId('spot-favourites-empty').innerText()).resolves.toBe(markets.favouritesEmpty);
    expect(await listed(page)).toEqual([]);
    await listTab(page, spot.all).click();
    expect(await listItem(page, 'ETH_USDT').getByRole('button', { name: markets.starAdd }).getAttribute('aria-pressed')).toBe('false');
    expect(await navigations(page)).toBe(loads);
  });

  it('looks right in the day theme and in German', async () => {
    const { page, baseUrl } = session;
    await listItem(page, 'BTC_USDT').getByRole('button', { name: markets.starAdd }).click();
    await listItem(page, 'BTC_USDT').getByRole('button', { name: markets.starRemove }).waitFor();
    await page.getByRole('button', { name: 'Switch to day mode' }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).toBe(null);
    await session.screenshot('spot-favourites-day-en');
    await listTab(page, markets.tabFavourites).click();
    await expect.poll(() => listed(page)).toEqual(['BTC_USDT']);
    await session.screenshot('spot-favourites-tab-day-en');
    await page.getByRole('button', { name: 'Switch to night mode' }).click();

    await page.getByRole('button', { name: 'Language', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await page.goto(`${baseUrl}/exchange/index?symbol=BTC_USDT`);
    await listItem(page, 'BTC_USDT').getByRole('button', { name: de.markets.starRemove }).waitFor();
    expect(await listTab(page, de.spot.all).getAttribute('aria-selected')).toBe('true');
    await listTab(page, de.markets.tabFavourites).click();
    await expect.poll(() => listed(page)).toEqual(['BTC_USDT']);
    await session.screenshot('spot-favourites-night-de');
  });
});
