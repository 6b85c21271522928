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

  it('keeps every key through many growths', () => {
    const index = new StringIndex();
    for (let i = 0; i < 50_000; i++) index.add(`c${i}`);
    for (let i = 0; i < 50_000; i += 7) expect(index.get(`c${i}`)).toBe(i);
    expect(index.get('c50000')).toBe(-1);
  });

  it.each([
    // short keys, kept in their slots: one NUL character longer (the same characters in the slot but for the length);
    // the same length and last three characters
    ['of different lengths', (i: number) => base36(i), (j: number) => `${base36(100_000 + j)}\0`],
    ['differing in their first four characters', (i: number) => `${base36(i)}xyz`, (j: number) => `${base36(100_000 + j)}xyz`],
    // long keys, compared with the stored string
    ['longer than a slot keeps', (i: number) => `${base36(i)}-member`, (j: number) => `${base36(100_000 + j)}-member`],
  ])('tells apart keys %s whose hashes collide', (_, stored, probe) => {
    const [first, second] = collision(stored, probe);
    const index = new StringIndex();
    index.add(first);
    expect(index.get(second)).toBe(-1);
    expect(index.add(second)).toBe(1);
    expect(index.get(first)).toBe(0);
    expect(index.get(second)).toBe(1);
  });

  it('tells apart short keys that differ only in length or in a character', () => {
    const index = new StringIndex();
    const keys = ['', '\0', '\0\0', 'a\0', '\0a', 'abcdefg', 'abcdefh', 'abcdef', 'bbcdefg', '\xff', 'é1', '用户1'];
    keys.forEach((key, n) => expect(index.add(key)).toBe(n));
    keys.forEach((key, n) => expect(index.get(key)).toBe(n));
    for (const absent of ['\0\0\0', 'abcdefgh', 'abcdeg', '\xfe', 'é2', '用户2']) expect(index.get(absent)).toBe(-1);
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
    // short and long keys of any UTF-16 code units, NUL and lone surrogates included
    const units = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 10 });
    const latin = fc.string({ unit: fc.integer({ min: 0, max: 3 }).map((c) => String.fromCharCode(c * 0x55)), maxLength: 9 });
    fc.assert(
      fc.property(fc.array(fc.oneof(units, latin), { maxLength: 200 }), fc.array(fc.oneof(units, latin), { maxLength: 50 }), (added, probes) => {
        const index = new StringIndex();
        const map = new Map<string, number>();
        for (const key of added) if (!map.has(key)) map.set(key, index.add(key));
        for (const key of [...added, ...probes]) expect(index.get(key)).toBe(map.get(key) ?? -1);
      }),
    );
  });
});

function base36(n: number): string {
  return n.toString(36).padStart(4, '0');
}

/** A stored key and a probe key with the same 32-bit hash (a birthday search over 100,000 stored keys). */
function collision(stored: (i: number) => string, probe: (j: number) => string): [string, string] {
  const byHash = new Map<number, string>();
  for (let i = 0; i < 100_000; i++) byHash.set(hashOf(stored(i)), stored(i));
  for (let j = 0; j < 2_000_000; j++) {
    const key = probe(j);
    const other = byHash.get(hashOf(key));
    if (other !== undefined && other !== key) return [other, key];
  }
  throw new Error('no collision found');
}
