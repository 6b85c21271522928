import { generateTotpSecret, matchTotpStep, TOTP_PERIOD_S, totpCode as codeAt, totpUri as uriOf } from '../../../../core/server';

// The kernel's TOTP (SHA1, 6 digits, 30-second steps, ±1 step), with the member's last accepted step.

export const newTotpSecret = generateTotpSecret;

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, issuer: string, label: string): string {
  return uriOf(secretBase32, label, issuer);
}

/** The time step (30-second counter) of a moment. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S);
}

/**
 * The time step a code belongs to, if it is valid at `at` within ±1 step and newer than `lastAcceptedStep`:
 * a code — even one of the previous step — is accepted once only. null otherwise.
 */
export function acceptTotp(secretBase32: string, code: string, at: Date, lastAcceptedStep: number | null): number | null {
  const step = matchTotpStep(secretBase32, code, at.getTime());
  if (step === null || (lastAcceptedStep !== null && step <= lastAcceptedStep)) return null;
  return step;
}

/** The code of a secret at a moment (for the tests and tools; the server only verifies). */
export function totpCode(secretBase32: string, at: Date): string {
  return codeAt(secretBase32, at.getTime());
}
