import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdIndex } from './id-index';
import { ABSENT } from './id-map';
import { OrderTable } from './order-table';

/** Ids that share low bits (multiples of 2^k apart) as well as sequential and arbitrary safe ones. */
const anyId = fc.oneof(
  fc.integer({ min: 0, max: 64 }),
  fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 40 })).map(([low, k]) => low + k * 2 ** 12),
  fc.maxSafeNat(),
);

describe('IdIndex', () => {
  it('behaves like a Map of live ids through inserts, takes, colliding low bits and growth', () => {
    const op = fc.record({ take: fc.boolean(), id: anyId });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 500 }), (ops) => {
        const table = new OrderTable(4);
        const index = new IdIndex(table, 16);
        const model = new Map<number, number>();
        for (const { take, id } of ops) {
          if (take) {
            const s = model.get(id);
            expect(index.take(id)).toBe(s ?? ABSENT);
            if (s !== undefined) {
              model.delete(id);
              table.free(s);
            }
          } else if (!model.has(id)) {
            const s = table.alloc(id, 1, true, 1, 1, 0, 0, null);
            index.set(id, s);
            model.set(id, s);
          }
          expect(index.size).toBe(model.size);
        }
        for (const [id, s] of model) expect(index.get(id)).toBe(s);
        for (const { id } of ops) expect(index.has(id)).toBe(model.has(id));
      }),
    );
  });

  it('does not find an id whose entry another order with the same low bits holds, nor a malformed id', () => {
    const table = new OrderTable(4);
    const index = new IdIndex(table, 16);
    const a = table.alloc(5, 1, true, 1, 1, 0, 0, null);
    index.set(5, a);
    expect(index.get(5 + 16)).toBe(ABSENT);
    expect(index.get(5.5)).toBe(ABSENT);
    expect(index.get(-1)).toBe(ABSENT);
    expect(index.get(Number.NaN)).toBe(ABSENT);
    const b = table.alloc(5 + 16, 2, true, 1, 1, 0, 0, null);
    index.set(5 + 16, b);
    expect(index.take(5)).toBe(a);
    expect(index.get(5 + 16)).toBe(b);
    expect(index.get(5)).toBe(ABSENT);
  });
});
