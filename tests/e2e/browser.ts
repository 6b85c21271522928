import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium';

export const SCREENSHOT_DIR = join('test-results', 'screenshots');
const FAILURE_DIR = join('test-results', 'failures');
/** How many of a page's latest console errors and failed requests a failure report shows. */
const RECENT_EVENTS = 20;

/**
 * Opens a dropdown menu, chooses an item and waits for the menu to close, leaving the page where it was. A choice
 * that re-renders the header (a language) can leave the menu open, and the next click on its trigger would then
 * close it instead of opening it: Escape closes it first. Playwright scrolls the item into view before clicking it
 * (the popup is placed in the document while it animates), which a user's click does not: the page is scrolled back.
 */
export async function chooseFromMenu(page: Page, trigger: Locator, item: Locator): Promise<void> {
  const scrollY = await page.evaluate(() => window.scrollY);
  await trigger.click();
  await item.click();
  await page.keyboard.press('Escape');
  await item.waitFor({ state: 'hidden', timeout: 5000 });
  await page.evaluate((y) => window.scrollTo(0, y), scrollY);
}

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  /** Saves test-results/screenshots/<name>.png and returns its path. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

interface OpenSession {
  page: Page;
  /** The page's latest console errors, page errors and failed or refused requests. */
  events: string[];
}

const openSessions = new Set<OpenSession>();

function remember(events: string[], event: string): void {
  events.push(`${new Date().toISOString().slice(11, 23)} ${event}`);
  if (events.length > RECENT_EVENTS) events.shift();
}

/**
 * After a failed test: a screenshot of every open page, with its address, the start of its text and its latest
 * errors, so a failure on CI says what the browser showed.
 */
export async function reportOpenPages(testName: string): Promise<void> {
  mkdirSync(FAILURE_DIR, { recursive: true });
  const stem = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  let index = 0;
  for (const { page, events } of openSessions) {
    index += 1;
    const path = join(FAILURE_DIR, `${stem}-${index}.png`);
    await page.screenshot({ path, timeout: 5000 }).catch(() => undefined);
    const text = await page.locator('body').innerText({ timeout: 2000 }).catch((error: Error) => `(no text: ${error.message})`);
    console.error(
      [`[failure] page ${index} at ${page.url()} (${path})`, `text: ${text.replace(/\s+/g, ' ').slice(0, 600)}`, ...events.map((line) => `  ${line}`)].join('\n'),
    );
  }
}

export async function openBrowser(options: { width?: number; height?: number } = {}): Promise<BrowserSession> {
  const baseUrl = inject('baseUrl');
  const browser = await chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: options.width ?? 1366, height: options.height ?? 860 } });
  const page = await context.newPage();
  const session: OpenSession = { page, events: [] };
  page.on('pageerror', (error) => {
    console.error('[page error]', error.message);
    remember(session.events, `page error: ${error.message}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') remember(session.events, `console: ${message.text()}`);
  });
  page.on('requestfailed', (request) => remember(session.events, `failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => {
    if (response.status() >= 400) remember(session.events, `${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  openSessions.add(session);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    browser,
    context,
    page,
    baseUrl,
    async screenshot(name) {
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      // Let lazy images (coin icons) arrive; a page that keeps loading is shot as it is.
      await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
      // and let finite transitions end (a theme switch fades backgrounds); endless ones (skeletons) are shot as they are
      await page
        .evaluate(() => Promise.race([Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished)), new Promise((r) => setTimeout(r, 1000))]))
        .catch(() => undefined);
      await page.screenshot({ path, fullPage: false });
      return path;
    },
    async close() {
      openSessions.delete(session);
      await context.close();
      await browser.close();
    },
  };
}
