import { TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import defaultSite from '../../site-configs/default';
import { openBrowser, type BrowserSession } from './browser';
import { inviteCode as newestInviteCode, signUpInBrowser, texts } from './members';
import { operatorToken as consoleOperatorToken } from './operator';

const HEAD = defaultSite.api.head;
const PASSWORD = 'Amber-Harbor-58';
const en = texts('en', 'identity');
const core = texts('en', 'core');

/** Google codes of the bound secret: each of a later time step than the last (the server takes a step once). */
function totpCodes(secret: string) {
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  let lastStep = -1;
  return async (): Promise<string> => {
    const step = Math.max(Math.floor(Date.now() / 30_000), lastStep + 1);
    // a code of the next step is still accepted (±1); further ahead, wait for time to catch up
    while (step > Math.floor(Date.now() / 30_000) + 1) await new Promise((resolve) => setTimeout(resolve, 1000));
    lastStep = step;
    return totp.generate({ timestamp: step * 30_000 + 1000 });
  };
}

describe('the account center in Chromium, as a new member', () => {
  let session: BrowserSession;
  let operatorToken: string;
  let inviteCode: string | undefined;
  let nextGoogleCode: () => Promise<string>;
  let other: BrowserContext | undefined;
  const email = `center-${Date.now().toString(36)}@example.com`;

  beforeAll(async () => {
    session = await openBrowser();
    operatorToken = consoleOperatorToken();
    inviteCode = await newestInviteCode(session.baseUrl, operatorToken, PASSWORD);
  });
  afterAll(async () => {
    await other?.close();
    await session?.close();
  });

  const item = (page: Page, factor: string) => page.locator(`.id-sec-item[data-factor="${factor}"]`);
  const confirm = (page: Page) => page.getByRole('button', { name: en.security.confirm, exact: true }).click();
  const backOnSecurity = (page: Page) => page.waitForURL(/\/account\/center\/security$/);

  it('signs up with the email, a code from the mailbox and the invite code', async () => {
    const { page, baseUrl } = session;
    expect(inviteCode).toBeTruthy();
    await signUpInBrowser(page, baseUrl, { email, password: PASSWORD, inviteCode: inviteCode!, operatorToken });
  });

  it('opens the info page from /account/center with the masked email and the security summary', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/account/center`);
    await page.waitForURL(/\/account\/center\/info$/);
    await page.locator('.id-account').waitFor();
    await expect(page.locator('.id-account__facts').innerText()).resolves.toContain(`${email.slice(0, 2)}***om`);
    await expect(page.locator('.id-sec-level__label').innerText()).resolves.toContain('(1/5)');
    await session.screenshot('account-info-night-en');
    await page.getByRole('button', { name: en.account.toSecurity }).click();
    await backOnSecurity(page);
    await expect(item(page, 'google').innerText()).resolves.toContain(en.security.stateNotSet);
    await session.screenshot('account-security-night-en');
  });

  it('binds Google Authenticator with the secret shown on the page', async () => {
    const { page } = session;
    await item(page, 'google').getByRole('button').click();
    await page.waitForURL(/\/setting\/google$/);
    const secret = (await page.getByTestId('google-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(page.locator('.id-sec-google__qr').getAttribute('src')).resolves.toMatch(/^data:image\/png;base64,/);
    await session.screenshot('account-google-bind-night-en');
    nextGoogleCode = totpCodes(secret);
    await page.locator('#google-code').fill(await nextGoogleCode());
    await page.locator('#reauth-password').fill(PASSWORD);
    await confirm(page);
    await backOnSecurity(page);
    await expect.poll(() => item(page, 'google').innerText()).toContain(en.security.stateSet);
  });

  it('sets the transaction password (six digits) with the password and the Google code', async () => {
    const { page } = session;
    await item(page, 'tradePwd').getByRole('button').click();
    await page.waitForURL(/\/setting\/trade-pwd$/);
    await page.locator('#trade-pwd').fill('12345');
    await confirm(page);
    await expect(page.getByText(en.tradePwdSixDigits).isVisible()).resolves.toBe(true);
    await page.locator('#trade-pwd').fill('482913');
    await page.locator('#trade-pwd-confirm').fill('482913');
    await page.locator('#reauth-password').fill(PASSWORD);
    await page.locator('#reauth-google').fill(await nextGoogleCode());
    await confirm(page);
    await backOnSecurity(page);
    await expect.poll(() => item(page, 'tradePwd').innerText()).toContain(en.security.stateSet);
  });

  it('sets the anti-phishing code', async () => {
    const { page } = session;
    await item(page, 'antiCode').getByRole('button').click();
    await page.waitForURL(/\/setting\/anti-code$/);
    await page.locator('#anti-code').fill('Blue42');
    await page.locator('#reauth-password').fill(PASSWORD);
    await page.locator('#reauth-google').fill(await nextGoogleCode());
    await confirm(page);
    await backOnSecurity(page);
    await expect.poll(() => item(page, 'antiCode').innerText()).toContain('Blue42');
    await expect(page.locator('.id-sec-level__label').innerText()).resolves.toContain('(4/5)');
    await session.screenshot('account-security-done-night-en');
  });

  it('renames and removes the device of a second sign-in, which is signed out', async () => {
    const { page, browser, baseUrl } = session;
    other = await browser.newContext({ viewport: { width: 1280, height: 800 }, screen: { width: 1280, height: 800 }, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    const second = await other.newPage();
    await second.goto(`${baseUrl}/user/login`);
    await second.locator('#login-email').fill(email);
    await second.locator('#login-password').fill(PASSWORD);
    await second.getByRole('button', { name: texts('en', 'identity').login.submit }).click().catch(() => undefined);
    await second.locator('.bourse-header').getByRole('button', { name: /UID/ }).waitFor();

    await page.goto(`${baseUrl}/account/center/device-management`);
    const rows = page.locator('.id-center-card').first().locator('tbody tr');
    // the page and its list load lazily: on a busy machine that takes longer than a poll's second
    await rows.nth(1).waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    const otherRow = rows.filter({ hasNot: page.getByText(en.devices.thisDevice) });
    await otherRow.getByRole('button', { name: en.devices.rename }).click();
    const modal = page.locator('.semi-modal-content').filter({ hasText: en.devices.renameTitle });
    await modal.locator('input').fill('Second browser');
    await modal.locator('input').press('Enter');
    await expect.poll(() => otherRow.innerText()).toContain('Second browser');
    await otherRow.getByRole('button', { name: en.devices.remove }).click();
    await page.locator('.semi-modal-content').filter({ hasText: en.devices.removeTitle.split('{{')[0] }).locator('.semi-modal-footer button', { hasText: en.devices.remove }).click();
    await expect.poll(() => rows.count()).toBe(1);

    const secondToken = await second.evaluate(() => {
      const stored = Object.entries(localStorage).find(([key]) => key.includes('session'));
      return stored ? (JSON.parse(stored[1]).accessToken as string) : '';
    });
    if (secondToken) {
      const response = await fetch(`${baseUrl}/api/${HEAD}/coin/member/getMemberInfo`, { headers: { 'Blade-Auth': `bearer ${secondToken}` } });
      expect((await response.json()).code).toBe(401);
    }
  });

  it('shows the security page in day theme and in German', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/account/center/security`);
    await item(page, 'google').waitFor();
    await page.getByRole('button', { name: core.header.themeDay }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).not.toBe('dark');
    await session.screenshot('account-security-day-en');
    await page.getByRole('button', { name: core.header.themeNight }).click();
    await page.getByRole('button', { name: core.header.language, exact: true }).click();
    await page.getByRole('menuitem', { name: /Deutsch/ }).click();
    const de = texts('de', 'identity');
    await expect.poll(() => page.locator('.id-center-card h4').first().innerText()).toBe(de.security.title);
    await session.screenshot('account-security-night-de');
    await item(page, 'tradePwd').getByRole('button').click();
    await page.waitForURL(/\/setting\/trade-pwd$/);
    await page.locator('#trade-pwd').waitFor();
    await session.screenshot('account-trade-pwd-night-de');
  });

  it('logs out from the header menu', async () => {
    const { page } = session;
    await page.locator('.bourse-header').getByRole('button', { name: /UID/ }).click();
    await page.getByRole('menuitem', { name: texts('de', 'core').user.logout }).click();
    await expect.poll(() => new URL(page.url()).pathname).not.toMatch(/account/);
    await page.locator('.bourse-header__login').waitFor();
  });

  it('sends a guest from a member page to log in and back, subscribing the private topic without a refusal', async () => {
    const { page, baseUrl } = session;
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await page.goto(`${baseUrl}/account/center/security?from=e2e`);
    await page.waitForURL(/\/user\/login\?redirect=\/account\/center\/security%3Ffrom%3De2e$/);
    await page.locator('#login-email').fill(email);
    await page.locator('#login-password').fill(PASSWORD);
    // the member's connection: its SUBACK (packet type 9) answers the subscriptions made at sign-in
    const subscribed = page
      .waitForEvent('websocket')
      .then((socket) => socket.waitForEvent('framereceived', { predicate: (frame) => typeof frame.payload !== 'string' && frame.payload[0] === 0x90 }));
    await page.getByRole('button', { name: texts('de', 'identity').login.submit, exact: true }).click();
    await page.waitForURL(/\/account\/center\/security\?from=e2e$/);
    await item(page, 'google').waitFor();
    await subscribed;
    expect(warnings.filter((warning) => warning.includes('Realtime subscription refused'))).toEqual([]);
  });
});
