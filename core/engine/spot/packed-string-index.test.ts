import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PackedStringIndex } from './packed-string-index';
import { hashOf } from './string-index';

const add = (index: PackedStringIndex, key: string, hash = hashOf(key)) => index.addHashed(key, hash);
const get = (index: PackedStringIndex, key: string, hash = hashOf(key)) => index.getHashed(key, hash);

describe('PackedStringIndex', () => {
  it('numbers strings in the order they are added, finds them again and builds them back', () => {
    const index = new PackedStringIndex(4);
    expect(get(index, 'a')).toBe(-1);
    expect(add(index, 'a')).toBe(0);
    expect(add(index, 'spot:ü-1')).toBe(1);
    expect(add(index, '')).toBe(2);
    expect([get(index, 'a'), get(index, 'spot:ü-1'), get(index, ''), get(index, 'b')]).toEqual([0, 1, 2, -1]);
    expect([index.key(0), index.key(1), index.key(2)]).toEqual(['a', 'spot:ü-1', '']);
    expect(index.size).toBe(3);
  });

  it('tells apart strings of one hash, a prefix from its string, and keeps them past a full bucket and its capacity', () => {
    // one bucket of 64 at capacity 1: the rest overflow; every key under the same hash
    const index = new PackedStringIndex(1);
    const keys = Array.from({ length: 200 }, (_, i) => `k${i}`);
    for (const key of keys) add(index, key, 7);
    keys.forEach((key, n) => expect(get(index, key, 7)).toBe(n));
    expect(get(index, 'k', 7)).toBe(-1);
    expect(get(index, 'k1999', 7)).toBe(-1);
    expect(get(index, 'k1', 8)).toBe(-1);
    expect(index.key(199)).toBe('k199');
  });

  it('is empty after clear and numbers from 0 again', () => {
    const index = new PackedStringIndex(8);
    for (let i = 0; i < 100; i++) add(index, `c${i}`);
    index.clear();
    expect(index.size).toBe(0);
    expect(get(index, 'c5')).toBe(-1);
    expect(add(index, 'c7')).toBe(0);
    expect(get(index, 'c7')).toBe(0);
  });

  it('refuses a character above U+00FF', () => {
    expect(() => add(new PackedStringIndex(), 'id-€')).toThrow(RangeError);
  });

  it('answers as a Map of the same strings would', () => {
    const latin1 = fc.string({ unit: fc.integer({ min: 0x21, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 12 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.array(latin1, { maxLength: 400 }), fc.array(latin1, { maxLength: 50 }), (capacity, keys, probes) => {
        const index = new PackedStringIndex(capacity);
        const model = new Map<string, number>();
        for (const key of keys) {
          if (model.has(key)) continue;
          model.set(key, add(index, key));
        }
        for (const key of [...keys, ...probes]) expect(get(index, key)).toBe(model.get(key) ?? -1);
        for (const [key, n] of model) expect(index.key(n)).toBe(key);
      }),
    );
  });

  it('hashes and copies a key in one pass, and adds that copy as addHashed would', () => {
    const index = new PackedStringIndex(4);
    add(index, 'a1');
    expect(index.copyNext('b-22', 0x21, 0x7e)).toBe(hashOf('b-22'));
    // a copy is not a key of the index until it is added
    expect(get(index, 'b-22')).toBe(-1);
    expect(index.size).toBe(1);
    expect(index.hasCopy).toBe(true);
    expect(index.addCopied(hashOf('b-22'))).toBe(1);
    expect([get(index, 'b-22'), index.key(1), get(index, 'a1'), index.key(0)]).toEqual([1, 'b-22', 0, 'a1']);
    // added once: there is no copy left to add
    expect(index.hasCopy).toBe(false);
    expect(() => index.addCopied(hashOf('b-22'))).toThrow();
  });

  it('refuses a key with a character outside the range, and the copy before it is gone', () => {
    const index = new PackedStringIndex(4);
    expect(index.copyNext('abc', 0x21, 0x7e)).toBe(hashOf('abc'));
    expect(index.copyNext('x y', 0x21, 0x7e)).toBeUndefined();
    expect(index.hasCopy).toBe(false);
    expect(index.copyNext('é', 0x21, 0x7e)).toBeUndefined();
    expect(index.copyNext('é', 0x21, 0xff)).toBe(hashOf('é'));
  });

  it('drops a copy when a key is added or the index cleared in between', () => {
    const index = new PackedStringIndex(4);
    index.copyNext('first', 0x21, 0x7e);
    add(index, 'other');
    expect(index.hasCopy).toBe(false);
    index.copyNext('again', 0x21, 0x7e);
    index.clear();
    expect(index.hasCopy).toBe(false);
    // a copy grows the bytes as an add does
    const long = 'k'.repeat(5000);
    expect(index.copyNext(long, 0x21, 0x7e)).toBe(hashOf(long));
    expect(index.addCopied(hashOf(long))).toBe(0);
    expect(index.key(0)).toBe(long);
  });
});
