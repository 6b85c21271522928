// The console operator of the browser tests: global set-up binds TOTP for "admin" (operator-setup.ts) and
// shares the secret and a full session; each browser sign-in takes the next unused time step.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { TOTP_PERIOD_S, totpCode } from '../../core/server/console/totp';

const STEP_MS = TOTP_PERIOD_S * 1000;

export function operatorToken(): string {
  return inject('operatorToken');
}

/**
 * A code of a step later than every one used before (binding used the step of set-up time). The server
 * accepts one step ahead, so this waits only when two sign-ins fall within the same half minute.
 */
export async function nextOperatorCode(): Promise<string> {
  const stateFile = inject('operatorTotpStateFile');
  const last = existsSync(stateFile) ? Number(readFileSync(stateFile, 'utf8')) : Math.floor(Date.now() / STEP_MS);
  const step = Math.max(last + 1, Math.floor(Date.now() / STEP_MS) - 1);
  const validFrom = (step - 1) * STEP_MS + 1000;
  if (Date.now() < validFrom) await new Promise((resolve) => setTimeout(resolve, validFrom - Date.now()));
  writeFileSync(stateFile, String(step));
  return totpCode(inject('operatorTotpSecret'), step * STEP_MS + 1000);
}

/** Fills the console sign-in page: password first, then the authenticator code it asks for. */
export async function signInToConsole(page: Page, password: string): Promise<void> {
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authenticator code').fill(await nextOperatorCode());
  await page.getByRole('button', { name: 'Sign in' }).click();
}
