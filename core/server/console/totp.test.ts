import { describe, expect, it } from 'vitest';
import { generateTotpSecret, matchTotpStep, totpCode, totpUri } from './totp';

describe('TOTP', () => {
  const secret = generateTotpSecret();
  const now = Date.parse('2026-01-01T00:00:10Z');
  const step = Math.floor(now / 30_000);

  it('accepts the current code and one step of drift either way, nothing further', () => {
    expect(matchTotpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotpStep(secret, totpCode(secret, now - 90_000), now)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', now)).toBeNull();
  });

  it('builds an otpauth URI with SHA1, 6 digits and 30 s', () => {
    const uri = totpUri(secret, 'admin', 'Bourse Console');
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('algorithm=SHA1');
    expect(uri).toContain('digits=6');
    expect(uri).toContain('period=30');
  });
});
