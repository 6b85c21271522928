import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPOT_PATHS } from '../../plugins/spot/shared/types';
import { WALLET_CONSOLE_PATHS, WALLET_PATHS } from '../../plugins/wallet/shared/types';
import { chooseFromMenu, openBrowser, type BrowserSession } from './browser';
import { call, signInInBrowser, signUpMember, texts } from './members';
import { operatorToken as consoleOperatorToken } from './operator';

const PASSWORD = 'Amber-Quarry-58';
const PHONE = { width: 390, height: 844 };
const en = JSON.parse(readFileSync('locales/en/core.json', 'utf8'));
const jaSpot = texts('ja', 'spot');
const koSpot = texts('ko', 'spot');

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const box = (locator: Locator): Promise<Box> =>
  locator.evaluate((element) => {
    const { left, top, right, bottom } = element.getBoundingClientRect();
    return { left, top, right, bottom };
  });
const intersects = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** How many lines the text of an element takes: the distinct tops of its text's boxes. */
const linesOf = (locator: Locator): Promise<number> =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
  });

/** The title / value pairs of an order's card, each with its box. */
const cardFields = (card: Locator) =>
  card.evaluate((element) =>
    Object.fromEntries(
      [...element.querySelectorAll('.spot-card__field')].map((field) => {
        const { left, top, right, bottom } = field.querySelector('dd')!.getBoundingClientRect();
        return [field.querySelector('dt')!.textContent, { text: field.querySelector('dd')!.textContent, box: { left, top, right, bottom } }];
      }),
    ),
  );

/** Whether an element lies inside the window and is the topmost element at its centre (a tap there reaches it). */
const tappable = (locator: Locator) =>
  locator.evaluate((element) => {
    const { left, top, right, bottom } = element.getBoundingClientRect();
    const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
    const inside = left >= 0 && top >= 0 && right <= window.innerWidth && bottom <= window.innerHeight;
    return { box: { left, top, right, bottom }, window: { width: window.innerWidth, height: window.innerHeight }, inside, topmost: hit !== null && element.contains(hit) };
  });

/**
 * A phone-sized screen (390 × 844) in Japanese and the day theme, as a member with orders: the account center's
 * spot orders fit the width of the window, its menu is a strip of whole titles with the current one in view, an
 * open order is a card with its price, amount and Cancel in view there and on the exchange page, the floating chat
 * button covers neither the last card's Cancel and status nor a field of the order form; then the orders in Korean at
 * night.
 */
describe('the site on a phone-sized screen', () => {
  let session: BrowserSession;
  let operatorToken: string;
  const email = `mobile-${Date.now().toString(36)}@example.com`;

  beforeAll(async () => {
    session = await openBrowser(PHONE);
    operatorToken = consoleOperatorToken();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('signs up a member with spot orders and switches to Japanese and the day theme', async () => {
    const { page, baseUrl } = session;
    await signUpMember(baseUrl, operatorToken, email, PASSWORD);
    await signInInBrowser(page, baseUrl, email, PASSWORD);
    const token = await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.endsWith(':session')) return JSON.parse(localStorage.getItem(key)!).accessToken as string;
      return '';
    });
    const member = (path: string, body?: unknown) => call(baseUrl, path, { token, ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }) });

    const { address } = await member(`${WALLET_PATHS.depositAddress.replace(':currency', 'USDT')}?network=DEVNET`);
    await call(baseUrl, WALLET_CONSOLE_PATHS.devnetDeposit, {
      token: operatorToken,
      method: 'POST',
      body: JSON.stringify({ address, currency: 'USDT', network: 'DEVNET', amount: '1000' }),
    });
    const usdt = async () => ((await member(`${WALLET_PATHS.myBalance}?type=1`)) as { currency: string; available: string }[]).find((row) => row.currency === 'USDT')?.available;
    await expect.poll(usdt, { timeout: 60_000, interval: 1000 }).toMatch(/^1000(\.0*)?$/);

    // limit buys far below the market rest on the book; one of them is cancelled, so the list shows two statuses
    const orders: { id: number }[] = [];
    for (const num of ['0.001000', '0.002000', '0.003000', '0.004000']) {
      orders.push(await member(SPOT_PATHS.place.replace(':x', 'BTC_USDT'), { side: 'buy', type: 'limit', price: '30000.00', num }));
    }
    await member(SPOT_PATHS.cancel, { id: orders[0].id });

    // the language and theme choices sit in the header's drawer on a phone: chosen on a wide window, kept on the phone
    await page.setViewportSize({ width: 1280, height: 800 });
    const label = await page.evaluate(async () => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ boot(site: "default", language: "en") { languages { value text label } } }' }),
      });
      const item = (await response.json()).data.boot.languages.find((entry: { value: string }) => entry.value === 'ja');
      return (item.text || item.label) as string;
    });
    await chooseFromMenu(page, page.getByRole('button', { name: en.header.language, exact: true }), page.getByRole('menuitem', { name: label }));
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ja');
    if ((await page.locator('body').getAttribute('theme-mode')) === 'dark') {
      const ja = JSON.parse(readFileSync('locales/ja/core.json', 'utf8'));
      await page.getByRole('button', { name: ja.header.themeDay }).click();
      await expect.poll(() => page.locator('body').getAttribute('theme-mode')).toBe(null);
    }
    await page.setViewportSize(PHONE);
  });

  it('fits the account center’s spot orders to the window: no sideways page, whole menu titles, the current one in view', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/account/center/entrust/spot`);
    await page.locator('.spot-entrust .spot-card').first().waitFor();

    const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
    expect(width.page).toBeLessThanOrEqual(width.window);

    const menu = page.locator('.bourse-section__menu');
    const items = menu.locator('.bourse-section__item');
    expect(await items.count()).toBeGreaterThan(3);
    for (const item of await items.all()) {
      expect(await linesOf(item), await item.innerText()).toBeLessThanOrEqual(2);
    }
    const current = await box(menu.locator('[aria-current="page"]'));
    const strip = await box(menu);
    expect(current.left >= strip.left && current.right <= strip.right, `current item ${JSON.stringify(current)} in the strip ${JSON.stringify(strip)}`).toBe(true);

    // the export buttons and the filters are on the screen
    for (const control of [...(await page.locator('.spot-entrust__export button').all()), ...(await page.locator('.spot-entrust__filters > *').all())]) {
      expect((await box(control)).right).toBeLessThanOrEqual(width.window);
    }
    await session.screenshot('mobile-center-entrust-ja-day');
  });

  /** The cards of the live orders (those with a Cancel) among `cards`. */
  const liveCards = (page: Page, cards: Locator) => cards.filter({ has: page.getByRole('button', { name: jaSpot.cancel }) });

  /**
   * The first live order's card, with the page scrolled up and down only: its price and amount, and its Cancel, lie
   * inside the window, and the Cancel is the topmost element at its centre, so a tap reaches it without scrolling
   * sideways. Clicking it cancels the order.
   */
  async function expectCancelReachable(page: Page, cards: Locator, name: string) {
    const live = liveCards(page, cards);
    const count = await live.count();
    expect(count).toBeGreaterThan(0);
    const cancel = live.first().getByRole('button', { name: jaSpot.cancel });
    await cancel.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - window.innerHeight / 3));
    const fields = await cardFields(live.first());
    const windowBox = { left: 0, top: 0, right: PHONE.width, bottom: PHONE.height };
    expect(fields[jaSpot.col_price]?.text).toMatch(/^30,000(\.0+)?$/);
    expect(fields[jaSpot.col_num]?.text).toMatch(/^0\.00\d0*$/);
    for (const title of [jaSpot.col_price, jaSpot.col_num]) {
      const { box: value } = fields[title]!;
      const inside = value.left >= 0 && value.top >= 0 && value.right <= windowBox.right && value.bottom <= windowBox.bottom;
      expect(inside, `${title} ${JSON.stringify(value)} in the window`).toBe(true);
    }
    const found = await tappable(cancel);
    expect(found.inside, `Cancel ${JSON.stringify(found.box)} in the window ${JSON.stringify(found.window)}`).toBe(true);
    expect(found.topmost, 'Cancel is the topmost element at its centre').toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await session.screenshot(name);
    await cancel.click();
    await expect.poll(() => live.count()).toBe(count - 1);
  }

  /**
   * The last live order's Cancel and the chat button floating at a fixed place of the window: with the Cancel
   * scrolled to the button's height, and with the page scrolled to its end, the Cancel is in the window and topmost
   * at its centre; at the end, the last card's status too.
   */
  async function expectLastCancelClearOfChat(page: Page, cards: Locator, name: string) {
    const chat = page.getByTestId('chat-button');
    await chat.waitFor();
    const cancel = liveCards(page, cards).last().getByRole('button', { name: jaSpot.cancel });
    const button = await box(chat);
    const shown = await box(cancel);
    await page.evaluate((by) => window.scrollBy(0, by), (shown.top + shown.bottom) / 2 - (button.top + button.bottom) / 2);
    const atButton = await tappable(cancel);
    expect(atButton.inside && atButton.topmost, `Cancel ${JSON.stringify(atButton.box)} at the chat button ${JSON.stringify(button)}`).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const atEnd = await tappable(cancel);
    expect(atEnd.inside && atEnd.topmost, `Cancel ${JSON.stringify(atEnd.box)} at the page's end`).toBe(true);
    await expectLastStatusClearOfChat(page, cards);
    await session.screenshot(name);
  }

  /**
   * With the page scrolled to its end, the last card's status (the end of its head line, under which the chat button
   * would float) is in the window and the topmost element at its centre.
   */
  async function expectLastStatusClearOfChat(page: Page, cards: Locator) {
    const button = await box(page.getByTestId('chat-button'));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const status = await tappable(cards.last().locator('.spot-card__head > .spot-card__part').last());
    expect(status.inside && status.topmost, `status ${JSON.stringify(status.box)} clear of the chat button ${JSON.stringify(button)}`).toBe(true);
  }

  it('keeps the last card’s Cancel and status clear of the chat button on the exchange page and the orders pages', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/exchange/index?symbol=BTC_USDT`);
    const cards = page.getByTestId('spot-orders-open').locator('.spot-card');
    await cards.first().waitFor();
    await expectLastCancelClearOfChat(page, cards, 'mobile-exchange-last-cancel-ja-day');
    // the order history's cards have no Cancel: a status at the end of the last one's head line
    await page.getByRole('tab', { name: jaSpot.tab_history }).click();
    const history = page.getByTestId('spot-orders-history').locator('.spot-card');
    await history.first().waitFor();
    await expectLastStatusClearOfChat(page, history);
    await session.screenshot('mobile-exchange-history-end-ja-day');

    await page.goto(`${baseUrl}/account/center/entrust/spot`);
    const entrust = page.locator('.spot-entrust .spot-card');
    await entrust.first().waitFor();
    await expectLastCancelClearOfChat(page, entrust, 'mobile-center-entrust-last-cancel-ja-day');

    await page.goto(`${baseUrl}/account/entrust/spot`);
    await entrust.first().waitFor();
    await expectLastCancelClearOfChat(page, entrust, 'mobile-entrust-last-cancel-ja-day');
  });

  it('keeps the first open order’s price, amount and Cancel in the window on the exchange page and the orders page', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/exchange/index?symbol=BTC_USDT`);
    const cards = page.getByTestId('spot-orders-open').locator('.spot-card');
    await cards.first().waitFor();
    await expectCancelReachable(page, cards, 'mobile-exchange-orders-ja-day');

    await page.goto(`${baseUrl}/account/center/entrust/spot`);
    const entrust = page.locator('.spot-entrust .spot-card');
    await entrust.first().waitFor();
    await expectCancelReachable(page, entrust, 'mobile-center-entrust-cancel-ja-day');
  });

  /**
   * The chat button floats at a fixed place of the window while the page scrolls under it: a field is clear of it
   * wherever the page is scrolled when the field's box, moved to the button's height, does not meet the button's box.
   */
  async function expectFormClearOfChat(page: Page, name: string) {
    await page.locator('#spot-buy-price').waitFor();
    const chat = page.getByTestId('chat-button');
    await chat.waitFor();
    const button = await box(chat);
    for (const id of ['spot-buy-price', 'spot-buy-num']) {
      const field = await box(page.locator('.semi-input-wrapper', { has: page.locator(`#${id}`) }));
      const atButtonHeight = { ...field, top: button.top, bottom: button.top + field.bottom - field.top };
      expect(intersects(atButtonHeight, button), `#${id} ${JSON.stringify(field)} under the chat button ${JSON.stringify(button)}`).toBe(false);
    }
    // the shot: the amount field scrolled to the button's height
    const amount = await box(page.locator('.semi-input-wrapper', { has: page.locator('#spot-buy-num') }));
    await page.evaluate((by) => window.scrollBy(0, by), amount.top - button.top);
    await session.screenshot(name);
  }

  it('keeps the price and amount fields of the exchange page clear of the chat button', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/exchange/index`);
    await expectFormClearOfChat(page, 'mobile-exchange-ja-day');
  });

  it('keeps the price and amount fields of the full-screen exchange clear of the chat button', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/exchange/full-screen/BTC_USDT`);
    await expectFormClearOfChat(page, 'mobile-full-screen-ja-day');
  });

  it('shows each market’s pair, last price and change inside the window on the markets page', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/market/main`);
    const first = page.locator('.mk-table__row').first();
    await first.waitFor();
    const width = await page.evaluate(() => window.innerWidth);
    const cells = first.locator('td');
    const visible: number[] = [];
    for (const cell of await cells.all()) if (await cell.isVisible()) visible.push((await box(cell)).right);
    // star, pair, last, change
    expect(visible).toHaveLength(4);
    expect(Math.max(...visible), `cells end at ${visible.join(', ')}`).toBeLessThanOrEqual(width);
    await session.screenshot('mobile-markets-ja-day');
  });

  it('shows the orders as cards in Korean at night: the order history and the account center’s orders', async () => {
    const { page, baseUrl } = session;
    await page.setViewportSize({ width: 1280, height: 800 });
    const ja = JSON.parse(readFileSync('locales/ja/core.json', 'utf8'));
    await chooseFromMenu(page, page.getByRole('button', { name: ja.header.language, exact: true }), page.getByRole('menuitem', { name: '한국어' }));
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ko');
    const ko = JSON.parse(readFileSync('locales/ko/core.json', 'utf8'));
    await page.getByRole('button', { name: ko.header.themeNight }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).toBe('dark');
    await page.setViewportSize(PHONE);

    await page.goto(`${baseUrl}/exchange/index?symbol=BTC_USDT`);
    await page.getByRole('tab', { name: koSpot.tab_history }).click();
    const history = page.getByTestId('spot-orders-history').locator('.spot-card');
    await history.first().waitFor();
    await history.first().scrollIntoViewIfNeeded();
    await session.screenshot('mobile-exchange-history-ko-night');
    await expectLastStatusClearOfChat(page, history);
    await session.screenshot('mobile-exchange-history-end-ko-night');

    await page.goto(`${baseUrl}/account/center/entrust/spot`);
    const entrust = page.locator('.spot-entrust .spot-card');
    await entrust.first().waitFor();
    await entrust.first().scrollIntoViewIfNeeded();
    await session.screenshot('mobile-center-entrust-ko-night');
    await expectLastStatusClearOfChat(page, entrust);
    await session.screenshot('mobile-center-entrust-end-ko-night');
  });
});
