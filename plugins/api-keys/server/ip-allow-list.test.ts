import { describe, expect, it } from 'vitest';
import { ipAllowed, normalizeIpEntry } from './ip-allow-list';

describe('normalizeIpEntry', () => {
  it('accepts addresses and CIDR ranges of both families in canonical form', () => {
    expect(normalizeIpEntry(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(normalizeIpEntry('10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(normalizeIpEntry('2001:DB8:0:0::1')).toBe('2001:db8::1');
    expect(normalizeIpEntry('2001:db8::/032')).toBe('2001:db8::/32');
  });
  it('refuses what is not an address or range', () => {
    for (const text of ['', 'localhost', '256.1.1.1', '10.0.0.0/33', '::/129', '10.0.0.0/8/8', '10.0.0.0/', '1.2.3.4/-1', '1.2.3']) {
      expect(normalizeIpEntry(text), text).toBeNull();
    }
  });
});

describe('ipAllowed', () => {
  it('allows any address with an empty list', () => {
    expect(ipAllowed([], '198.51.100.1')).toBe(true);
  });
  it('matches addresses and ranges, IPv4-mapped clients included', () => {
    const list = ['203.0.113.7', '10.1.0.0/16', '2001:db8::/32'];
    expect(ipAllowed(list, '203.0.113.7')).toBe(true);
    expect(ipAllowed(list, '::ffff:10.1.200.3')).toBe(true);
    expect(ipAllowed(list, '2001:db8:1::5')).toBe(true);
    expect(ipAllowed(list, '203.0.113.8')).toBe(false);
    expect(ipAllowed(list, '10.2.0.1')).toBe(false);
    expect(ipAllowed(list, '2001:db9::1')).toBe(false);
    expect(ipAllowed(list, 'garbage')).toBe(false);
  });
});
