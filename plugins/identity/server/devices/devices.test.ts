import { describe, expect, it } from 'vitest';
import { normalizeDeviceName } from './devices';

describe('normalizeDeviceName', () => {
  it('trims and accepts 1 to 40 characters', () => {
    expect(normalizeDeviceName('  Work laptop ')).toBe('Work laptop');
    expect(normalizeDeviceName('é'.repeat(40))).toBe('é'.repeat(40));
    expect(normalizeDeviceName('📱'.repeat(40))).toBe('📱'.repeat(40));
  });

  it('refuses empty, too long and control characters', () => {
    expect(normalizeDeviceName('   ')).toBeNull();
    expect(normalizeDeviceName('x'.repeat(41))).toBeNull();
    expect(normalizeDeviceName('a\tb')).toBeNull();
    expect(normalizeDeviceName('a\u0000b')).toBeNull();
  });
});
