import { describe, expect, it } from 'vitest';
import { ServiceRegistry } from './services';

describe('ServiceRegistry', () => {
  it('hands out what a plugin provided', () => {
    const registry = new ServiceRegistry();
    const members = { find: () => 'm1' };
    registry.provide('members', members, 'identity');
    expect(registry.use<typeof members>('members')).toBe(members);
  });

  it('refuses a second provider and names both plugins', () => {
    const registry = new ServiceRegistry();
    registry.provide('members', {}, 'identity');
    expect(() => registry.provide('members', {}, 'other')).toThrow(/"identity".*"other"/);
  });

  it('explains a missing service', () => {
    expect(() => new ServiceRegistry().use('members')).toThrow(/no plugin provides the service "members"/);
  });
});
