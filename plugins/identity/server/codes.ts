import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A code is valid for 10 minutes, once, and dies after 5 wrong guesses. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/** At most one code per address per minute, and 10 code requests per IP per hour. */
export const RESEND_INTERVAL_MS = 60 * 1000;
export const IP_SEND_WINDOW_MS = 60 * 60 * 1000;
export const IP_SENDS_PER_WINDOW = 10;

/** Six random digits (uniform, from the CSPRNG). */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function digest(salt: Buffer, code: string): Buffer {
  return createHash('sha256').update(salt).update(code).digest();
}

/**
 * "<salt>$<sha256(salt || code)>" in hex. A six-digit code has only 10^6 values, so the hash keeps the
 * code out of plain sight in the database rather than making it unguessable; the short lifetime,
 * single use and the attempt limit are what protect it.
 */
export function hashCode(code: string, salt: Buffer = randomBytes(16)): string {
  return `${salt.toString('hex')}$${digest(salt, code).toString('hex')}`;
}

export function codeMatches(stored: string, code: string): boolean {
  const [saltHex, hashHex] = stored.split('$');
  if (!saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = digest(Buffer.from(saltHex, 'hex'), code);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export interface StoredCode {
  code_hash: string;
  expires_at: string;
  used_at: string | null;
  attempts: number;
}

export type CodeCheck = 'ok' | 'missing' | 'used' | 'expired' | 'exhausted' | 'wrong';

/** Judges a code against the latest one issued for the address and purpose. */
export function checkCode(stored: StoredCode | undefined, code: string, now: Date): CodeCheck {
  if (!stored) return 'missing';
  if (stored.used_at) return 'used';
  if (Date.parse(stored.expires_at) <= now.getTime()) return 'expired';
  if (stored.attempts >= CODE_MAX_ATTEMPTS) return 'exhausted';
  return codeMatches(stored.code_hash, code) ? 'ok' : 'wrong';
}

export type SendRefusal = { reason: 'address'; retryAfterS: number } | { reason: 'ip'; retryAfterS: number };

/**
 * Whether another code may be sent now. `lastToAddress` is when the latest code for the address was
 * requested; `ipRequests` the request times from the IP within the last hour, oldest first.
 */
export function sendRefusal(lastToAddress: Date | null, ipRequests: Date[], now: Date): SendRefusal | null {
  const nowMs = now.getTime();
  if (lastToAddress && nowMs - lastToAddress.getTime() < RESEND_INTERVAL_MS) {
    return { reason: 'address', retryAfterS: Math.ceil((lastToAddress.getTime() + RESEND_INTERVAL_MS - nowMs) / 1000) };
  }
  const recent = ipRequests.filter((at) => nowMs - at.getTime() < IP_SEND_WINDOW_MS);
  if (recent.length >= IP_SENDS_PER_WINDOW) {
    const oldest = recent[recent.length - IP_SENDS_PER_WINDOW]!;
    return { reason: 'ip', retryAfterS: Math.ceil((oldest.getTime() + IP_SEND_WINDOW_MS - nowMs) / 1000) };
  }
  return null;
}
