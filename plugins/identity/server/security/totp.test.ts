import { describe, expect, it } from 'vitest';
import { acceptTotp, newTotpSecret, totpCode, totpStep, totpUri } from './totp';

const at = new Date('2026-01-01T00:00:15Z');
const previousStep = new Date(at.getTime() - 30_000);

describe('TOTP', () => {
  it('makes 160-bit base32 secrets and an otpauth URI with the issuer', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = totpUri(secret, 'Bourse', 'a@b.example');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Bourse:a%40b\.example\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('period=30');
    expect(uri).toContain('digits=6');
  });

  it('accepts the current code and answers its step', () => {
    const secret = newTotpSecret();
    expect(acceptTotp(secret, totpCode(secret, at), at, null)).toBe(totpStep(at));
  });

  it('accepts a code once only', () => {
    const secret = newTotpSecret();
    const code = totpCode(secret, at);
    const step = acceptTotp(secret, code, at, null)!;
    expect(acceptTotp(secret, code, at, step)).toBeNull();
  });

  it('accepts a code of the previous step once, but not after a newer one', () => {
    const secret = newTotpSecret();
    const old = totpCode(secret, previousStep);
    expect(acceptTotp(secret, old, at, null)).toBe(totpStep(at) - 1);
    expect(acceptTotp(secret, old, at, totpStep(at))).toBeNull();
  });

  it('refuses codes two steps away, wrong codes and malformed input', () => {
    const secret = newTotpSecret();
    expect(acceptTotp(secret, totpCode(secret, new Date(at.getTime() - 60_000)), at, null)).toBeNull();
    expect(acceptTotp(secret, totpCode(secret, new Date(at.getTime() + 60_000)), at, null)).toBeNull();
    const wrong = String((Number(totpCode(secret, at)) + 1) % 1_000_000).padStart(6, '0');
    expect(acceptTotp(secret, wrong, at, null)).toBeNull();
    expect(acceptTotp(secret, '12345', at, null)).toBeNull();
    expect(acceptTotp(secret, 'abcdef', at, null)).toBeNull();
  });
});
