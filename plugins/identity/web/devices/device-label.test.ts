import { describe, expect, it } from 'vitest';
import { deviceLabel, deviceNameProblem } from './device-label';

describe('deviceLabel', () => {
  it('uses the name, or the first 8 characters of the fingerprint until named', () => {
    expect(deviceLabel({ name: 'Desk', device_id: 'abcdef0123456789' }, (id) => `Device ${id}`)).toBe('Desk');
    expect(deviceLabel({ name: null, device_id: 'abcdef0123456789' }, (id) => `Device ${id}`)).toBe('Device abcdef01');
  });
});

describe('deviceNameProblem', () => {
  it('wants 1 to 40 characters after trimming, counting code points', () => {
    expect(deviceNameProblem('  ')).toBe('required');
    expect(deviceNameProblem('x'.repeat(40))).toBeNull();
    expect(deviceNameProblem('x'.repeat(41))).toBe('tooLong');
    expect(deviceNameProblem('📱'.repeat(40))).toBeNull();
  });
});
