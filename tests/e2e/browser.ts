import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium';

export const SCREENSHOT_DIR = join('test-results', 'screenshots');

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  /** Saves test-results/screenshots/<name>.png and returns its path. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export async function openBrowser(options: { width?: number; height?: number } = {}): Promise<BrowserSession> {
  const baseUrl = inject('baseUrl');
  const browser = await chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: options.width ?? 1366, height: options.height ?? 860 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));
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
      await page.screenshot({ path, fullPage: false });
      return path;
    },
    async close() {
      await context.close();
      await browser.close();
    },
  };
}
