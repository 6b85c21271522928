import * as OTPAuth from 'otpauth';

/** RFC 6238 as authenticator apps expect it: SHA1, 6 digits, 30-second steps; one step of clock drift either way. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;

function totpOf(secretBase32: string, label = 'operator', issuer = 'Bourse'): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** 160 random bits, base32 (what authenticator apps take). */
export function generateTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function totpUri(secretBase32: string, label: string, issuer: string): string {
  return totpOf(secretBase32, label, issuer).toString();
}

/** The code for a moment (tests and the e2e helper use it). */
export function totpCode(secretBase32: string, nowMs: number): string {
  return totpOf(secretBase32).generate({ timestamp: nowMs });
}

/**
 * The time step a code belongs to, when it is valid now (±1 step); null otherwise. Callers refuse a step
 * at or below the last one accepted, so each code works once.
 */
export function matchTotpStep(secretBase32: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_S) + delta;
}
