import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, SCREENSHOT_DIR, type BrowserSession } from './browser';
import { OPERATOR_PASSWORD } from './global-setup';
import { call, signUpMember, texts } from './members';
import { operatorToken, signInToConsole } from './operator';

const PASSWORD = 'Quiet-Lantern-73';
const chat = texts('en', 'chat');
const desk = texts('en', 'chat-console');
const identity = texts('en', 'identity');
const core = texts('en', 'core');

/** A member signed up through the public endpoints, with the code from the development mailbox. */
async function chatMember(baseUrl: string, token: string): Promise<{ email: string; uid: string }> {
  const email = `chat-e2e-${Date.now().toString(36)}@example.com`;
  return { email, uid: await signUpMember(baseUrl, token, email, PASSWORD) };
}

/** A small picture of one colour with a light band, so a sent image is easy to recognise on a screenshot. */
const picture = (r: number, g: number, b: number) =>
  sharp({ create: { width: 160, height: 100, channels: 3, background: { r, g, b } } })
    .composite([{ input: { create: { width: 120, height: 20, channels: 3, background: { r: 240, g: 240, b: 240 } } }, top: 60, left: 20 }])
    .png()
    .toBuffer();

const loadedImages = (scope: ReturnType<Page['locator']>) =>
  scope.locator('img').evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).naturalWidth === 160).length);

describe('customer-service chat in Chromium: the member writes, an agent answers from the console, live', () => {
  let session: BrowserSession;
  let consoleContext: BrowserContext | undefined;
  let agent: Page;
  let member: { email: string; uid: string };

  beforeAll(async () => {
    session = await openBrowser();
    member = await chatMember(session.baseUrl, operatorToken());
  });
  afterAll(async () => {
    await consoleContext?.close();
    await session?.close();
  });

  const dialog = () => session.page.getByRole('dialog', { name: chat.title });
  const chatButton = () => session.page.getByTestId('chat-button');

  it('a new member signs in, opens the chat and sends a text and an image', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/user/login`);
    await page.locator('#login-email').fill(member.email);
    await page.locator('#login-password').fill(PASSWORD);
    await page.getByRole('button', { name: identity.login.submit, exact: true }).click();
    await page.locator('.bourse-header').getByRole('button', { name: /UID/ }).waitFor();

    const box = await chatButton().boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(64);
    expect(box!.x + box!.width).toBeLessThanOrEqual(1366);
    expect(box!.y + box!.height).toBeLessThanOrEqual(860);
    await chatButton().click({ timeout: 10_000 });
    await dialog().waitFor();
    await expect.poll(() => dialog().innerText()).toContain(chat.empty);
    const send = dialog().getByRole('button', { name: new RegExp(`${chat.send}$`) });
    expect(await send.isDisabled()).toBe(true);

    const text = dialog().getByRole('textbox');
    await text.fill('Hello, my deposit has not arrived yet.');
    await text.press('Control+Enter');
    await text.pressSequentially('It was sent an hour ago.');
    await text.press('Enter');
    await expect.poll(() => dialog().locator('.chat-msg--mine').count()).toBe(1);
    expect(await dialog().locator('.chat-msg--mine').innerText()).toContain('arrived yet.\nIt was sent');
    expect(await text.inputValue()).toBe('');

    await dialog().getByTestId('chat-image-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: await picture(40, 120, 200) });
    await expect.poll(() => loadedImages(dialog())).toBe(1);
    await session.screenshot('chat-member-sent-night-en');

    // closed again: the unread count starts from nothing
    await dialog().getByRole('button', { name: chat.close }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await page.getByTestId('chat-unread').count()).toBe(0);
  });

  it('the agent finds the conversation in the console, takes it and answers with a text and an image', async () => {
    consoleContext = await session.browser.newContext({ viewport: { width: 1366, height: 860 } });
    agent = await consoleContext.newPage();
    agent.on('pageerror', (error) => console.error('[console page error]', error.message));
    await agent.goto(`${session.baseUrl}/console/login`);
    await signInToConsole(agent, OPERATOR_PASSWORD);
    await agent.waitForURL(/\/console\/home\/index$/);
    await agent.getByRole('button', { name: desk.menuDesk }).first().click();
    await agent.waitForURL(/\/console\/chat\/desk$/);

    const item = agent.getByTestId('chat-queue-item').filter({ hasText: member.uid });
    await item.waitFor();
    expect(await item.innerText()).toContain(desk.unassigned);
    await item.click();
    const transcript = agent.getByTestId('chat-transcript');
    await expect.poll(() => transcript.innerText()).toContain('It was sent an hour ago.');
    await expect.poll(() => loadedImages(transcript)).toBe(1);

    await transcript.getByRole('button', { name: desk.take }).click();
    await expect.poll(() => transcript.innerText()).toContain(desk.system.agentJoined);
    const reply = transcript.getByRole('textbox', { name: desk.replyPlaceholder });
    await reply.fill('Thanks, I am checking your deposit now.');
    await reply.press('Enter');
    await expect.poll(() => transcript.locator('.chc-msg--agent').count()).toBe(1);
    await transcript.getByTestId('chat-reply-image').setInputFiles({ name: 'status.png', mimeType: 'image/png', buffer: await picture(200, 90, 40) });
    await expect.poll(() => loadedImages(transcript)).toBe(2);
    await expect.poll(() => agent.getByTestId('chat-agent-load').locator('tr[data-agent="admin"]').innerText()).toMatch(/\b1\b/);
    await agent.screenshot({ path: join(SCREENSHOT_DIR, 'chat-console-desk.png') });
  });

  it('the member sees the answers arrive live: the closed button counts them, opening shows them and clears the count', async () => {
    const { page } = session;
    // the agent joined, then a text and an image
    await expect.poll(() => page.getByTestId('chat-unread').textContent(), { timeout: 10_000 }).toBe('3');
    await session.screenshot('chat-member-unread-night-en');
    await chatButton().click({ timeout: 10_000 });
    await dialog().waitFor();
    expect(await page.getByTestId('chat-unread').count()).toBe(0);
    await expect.poll(() => dialog().innerText()).toContain('Thanks, I am checking your deposit now.');
    expect(await dialog().innerText()).toContain(chat.system.agentJoined);
    await expect.poll(() => loadedImages(dialog())).toBe(2);
    await session.screenshot('chat-member-answered-night-en');

    // a message arriving while the dialog is open is not counted
    const reply = agent.getByTestId('chat-transcript').getByRole('textbox', { name: desk.replyPlaceholder });
    await reply.fill('It has 8 of 12 confirmations.');
    await reply.press('Enter');
    await expect.poll(() => dialog().innerText()).toContain('8 of 12 confirmations');
    expect(await page.getByTestId('chat-unread').count()).toBe(0);

    await page.getByRole('button', { name: core.header.themeDay }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).not.toBe('dark');
    await session.screenshot('chat-member-answered-day-en');
    await page.getByRole('button', { name: core.header.themeNight }).click();
    await expect.poll(() => page.locator('body').getAttribute('theme-mode')).toBe('dark');
  });

  it('shows the chat in German after a language switch', async () => {
    const { page } = session;
    // on a busy machine a click can land while the header re-renders: open the menu until it shows, and click
    // outside until it is gone
    const german = page.getByRole('menuitem', { name: /Deutsch/ });
    await expect
      .poll(async () => {
        if (!(await german.isVisible())) await page.getByRole('button', { name: core.header.language, exact: true }).click({ timeout: 5_000 });
        return german.isVisible();
      }, { timeout: 15_000 })
      .toBe(true);
    await german.click({ timeout: 10_000 });
    await expect
      .poll(async () => {
        if (await german.isVisible()) await page.mouse.click(600, 400);
        return german.isVisible();
      }, { timeout: 15_000 })
      .toBe(false);
    // the switch is complete once the German texts are applied; only then is the dialog's title German
    await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: 15_000 }).toBe('de');
    const de = texts('de', 'chat');
    const germanDialog = page.getByRole('dialog', { name: de.title });
    if ((await page.getByRole('dialog').count()) === 0) await chatButton().click({ timeout: 10_000 });
    await expect.poll(() => germanDialog.innerText({ timeout: 2_000 }).catch(() => ''), { timeout: 15_000 }).toContain(de.system.agentJoined);
    expect(await germanDialog.getByRole('textbox').getAttribute('placeholder', { timeout: 5_000 })).toBe(de.placeholder);
    await session.screenshot('chat-member-answered-night-de');
  });
});
