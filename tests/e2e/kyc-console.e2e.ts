import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, SCREENSHOT_DIR, type BrowserSession } from './browser';
import { OPERATOR_PASSWORD } from './global-setup';
import { signInInBrowser, signUpMember, texts } from './members';
import { operatorToken, signInToConsole } from './operator';

const PASSWORD = 'Quiet-Lantern-73';
const identity = texts('en', 'identity');
const kyc = texts('en', 'kyc');
const core = texts('en', 'core');

/** A photo-like test image: a coloured card with a lighter band, so the previews show what was picked. */
async function idImage(r: number, g: number, b: number, format: 'jpeg' | 'png' | 'gif'): Promise<Buffer> {
  const band = await sharp({ create: { width: 280, height: 40, channels: 3, background: { r: 240, g: 240, b: 240 } } }).png().toBuffer();
  return sharp({ create: { width: 320, height: 200, channels: 3, background: { r, g, b } } })
    .composite([{ input: band, top: 130, left: 20 }])
    .toFormat(format)
    .toBuffer();
}

const kycFact = (page: Page) => page.getByTestId('account-kyc');

describe('identity verification in Chromium: the member applies, the operator approves', () => {
  let session: BrowserSession;
  let consoleContext: BrowserContext | undefined;
  const email = `kyc-e2e-${Date.now().toString(36)}@example.com`;

  beforeAll(async () => {
    session = await openBrowser();
    await signUpMember(session.baseUrl, operatorToken(), email, PASSWORD);
  });
  afterAll(async () => {
    await consoleContext?.close();
    await session?.close();
  });

  it('the member signs in, finds "not verified" on the info page and follows its link to the form', async () => {
    const { page, baseUrl } = session;
    await signInInBrowser(page, baseUrl, email, PASSWORD);

    await page.goto(`${baseUrl}/account/center/info`);
    await expect.poll(() => kycFact(page).getAttribute('data-state')).toBe('none');
    await expect(kycFact(page).innerText()).resolves.toContain(identity.account.kycState.none);
    await kycFact(page).getByRole('link', { name: identity.account.kycVerify }).click();
    await page.waitForURL(/\/account\/center\/kyc$/);
    await page.locator('form.kyc-form').waitFor();
  });

  it('fills the form with name, ID number, country and three ID images, and submits it', async () => {
    const { page } = session;
    await page.locator('input[name="realName"]').fill('Erika Mustermann');
    await page.locator('input[name="idNumber"]').fill('T22000129');
    await page.locator('[aria-labelledby="kyc-country-label"]').click();
    await page.keyboard.type('Germany');
    // the option's name also holds the label of Semi's tick icon, so match its text
    await page.getByRole('option').filter({ hasText: /^Germany$/ }).click();
    await expect.poll(() => page.locator('.kyc-field .semi-select-selection').innerText()).toContain('Germany');

    const files = [
      { which: 'front', name: 'front.jpg', mimeType: 'image/jpeg', buffer: await idImage(40, 120, 200, 'jpeg') },
      { which: 'back', name: 'back.png', mimeType: 'image/png', buffer: await idImage(200, 120, 40, 'png') },
      { which: 'hand', name: 'hand.gif', mimeType: 'image/gif', buffer: await idImage(90, 180, 90, 'gif') },
    ];
    for (const { which, ...file } of files) await page.locator(`input[type="file"][name="${which}"]`).setInputFiles(file);
    await expect.poll(() => page.locator('.kyc-picker__preview').count()).toBe(3);
    await session.screenshot('kyc-form-filled-night-en');

    await page.getByRole('button', { name: kyc.form.submit, exact: true }).click();
    const state = page.getByTestId('kyc-state');
    await expect.poll(() => state.getAttribute('data-status'), { timeout: 15_000 }).toBe('submitted');
    await expect(state.innerText()).resolves.toContain(kyc.state.submitted);
    await expect(state.innerText()).resolves.toContain('****0129');
    await session.screenshot('kyc-submitted-night-en');

    await page.getByRole('button', { name: core.header.themeDay }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).not.toBe('dark');
    await session.screenshot('kyc-submitted-day-en');
    await page.getByRole('button', { name: core.header.themeNight }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).toBe('dark');
  });

  it('the operator approves the application with its images in the console', async () => {
    const { browser, baseUrl } = session;
    consoleContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    const page = await consoleContext.newPage();
    await page.goto(`${baseUrl}/console/login`);
    await signInToConsole(page, OPERATOR_PASSWORD);
    await page.waitForURL(/\/console\/home\/index$/);

    await page.getByRole('button', { name: 'KYC review' }).click();
    await page.waitForURL(/\/console\/identity\/kyc$/);
    const row = page.getByRole('row').filter({ hasText: 'Erika Mustermann' });
    await row.getByRole('button', { name: 'Review' }).click();
    const detail = page.getByTestId('kyc-detail');
    await expect.poll(() => detail.locator('img').count()).toBe(3);
    await expect
      .poll(() => detail.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth === 320)))
      .toBe(true);
    // the side sheet slides in: shoot it once it stands inside the window
    await expect.poll(async () => {
      const box = await detail.boundingBox();
      return box !== null && box.x + box.width <= 1366;
    }).toBe(true);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'console-kyc-review.png') });

    await detail.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => detail.innerText()).toContain('Approved');

    await page.keyboard.press('Escape');
    await page.locator('.semi-sidesheet-mask').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Members' }).first().click();
    await page.getByRole('textbox', { name: 'UID, email or phone' }).fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: email }).count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'console-members.png') });
  });

  it('the member reloads the info page and is verified', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/account/center/info`);
    await expect.poll(() => kycFact(page).getAttribute('data-state')).toBe('approved');
    await expect(kycFact(page).innerText()).resolves.toContain(identity.account.kycState.approved);
    await session.screenshot('account-info-verified');

    await page.getByRole('button', { name: core.header.language, exact: true }).click();
    await page.getByRole('menuitem', { name: /Deutsch/ }).click();
    // the language menu stays open after the choice: click outside to close it
    await page.mouse.click(1340, 640);
    await page.getByRole('menuitem', { name: /Deutsch/ }).waitFor({ state: 'hidden' });
    const de = texts('de', 'identity');
    await expect.poll(() => kycFact(page).innerText()).toContain(de.account.kycState.approved);
    await session.screenshot('account-info-verified-night-de');
    await kycFact(page).getByRole('link', { name: de.account.kycView }).click();
    await page.waitForURL(/\/account\/center\/kyc$/);
    await expect.poll(() => page.getByTestId('kyc-state').innerText()).toContain(texts('de', 'kyc').state.approved);
    await session.screenshot('kyc-approved-night-de');
  });
});
