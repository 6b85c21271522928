import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NONE, OrderTable } from './order-table';
import { BookSide } from './price-levels';

/** The orders of a side in priority order, level by level: [price, [id, qty][]][] (best level first). */
function listed(side: BookSide, t: OrderTable): [number, [number, number][]][] {
  const out: [number, [number, number][]][] = [];
  for (let level = side.best(); level !== undefined; level = side.next(level)) {
    const orders: [number, [number, number]][] = [];
    let prev = NONE;
    for (let o = level.head; o !== NONE; o = t.next(o)) {
      expect(side.levelOf(o)).toBe(level);
      orders.push([o, [t.id(o), t.qty(o)]]);
      prev = o;
    }
    expect(level.tail).toBe(prev);
    expect(level.count).toBe(orders.length);
    expect(level.total).toBe(orders.reduce((sum, [, [, q]]) => sum + q, 0));
    out.push([level.price, orders.map(([, o]) => o)]);
  }
  return out;
}

describe('BookSide over the order table', () => {
  // small prices so that levels open, empty and reopen often, in every position (top, middle, bottom)
  const op = fc.oneof(
    { weight: 3, arbitrary: fc.record({ add: fc.constant(true), price: fc.integer({ min: 1, max: 40 }), qty: fc.integer({ min: 1, max: 9 }) }) },
    { weight: 2, arbitrary: fc.record({ add: fc.constant(false), pick: fc.nat() }) },
  );

  // prices in a few clusters far apart (more than the largest window used here) and one far out: the window moves
  // and grows, and levels outside it go to the sorted list, in every mix
  const clusters = [0, 700, 1500, 5000, 2 ** 40];
  const spread = fc.oneof(
    { weight: 3, arbitrary: fc.record({ add: fc.constant(true), price: fc.integer({ min: 1, max: 40 }), qty: fc.integer({ min: 1, max: 9 }) }) },
    {
      weight: 2,
      arbitrary: fc.record({
        add: fc.constant(true),
        price: fc.tuple(fc.constantFrom(...clusters), fc.integer({ min: 1, max: 40 })).map(([c, p]) => c + p),
        qty: fc.integer({ min: 1, max: 9 }),
      }),
    },
    { weight: 3, arbitrary: fc.record({ add: fc.constant(false), pick: fc.nat() }) },
  );
  const cases = [
    { name: 'near prices', ops: op, tick: 1, sizes: undefined },
    { name: 'prices spread beyond one window', ops: spread, tick: 1, sizes: { initial: 1024, max: 2048 } },
    { name: 'prices spread beyond one window, tick 5', ops: spread, tick: 5, sizes: { initial: 1024, max: 2048 } },
  ];

  // ids in sequence, and 64 apart so that most find their home row in the table taken (spill rows, then moves)
  for (const [c, idStep] of cases.flatMap((c) => [[c, 1], [c, 64]] as const)) {
    for (const isBid of [true, false]) {
      it(`keeps ${isBid ? 'bid' : 'ask'} levels in order and each level a FIFO, like a model, through slot reuse and growth (${c.name}, ids ${idStep} apart)`, () => {
        fc.assert(
          fc.property(fc.array(c.ops, { maxLength: 300 }), (ops) => {
            const t = new OrderTable(2); // grows several times
            const side = new BookSide(isBid, t, c.tick, c.sizes);
            const model = new Map<number, [number, number][]>(); // price → [id, qty] in arrival order
            const live: { id: number; price: number }[] = []; // by id: the table moves slots when it grows
            let nextId = 1;
            for (const o of ops) {
              if ('price' in o) {
                const id = nextId++ * idStep;
                const price = o.price * c.tick;
                const slot = t.alloc(id, 7, isBid, price, o.qty, 0, 0, null);
                side.append(slot);
                live.push({ id, price });
                model.set(price, [...(model.get(price) ?? []), [id, o.qty]]);
              } else if (live.length > 0) {
                const [gone] = live.splice(o.pick % live.length, 1);
                const slot = t.find(gone!.id);
                side.remove(slot);
                t.free(slot);
                const rest = model.get(gone!.price)!.filter(([id]) => id !== gone!.id);
                if (rest.length === 0) model.delete(gone!.price);
                else model.set(gone!.price, rest);
              }
              const top = [...model.keys()].reduce<number | undefined>((b, p) => (b === undefined || (isBid ? p > b : p < b) ? p : b), undefined);
              expect(side.best()?.price).toBe(top);
            }
            const prices = [...model.keys()].sort((a, b) => (isBid ? b - a : a - b));
            expect(listed(side, t)).toEqual(prices.map((p) => [p, model.get(p)]));
            expect(side.total).toBe([...model.values()].flat().reduce((sum, [, q]) => sum + q, 0));
            expect(side.best()?.price).toBe(prices[0]);
          }),
          { numRuns: 300 },
        );
      });
    }
  }
});
