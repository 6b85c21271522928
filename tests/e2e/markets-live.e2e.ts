import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPOT_PATHS } from '../../plugins/spot/shared/types';
import { WATCHLIST_PATHS } from '../../plugins/markets/shared/types';
import { WALLET_CONSOLE_PATHS, WALLET_PATHS } from '../../plugins/wallet/shared/types';
import { openBrowser, type BrowserSession } from './browser';
import { call, inviteCode as newestInviteCode, signInInBrowser, signUpInBrowser, signUpMember, texts } from './members';
import { operatorToken as consoleOperatorToken } from './operator';

const PASSWORD = 'Cedar-Harbour-73';
const en = texts('en', 'markets');
const ja = texts('ja', 'markets');
const core = texts('en', 'core');
const jaCore = texts('ja', 'core');
/** A demo market the demo market maker would quote; it is off in the browser tests, so only this test trades it. */
const MARKET = { symbol: 'ETH/USDT', path: 'ETH_USDT' };
const TRADE = { price: '3700.00', num: '0.01' };

/** The access token the shell keeps for the signed-in member. */
function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.endsWith(':session')) return JSON.parse(localStorage.getItem(key)!).accessToken as string;
    return '';
  });
}

describe('live markets in Chromium', () => {
  let session: BrowserSession;
  let operatorToken: string;
  let buyerToken = '';
  let sellerToken = '';
  const stamp = Date.now().toString(36);
  const email = `markets-${stamp}@example.com`;
  const sellerEmail = `markets-seller-${stamp}@example.com`;

  beforeAll(async () => {
    session = await openBrowser({ width: 1440, height: 900 });
    operatorToken = consoleOperatorToken();
  });
  afterAll(async () => {
    await session?.close();
  });

  const row = (page: Page, symbol: string) => page.locator(`tr[data-symbol="${symbol}"]`).first();
  const lastPrice = (page: Page, symbol: string) => row(page, symbol).locator('[data-column="last"]').innerText();
  const navigations = (page: Page) => page.evaluate(() => performance.getEntriesByType('navigation').length);

  it('signs up a member in the browser and a second one through the API, each with coins on the devnet', async () => {
    const { page, baseUrl, browser } = session;
    const invite = await newestInviteCode(baseUrl, operatorToken, PASSWORD);
    await signUpInBrowser(page, baseUrl, { email, password: PASSWORD, inviteCode: invite!, operatorToken });
    buyerToken = await sessionToken(page);
    await signUpMember(baseUrl, operatorToken, sellerEmail, PASSWORD);
    const sellerContext = await browser.newContext();
    try {
      const sellerPage = await sellerContext.newPage();
      await signInInBrowser(sellerPage, baseUrl, sellerEmail, PASSWORD);
      sellerToken = await sessionToken(sellerPage);
    } finally {
      await sellerContext.close();
    }

    const deposit = async (token: string, currency: string, amount: string) => {
      const { address } = await call(baseUrl, `${WALLET_PATHS.depositAddress.replace(':currency', currency)}?network=DEVNET`, { token });
      await call(baseUrl, WALLET_CONSOLE_PATHS.devnetDeposit, {
        token: operatorToken,
        method: 'POST',
        body: JSON.stringify({ address, currency, network: 'DEVNET', amount }),
      });
    };
    await deposit(buyerToken, 'USDT', '100');
    await deposit(sellerToken, 'ETH', '1');
    const balanceOf = async (token: string, currency: string) =>
      ((await call(baseUrl, `${WALLET_PATHS.myBalance}?type=1`, { token })) as { currency: string; available: string }[]).find((entry) => entry.currency === currency)
        ?.available;
    await expect.poll(() => balanceOf(buyerToken, 'USDT'), { timeout: 60_000, interval: 1000 }).toBe('100');
    await expect.poll(() => balanceOf(sellerToken, 'ETH'), { timeout: 60_000, interval: 1000 }).toBe('1');
  });

  it('shows the price of a trade on /market/main without a reload', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/market/main`);
    await row(page, MARKET.symbol).waitFor();
    expect(await lastPrice(page, MARKET.symbol)).not.toBe('$3,700.00');
    const loads = await navigations(page);

    const place = (token: string, side: 'buy' | 'sell') =>
      call(baseUrl, SPOT_PATHS.place.replace(':x', MARKET.path), { token, method: 'POST', body: JSON.stringify({ side, type: 'limit', ...TRADE }) });
    await place(sellerToken, 'sell');
    await place(buyerToken, 'buy');

    await expect.poll(() => lastPrice(page, MARKET.symbol), { timeout: 10_000 }).toBe('$3,700.00');
    expect(await navigations(page)).toBe(loads);
    // Trades of a demo site stay labelled demo.
    await expect(row(page, MARKET.symbol).locator('.mk-demo-mark').count()).resolves.toBe(1);
    await session.screenshot('markets-live-night-en');
  });

  it('says so under the header while the live connection is down, and shows the trades made meanwhile once back', async () => {
    const { page, baseUrl, context } = session;
    const notice = page.getByRole('status').filter({ hasText: core.errors.connectionInterrupted });
    const loads = await navigations(page);
    await context.setOffline(true);
    try {
      // the client notices at its next keepalive (5 s), the notice follows 2 s later
      await notice.waitFor({ timeout: 20_000 });
      await session.screenshot('markets-connection-interrupted-night-en');
      const place = (token: string, side: 'buy' | 'sell') =>
        call(baseUrl, SPOT_PATHS.place.replace(':x', MARKET.path), { token, method: 'POST', body: JSON.stringify({ side, type: 'limit', price: '3710.00', num: '0.01' }) });
      await place(sellerToken, 'sell');
      await place(buyerToken, 'buy');
    } finally {
      await context.setOffline(false);
    }
    await notice.waitFor({ state: 'hidden', timeout: 20_000 });
    await expect.poll(() => lastPrice(page, MARKET.symbol), { timeout: 10_000 }).toBe('$3,710.00');
    expect(await navigations(page)).toBe(loads);
  });

  it('stars the market for the signed-in member and lists it under Favourites', async () => {
    const { page, baseUrl } = session;
    const star = row(page, MARKET.symbol).getByRole('button', { name: en.starAdd });
    await star.click();
    await row(page, MARKET.symbol).getByRole('button', { name: en.starRemove }).waitFor();
    await expect.poll(() => call(baseUrl, WATCHLIST_PATHS.list, { token: buyerToken })).toEqual([{ symbol_name: MARKET.symbol, contract_type: 0 }]);

    await page.getByRole('tab', { name: en.tabFavourites }).click();
    await expect.poll(() => page.locator('tr[data-symbol]').count()).toBe(1);
    await expect(row(page, MARKET.symbol).getByRole('button', { name: en.starRemove }).getAttribute('aria-pressed')).resolves.toBe('true');
    await session.screenshot('markets-favourites-night-en');
  });

  it('looks right in the day theme and in Japanese, and opens the spot exchange page of a row', async () => {
    const { page, baseUrl } = session;
    await page.getByRole('tab', { name: en.tabSpot }).click();
    await page.getByRole('button', { name: 'Switch to day mode' }).click();
    await expect.poll(() => page.locator('body').getAttribute('class')).toContain('theme-day');
    await session.screenshot('markets-live-day-en');
    await page.getByRole('button', { name: 'Switch to night mode' }).click();

    await page.getByRole('button', { name: 'Language', exact: true }).click();
    await page.getByRole('menuitem', { name: '日本語' }).click();
    await page.goto(`${baseUrl}/market/main`);
    await page.getByRole('heading', { name: ja.title }).waitFor();
    await row(page, MARKET.symbol).getByRole('button', { name: ja.starRemove }).waitFor();
    await session.screenshot('markets-live-night-ja');

    // No plugin of this site trades contracts: no contract tab, and every row opens a spot exchange page.
    await expect(page.locator('.mk-page').getByRole('tab').allTextContents()).resolves.toEqual([ja.tabFavourites, ja.tabSpot]);
    await page.locator('.mk-page').getByRole('tab', { name: ja.tabSpot }).click();
    await row(page, 'BTC/USDT').waitFor();
    const links = await page
      .locator('tr[data-symbol]')
      .evaluateAll((rows) => rows.map((tr) => [(tr as HTMLElement).dataset.symbol!, tr.querySelector('.mk-pair-link')!.getAttribute('href')]));
    expect(links.length).toBeGreaterThan(1);
    expect(links).toEqual(links.map(([symbol]) => [symbol, `/exchange/index?symbol=${symbol!.replace('/', '_')}`]));
    // nor does the header search offer contracts
    const search = page.getByRole('textbox', { name: jaCore.search.placeholder });
    await search.click();
    const searchTabs = page.locator('.bourse-search__tabs').getByRole('tab');
    await searchTabs.first().waitFor();
    await expect(searchTabs.allTextContents()).resolves.toEqual([jaCore.search.spot]);
    await page.locator('[data-list="hot"]').waitFor();
    await session.screenshot('markets-search-night-ja');
    await page.keyboard.press('Escape');

    await row(page, MARKET.symbol).locator('.mk-pair-link').click();
    await page.waitForURL(`${baseUrl}/exchange/index?symbol=${MARKET.path}`);
    await page.locator('.bourse-header').waitFor();
  });
});
