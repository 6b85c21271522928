// Members of the browser tests: JSON calls against the running server, the development mailbox, and signing
// members up (through the API or through the register page) and in.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import defaultSite from '../../site-configs/default';

const HEAD = defaultSite.api.head;
const identity = texts('en', 'identity');

/** A locale file of the product, e.g. texts('en', 'wallet'). */
export function texts(language: string, namespace: string): any {
  return JSON.parse(readFileSync(`locales/${language}/${namespace}.json`, 'utf8'));
}

/**
 * A JSON call against the running server (a path below the site's API head unless it starts with /api/),
 * answering the envelope's data (a token answer as it is) and throwing on any other code.
 */
export async function call<T = any>(baseUrl: string, path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
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

/** The newest six-digit code mailed to an address, read from the development mailbox. */
export async function mailedCode(baseUrl: string, operatorToken: string, to: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const mail = await call(baseUrl, `/console/dev/mailbox?${new URLSearchParams({ to, page: '1' })}`, { token: operatorToken });
    const newest = mail.records[0];
    if (newest) return /\b(\d{6})\b/.exec(newest.body)![1]!;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code mailed to ${to}`);
}

/** A client address of its own (TEST-NET-3) for a sign-up through the API; the server trusts the proxy header. */
const clientAddress = () => `203.0.113.${1 + Math.floor(Math.random() * 254)}`;

async function registerByApi(baseUrl: string, operatorToken: string, email: string, password: string, inviteCode?: string) {
  await call(baseUrl, `/coin/open/send/email?${new URLSearchParams({ email, type: 'register' })}`, { headers: { 'x-forwarded-for': clientAddress() } });
  const code = await mailedCode(baseUrl, operatorToken, email);
  await call(baseUrl, '/coin/open/register', { method: 'POST', body: JSON.stringify({ account: 'email', email, code, password, inviteCode }) });
}

const newestMembers = async (baseUrl: string, operatorToken: string) =>
  (await call(baseUrl, '/console/identity/members?size=1', { token: operatorToken })).records;

/**
 * The invite code of the newest member. The first member of a fresh installation needs no invite code:
 * where there is none yet, one is signed up to invite the others.
 */
export async function inviteCode(baseUrl: string, operatorToken: string, password: string): Promise<string | undefined> {
  if ((await newestMembers(baseUrl, operatorToken)).length === 0) {
    await registerByApi(baseUrl, operatorToken, `first-${Date.now().toString(36)}@example.com`, password);
  }
  return (await newestMembers(baseUrl, operatorToken))[0]?.inviteCode;
}

/** A member signed up through the public endpoints, invited by the newest member; answers the uid. */
export async function signUpMember(baseUrl: string, operatorToken: string, email: string, password: string): Promise<string> {
  const invitedBy = (await newestMembers(baseUrl, operatorToken))[0]?.inviteCode;
  await registerByApi(baseUrl, operatorToken, email, password, invitedBy);
  const found = await call(baseUrl, `/console/identity/members?${new URLSearchParams({ search: email })}`, { token: operatorToken });
  return found.records[0].uid;
}

/** Signs up on the register page with a code from the mailbox; answers the uid the header then shows. */
export async function signUpInBrowser(
  page: Page,
  baseUrl: string,
  member: { email: string; password: string; inviteCode: string; operatorToken: string },
): Promise<string> {
  await page.goto(`${baseUrl}/user/register`);
  await page.locator('#register-email').fill(member.email);
  await page.getByRole('button', { name: identity.register.sendCode }).click();
  await page.locator('#register-code').fill(await mailedCode(baseUrl, member.operatorToken, member.email));
  await page.locator('#register-password').fill(member.password);
  await page.locator('#register-invite').fill(member.inviteCode);
  await page.getByRole('button', { name: identity.register.submit }).click();
  return accountUid(page);
}

/** Signs in on the login page and waits for the header's account button. */
export async function signInInBrowser(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/user/login`);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: identity.login.submit, exact: true }).click();
  await accountUid(page);
}

async function accountUid(page: Page): Promise<string> {
  const account = page.locator('.bourse-header').getByRole('button', { name: /UID/ });
  await account.waitFor();
  return (await account.getAttribute('aria-label'))!.replace(/\D/g, '');
}
