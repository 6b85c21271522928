import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import defaultSite from '../../site-configs/default';
import { parseCsv } from '../support/csv';
import { SPOT_CONSOLE_PATHS, SPOT_PATHS } from '../../plugins/spot/shared/types';
import { WALLET_CONSOLE_PATHS, WALLET_PATHS } from '../../plugins/wallet/shared/types';
import { openBrowser, type BrowserSession } from './browser';
import { call, inviteCode as newestInviteCode, signUpInBrowser, signUpMember, texts } from './members';
import { operatorToken as consoleOperatorToken } from './operator';

const PASSWORD = 'Amber-Quarry-58';
const en = texts('en', 'spot');
const de = texts('de', 'spot');
/** A market of the test's own: the demo market maker quotes the USDT markets, so the book here holds only our orders. */
const MARKET = { symbol: 'ETH/BTC', path: 'ETH_BTC' };
const BUY = { price: '0.050000', num: '2' };
const SELL_NUM = '0.5';

/** A member's access token through the sign-in call the site's log-in page makes. */
async function memberToken(baseUrl: string, email: string, password: string): Promise<string> {
  const { api } = defaultSite;
  const query = new URLSearchParams({ tenantId: api.tenantId, scope: 'all', type: 'account', grant_type: 'password', deviceId: 'e'.repeat(64) });
  const response = await fetch(`${baseUrl}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Tenant-Id': api.tenantId, Authorization: `Basic ${btoa(`${api.clientId}:${api.clientSecret}`)}` },
    body: JSON.stringify({ username: email, password }),
  });
  const body = await response.json();
  if (typeof body.access_token !== 'string') throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

describe('spot trading in Chromium, as a new member', () => {
  let session: BrowserSession;
  let operatorToken: string;
  let sellerToken = '';
  const email = `spot-${Date.now().toString(36)}@example.com`;
  const sellerEmail = `spot-seller-${Date.now().toString(36)}@example.com`;

  beforeAll(async () => {
    session = await openBrowser({ width: 1440, height: 900 });
    operatorToken = consoleOperatorToken();
  });
  afterAll(async () => {
    await session?.close();
  });

  const operatorCall = (path: string, body?: unknown) =>
    call(session.baseUrl, path, { token: operatorToken, ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }) });
  const sellerCall = (path: string, body?: unknown) =>
    call(session.baseUrl, path, { token: sellerToken, ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }) });
  const available = (page: Page, side: 'buy' | 'sell') => page.getByTestId(`spot-available-${side}`).innerText();
  const navigations = (page: Page) => page.evaluate(() => performance.getEntriesByType('navigation').length);

  it('signs up, and both members get coins on the devnet', async () => {
    const { page, baseUrl } = session;
    const invite = await newestInviteCode(baseUrl, operatorToken, PASSWORD);
    await signUpInBrowser(page, baseUrl, { email, password: PASSWORD, inviteCode: invite!, operatorToken });
    await signUpMember(baseUrl, operatorToken, sellerEmail, PASSWORD);
    sellerToken = await memberToken(baseUrl, sellerEmail, PASSWORD);

    const markets = await operatorCall(SPOT_CONSOLE_PATHS.markets);
    if (!markets.some((market: { symbol: string }) => market.symbol === MARKET.symbol)) {
      await operatorCall(SPOT_CONSOLE_PATHS.addMarket, {
        symbol: MARKET.symbol,
        priceScale: 6,
        qtyScale: 4,
        tickSize: '0.000001',
        lotSize: '0.0001',
        minNotional: '0.0001',
        makerFeePpm: 1000,
        takerFeePpm: 1000,
      });
    }

    // the buyer reads the address on the deposit page, the seller through the API
    await page.goto(`${baseUrl}/account/wallet/deposit?currency=BTC`);
    const shown = page.getByTestId('deposit-address');
    await shown.waitFor();
    const buyerAddress = (await shown.innerText()).trim();
    const sellerAddress = (await sellerCall(`${WALLET_PATHS.depositAddress.replace(':currency', 'ETH')}?network=DEVNET`)).address;
    await operatorCall(WALLET_CONSOLE_PATHS.devnetDeposit, { address: buyerAddress, currency: 'BTC', network: 'DEVNET', amount: '1' });
    await operatorCall(WALLET_CONSOLE_PATHS.devnetDeposit, { address: sellerAddress, currency: 'ETH', network: 'DEVNET', amount: '5' });
    const balanceOf = async (token: string, currency: string) =>
      ((await call(baseUrl, `${WALLET_PATHS.myBalance}?type=1`, { token })) as { currency: string; available: string }[]).find((row) => row.currency === currency)?.available;
    const buyerToken = await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.endsWith(':session')) return JSON.parse(localStorage.getItem(key)!).accessToken as string;
      return '';
    });
    await expect.poll(() => balanceOf(buyerToken, 'BTC'), { timeout: 60_000, interval: 1000 }).toBe('1');
    await expect.poll(() => balanceOf(sellerToken, 'ETH'), { timeout: 60_000, interval: 1000 }).toBe('5');
  });

  it('places a limit buy and sees it in the book and in the open orders', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/exchange/index?symbol=${MARKET.path}`);
    await expect.poll(() => available(page, 'buy')).toBe('1.000000 BTC');
    await expect(page.getByTestId('spot-demo-tag').count()).resolves.toBe(1);
    await page.locator('#spot-buy-price').fill(BUY.price);
    await page.locator('#spot-buy-num').fill(BUY.num);
    await expect(page.getByTestId('spot-total-buy').innerText()).resolves.toBe('0.100000 BTC');
    await page.getByTestId('spot-form-buy').getByRole('button', { name: 'Buy ETH' }).click();
    await page.locator('.semi-toast-content-text', { hasText: en.orderPlaced }).first().waitFor();

    await page.getByTestId('spot-order-book').locator(`[data-side="bids"] [data-price="${BUY.price}"]`).waitFor();
    await expect.poll(() => page.locator('.spot-orders tbody tr').first().innerText()).toContain('0.050000');
    await expect.poll(() => available(page, 'buy')).toBe('0.900000 BTC');
    await session.screenshot('spot-exchange-night-en');
  });

  it('is filled by a sell of the second member: the trade, the candle and the balance change without a reload', async () => {
    const { page } = session;
    const loads = await navigations(page);
    await sellerCall(SPOT_PATHS.place.replace(':x', MARKET.path), { side: 'sell', type: 'limit', price: BUY.price, num: SELL_NUM });

    await expect.poll(() => page.getByTestId('spot-recent-trades').innerText(), { timeout: 10_000 }).toContain('0.050000');
    await expect.poll(() => page.getByTestId('spot-candle').getAttribute('data-volume'), { timeout: 10_000 }).toBe(SELL_NUM);
    // the buyer pays the 0.1 % fee in ETH: 0.5 − 0.0005
    await expect.poll(() => available(page, 'sell'), { timeout: 10_000 }).toBe('0.4995 ETH');
    await expect.poll(() => page.getByTestId('spot-order-book').locator(`[data-side="bids"] [data-price="${BUY.price}"]`).innerText()).toContain('1.5000');
    expect(await navigations(page)).toBe(loads);
    await session.screenshot('spot-exchange-filled-night-en');

    // the trade history lists the fill itself: its price, quantity, amount, the fee in ETH, and the buyer as maker
    await page.getByRole('tab', { name: en.tab_trades }).click();
    const fill = await page.getByTestId('spot-orders-trades').locator('tbody tr').first().innerText();
    for (const cell of [BUY.price, '0.5000', '0.025 BTC', '0.0005 ETH', en.maker]) expect(fill).toContain(cell);
    await session.screenshot('spot-trade-history-night-en');
    await page.getByRole('tab', { name: new RegExp(`^${en.tab_open}`) }).click();
  });

  it('places another order and cancels it', async () => {
    const { page } = session;
    await page.locator('#spot-buy-price').fill('0.010000');
    await page.locator('#spot-buy-num').fill('1');
    await page.getByTestId('spot-form-buy').getByRole('button', { name: 'Buy ETH' }).click();
    const rows = page.locator('.spot-orders tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => available(page, 'buy')).toBe('0.890000 BTC');
    await rows.filter({ hasText: '0.010000' }).getByRole('button', { name: en.cancel }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => available(page, 'buy')).toBe('0.900000 BTC');
    await expect(page.getByTestId('spot-order-book').locator('[data-price="0.010000"]').count()).resolves.toBe(0);
  });

  it('sets a take-profit and a stop-loss on a buy: once it fills, both wait in the open orders until one is cancelled', async () => {
    const { page } = session;
    const form = page.getByTestId('spot-form-buy');
    await page.locator('#spot-buy-price').fill('0.055000');
    await page.locator('#spot-buy-num').fill('0.2');
    await form.getByText(en.takeProfit, { exact: true }).click();
    await form.getByText(en.stopLoss, { exact: true }).click();
    await page.locator('#spot-buy-fullPrice').fill('0.070000');
    await page.locator('#spot-buy-lossPrice').fill('0.045000');
    await form.getByRole('button', { name: 'Buy ETH' }).click();
    await page.locator('.semi-toast-content-text', { hasText: en.orderPlaced }).first().waitFor();
    // the next order starts without exits
    await expect.poll(() => page.locator('#spot-buy-fullPrice').count()).toBe(0);

    await sellerCall(SPOT_PATHS.place.replace(':x', MARKET.path), { side: 'sell', type: 'limit', price: '0.055000', num: '0.2' });
    const rows = page.locator('.spot-orders tbody tr');
    const exits = rows.filter({ hasText: en.status_conditional });
    await expect.poll(() => exits.count(), { timeout: 10_000 }).toBe(2);
    // each sells the 0.2 bought less its 0.0002 fee, at its trigger price; the ETH is held for them
    const takeProfit = rows.filter({ hasText: en.type_takeProfit });
    for (const cell of ['0.070000', '0.1998']) expect(await takeProfit.innerText()).toContain(cell);
    expect(await rows.filter({ hasText: en.type_stopLoss }).innerText()).toContain('0.045000');
    await expect.poll(() => available(page, 'sell')).toBe('0.4995 ETH');
    await session.screenshot('spot-exits-waiting-night-en');
    // scrolled to the end, the last row's Cancel is clear of the floating support button
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const [cancel, support] = await Promise.all([rows.last().getByRole('button', { name: en.cancel }).boundingBox(), page.getByTestId('chat-button').boundingBox()]);
    expect(cancel!.y + cancel!.height <= support!.y || cancel!.x + cancel!.width <= support!.x, JSON.stringify({ cancel, support })).toBe(true);

    await takeProfit.getByRole('button', { name: en.cancel }).click();
    await expect.poll(() => exits.count()).toBe(0);
    await expect.poll(() => available(page, 'sell')).toBe('0.6993 ETH');
  });

  it('looks right in the day theme, in German, full screen and on the orders page', async () => {
    const { page, baseUrl } = session;
    await page.getByRole('button', { name: 'Switch to day mode' }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).toBe(null);
    await session.screenshot('spot-exchange-day-en');
    await page.getByRole('button', { name: 'Switch to night mode' }).click();

    await page.getByRole('button', { name: 'Language', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    // the menu closes on the choice
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await page.goto(`${baseUrl}/exchange/index?symbol=${MARKET.path}`);
    await page.getByRole('heading', { name: de.orderBook }).waitFor();
    await page.getByTestId('spot-form-buy').getByRole('button', { name: 'ETH kaufen' }).waitFor();
    await session.screenshot('spot-exchange-night-de');

    await page.goto(`${baseUrl}/exchange/full-screen/${MARKET.path}`);
    await page.getByTestId('spot-order-book').locator(`[data-price="${BUY.price}"]`).waitFor();
    await expect(page.locator('.bourse-header').count()).resolves.toBe(0);
    await session.screenshot('spot-full-screen-night-de');

    // the demo market with the demo market maker's book, as a visitor sees it on the first open
    await page.goto(`${baseUrl}/exchange/index`);
    await expect.poll(() => page.getByTestId('spot-exchange').getAttribute('data-market')).toBe('BTC_USDT');
    await page.getByTestId('spot-last-price').waitFor();
    await session.screenshot('spot-exchange-btc-usdt-night-de');

    await page.goto(`${baseUrl}/account/entrust/spot`);
    await expect.poll(() => page.locator('.spot-entrust tbody tr').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await session.screenshot('spot-orders-night-de');

    // the page follows the member's orders: the seller fills more of the partly filled buy, and its row and its opened
    // fills show it without a reload
    const id = await page.locator('.spot-entrust tbody tr', { hasText: '0.050000' }).getAttribute('data-row-key');
    // the order's own row comes before the fills opened under it (a fill's row key is its trade id)
    const partlyFilled = page.locator(`.spot-entrust tr[data-row-key="${id}"]`).first();
    const fills = page.getByTestId(`spot-fills-${id}`).locator('tbody tr');
    await partlyFilled.locator('.semi-table-expand-icon').click();
    await expect.poll(() => fills.count(), { timeout: 10_000 }).toBe(1);
    expect(await partlyFilled.innerText()).toContain('0.5000');
    const loads = await navigations(page);
    await sellerCall(SPOT_PATHS.place.replace(':x', MARKET.path), { side: 'sell', type: 'limit', price: BUY.price, num: '0.25' });
    await expect.poll(() => partlyFilled.innerText(), { timeout: 10_000 }).toContain('0.7500');
    await expect.poll(() => fills.count(), { timeout: 10_000 }).toBe(2);
    expect(await navigations(page)).toBe(loads);
    await session.screenshot('spot-orders-live-night-de');

    // the partly filled buy is cancelled from its row on this page too
    await partlyFilled.getByRole('button', { name: de.cancel }).click();
    await expect.poll(() => partlyFilled.innerText()).toContain(de.status_cancelled);
    await expect(partlyFilled.getByRole('button', { name: de.cancel }).count()).resolves.toBe(0);
  });

  it("exports the orders as a CSV file, its times in the browser's time zone", async () => {
    const { page, baseUrl } = session;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Asia/Tokyo' });
    try {
      await page.goto(`${baseUrl}/account/entrust/spot`);
      await expect.poll(() => page.locator('.spot-entrust tbody tr').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: de.exportCsv }).click()]);
      expect(file.suggestedFilename()).toBe('spot-orders.csv');
      const [header, ...rows] = parseCsv(readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, ''));
      const titles = ['col_symbol', 'col_side', 'col_type', 'col_price', 'triggerPrice', 'col_num', 'col_filledNum', 'col_filledMoney', 'col_avgPrice', 'col_fee', 'col_feeCurrency', 'col_status'];
      expect(header).toEqual([`${de.colTime} (Asia/Tokyo)`, ...titles.map((key) => de[key])]);
      expect(rows.filter((row) => row[1] === MARKET.symbol).length).toBeGreaterThanOrEqual(2);
    } finally {
      await cdp.send('Emulation.setTimezoneOverride', { timezoneId: '' });
      await cdp.detach();
    }
  });
});
