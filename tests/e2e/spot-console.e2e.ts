import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPOT_CONSOLE_PATHS, SPOT_MARKET_PATHS, type SpotSymbol } from '../../plugins/spot/shared/types';
import { openBrowser, type BrowserSession } from './browser';
import { OPERATOR_PASSWORD } from './global-setup';
import { call, signInInBrowser, signUpMember, texts } from './members';
import { operatorToken, signInToConsole } from './operator';

const en = texts('en', 'spot-console');
const de = texts('de', 'spot-console');
const spot = texts('en', 'spot');
const markets = texts('en', 'markets');
/** A market of this test's own (spot.e2e.ts trades ETH/BTC), of the demo currencies. */
const SYMBOL = 'BTC/ETH';
/** The member who looks at the halted market. */
const PASSWORD = 'Granite-Beacon-46';

const field = (page: Page, name: string) => page.getByTestId('market-form').locator(`[data-field="${name}"]`);
/** The fields of the add form that start empty. */
const REQUIRED_FIELDS = ['symbol', 'tickSize', 'lotSize', 'minNotional', 'makerFee', 'takerFee'];
/** The message under each field of the form, by field (null where none shows). */
const fieldErrors = (page: Page) =>
  page
    .getByTestId('market-form')
    .locator('[data-field]')
    .evaluateAll((rows) => Object.fromEntries(rows.map((row) => [row.getAttribute('data-field'), row.querySelector('[role="alert"]')?.textContent ?? null])));
/** Every field that starts empty says `message`; the others say nothing. */
const emptyFormErrors = (message: string) => ({
  ...Object.fromEntries(['priceScale', 'qtyScale', 'selfTrade', 'priceBandPercent'].map((name) => [name, null])),
  ...Object.fromEntries(REQUIRED_FIELDS.map((name) => [name, message])),
});
const marketRow = (page: Page) => page.locator(`tr[data-symbol="${SYMBOL}"]`);
/** Waits until the toasts of earlier changes are gone, so they cover nothing in a screenshot. */
const toastsGone = (page: Page) => expect.poll(() => page.locator('.semi-toast').count(), { timeout: 10_000 }).toBe(0);
/** Waits for the element's opening animations, so a screenshot shows it in place. */
const settled = (element: Locator) => element.evaluate((node) => Promise.all(node.getAnimations({ subtree: true }).map((animation) => animation.finished)));

describe('spot markets in the console, in Chromium', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openBrowser({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    // leave the market open for any test that reads the public market list later in the run
    await call(session.baseUrl, SPOT_CONSOLE_PATHS.haltMarket, { method: 'POST', token: operatorToken(), body: JSON.stringify({ symbol: SYMBOL, halted: false }) }).catch(() => undefined);
    await session?.close();
  });

  /** The market as the public list of the site (getSpotGoods) shows it now. */
  const listed = async (): Promise<SpotSymbol | undefined> =>
    ((await call(session.baseUrl, SPOT_MARKET_PATHS.goods)) as SpotSymbol[]).find((market) => market.symbol_name === SYMBOL);

  it('signs in and opens the spot markets page from the menu', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/console/`);
    await page.waitForURL(/\/console\/login$/);
    await signInToConsole(page, OPERATOR_PASSWORD);
    await page.waitForURL(/\/console\/home\/index$/);
    await page.getByRole('button', { name: en.menuMarkets }).click();
    await page.waitForURL(/\/console\/spot\/markets$/);
    await page.locator('tr[data-symbol="BTC/USDT"]').waitFor();
    expect(await listed()).toBeUndefined();
  });

  it('adds the market; a refusal of the server shows on its field first; the public list has it at once', async () => {
    const { page } = session;
    await page.getByRole('button', { name: en.addMarket }).click();
    await expect.poll(() => field(page, 'priceScale').locator('input').inputValue()).toBe('8');
    // the empty form names every required field at once and sends nothing
    await page.getByRole('button', { name: en.add, exact: true }).click();
    await expect.poll(() => fieldErrors(page)).toEqual(emptyFormErrors(en.required));
    // the first of them takes the focus, so the sheet shows it although the button is at its foot
    await expect(field(page, 'symbol').locator('input').evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await settled(page.locator('.semi-sidesheet'));
    await session.screenshot('spot-console-add-empty-night-en');
    await field(page, 'symbol').locator('input').fill('BTC/XYZ');
    await field(page, 'priceScale').locator('input').fill('4');
    await field(page, 'qtyScale').locator('input').fill('5');
    await field(page, 'tickSize').locator('input').fill('0.0001');
    await field(page, 'lotSize').locator('input').fill('0.00001');
    await field(page, 'minNotional').locator('input').fill('0.001');
    await field(page, 'makerFee').locator('input').fill('11');
    await field(page, 'takerFee').locator('input').fill('0.1');
    await page.getByRole('button', { name: en.add, exact: true }).click();
    // a limit the server would refuse naming no number is named on its field first
    await expect.poll(() => field(page, 'makerFee').getByRole('alert').innerText()).toBe(en.feeTooHigh.replace('{{max}}', '10'));
    await field(page, 'makerFee').locator('input').fill('0.05');
    await page.getByRole('button', { name: en.add, exact: true }).click();
    await expect.poll(() => field(page, 'symbol').getByRole('alert').innerText()).toBe(spot.errUnknownCurrency);
    await session.screenshot('spot-console-add-refused-night-en');

    await field(page, 'symbol').locator('input').fill(SYMBOL);
    await page.getByRole('button', { name: en.add, exact: true }).click();
    await marketRow(page).waitFor();
    await page.getByText(en.marketAdded.replace('{{symbol}}', SYMBOL)).waitFor();
    await expect(marketRow(page).innerText()).resolves.toContain(en.status.trading);
    expect(await listed()).toMatchObject({ path_name: 'BTC_ETH', base_coin_scale: 4, coin_coin_scale: 5, tick_size: '0.0001', maker_fee_ppm: 500, taker_fee_ppm: 1000, halted: false });
  });

  it('changes the taker fee and the price band, and the public list shows them without a restart', async () => {
    const { page } = session;
    await expect(marketRow(page).innerText()).resolves.toContain(en.noPriceBand);
    await marketRow(page).getByRole('button', { name: en.edit }).click();
    await expect.poll(() => field(page, 'takerFee').locator('input').inputValue()).toBe('0.1');
    await field(page, 'takerFee').locator('input').fill('0.25');
    await expect.poll(() => field(page, 'priceBandPercent').locator('input').inputValue()).toBe('0');
    await field(page, 'priceBandPercent').locator('input').fill('15');
    await page.getByRole('button', { name: en.save, exact: true }).click();
    await expect.poll(() => marketRow(page).innerText()).toContain('0.25 %');
    await expect(marketRow(page).innerText()).resolves.toContain('15 %');
    expect(await listed()).toMatchObject({ maker_fee_ppm: 500, taker_fee_ppm: 2500, price_band_percent: 15, halted: false });
  });

  it('halts the market after the confirmation; the public list shows it halted; both changes are audited', async () => {
    const { page } = session;
    await toastsGone(page);
    await marketRow(page).getByRole('button', { name: en.halt }).click();
    const dialog = page.locator('.semi-modal-confirm');
    await dialog.getByText(en.haltConfirmTitle.replace('{{symbol}}', SYMBOL)).waitFor();
    await settled(dialog);
    await session.screenshot('spot-console-halt-confirm-night-en');
    await dialog.getByText(en.halt, { exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => marketRow(page).innerText()).toContain(en.status.halted);
    await expect(marketRow(page).getByRole('button', { name: en.reopen }).count()).resolves.toBe(1);
    expect(await listed()).toMatchObject({ halted: true });
    await session.screenshot('spot-console-markets-night-en');

    const audit = await call(session.baseUrl, `/console/audit?${new URLSearchParams({ action: 'spot.market', target: SYMBOL })}`, { token: operatorToken() });
    expect(audit.records.map((record: { action: string }) => record.action).sort()).toEqual(['spot.market.add', 'spot.market.halt', 'spot.market.update']);
  });

  it('looks right in the day theme and in German, with a local refusal on its field', async () => {
    const { page } = session;
    await toastsGone(page);
    await page.getByRole('button', { name: 'Day theme' }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).toBe(null);
    await page.locator('.cc-bar .semi-select').click();
    await page.locator('.semi-select-option', { hasText: 'Deutsch' }).click();
    await page.getByRole('heading', { name: de.title }).waitFor();
    await expect.poll(() => marketRow(page).innerText()).toContain(de.status.halted);
    await expect(marketRow(page).getByRole('button', { name: de.reopen }).count()).resolves.toBe(1);
    // the longer German texts leave the row's last button (Edit) in view
    const edit = (await marketRow(page).getByRole('button', { name: de.edit }).boundingBox())!;
    const table = (await page.locator('.sc-markets').boundingBox())!;
    expect(edit.x + edit.width).toBeLessThanOrEqual(table.x + table.width);
    await session.screenshot('spot-console-markets-day-de');

    await page.getByRole('button', { name: de.addMarket }).click();
    await page.getByRole('button', { name: de.add, exact: true }).click();
    await expect.poll(() => fieldErrors(page)).toEqual(emptyFormErrors(de.required));
    await settled(page.locator('.semi-sidesheet'));
    await session.screenshot('spot-console-add-empty-day-de');
    await page.keyboard.press('Escape');
    await page.getByTestId('market-form').waitFor({ state: 'detached' });

    await marketRow(page).getByRole('button', { name: de.edit }).click();
    await field(page, 'lotSize').locator('input').fill('');
    await page.getByRole('button', { name: de.save, exact: true }).click();
    await expect.poll(() => field(page, 'lotSize').getByRole('alert').innerText()).toBe(de.required);
    await settled(page.locator('.semi-sidesheet'));
    await session.screenshot('spot-console-edit-day-de');

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Dunkles Design' }).click();
    await page.locator('.cc-bar .semi-select').click();
    await page.locator('.semi-select-option', { hasText: 'English' }).click();
    await page.getByRole('heading', { name: en.title }).waitFor();
  });

  it('shows members the halted market listed and marked, and an exchange page that says it is halted and takes no order', async () => {
    const { page, baseUrl } = session;
    const email = `halted-${Date.now().toString(36)}@example.com`;
    await signUpMember(baseUrl, operatorToken(), email, PASSWORD);
    await signInInBrowser(page, baseUrl, email, PASSWORD);
    await page.goto(`${baseUrl}/market/main`);
    const halted = (row: Locator) => row.getByTestId('markets-halted');
    await expect.poll(() => halted(page.locator(`tr[data-symbol="${SYMBOL}"]`)).innerText(), { timeout: 10_000 }).toBe(markets.halted);
    expect(await halted(page.locator('tr[data-symbol="BTC/USDT"]')).count()).toBe(0);
    await session.screenshot('spot-console-member-markets-halted-night-en');
    // the header search says so too
    const search = page.getByRole('textbox', { name: texts('en', 'core').search.placeholder });
    await search.click();
    await search.fill('BTC/ETH');
    const result = page.locator('[data-list="results"] .bourse-search__row', { hasText: SYMBOL });
    await expect.poll(() => result.locator('.bourse-search__halted').innerText(), { timeout: 10_000 }).toBe(texts('en', 'core').search.halted);
    await session.screenshot('spot-console-member-search-halted-night-en');
    await search.fill('');
    await page.keyboard.press('Escape');

    for (const path of ['/exchange/index?symbol=BTC_ETH', '/exchange/full-screen/BTC_ETH']) {
      await page.goto(`${baseUrl}${path}`);
      await expect.poll(() => page.getByTestId('spot-halted-notice').innerText()).toBe(spot.haltedNotice.replace('{{symbol}}', SYMBOL));
      await expect(page.locator('button[data-market="BTC_ETH"]').innerText()).resolves.toContain(spot.halted);
      await expect(page.getByTestId('spot-form-buy').getByRole('button', { name: 'Buy BTC' }).isDisabled()).resolves.toBe(true);
      await expect(page.getByTestId('spot-form-sell').getByRole('button', { name: 'Sell BTC' }).isDisabled()).resolves.toBe(true);
      // at 1440 × 900 the live-support button floats over the trades column: the list ends above it
      const button = (await page.locator('.chat-fab').boundingBox())!;
      const trades = (await page.locator('.spot-trades__rows').boundingBox())!;
      expect(trades.y + trades.height).toBeLessThanOrEqual(button.y);
    }
    await session.screenshot('spot-console-member-exchange-halted-night-en');

    // the operator opens it again while the member looks: the screen follows without a reload
    await call(baseUrl, SPOT_CONSOLE_PATHS.haltMarket, { method: 'POST', token: operatorToken(), body: JSON.stringify({ symbol: SYMBOL, halted: false }) });
    await expect.poll(() => page.getByTestId('spot-halted-notice').count(), { timeout: 10_000 }).toBe(0);
    await expect(page.getByTestId('spot-form-buy').getByRole('button', { name: 'Buy BTC' }).isDisabled()).resolves.toBe(false);
    await expect(page.locator('button[data-market="BTC_ETH"]').innerText()).resolves.not.toContain(spot.halted);
  });
});
