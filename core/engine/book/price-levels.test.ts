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

  for (const c of cases) {
    for (const isBid of [true, false]) {
      it(`keeps ${isBid ? 'bid' : 'ask'} levels in order and each level a FIFO, like a model, through slot reuse and growth (${c.name})`, () => {
        fc.assert(
          fc.property(fc.array(c.ops, { maxLength: 300 }), (ops) => {
            const t = new OrderTable(2); // grows several times
            const side = new BookSide(isBid, t, c.tick, c.sizes);
            const model = new Map<number, [number, number][]>(); // price → [id, qty] in arrival order
            const live: { slot: number; id: number; price: number }[] = [];
            let nextId = 1;
            for (const o of ops) {
              if ('price' in o) {
                const id = nextId++;
                const price = o.price * c.tick;
                const slot = t.alloc(id, 7, isBid, price, o.qty, 0, 0, null);
                side.append(slot);
                live.push({ slot, id, price });
                model.set(price, [...(model.get(price) ?? []), [id, o.qty]]);
              } else if (live.length > 0) {
                const [gone] = live.splice(o.pick % live.length, 1);
                side.remove(gone!.slot);
                t.free(gone!.slot);
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

describe('OrderTable', () => {
  it('keeps every slot’s fields through growth and hands freed slots out again', () => {
    const t = new OrderTable(1);
    const slots = [1, 2, 3, 4, 5].map((i) => t.alloc(100 + i, 200 + i, i % 2 === 0, 2 ** 52 + i, i * 10, i, 1000 + i, i === 3 ? { takeProfit: { id: 9, price: 5 }, stopLoss: null } : null));
    slots.forEach((s, k) => {
      const i = k + 1;
      expect([t.id(s), t.userId(s), t.isBuy(s), t.price(s), t.qty(s), t.feeTier(s), t.time(s), t.qtyBound(s)]).toEqual([100 + i, 200 + i, i % 2 === 0, 2 ** 52 + i, i * 10, i, 1000 + i, true]);
      expect(t.exitPlan(s)).toEqual(i === 3 ? { takeProfit: { id: 9, price: 5 }, stopLoss: null } : null);
    });
    t.free(slots[2]!);
    const again = t.alloc(300, 1, true, 1, 1, 0, 0, null);
    expect(again).toBe(slots[2]);
    expect(t.exitPlan(again)).toBeNull();
    expect(t.filled(again)).toBe(0);
  });

  it('sums fill quotes exactly beyond 2^53 − 1 and forgets the sum when the slot is reused', () => {
    const t = new OrderTable(2);
    const maker = t.alloc(1, 1, false, 10, 10, 0, 0, null);
    const taker = t.alloc(2, 2, true, 10, 10, 0, 0, null);
    const big = Number.MAX_SAFE_INTEGER - 1;
    t.trade(maker, taker, true, 1, big, BigInt(big), 0);
    t.trade(maker, taker, true, 1, big, BigInt(big), 0);
    t.trade(maker, taker, true, 1, -1, 5n * 2n ** 60n, 0); // a quote only a bigint holds
    const expected = 2n * BigInt(big) + 5n * 2n ** 60n;
    expect(t.filledQuote(maker)).toBe(expected);
    expect(t.filledQuote(taker)).toBe(expected);
    expect(t.filled(taker)).toBe(3);
    expect(t.qty(taker)).toBe(7);
    expect(t.baseFees(taker)).toBe(0);
    t.free(maker);
    const next = t.alloc(3, 3, false, 10, 10, 0, 0, null);
    expect(next).toBe(maker);
    t.trade(next, taker, true, 1, 7, 7n, 0);
    expect(t.filledQuote(next)).toBe(7n);
  });
});
