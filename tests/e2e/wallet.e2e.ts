import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_CONSOLE_PATHS } from '../../plugins/wallet/shared/types';
import { openBrowser, type BrowserSession } from './browser';
import { call, inviteCode as newestInviteCode, signUpInBrowser, texts } from './members';
import { operatorToken as consoleOperatorToken } from './operator';

const PASSWORD = 'Copper-Lantern-73';
const TRADE_PASSWORD = '582046';
/** A well-formed address outside the site: where the withdrawals go. */
const PAYEE = '0x000000000000000000000000000000000000dEaD';
const en = texts('en', 'wallet');
const identity = texts('en', 'identity');
const core = texts('en', 'core');

describe('the wallet in Chromium, as a new member', () => {
  let session: BrowserSession;
  let operatorToken: string;
  let inviteCode: string | undefined;
  let uid = '';
  const email = `wallet-${Date.now().toString(36)}@example.com`;

  beforeAll(async () => {
    session = await openBrowser();
    operatorToken = consoleOperatorToken();
    inviteCode = await newestInviteCode(session.baseUrl, operatorToken, PASSWORD);
  });
  afterAll(async () => {
    await session?.close();
  });

  const operatorCall = (path: string, body?: unknown) =>
    call(session.baseUrl, path, { token: operatorToken, ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }) });
  const pageOf = (page: Page) => page.locator('.bourse-section__content');
  const balanceRow = (page: Page, currency: string) => page.locator(`tr[data-currency="${currency}"]`);
  const toast = (page: Page, text: string) => page.locator('.semi-toast-content-text', { hasText: text }).first().waitFor();
  const submit = (page: Page, name: string) => pageOf(page).getByRole('button', { name, exact: true }).click();
  /** The member's withdrawals waiting for review, newest first. */
  const inReview = async () => (await operatorCall(`${WALLET_CONSOLE_PATHS.withdrawals}?${new URLSearchParams({ uid, status: 'review' })}`)).records;

  it('signs up and sets a transaction password', async () => {
    const { page, baseUrl } = session;
    expect(inviteCode).toBeTruthy();
    uid = await signUpInBrowser(page, baseUrl, { email, password: PASSWORD, inviteCode: inviteCode!, operatorToken });
    expect(uid).not.toBe('');

    await page.goto(`${baseUrl}/account/center/setting/trade-pwd`);
    await page.locator('#trade-pwd').fill(TRADE_PASSWORD);
    await page.locator('#trade-pwd-confirm').fill(TRADE_PASSWORD);
    await page.locator('#reauth-password').fill(PASSWORD);
    await page.getByRole('button', { name: identity.security.confirm, exact: true }).click();
    await page.waitForURL(/\/account\/center\/security$/);
  });

  let address = '';

  it('shows the USDT deposit address of the devnet with its QR code', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/account/wallet/deposit?currency=USDT`);
    const shown = page.getByTestId('deposit-address');
    await shown.waitFor();
    address = (await shown.innerText()).trim();
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await expect(page.getByTestId('deposit-qr').getAttribute('src')).resolves.toMatch(/^data:image\/png;base64,/);
    await expect(page.getByTestId('deposit-address-panel').getByTestId('devnet-badge').innerText()).resolves.toBe(en.devnet);
    await session.screenshot('wallet-deposit-night-en');
  });

  it('credits a devnet deposit on the open assets page without a reload', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/account/wallet/assets?t=1`);
    await balanceRow(page, 'USDT').waitFor();
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    await operatorCall(WALLET_CONSOLE_PATHS.devnetDeposit, { address, currency: 'USDT', network: 'DEVNET', amount: '150' });
    // the devnet mines a block every few seconds; the deposit is credited after its confirmations
    await expect.poll(() => balanceRow(page, 'USDT').innerText(), { timeout: 45_000, interval: 500 }).toContain('150');
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
    await session.screenshot('wallet-assets-night-en');

    await page.goto(`${baseUrl}/account/wallet/history-deposit`);
    await expect.poll(() => pageOf(page).locator('tbody tr').first().innerText(), { timeout: 10_000 }).toContain(en.statusCredited);
  });

  it('transfers to the contract account', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/account/wallet/transfer?currency=USDT`);
    await expect.poll(() => page.getByTestId('transfer-transferable').innerText()).toContain('150');
    await page.locator('#transfer-amount').fill('40');
    await submit(page, en.transferSubmit);
    await toast(page, en.transferDone);
    await page.goto(`${baseUrl}/account/wallet/assets?t=4`);
    await expect.poll(() => balanceRow(page, 'USDT').innerText()).toContain('40');
    await expect(page.getByRole('tab', { selected: true }).innerText()).resolves.toBe(en.accountContract);
  });

  const requestWithdrawal = async (page: Page) => {
    await page.goto(`${session.baseUrl}/account/wallet/withdrawal?currency=USDT`);
    await expect.poll(() => page.getByTestId('withdraw-available').innerText()).toContain('110');
    await page.locator('#withdraw-address').fill(PAYEE);
    await page.locator('#withdraw-amount').fill('25');
    await expect(page.getByTestId('withdraw-receive').innerText()).resolves.toBe('24 USDT');
    await page.locator('#withdraw-trade-password').fill(TRADE_PASSWORD);
    await submit(page, en.withdrawSubmit);
    await toast(page, en.withdrawDone);
  };

  it('requests a withdrawal and cancels it', async () => {
    const { page } = session;
    await requestWithdrawal(page);
    const recent = pageOf(page).locator('tbody tr').first();
    await expect.poll(() => recent.innerText()).toContain(en.statusReview);
    await recent.getByRole('button', { name: en.cancelWithdrawal }).click();
    await page.locator('.semi-modal-footer button', { hasText: en.cancelConfirm }).click();
    await expect.poll(() => recent.innerText()).toContain(en.statusCancelled);
    await expect(recent.getByRole('button', { name: en.cancelWithdrawal }).count()).resolves.toBe(0);
  });

  it('requests it again; the operator rejects it and the reason shows', async () => {
    const { page, baseUrl } = session;
    await requestWithdrawal(page);
    const [withdrawal] = await inReview();
    expect(withdrawal).toMatchObject({ amount: '25', currency: 'USDT', address: PAYEE });
    await page.goto(`${baseUrl}/account/wallet/history-withdrawal`);
    const row = page.locator(`tr[data-record="${withdrawal.id}"]`);
    await expect.poll(() => row.innerText()).toContain(en.statusReview);
    const reason = 'The receiving address failed the screening';
    await operatorCall(WALLET_CONSOLE_PATHS.rejectWithdrawal.replace(':id', withdrawal.id), { reason });
    // the open list follows the change
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain(reason);
    expect(await row.innerText()).toContain(en.statusRejected);
    await session.screenshot('wallet-history-withdrawal-night-en');
  });

  it('exports the bills as CSV and Excel files', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/account/wallet/bills`);
    await expect.poll(() => pageOf(page).locator('tbody tr').count()).toBeGreaterThan(2);
    const [csv] = await Promise.all([page.waitForEvent('download'), pageOf(page).getByRole('button', { name: en.exportCsv }).click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const content = readFileSync((await csv.path())!, 'utf8');
    expect(content.split('\n').length).toBeGreaterThan(2);
    expect(content).toContain('USDT');
    const [xlsx] = await Promise.all([page.waitForEvent('download'), pageOf(page).getByRole('button', { name: en.exportXlsx }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(readFileSync((await xlsx.path())!).subarray(0, 2).toString()).toBe('PK');
  });

  it('shows the assets in the day theme and in German', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/account/wallet/assets?t=1`);
    await balanceRow(page, 'USDT').waitFor();
    await page.getByRole('button', { name: core.header.themeDay }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).not.toBe('dark');
    await session.screenshot('wallet-assets-day-en');
    await page.getByRole('button', { name: core.header.themeNight }).click();
    await page.getByRole('button', { name: core.header.language, exact: true }).click();
    await page.getByRole('menuitem', { name: /Deutsch/ }).click();
    const de = texts('de', 'wallet');
    await expect.poll(() => page.getByRole('tab', { selected: true }).innerText()).toBe(de.accountCoin);
    await session.screenshot('wallet-assets-night-de');
    await page.goto(`${baseUrl}/account/wallet/transfer`);
    await page.getByText(de.transferTitle).waitFor();
    await session.screenshot('wallet-transfer-night-de');
  });
});
