import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { LANGUAGES, type Language } from '../../core/shared/constants';
import { chooseFromMenu, openBrowser, type BrowserSession } from './browser';

const coreTexts = (language: Language) => JSON.parse(readFileSync(`locales/${language}/core.json`, 'utf8'));

describe('the default site in Chromium', () => {
  let session: BrowserSession;
  const apiLanguages: string[] = [];

  beforeAll(async () => {
    session = await openBrowser();
    session.page.on('request', (request: Request) => {
      const language = request.headers()['mj-lang'];
      if (language && request.url().includes('/api/')) apiLanguages.push(language);
    });
  });
  afterAll(async () => session?.close());

  const header = () => session.page.locator('.bourse-header');
  const loginButton = () => session.page.locator('.bourse-header__login');

  it('lands on /home/index from / and renders the home page with header, nav and footer', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(/\/home\/index$/);
    await expect(page.title()).resolves.toBe('Bourse');
    await header().waitFor();
    await expect(loginButton().innerText()).resolves.toBe(coreTexts('en').header.login);
    await expect(page.locator('.bourse-header__demo').isVisible()).resolves.toBe(true);
    await expect(page.locator('.bourse-footer').isVisible()).resolves.toBe(true);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await session.screenshot('home-night-en');
  });

  it('opens the nav dropdown on hover and closes it after the hover leaves', async () => {
    const { page } = session;
    const group = page.locator('.bourse-nav__group').filter({ hasText: 'Markets' }).first();
    await group.hover();
    const panel = group.locator('.bourse-nav__panel');
    await panel.waitFor({ state: 'visible' });
    await expect(panel.innerText()).resolves.toContain('Rates');
    await session.screenshot('nav-dropdown');
    await page.mouse.move(5, 700);
    await panel.waitFor({ state: 'hidden', timeout: 2000 });
  });

  it('switches through the seven languages: texts and the mj-lang header follow', async () => {
    const { page } = session;
    const order: Language[] = ['de', 'fr', 'tr', 'ja', 'ko', 'zh-TW', 'en'];
    expect([...order].sort()).toEqual([...LANGUAGES].sort());
    let current: Language = 'en';
    for (const language of order) {
      const label = await page.evaluate(async (lng) => {
        const response = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ boot(site: "default", language: "en") { languages { value text label } } }' }),
        });
        const body = await response.json();
        const item = body.data.boot.languages.find((entry: { value: string }) => entry.value === lng);
        return item.text || item.label;
      }, language);
      apiLanguages.length = 0;
      await chooseFromMenu(page, page.getByRole('button', { name: coreTexts(current).header.language, exact: true }), page.getByRole('menuitem', { name: label }));
      await expect.poll(() => loginButton().innerText()).toBe(coreTexts(language).header.login);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);
      await expect.poll(() => apiLanguages.includes(language)).toBe(true);
      if (language === 'de' || language === 'ja') await session.screenshot(`home-night-${language}`);
      current = language;
    }
  });

  it('switches night and day themes (Semi dark mode follows)', async () => {
    const { page } = session;
    await expect(page.locator('body').getAttribute('theme-mode')).resolves.toBe('dark');
    await page.getByRole('button', { name: coreTexts('en').header.themeDay }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).toBe(null);
    await session.screenshot('home-day-en');
    await page.getByRole('button', { name: coreTexts('en').header.themeNight }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).toBe('dark');
  });

  it('switches the display currency: prices change symbol', async () => {
    const { page } = session;
    const main = page.locator('.bourse-main');
    await expect.poll(async () => /\$\s?[0-9]/.test(await main.innerText()), { timeout: 10_000 }).toBe(true);
    await chooseFromMenu(page, page.getByRole('button', { name: coreTexts('en').header.currency }), page.getByRole('menuitem', { name: /EUR/ }));
    await expect.poll(async () => /€\s?[0-9]/.test(await main.innerText())).toBe(true);
    expect(/\$\s?[0-9]/.test(await main.innerText())).toBe(false);
    await session.screenshot('home-night-eur');
  });

  it('hides the footer on /user/login', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/user/login`);
    await header().waitFor();
    await page.locator('form input[type="password"]').waitFor();
    expect(page.url()).toMatch(/\/user\/login$/);
    await expect(page.locator('.bourse-footer').count()).resolves.toBe(0);
    await session.screenshot('user-login');
  });

  it('sends an unknown route to /home/index', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/no/such/page`);
    await page.waitForURL(/\/home\/index$/);
    await header().waitFor();
  });

  it('keeps the invite_code of any route for the session', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/market/main?invite_code=FRIEND42`);
    await header().waitFor();
    await page.goto(`${baseUrl}/home/index`);
    await header().waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('bourse:settings'));
    expect(JSON.parse(stored ?? '{}').inviteCode).toBe('FRIEND42');
  });

  it('renders on a phone-sized screen', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      await phone.page.goto(`${phone.baseUrl}/home/index`);
      await phone.page.locator('.bourse-header').waitFor();
      await phone.screenshot('home-night-phone');
    } finally {
      await phone.close();
    }
  });
});
