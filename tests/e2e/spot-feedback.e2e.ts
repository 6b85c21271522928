import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candle, order } from '../../plugins/spot/web/testing/spot-fixtures';
import { chooseFromMenu, openBrowser, type BrowserSession } from './browser';
import { SPOT_CONSOLE_PATHS } from '../../plugins/spot/shared/types';
import { call, signInInBrowser, signUpMember, texts } from './members';
import { operatorToken } from './operator';

const PASSWORD = 'Amber-Quarry-58';
const en = texts('en', 'spot');
const ko = texts('ko', 'spot');
const fr = texts('fr', 'spot');
const core = texts('en', 'core');
const koCore = texts('ko', 'core');
/** An open order the screen is told the member has (the member has no funds to place one). */
const OPEN_ORDER = order(990_001, { createTime: Date.UTC(2026, 10, 29, 13, 49, 9) });
/** What the screen is told the member holds: enough for the orders the form sends (answered in the browser too). */
const holding = (currency: string, available: string) => ({ currency, name: currency, icon: '', scale: 8, available, frozen: '0', total: available, bonus: '0', transferable: available, usdt: '0' });
const BALANCES = [holding('USDT', '100000'), holding('BTC', '1')];
/** A stop-limit buy waiting for its trigger: the longest status ("En attente du déclenchement" in French). */
const WAITING_ORDER = order(990_004, { type: 'stop', status: 'conditional', price: '31000', triggerPrice: '30500', num: '0.25', createTime: Date.UTC(2026, 10, 29, 13, 50, 0) });
/** Finished orders with what their fills came to: the widest figures of the orders page. */
const FILLED_ORDERS = [
  order(990_005, { status: 'filled', price: '32506.55', num: '0.061718', filledNum: '0.061718', filledMoney: '2006.2293', avgPrice: '32506.55', fee: '0.00006172', feeCurrency: 'BTC' }),
  order(990_006, { type: 'market', price: null, num: null, money: '12500.5', status: 'filled', filledNum: '0.384527', filledMoney: '12499.98765432', avgPrice: '32506.55', fee: '0.00038453', feeCurrency: 'BTC' }),
];

const answer = (route: Route, data: unknown) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 200, success: true, msg: 'success', data }) });
const submit = (page: Page, side: 'buy' | 'sell') => page.getByTestId(`spot-form-${side}`).locator('.spot-submit');
const QUARTER = 15 * 60_000;
/** A day of 15-minute candles up to now, rising and falling (the market here has no trades of its own). */
const dayOfCandles = () => {
  const last = Math.floor(Date.now() / QUARTER) * QUARTER;
  return Array.from({ length: 96 }, (_, index) => candle(last - (95 - index) * QUARTER, String(30_000 + Math.round(800 * Math.sin(index / 9))), String(1 + (index % 7))));
};

/**
 * What the exchange page tells the member after placing or cancelling: the engine's answer and a missing one. The
 * order calls are answered in the browser (an order the engine ends at once, no connection for a cancel); the times
 * are read in Seoul (UTC+9).
 */
describe('the exchange page’s order feedback, in Chromium', () => {
  let session: BrowserSession;
  const email = `spot-feedback-${Date.now().toString(36)}@example.com`;

  beforeAll(async () => {
    session = await openBrowser({ width: 1440, height: 900 });
    const cdp = await session.context.newCDPSession(session.page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Asia/Seoul' });
  });
  afterAll(async () => {
    await session?.close();
  });

  it('warns that a market order was cancelled at once, and that a cancel did not reach the server', async () => {
    const { page, baseUrl } = session;
    await signUpMember(baseUrl, operatorToken(), email, PASSWORD);
    await signInInBrowser(page, baseUrl, email, PASSWORD);
    await page.route('**/coin/assets/getMyBalance**', (route) => answer(route, BALANCES));
    await page.route('**/coin/entrust/get/myExchangeLog/**', (route) => answer(route, [OPEN_ORDER]));
    await page.route('**/coin/entrust/exchange/**', (route) => answer(route, order(990_002, { type: 'market', price: null, num: null, money: '100', status: 'cancelled', reason: 'noLiquidity' })));
    await page.route('**/coin/entrust/cancel/entrust', (route) => route.abort('internetdisconnected'));
    await page.route('**/coin/open/get/kline/history**', (route) => answer(route, dayOfCandles()));
    await page.goto(`${baseUrl}/exchange/index?symbol=BTC_USDT`);
    await page.getByTestId('spot-candle').waitFor();

    await page.locator('.spot-trade').getByRole('tab', { name: en.type_market }).click();
    // the sell form has a total row the market buy has not: the buttons stay level
    const [buyBox, sellBox] = await Promise.all([submit(page, 'buy').boundingBox(), submit(page, 'sell').boundingBox()]);
    expect(buyBox!.y).toBe(sellBox!.y);
    await page.locator('#spot-buy-money').fill('100');
    await submit(page, 'buy').click();
    await page.getByText(en.orderEnded.replace('{{reason}}', en.reason_noLiquidity)).waitFor();
    await session.screenshot('spot-feedback-cancelled-at-once-night-en');

    const row = page.locator(`[data-row-key="${OPEN_ORDER.id}"]`);
    expect(await row.innerText()).toContain('2026-11-29 22:49:09');
    await row.getByRole('button', { name: en.cancel }).click();
    await page.getByText(en.cancelUnreachable).waitFor();
    await session.screenshot('spot-feedback-cancel-unreachable-night-en');
  });

  it('shows the chart’s times in local time, in the day theme and in Korean', async () => {
    const { page, baseUrl } = session;
    await page.getByRole('button', { name: core.header.themeDay }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).toBe(null);
    await chooseFromMenu(page, page.getByRole('button', { name: core.header.language, exact: true }), page.getByRole('menuitem', { name: '한국어' }));
    // the choice is kept once the page has switched: going on at once could leave before it is
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ko');
    await page.goto(`${baseUrl}/exchange/index?symbol=BTC_USDT`);
    await page.getByTestId('spot-candle').waitFor();
    await page.locator('.spot-trade').getByRole('tab', { name: ko.type_market }).click();
    await page.locator('#spot-buy-money').fill('100');
    await submit(page, 'buy').click();
    await page.getByText(ko.orderEnded.replace('{{reason}}', ko.reason_noLiquidity)).waitFor();
    // the crosshair's time label on the latest candle
    const chart = await page.getByTestId('spot-chart').boundingBox();
    await page.mouse.move(chart!.x + chart!.width * 0.8, chart!.y + chart!.height / 2);
    await session.screenshot('spot-feedback-chart-day-ko');
  });

  it('asks before a buy far above the last price, and sends nothing when the member goes back', async () => {
    const { page } = session;
    let placed = 0;
    await page.unroute('**/coin/entrust/exchange/**');
    await page.route('**/coin/entrust/exchange/**', (route) => {
      placed += 1;
      return answer(route, order(990_003));
    });
    await page.locator('.spot-trade').getByRole('tab', { name: ko.type_limit, exact: true }).click();
    await page.locator('#spot-buy-price').fill('100000');
    await page.locator('#spot-buy-num').fill('0.001');
    await submit(page, 'buy').click();
    const dialog = page.getByRole('dialog').filter({ hasText: ko.farPriceTitle });
    await dialog.waitFor();
    await session.screenshot('spot-far-price-day-ko');
    await dialog.getByRole('button', { name: ko.farPriceBack }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(placed).toBe(0);
    expect(await page.locator('#spot-buy-price').inputValue()).toBe('100000');
  });

  it('says at once that a price is beyond the market’s band, names the limit and sends nothing', async () => {
    const { page, baseUrl } = session;
    let placed = 0;
    await page.unroute('**/coin/entrust/exchange/**');
    await page.route('**/coin/entrust/exchange/**', (route) => {
      placed += 1;
      return route.continue();
    });
    const setBand = (priceBandPercent: number) =>
      call(baseUrl, SPOT_CONSOLE_PATHS.updateMarket, { method: 'POST', token: operatorToken(), body: JSON.stringify({ symbol: 'BTC/USDT', priceBandPercent }) });
    await setBand(20);
    try {
      await page.reload();
      // a stop-limit is measured from its own trigger price: the market needs no trade of its own
      await page.locator('.spot-trade').getByRole('tab', { name: ko.type_stop, exact: true }).click();
      await page.locator('#spot-buy-triggerMoney').fill('70000');
      await page.locator('#spot-buy-price').fill('84000.01');
      await page.locator('#spot-buy-num').fill('0.001');
      await submit(page, 'buy').click();
      const refusal = ko.errPriceOutsideBandOfTriggerBuy.replace('{{percent}}', '20').replace('{{reference}}', '70,000.00').replace('{{limit}}', '84,000.00').replace('{{currency}}', 'USDT');
      await page.getByTestId('spot-form-buy').getByText(refusal).waitFor();
      await session.screenshot('spot-price-band-day-ko');
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(placed).toBe(0);
    } finally {
      await setBand(0);
      await page.unroute('**/coin/entrust/exchange/**');
    }
  });

  it('keeps a long status clear of the pinned Cancel column on the orders page at 1024 px, in French at night', async () => {
    const { page, baseUrl } = session;
    await page.getByRole('button', { name: koCore.header.themeNight }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).toBe('dark');
    await chooseFromMenu(page, page.getByRole('button', { name: koCore.header.language, exact: true }), page.getByRole('menuitem', { name: 'Français' }));
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await page.route('**/coin/entrust/getEntrustLogCurrency', (route) => answer(route, { records: [WAITING_ORDER, OPEN_ORDER, ...FILLED_ORDERS], total: 4, size: 10, current: 1, pages: 1 }));
    await page.setViewportSize({ width: 1024, height: 768 });
    try {
      await page.goto(`${baseUrl}/account/entrust/spot`);
      const row = page.locator(`tr[data-row-key="${WAITING_ORDER.id}"]`);
      await row.getByText(fr.status_conditional).waitFor();
      const edges = await row.evaluate((tr) => {
        const cells = [...tr.querySelectorAll('td')];
        const status = cells.find((cell) => cell.classList.contains('spot-status'))!.getBoundingClientRect();
        const cancel = cells.find((cell) => cell.classList.contains('spot-table__action'))!.getBoundingClientRect();
        return { status: status.right, cancel: cancel.left };
      });
      expect(edges.status, `status ends at ${edges.status}, Cancel starts at ${edges.cancel}`).toBeLessThanOrEqual(edges.cancel);
      await row.getByRole('button', { name: fr.cancel }).waitFor();
      await session.screenshot('spot-entrust-1024-fr-night');
      // and once the table is scrolled to its end
      await page.locator('.spot-entrust .semi-table-body').evaluate((body) => body.scrollTo({ left: body.scrollWidth }));
      await session.screenshot('spot-entrust-1024-fr-night-scrolled');
    } finally {
      await page.unroute('**/coin/entrust/getEntrustLogCurrency');
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });
});
