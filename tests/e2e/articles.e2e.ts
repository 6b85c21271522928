import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from './browser';
import { OPERATOR_PASSWORD } from './global-setup';
import { signInToConsole } from './operator';

// Distinct names per run: the e2e server's data lives as long as the test run.
const run = Date.now().toString(36);
const CATEGORY = { en: `Getting started ${run}`, de: `Erste Schritte ${run}` };
const SECTION = { en: `Your account ${run}`, de: `Ihr Konto ${run}` };
const ARTICLE = {
  en: { title: `Secure your account ${run}`, summary: 'Two steps that keep your funds safe.', body: '<h2>Turn on two-factor sign-in</h2><p>Open <strong>Security</strong> and bind an authenticator app.</p><ul><li>Use a strong password</li><li>Keep your backup codes offline</li></ul>' },
  de: { title: `Konto absichern ${run}`, summary: 'Zwei Schritte für sichere Guthaben.', body: '<h2>Zwei-Faktor-Anmeldung einschalten</h2><p>Öffnen Sie <strong>Sicherheit</strong> und binden Sie eine Authenticator-App.</p>' },
};

describe('articles: published in the console, read on the site', () => {
  let console_: BrowserSession;
  let site: BrowserSession;
  let articleId = '';

  beforeAll(async () => {
    console_ = await openBrowser();
    site = await openBrowser();
  });
  afterAll(async () => {
    await console_?.close();
    await site?.close();
  });

  it('lets the operator build the section tree in the console', async () => {
    const { page, baseUrl } = console_;
    await page.goto(`${baseUrl}/console/`);
    await page.waitForURL(/\/console\/login$/);
    await signInToConsole(page, OPERATOR_PASSWORD);
    await page.waitForURL(/\/console\/home\/index$/);
    await page.getByRole('button', { name: 'Help categories' }).click();
    await page.waitForURL(/\/console\/article-categories$/);

    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByRole('textbox', { name: 'English' }).fill(CATEGORY.en);
    await page.getByRole('textbox', { name: 'Deutsch' }).fill(CATEGORY.de);
    await page.getByRole('dialog').getByText('Save', { exact: true }).click();
    const card = page.locator('[data-testid^="category-"]').filter({ hasText: CATEGORY.en });
    await card.waitFor();

    await card.getByRole('button', { name: 'Add section' }).click();
    await page.getByRole('textbox', { name: 'English' }).fill(SECTION.en);
    await page.getByRole('textbox', { name: 'Deutsch' }).fill(SECTION.de);
    await page.getByRole('dialog').getByText('Save', { exact: true }).click();
    await card.getByText(SECTION.en).waitFor();
    await console_.screenshot('articles-console-categories');
  });

  it('writes the article in English and German with a sanitised preview and publishes both', async () => {
    const { page } = console_;
    await page.getByRole('button', { name: 'Articles', exact: true }).click();
    await page.waitForURL(/\/console\/articles$/);
    await page.getByRole('button', { name: 'New article' }).click();
    await page.waitForURL(/\/console\/articles\/edit\/new$/);

    await page.getByRole('combobox', { name: 'Section' }).click();
    await page.getByRole('option', { name: `${CATEGORY.en} › ${SECTION.en}` }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill(ARTICLE.en.title);
    await page.getByRole('textbox', { name: 'Summary' }).fill(ARTICLE.en.summary);
    // a hostile attribute in the source never reaches the preview
    await page.getByRole('textbox', { name: 'Body (HTML)' }).fill(`${ARTICLE.en.body}<img src="x" onerror="alert(1)">`);
    const preview = page.getByTestId('article-preview');
    await expect.poll(() => preview.innerHTML()).toContain('Turn on two-factor sign-in');
    expect(await preview.innerHTML()).not.toContain('onerror');
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.waitForURL(/\/console\/articles\/edit\/\d+$/);
    articleId = page.url().split('/').pop()!;

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();

    await page.locator('.semi-radio').filter({ hasText: 'Deutsch' }).click();
    await expect.poll(() => page.getByRole('radio', { name: /Deutsch/ }).isChecked()).toBe(true);
    await page.getByText('Not written in this language yet').waitFor();
    await page.getByRole('textbox', { name: 'Title' }).fill(ARTICLE.de.title);
    await page.getByRole('textbox', { name: 'Summary' }).fill(ARTICLE.de.summary);
    await page.getByRole('textbox', { name: 'Body (HTML)' }).fill(ARTICLE.de.body);
    await expect.poll(() => preview.innerHTML()).toContain('Zwei-Faktor-Anmeldung');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();
    await console_.screenshot('articles-console-editor');

    await page.getByRole('link', { name: 'All articles' }).click();
    const row = page.getByTestId(`article-${articleId}`).locator('xpath=ancestor::tr');
    await expect.poll(() => row.innerText()).toContain('de');
    await console_.screenshot('articles-console-list');
  });

  it('renders the home page from the seeded operator content', async () => {
    const { page, baseUrl } = site;
    await page.goto(`${baseUrl}/home/index`);
    await page.getByRole('heading', { level: 1, name: 'Trade crypto with confidence' }).waitFor();
    const figures = page.locator('.hm-stat__value');
    await expect.poll(() => figures.allInnerTexts()).toEqual(['130+', '15,000 BTC', 'AI', '~1000 USDC']);
    expect(await page.locator('.hm-band').innerText()).toContain('8,200 USDC');
    await site.screenshot('articles-home-night-en');
  });

  it('shows the article on the site without a rebuild; the breadcrumb leads back up the tree', async () => {
    const { page, baseUrl } = site;
    await page.goto(`${baseUrl}/article/main/index`);
    await page.getByRole('heading', { level: 1, name: 'Help center' }).waitFor();
    await page.getByRole('link', { name: SECTION.en }).click();
    await page.waitForURL(/\/article\/main\/sections\/\d+$/);
    await page.getByRole('link', { name: new RegExp(ARTICLE.en.title) }).click();
    await page.waitForURL(new RegExp(`/article/main/content/help/${articleId}$`));
    await page.getByRole('heading', { level: 1, name: ARTICLE.en.title }).waitFor();
    expect(await page.locator('.art-body').innerHTML()).not.toContain('onerror');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.innerText()).toContain(`${CATEGORY.en}`);
    await site.screenshot('articles-content-night-en');

    await page.getByRole('button', { name: 'Switch to day mode' }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).toBe(null);
    await site.screenshot('articles-content-day-en');
    await page.getByRole('button', { name: 'Switch to night mode' }).click();

    await crumbs.getByRole('link', { name: CATEGORY.en }).click();
    await page.waitForURL(/\/article\/main\/categories\/\d+$/);
    await page.getByRole('heading', { level: 1, name: CATEGORY.en }).waitFor();
    await page.getByRole('link', { name: new RegExp(ARTICLE.en.title) }).click();
    await page.getByRole('heading', { level: 1, name: ARTICLE.en.title }).waitFor();
  });

  it('returns to the article index when the user switches language, then reads the German text', async () => {
    const { page } = site;
    await page.getByRole('button', { name: 'Language', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.waitForURL(/\/article\/main\/index$/);
    await page.getByRole('heading', { level: 1, name: 'Hilfe-Center' }).waitFor();
    await page.getByRole('link', { name: SECTION.de }).click();
    await page.getByRole('link', { name: new RegExp(ARTICLE.de.title) }).click();
    await page.getByRole('heading', { level: 1, name: ARTICLE.de.title }).waitFor();
    expect(await page.locator('.art-body').innerText()).toContain('Zwei-Faktor-Anmeldung einschalten');
    expect(await page.getByRole('navigation', { name: 'Brotkrumennavigation' }).innerText()).toContain(CATEGORY.de);
    await site.screenshot('articles-content-night-de');

    // a static page without published content shows its friendly empty state in German
    await page.goto(`${site.baseUrl}/trading-rules`);
    await page.getByRole('heading', { level: 1, name: 'Handelsregeln' }).waitFor();
    await site.screenshot('articles-static-empty-de');
  });
});
