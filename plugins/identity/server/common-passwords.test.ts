import { describe, expect, it } from 'vitest';
import { isLoginPassword } from '../../../core/shared';
import { commonPasswords, isCommonPassword, parsePasswordList } from './common-passwords';

describe('common passwords', () => {
  it('ships at least 1000 entries that the login-password rule would otherwise accept', () => {
    const acceptable = [...commonPasswords()].filter(isLoginPassword);
    expect(acceptable.length).toBeGreaterThanOrEqual(1000);
  });

  it('rejects well-known passwords whatever their case', () => {
    for (const password of ['123456', 'password1', 'Qwerty123', 'P@ssw0rd', 'iloveyou', 'Dragon2020', '1q2w3e4r']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts a password that is not on the list', () => {
    expect(isCommonPassword('vT9!kq2#Lm')).toBe(false);
    expect(isCommonPassword('blue-harbour-42')).toBe(false);
  });

  it('ignores comments and blank lines of the list file', () => {
    const list = parsePasswordList('# heading\n\nAbc123\n  hunter2  \n');
    expect([...list]).toEqual(['abc123', 'hunter2']);
    expect(isCommonPassword('# heading', list)).toBe(false);
    expect(isCommonPassword('HUNTER2', list)).toBe(true);
  });
});
