import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { StringIndex, hashOf } from './string-index';

describe('StringIndex', () => {
  it('numbers strings in the order they are added and finds them again', () => {
    const index = new StringIndex();
    expect(index.get('a')).toBe(-1);
    expect(index.add('a')).toBe(0);
    expect(index.add('b')).toBe(1);
    expect(index.get('a')).toBe(0);
    expect(index.get('b')).toBe(1);
    expect(index.get('c')).toBe(-1);
    expect(index.keys).toEqual(['a', 'b']);
    expect(index.size).toBe(2);
  });

  it('keeps every key through many growths, and tells apart keys whose hashes collide', () => {
    const index = new StringIndex();
    for (let i = 0; i < 50_000; i++) index.add(`c${i}`);
    for (let i = 0; i < 50_000; i += 7) expect(index.get(`c${i}`)).toBe(i);
    expect(index.get('c50000')).toBe(-1);
    // two different keys with the same hash: the stored string decides
    const seen = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; !pair; i++) {
      const key = `k${i}`;
      const h = hashOf(key) & 0xfffff;
      const other = seen.get(h);
      if (other !== undefined && hashOf(other) === hashOf(key)) pair = [other, key];
      else seen.set(h, key);
      if (i > 5_000_000) break;
    }
    expect(pair).toBeDefined();
    const [first, second] = pair!;
    const small = new StringIndex();
    small.add(first);
    expect(small.get(second)).toBe(-1);
    expect(small.add(second)).toBe(1);
    expect(small.get(first)).toBe(0);
    expect(small.get(second)).toBe(1);
  });

  it('agrees with a Map on any strings', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 300 }), fc.array(fc.string({ maxLength: 12 }), { maxLength: 50 }), (added, probes) => {
        const index = new StringIndex();
        const map = new Map<string, number>();
        for (const key of added) if (!map.has(key)) map.set(key, index.add(key));
        for (const key of [...added, ...probes]) expect(index.get(key)).toBe(map.get(key) ?? -1);
      }),
    );
  });
});
