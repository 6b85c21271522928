import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAuthorizationHeader } from '../../core/server';
import defaultSite from '../../site-configs/default';
import { openBrowser, type BrowserSession } from './browser';
import { OPERATOR_PASSWORD } from './global-setup';

const HEAD = defaultSite.api.head;
const PASSWORD = 'Quiet-Lantern-73';

/** JSON calls against the running server, answering the envelope's data (throwing on any other code). */
async function call<T = any>(baseUrl: string, path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const url = path.startsWith('/api/') ? `${baseUrl}${path}` : `${baseUrl}/api/${HEAD}${path}`;
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Blade-Auth', `bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const response = await fetch(url, { ...init, headers });
  const body = await response.json();
  if (typeof body.access_token === 'string') return body;
  if (body.code !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

const picture = (r: number, g: number, b: number) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: { r, g, b } } });

/** A member signed up through the public endpoints (code from the development mailbox) with a KYC application. */
async function memberWithApplication(baseUrl: string, operatorToken: string) {
  const email = `kyc-e2e-${Date.now().toString(36)}@example.com`;
  const existing = await call(baseUrl, '/console/identity/members?size=1', { token: operatorToken });
  const inviteCode = existing.records[0]?.inviteCode;
  await call(baseUrl, `/coin/open/send/email?${new URLSearchParams({ email, type: 'register' })}`);
  const mail = await call(baseUrl, `/console/dev/mailbox?${new URLSearchParams({ to: email, page: '1' })}`, { token: operatorToken });
  const code = /\b(\d{6})\b/.exec(mail.records[0].body)![1];
  await call(baseUrl, '/coin/open/register', { method: 'POST', body: JSON.stringify({ account: 'email', email, code, password: PASSWORD, inviteCode }) });
  const { tenantId } = defaultSite.api;
  const grant = await call(baseUrl, `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId, type: 'account', scope: 'all', grant_type: 'password' })}`, {
    method: 'POST',
    headers: { authorization: clientAuthorizationHeader(defaultSite), 'tenant-id': tenantId },
    body: JSON.stringify({ username: email, password: PASSWORD, deviceId: 'kyc-e2e-device' }),
  });
  const token = grant.access_token as string;
  const upload = async (bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('type', 'kyc');
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return (await call(baseUrl, '/cgform-api/upload/file', { method: 'POST', body: form, token })).id as string;
  };
  await call(baseUrl, '/coin/member/verified', {
    method: 'POST',
    token,
    body: JSON.stringify({
      realName: 'Erika Mustermann',
      idNumber: 'T22000129',
      country: 'DE',
      front: await upload(await picture(40, 120, 200).jpeg().toBuffer(), 'front.jpg'),
      back: await upload(await picture(200, 120, 40).png().toBuffer(), 'back.png'),
      hand: await upload(await picture(90, 180, 90).gif().toBuffer(), 'hand.gif'),
    }),
  });
  return { email, token };
}

describe('KYC review in the console, in Chromium', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(async () => session?.close());

  it('shows a submitted application with its images; the operator approves it and the member sees it', async () => {
    const { page, baseUrl } = session;
    const login = await call(baseUrl, '/console/auth/login', { method: 'POST', body: JSON.stringify({ username: 'admin', password: OPERATOR_PASSWORD }) });
    const member = await memberWithApplication(baseUrl, login.access_token);

    await page.goto(`${baseUrl}/console/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(OPERATOR_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
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
    await session.screenshot('console-kyc-review');

    await detail.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => detail.innerText()).toContain('Approved');
    const state = await call(baseUrl, '/coin/member/getMemberOtherData/yhrzxx', { token: member.token });
    expect(state).toMatchObject({ status: 'approved', idNumberMasked: '****0129' });

    await page.keyboard.press('Escape');
    await page.locator('.semi-sidesheet-mask').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Members' }).first().click();
    await page.getByRole('textbox', { name: 'UID, email or phone' }).fill(member.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: member.email }).count()).toBe(1);
    await session.screenshot('console-members');
  });
});
