import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from './browser';
import { OPERATOR_PASSWORD } from './global-setup';

describe('the operator console in Chromium', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(async () => session?.close());

  it('refuses a wrong password on the page, then signs the first operator in', async () => {
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
    await page.waitForURL(/\/console\/home\/index$/);
    await expect.poll(() => page.locator('body').innerText()).toContain('administrator');
    await session.screenshot('console-home');
  });
});
