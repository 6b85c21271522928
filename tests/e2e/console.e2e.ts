import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import defaultSite from '../../site-configs/default';
import { openBrowser, type BrowserSession } from './browser';
import { OPERATOR_PASSWORD } from './global-setup';
import { nextOperatorCode, operatorToken } from './operator';

type Row = { id: number } & Record<string, unknown> & { titles: Record<string, string> };

/** A row of a cgform collection through the public read the site itself uses. */
async function firstRow(baseUrl: string, collection: string, filter: string): Promise<Row> {
  const response = await fetch(`${baseUrl}/api/${defaultSite.api.head}/cgform-api/getData/${collection}?${filter}`);
  return (await response.json()).data.records[0];
}

/** Puts a row back as it was (the other browser tests read the seeded nav and footer). */
async function restoreRow(baseUrl: string, collection: string, { id, ...row }: Row): Promise<void> {
  const response = await fetch(`${baseUrl}/api/${defaultSite.api.head}/console/collections/${collection}/rows/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Blade-Auth': `bearer ${operatorToken()}` },
    body: JSON.stringify(row),
  });
  if (!response.ok) throw new Error(`restoring ${collection}/${id} failed: ${response.status}`);
}

describe('the operator console in Chromium', () => {
  let session: BrowserSession;
  const edited: Array<[collection: string, row: Row]> = [];
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(async () => {
    for (const [collection, row] of edited) await restoreRow(session.baseUrl, collection, row);
    await session?.close();
  });

  it('refuses a wrong password on the page, then asks for the authenticator code and signs the first operator in', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/console/`);
    await page.waitForURL(/\/console\/login$/);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(page.url()).toMatch(/\/console\/login$/);
    await session.screenshot('console-login-error');

    await page.getByLabel('Password').fill(OPERATOR_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const code = page.getByLabel('Authenticator code');
    await code.waitFor();
    await session.screenshot('console-login-code');
    await code.fill(await nextOperatorCode());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/console\/home\/index$/);
    await expect.poll(() => page.locator('body').innerText()).toContain('administrator');
    await session.screenshot('console-home');
  });

  it('adds an operator, disables it, and finds both changes in the audit log', async () => {
    const { page } = session;
    const username = `agent-${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Operators' }).click();
    await page.waitForURL(/\/console\/operators$/);
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill('Agent-Password-17');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const row = page.getByTestId(`operator-${username}`);
    await row.waitFor();
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => row.innerText()).toContain('Disabled');
    await session.screenshot('console-operators');

    await page.getByRole('button', { name: 'Audit log' }).click();
    await page.waitForURL(/\/console\/audit$/);
    await page.locator('input[name="action"]').fill('console.operator');
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByTestId('audit-table');
    // the unfiltered list shows first (it holds the update too): wait for the filtered one
    const filtered = (text: string) => text.includes('console.operator.update') && !text.includes('console.login');
    await expect.poll(async () => filtered(await table.innerText())).toBe(true);
    expect(await table.innerText()).toContain('console.operator.create');
    await session.screenshot('console-audit');
  });

  it('shows the bound authenticator on the account page', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'My account' }).click();
    await page.waitForURL(/\/console\/account$/);
    await page.getByTestId('totp-bound').waitFor();
  });

  it('edits a nav title and a footer title through the console, and the reloaded site shows them without a rebuild', async () => {
    const { page, baseUrl } = session;
    const markets = await firstRow(baseUrl, 'nav', 'nav_code=markets&pid=0');
    const about = await firstRow(baseUrl, 'footer', 'title_code=about&pid=0');
    edited.push(['nav', markets], ['footer', about]);

    const site = await session.context.newPage();
    await site.goto(`${baseUrl}/home/index`);
    await site.locator('.bourse-footer').waitFor();
    expect(await site.locator('.bourse-nav').innerText()).toContain(markets.titles.en);
    expect(await site.locator('.bourse-nav').innerText()).not.toContain('Markets Live');

    const editTitle = async (collection: string, row: Row, title: string) => {
      await page.getByRole('button', { name: 'Content', exact: true }).click();
      await page.waitForURL(/\/console\/content$/);
      await page.getByTestId(`collection-${collection}`).click();
      await page.waitForURL(new RegExp(`/console/content/${collection}$`));
      await page.getByTestId(`row-edit-${row.id}`).click();
      const english = page.locator('#root_titles_en');
      await expect.poll(() => english.inputValue()).toBe(row.titles.en);
      await english.fill(title);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByTestId('row-editor').getByRole('status').waitFor();
      await expect.poll(() => page.locator('.semi-table-tbody').innerText()).toContain(title);
    };
    await editTitle('nav', markets, 'Markets Live');
    await session.screenshot('console-nav-edited-night-en');
    await editTitle('footer', about, 'About Bourse');

    await site.reload();
    await site.locator('.bourse-footer').waitFor();
    await expect.poll(() => site.locator('.bourse-nav').innerText()).toContain('Markets Live');
    await expect.poll(() => site.locator('.bourse-footer').innerText()).toContain('About Bourse');
    await site.screenshot({ path: 'test-results/screenshots/site-after-console-edit.png' });
    await site.close();

    await page.getByRole('button', { name: 'Audit log' }).click();
    await page.locator('input[name="action"]').fill('cgform.row.update');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByTestId('audit-table').innerText()).toContain(`cgform/nav/${markets.id}`);
    await page.locator('input[name="target"]').fill('cgform/footer');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByTestId('audit-table').innerText()).not.toContain('cgform/nav/');
    expect(await page.getByTestId('audit-table').innerText()).toContain(`cgform/footer/${about.id}`);
    expect(await page.getByTestId('audit-table').innerText()).toContain('About Bourse');
    await session.screenshot('console-audit-content-night-en');
  });

  it('shows the content list and the server’s refusal of a site setting in the day theme and in German', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Content', exact: true }).click();
    await page.waitForURL(/\/console\/content$/);
    await page.getByTestId('collection-nav').waitFor();
    await session.screenshot('console-content-night-en');

    await page.getByRole('button', { name: 'Day theme' }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).toBe(null);
    await page.locator('.cc-bar .semi-select').click();
    await page.locator('.semi-select-option', { hasText: 'Deutsch' }).click();
    await page.getByRole('heading', { name: 'Inhalte' }).waitFor();
    await session.screenshot('console-content-day-de');

    await page.getByRole('button', { name: 'Website-Einstellungen' }).click();
    await page.waitForURL(/\/console\/settings$/);
    const areaCode = page.getByLabel('Telefonvorwahl');
    await expect.poll(() => areaCode.inputValue()).toBe('49');
    await areaCode.fill('999');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect.poll(() => page.locator('.rjsf-field-errors').innerText()).toContain('Diese Vorwahl steht nicht in der Liste der Vorwahlen');
    await session.screenshot('console-settings-refused-day-de');

    await page.getByRole('button', { name: 'Dunkles Design' }).click();
    await page.locator('.cc-bar .semi-select').click();
    await page.locator('.semi-select-option', { hasText: 'English' }).click();
    await page.getByRole('heading', { name: 'Site settings' }).waitFor();
  });
});
