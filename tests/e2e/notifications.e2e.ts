import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from './browser';
import { call, signInInBrowser, signUpMember, texts } from './members';
import { operatorToken } from './operator';

const PASSWORD = 'Silver-Harbor-64';
const core = texts('en', 'core');
const en = texts('en', 'notifications');
const de = texts('de', 'notifications');

const notice = (baseUrl: string, uid: string, orderCode: string) =>
  call(baseUrl, '/console/notifications/send', {
    method: 'POST',
    token: operatorToken(),
    body: JSON.stringify({ uid, type: 'otc', isNew: orderCode.endsWith('1'), content: `The buyer marked order ${orderCode} as paid`, orderCode, serviceType: 'buy' }),
  });

const cards = (page: Page): Locator => page.getByTestId('notification');
const orderCodes = (page: Page) => cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-order')));

describe('order notifications in Chromium', () => {
  let session: BrowserSession;
  let uid: string;
  const email = `notify-${Date.now().toString(36)}@example.com`;

  beforeAll(async () => {
    session = await openBrowser();
    uid = await signUpMember(session.baseUrl, operatorToken(), email, PASSWORD);
  });
  afterAll(async () => {
    await session?.close();
  });

  it('signs the member in', async () => {
    const { page, baseUrl } = session;
    await signInInBrowser(page, baseUrl, email, PASSWORD);
  });

  it('shows the four newest of five notices sent from the console; the first is gone', async () => {
    const { page, baseUrl } = session;
    // the realtime connection subscribes after sign-in: repeat the first notice until it is shown
    await expect
      .poll(
        async () => {
          await notice(baseUrl, uid, 'OC-1');
          await cards(page).first().waitFor({ timeout: 3000 }).catch(() => undefined);
          return cards(page).count();
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBeGreaterThan(0);
    for (const code of ['OC-2', 'OC-3', 'OC-4', 'OC-5']) await notice(baseUrl, uid, code);
    await expect.poll(() => orderCodes(page)).toEqual(['OC-2', 'OC-3', 'OC-4', 'OC-5']);
    await expect(cards(page).nth(3).innerText()).resolves.toContain('The buyer marked order OC-5 as paid');
    await expect(cards(page).nth(3).innerText()).resolves.toContain(en.title.otc.changed);
    await session.screenshot('notifications-night-en');
  });

  it('keeps the cards in the day theme and in German', async () => {
    const { page } = session;
    await page.getByRole('button', { name: core.header.themeDay }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).not.toBe('dark');
    const dayBackground = await cards(page).first().evaluate((node) => getComputedStyle(node).backgroundColor);
    await session.screenshot('notifications-day-en');
    await page.getByRole('button', { name: core.header.themeNight }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).toBe('dark');
    expect(await cards(page).first().evaluate((node) => getComputedStyle(node).backgroundColor)).not.toBe(dayBackground);

    await page.getByRole('button', { name: core.header.language, exact: true }).click();
    await page.getByRole('menuitem', { name: /Deutsch/ }).click();
    await expect.poll(() => cards(page).first().innerText()).toContain(de.title.otc.changed);
    expect(await cards(page).count()).toBe(4);
    await page.keyboard.press('Escape'); // closes the language menu
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('menuitem', { name: /Deutsch/ }).waitFor({ state: 'hidden', timeout: 5000 });
    await session.screenshot('notifications-night-de');
  });

  it('opens the order page of a clicked card and closes that card', async () => {
    const { page } = session;
    // The OTC product (routes `order` and `merchant`) is not part of this site yet: the shell sends its unknown
    // path on to the home page at once, so the test records the in-app navigations the click makes.
    await page.evaluate(() => {
      const pushes: string[] = [];
      const push = history.pushState.bind(history);
      history.pushState = (data, unused, url) => {
        pushes.push(String(url));
        push(data, unused, url);
      };
      (window as unknown as { pushes: string[] }).pushes = pushes;
    });
    await cards(page).filter({ hasText: 'OC-3 as paid' }).getByText('The buyer marked order OC-3 as paid').click();
    await expect.poll(() => orderCodes(page)).toEqual(['OC-2', 'OC-4', 'OC-5']);
    const pushes = await page.evaluate(() => (window as unknown as { pushes: string[] }).pushes);
    expect(pushes).toHaveLength(1);
    const opened = new URL(pushes[0]!, session.baseUrl);
    expect(opened.pathname).toBe('/otc/order');
    expect([opened.searchParams.get('orderCode'), opened.searchParams.get('serviceType')]).toEqual(['OC-3', 'buy']);
  });
});
