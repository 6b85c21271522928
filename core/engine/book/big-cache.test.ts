import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BigCache } from './big-cache';

describe('BigCache', () => {
  it('gives BigInt(n) for any safe integer, whatever was cached before (colliding entries included)', () => {
    const n = fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.maxSafeNat(), fc.integer({ min: 0, max: 2 ** 20 }).map((k) => k * 2 ** 32));
    fc.assert(
      fc.property(fc.array(n, { maxLength: 500 }), (values) => {
        const cache = new BigCache();
        for (const v of [...values, ...values]) expect(cache.of(v)).toBe(BigInt(v));
      }),
    );
  });
});
