import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ABSENT, IdMap } from './id-map';

describe('IdMap', () => {
  it('behaves like a Map under any sequence of sets and deletes', () => {
    const op = fc.record({ del: fc.boolean(), key: fc.oneof(fc.integer({ min: 0, max: 64 }), fc.maxSafeNat()) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const ours = new IdMap(4);
        const model = new Map<number, number>();
        ops.forEach(({ del, key }, i) => {
          if (del) expect(ours.delete(key)).toBe(model.delete(key));
          else {
            ours.set(key, i);
            model.set(key, i);
          }
        });
        expect(ours.size).toBe(model.size);
        for (const [k, v] of model) expect(ours.get(k)).toBe(v);
        for (const { key } of ops) expect(ours.get(key)).toBe(model.get(key) ?? ABSENT);
        expect([...ours.values()].sort()).toEqual([...model.values()].sort());
      }),
    );
  });

  it('reserving room keeps every key and value, at any point of a sequence of sets', () => {
    fc.assert(
      fc.property(fc.array(fc.maxSafeNat(), { maxLength: 300 }), fc.nat({ max: 300 }), fc.nat({ max: 5000 }), (keys, at, room) => {
        const ours = new IdMap(4);
        const model = new Map<number, number>();
        keys.forEach((key, i) => {
          if (i === at) ours.reserve(room);
          ours.set(key, i);
          model.set(key, i);
        });
        ours.reserve(room);
        expect(ours.size).toBe(model.size);
        for (const [k, v] of model) expect(ours.get(k)).toBe(v);
      }),
    );
  });

  it('keeps runs of consecutive ids, anywhere in the safe range, like a Map through deletes in any order', () => {
    const start = fc.oneof(fc.constant(0), fc.constant(2 ** 32 - 100), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER - 300 }));
    fc.assert(
      fc.property(start, fc.integer({ min: 1, max: 300 }), fc.array(fc.nat(), { maxLength: 300 }), (from, n, picks) => {
        const ours = new IdMap(4);
        const model = new Map<number, number>();
        for (let id = from; id < from + n; id++) {
          ours.set(id, id);
          model.set(id, id);
        }
        for (const p of picks) {
          const id = from + (p % n);
          expect(ours.delete(id)).toBe(model.delete(id));
        }
        expect(ours.size).toBe(model.size);
        for (let id = from; id < from + n; id++) expect(ours.get(id)).toBe(model.get(id) ?? ABSENT);
      }),
    );
  });
});

describe('IdMap edge keys', () => {
  it('never finds a key of −1 (the empty marker) nor one that was deleted', () => {
    const m = new IdMap(4);
    expect(m.get(-1)).toBe(ABSENT);
    m.set(0, 5);
    m.set(1, 6);
    expect(m.get(-1)).toBe(ABSENT);
    expect(m.take(-1)).toBe(ABSENT);
    expect(m.take(0)).toBe(5);
    expect(m.get(0)).toBe(ABSENT);
    expect(m.get(-1)).toBe(ABSENT);
    expect(m.size).toBe(1);
  });
});
