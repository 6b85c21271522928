import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as authenticator apps use it: HMAC-SHA1, 6 digits, 30-second steps; one step of clock drift either way. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;
/** 160-bit secrets (RFC 4226 recommends at least 128). */
const SECRET_BYTES = 20;

function totpFor(secretBase32: string, label = 'account', issuer = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secretBase32) });
}

export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, issuer: string, label: string): string {
  return totpFor(secretBase32, label, issuer).toString();
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
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: at.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totpStep(at) + delta;
  if (lastAcceptedStep !== null && step <= lastAcceptedStep) return null;
  return step;
}

/** The code of a secret at a moment (for the tests and tools; the server only verifies). */
export function totpCode(secretBase32: string, at: Date): string {
  return totpFor(secretBase32).generate({ timestamp: at.getTime() });
}
