import { describe, expect, it } from 'vitest';
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  IP_SENDS_PER_WINDOW,
  checkCode,
  codeMatches,
  generateCode,
  hashCode,
  sendRefusal,
  type StoredCode,
} from './codes';

const now = new Date('2026-03-01T12:00:00.000Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const stored = (code: string, changes: Partial<StoredCode> = {}): StoredCode => ({
  code_hash: hashCode(code),
  expires_at: at(CODE_TTL_MS).toISOString(),
  used_at: null,
  attempts: 0,
  ...changes,
});

describe('verification codes', () => {
  it('are six digits, and not all the same', () => {
    const codes = Array.from({ length: 200 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^[0-9]{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('are stored salted and hashed, never as such', () => {
    const first = hashCode('123456');
    const second = hashCode('123456');
    expect(first).not.toContain('123456');
    expect(first).not.toBe(second);
    expect(codeMatches(first, '123456')).toBe(true);
    expect(codeMatches(second, '123456')).toBe(true);
    expect(codeMatches(first, '123457')).toBe(false);
    expect(codeMatches('garbage', '123456')).toBe(false);
  });

  it('accept the right code before it expires', () => {
    expect(checkCode(stored('654321'), '654321', now)).toBe('ok');
    expect(checkCode(stored('654321'), '654321', at(CODE_TTL_MS - 1))).toBe('ok');
  });

  it('refuse a wrong, missing, used, expired or exhausted code', () => {
    expect(checkCode(stored('654321'), '654320', now)).toBe('wrong');
    expect(checkCode(undefined, '654321', now)).toBe('missing');
    expect(checkCode(stored('654321', { used_at: now.toISOString() }), '654321', now)).toBe('used');
    expect(checkCode(stored('654321'), '654321', at(CODE_TTL_MS))).toBe('expired');
    expect(checkCode(stored('654321', { attempts: CODE_MAX_ATTEMPTS }), '654321', now)).toBe('exhausted');
  });

  it('may be requested once a minute per address', () => {
    expect(sendRefusal(null, [], now)).toBeNull();
    expect(sendRefusal(at(-30_000), [], now)).toEqual({ reason: 'address', retryAfterS: 30 });
    expect(sendRefusal(at(-60_000), [], now)).toBeNull();
  });

  it('may be requested 10 times an hour per IP', () => {
    const nine = Array.from({ length: IP_SENDS_PER_WINDOW - 1 }, (_, index) => at(-50 * 60_000 + index * 1000));
    expect(sendRefusal(null, nine, now)).toBeNull();
    const ten = [...nine, at(-1000)];
    expect(sendRefusal(null, ten, now)).toEqual({ reason: 'ip', retryAfterS: 10 * 60 });
    const old = [at(-61 * 60_000), ...nine];
    expect(sendRefusal(null, old, now)).toBeNull();
  });
});
