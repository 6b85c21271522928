import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseFromMenu, openBrowser, type BrowserSession } from './browser';
import { texts } from './members';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface BoardRow {
  board: string;
  symbol: string;
  row: Box;
  /** What the pair cell paints (icon, name, halted mark), cut by the boxes that clip it. */
  pair: Box;
  price: Box;
  change: Box;
  /** The base coin's text is whole, not cut by an ellipsis. */
  baseWhole: boolean;
  /** The price and the change show all of their text. */
  numbersWhole: boolean;
}

const intersects = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const inside = (a: Box, outer: Box) => a.left >= outer.left - 0.5 && a.right <= outer.right + 0.5;

/** The rows of the home page's market boards, measured. */
function boardRows(page: Page): Promise<BoardRow[]> {
  return page.locator('.mk-board__row').evaluateAll((rows) => {
    const boxOf = (rect: DOMRect) => ({ left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom });
    /** A box cut by every ancestor below `limit` that clips its overflow. */
    const clipped = (box: Box, from: Element, limit: Element): Box => {
      let result = box;
      for (let element: Element | null = from; element && element !== limit; element = element.parentElement) {
        if (getComputedStyle(element).overflowX === 'visible') continue;
        const clip = element.getBoundingClientRect();
        result = { left: Math.max(result.left, clip.left), top: result.top, right: Math.min(result.right, clip.right), bottom: result.bottom };
      }
      return result;
    };
    /** The union of what an element's descendants paint: their boxes and their text, each cut by its clipping ancestors. */
    const painted = (cell: Element, limit: Element): Box => {
      const parts: Box[] = [];
      for (const element of [cell, ...cell.querySelectorAll('*')]) {
        if (element.getBoundingClientRect().width > 0) parts.push(clipped(boxOf(element.getBoundingClientRect()), element, limit));
      }
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const rect = range.getBoundingClientRect();
        if (rect.width > 0) parts.push(clipped(boxOf(rect), node.parentElement!, limit));
      }
      const visible = parts.filter((part) => part.right > part.left);
      return {
        left: Math.min(...visible.map((part) => part.left)),
        top: Math.min(...visible.map((part) => part.top)),
        right: Math.max(...visible.map((part) => part.right)),
        bottom: Math.max(...visible.map((part) => part.bottom)),
      };
    };
    const fits = (element: Element) => element.scrollWidth <= element.clientWidth;
    return rows.map((row) => {
      const base = row.querySelector('.mk-pair__base')!;
      const range = document.createRange();
      range.selectNodeContents(base);
      const text = boxOf(range.getBoundingClientRect());
      const shown = clipped(text, base, row);
      const price = row.querySelector('.mk-board__price')!;
      const change = row.querySelector('.mk-change')!;
      return {
        board: (row.closest('[data-board]') as HTMLElement).dataset.board!,
        symbol: (row as HTMLElement).dataset.symbol!,
        row: boxOf(row.getBoundingClientRect()),
        pair: painted(row.querySelector('.mk-board__pair')!, row),
        price: boxOf(price.getBoundingClientRect()),
        change: boxOf(change.getBoundingClientRect()),
        baseWhole: shown.right - shown.left >= text.right - text.left - 0.5,
        numbersWhole: fits(price) && fits(change),
      };
    });
  });
}

/** Pair, price and change of every board row lie side by side inside the row, none over another. */
async function expectRowsClear(page: Page, label: string): Promise<void> {
  const rows = await boardRows(page);
  expect(rows.length, label).toBeGreaterThan(0);
  for (const row of rows) {
    const where = `${label}: ${row.board} board, ${row.symbol}`;
    expect(intersects(row.pair, row.price), `${where}: pair over price`).toBe(false);
    expect(intersects(row.price, row.change), `${where}: price over change`).toBe(false);
    expect(intersects(row.pair, row.change), `${where}: pair over change`).toBe(false);
    expect(row.pair.right <= row.price.left && row.price.right <= row.change.left, `${where}: pair, price, change in order`).toBe(true);
    for (const [name, box] of Object.entries({ pair: row.pair, price: row.price, change: row.change })) {
      expect(inside(box, row.row), `${where}: ${name} inside the row`).toBe(true);
    }
    expect(row.numbersWhole, `${where}: price and change whole`).toBe(true);
    expect(row.baseWhole, `${where}: base coin whole`).toBe(true);
  }
}

/** The label of a language in the header's menu, as the boot query gives it. */
function languageLabel(page: Page, language: string): Promise<string> {
  return page.evaluate(async (lng) => {
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ boot(site: "default", language: "en") { languages { value text label } } }' }),
    });
    const item = (await response.json()).data.boot.languages.find((entry: { value: string }) => entry.value === lng);
    return (item.text || item.label) as string;
  }, language);
}

/**
 * The home page's gainers, new and hot boards on a 1024 × 768 window in Japanese and the day theme, then German at
 * night: no row's pair runs into its price or change, from 1024 px to 1440 px and on a phone; a row's pair opens the
 * spot exchange page of that market.
 */
describe('the home market boards in Chromium', () => {
  let session: BrowserSession;
  let current = 'en';

  beforeAll(async () => {
    session = await openBrowser({ width: 1024, height: 768 });
  });
  afterAll(async () => {
    await session?.close();
  });

  const chooseLanguage = async (page: Page, language: string) => {
    const label = await languageLabel(page, language);
    await chooseFromMenu(page, page.getByRole('button', { name: texts(current, 'core').header.language, exact: true }), page.getByRole('menuitem', { name: label }));
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);
    current = language;
  };
  const chooseTheme = async (page: Page, theme: 'day' | 'night') => {
    const dark = (await page.locator('body').getAttribute('theme-mode')) === 'dark';
    if (dark === (theme === 'night')) return;
    const header = texts(current, 'core').header;
    await page.getByRole('button', { name: theme === 'day' ? header.themeDay : header.themeNight }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).toBe(theme === 'day' ? null : 'dark');
  };
  const showBoards = async (page: Page) => {
    await page.locator('.mk-board__row').first().waitFor();
    await page.locator('.mk-boards').evaluate((element) => element.scrollIntoView({ block: 'center' }));
  };

  it('keeps pair, price and change apart at 1024 px in Japanese by day', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/home/index`);
    await page.locator('.bourse-header').waitFor();
    await chooseLanguage(page, 'ja');
    await chooseTheme(page, 'day');
    await showBoards(page);
    await expect(page.locator('[data-board="gainers"] .mk-board__title').innerText()).resolves.toBe(texts('ja', 'markets').boardGainers);
    await expectRowsClear(page, 'ja day 1024');
    await session.screenshot('markets-boards-day-ja-1024');
  });

  it('keeps them apart at every width from 1024 px to 1440 px, and on a tablet and a phone', async () => {
    const { page } = session;
    for (let width = 1024; width <= 1440; width += 32) {
      await page.setViewportSize({ width, height: 768 });
      await expectRowsClear(page, `ja day ${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await showBoards(page);
    await session.screenshot('markets-boards-day-ja-1440');
    for (const width of [901, 900, 768, 600, 390, 360, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await expectRowsClear(page, `ja day ${width}`);
    }
    await page.locator('[data-board="hot"]').evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await session.screenshot('markets-boards-day-ja-320');
    await page.setViewportSize({ width: 1024, height: 768 });
  });

  it('keeps them apart at 1024 px in German at night', async () => {
    const { page } = session;
    await chooseLanguage(page, 'de');
    await chooseTheme(page, 'night');
    await showBoards(page);
    await expect(page.locator('[data-board="gainers"] .mk-board__title').innerText()).resolves.toBe(texts('de', 'markets').boardGainers);
    await expectRowsClear(page, 'de night 1024');
    await session.screenshot('markets-boards-night-de-1024');
  });

  it('opens the spot exchange page of a board row, with the header', async () => {
    const { page, baseUrl } = session;
    const row = page.locator('[data-board="hot"] .mk-board__row').first();
    const symbol = (await row.getAttribute('data-symbol'))!;
    await row.locator('.mk-pair-link').click();
    await page.waitForURL(`${baseUrl}/exchange/index?symbol=${encodeURIComponent(symbol.replace('/', '_'))}`);
    await page.locator('.bourse-header').waitFor();
  });
});
