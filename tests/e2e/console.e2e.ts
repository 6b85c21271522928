import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from './browser';
import { OPERATOR_PASSWORD } from './global-setup';
import { nextOperatorCode } from './operator';

describe('the operator console in Chromium', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(async () => session?.close());

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
    await expect.poll(() => table.innerText()).toContain('console.operator.update');
    expect(await table.innerText()).toContain('console.operator.create');
    expect(await table.innerText()).not.toContain('console.login');
    await session.screenshot('console-audit');
  });

  it('shows the bound authenticator on the account page', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'My account' }).click();
    await page.waitForURL(/\/console\/account$/);
    await page.getByTestId('totp-bound').waitFor();
  });
});
