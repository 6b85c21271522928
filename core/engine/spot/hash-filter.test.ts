import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HashFilter } from './hash-filter';
import { hashOf } from './string-index';

describe('HashFilter', () => {
  it('has every hash added', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })), (capacity, hashes) => {
        const filter = new HashFilter(capacity);
        for (const hash of hashes) filter.add(hash);
        for (const hash of hashes) expect(filter.mayHave(hash)).toBe(true);
      }),
    );
  });

  it('tells most absent ids absent when full to capacity, and all of them once cleared', () => {
    const capacity = 1 << 14;
    const filter = new HashFilter(capacity);
    for (let i = 0; i < capacity; i++) filter.add(hashOf(`c${i}`));
    let maybe = 0;
    for (let i = capacity; i < 2 * capacity; i++) if (filter.mayHave(hashOf(`c${i}`))) maybe++;
    expect(maybe / capacity).toBeLessThan(0.08);
    filter.clear();
    expect(filter.mayHave(hashOf('c1'))).toBe(false);
  });
});
