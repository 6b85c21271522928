import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdMap } from './id-map';

describe('IdMap', () => {
  it('behaves like a Map under any sequence of sets and deletes', () => {
    const op = fc.record({ del: fc.boolean(), key: fc.oneof(fc.integer({ min: 0, max: 64 }), fc.maxSafeNat()) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const ours = new IdMap<number>(4);
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
        for (const { key } of ops) expect(ours.get(key)).toBe(model.get(key));
        expect([...ours.values()].sort()).toEqual([...model.values()].sort());
      }),
    );
  });
});
