import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ABSENT } from './id-map';
import { NONE, OrderTable, type OrderList } from './order-table';

/** Ids that share low bits (multiples of 2^k apart, also 2^32 apart) as well as sequential and arbitrary safe ones. */
const anyId = fc.oneof(
  fc.integer({ min: 0, max: 64 }),
  fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 40 })).map(([low, k]) => low + k * 2 ** 6),
  fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })).map(([low, k]) => low + k * 2 ** 32),
  fc.maxSafeNat(),
);

interface Fields {
  userId: number;
  isBuy: boolean;
  price: number;
  qty: number;
  feeTier: number;
  time: number;
}

const fieldsOf = (t: OrderTable, s: number): Fields => ({ userId: t.userId(s), isBuy: t.isBuy(s), price: t.price(s), qty: t.qty(s), feeTier: t.feeTier(s), time: t.time(s) });

/** One list through the table, as a price level is. */
const emptyList = (): OrderList => ({ head: NONE, tail: NONE });

function idsOf(t: OrderTable, list: OrderList): number[] {
  const ids: number[] = [];
  let prev = NONE;
  for (let s = list.head; s !== NONE; s = t.next(s)) {
    ids.push(t.id(s));
    prev = s;
  }
  expect(list.tail).toBe(prev);
  return ids;
}

describe('OrderTable', () => {
  for (const [home, load] of [
    [1, 4],
    [4, 1],
    [16, 4],
  ] as const) {
    it(`finds every order by id like a Map through home rows taken, spill rows and growths, each in the slot it got (home ${home}, load ${load})`, () => {
      const op = fc.oneof({ weight: 3, arbitrary: fc.record({ add: fc.constant(true), id: anyId, n: fc.nat(1000) }) }, { weight: 2, arbitrary: fc.record({ add: fc.constant(false), pick: fc.nat() }) });
      fc.assert(
        fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
          const t = new OrderTable(home, load);
          const list = emptyList();
          const model = new Map<number, Fields>(); // in insertion order, as the list
          const slots = new Map<number, number>();
          const gone = new Set<number>();
          for (const o of ops) {
            if ('id' in o) {
              if (model.has(o.id)) continue;
              const f: Fields = { userId: o.n + 1, isBuy: o.n % 2 === 0, price: 2 ** 52 + o.n, qty: o.n * 10, feeTier: o.n % 5, time: 1000 + o.n };
              const s = t.alloc(o.id, f.userId, f.isBuy, f.price, f.qty, f.feeTier, f.time, null);
              expect(slots.has(s)).toBe(false);
              t.append(list, s, 0);
              slots.set(s, o.id);
              model.set(o.id, f);
              gone.delete(o.id);
            } else if (model.size > 0) {
              const id = [...model.keys()][o.pick % model.size]!;
              const s = t.find(id);
              expect(slots.get(s)).toBe(id);
              slots.delete(s);
              t.unlink(list, s);
              t.free(s);
              model.delete(id);
              gone.add(id);
            }
            expect(t.size).toBe(model.size);
          }
          for (const [id, f] of model) {
            const s = t.find(id);
            expect(slots.get(s)).toBe(id);
            expect(t.id(s)).toBe(id);
            expect(fieldsOf(t, s)).toEqual(f);
          }
          for (const id of gone) expect(t.find(id)).toBe(ABSENT);
          expect(idsOf(t, list)).toEqual([...model.keys()]);
        }),
        { numRuns: 200 },
      );
    });
  }

  it('finds no malformed id, nor the mark of a free row, and tells apart ids with the same low 32 bits', () => {
    const t = new OrderTable(8);
    for (const id of [-1, Number.NaN, 1.5, Infinity, 0]) expect(t.find(id)).toBe(ABSENT);
    const ids = [5, 5 + 2 ** 32, 5 + 2 ** 33, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 2 ** 32, 0];
    const slots = ids.map((id, i) => t.alloc(id, i, true, 1, 1, 0, 0, null));
    ids.forEach((id, i) => expect(t.userId(t.find(id))).toBe(i));
    expect(new Set(ids.map((id) => t.find(id))).size).toBe(ids.length);
    for (const id of [-1, Number.NaN, 5.5, 6, 2 ** 32]) expect(t.find(id)).toBe(ABSENT);
    t.free(t.find(5));
    expect(t.find(5)).toBe(ABSENT);
    expect(t.userId(t.find(5 + 2 ** 32))).toBe(1);
    expect(slots.length).toBe(6);
  });

  it('keeps exit plans and quote sums beyond 2^53 − 1 through growths', () => {
    const t = new OrderTable(2);
    const plan = { takeProfit: { id: 900, price: 5 }, stopLoss: null };
    t.alloc(1, 1, true, 10, 10, 0, 0, plan);
    t.addQuoteBig(t.find(1), 3n * 2n ** 60n);
    t.setFilled(t.find(1), 1, 0);
    for (let id = 2; id < 200; id++) t.alloc(id, id, false, 10, 10, 0, 0, null); // several growths
    expect(t.exitPlan(t.find(1))).toEqual(plan);
    expect(t.filledQuote(t.find(1))).toBe(3n * 2n ** 60n);
    expect(t.exitPlan(t.find(2))).toBeNull();
    expect(t.filledQuote(t.find(2))).toBe(0n);
  });

  it('gives a freed row to the next order whose home it is, clean', () => {
    const t = new OrderTable(64, 1);
    const first = t.alloc(1, 1, true, 10, 10, 0, 0, { takeProfit: null, stopLoss: { id: 900, price: 5 } });
    const other = t.alloc(2, 2, false, 10, 10, 0, 0, null);
    t.trade(first, other, true, 1, -1, 5n * 2n ** 60n, 0);
    t.free(first);
    const again = t.alloc(1 + 64, 3, false, 10, 10, 0, 0, null);
    expect(again).toBe(first);
    expect(t.exitPlan(again)).toBeNull();
    expect(t.filled(again)).toBe(0);
    expect(t.filledQuote(again)).toBe(0n);
    expect(t.find(1)).toBe(ABSENT);
  });

  it('sums fill quotes exactly beyond 2^53 − 1', () => {
    const t = new OrderTable(64);
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
  });
});

describe('OrderTable.reserve', () => {
  it('makes room once: the orders placed after it take their home rows (slot = id), none spills', () => {
    const t = new OrderTable(8);
    t.reserve(1000);
    for (let id = 1; id <= 1000; id++) expect(t.alloc(id, 1, true, 100, 1, 0, 0, null)).toBe(id);
    expect(t.size).toBe(1000);
    t.reserve(10);
    expect(t.find(1000)).toBe(1000);
  });

  it('leaves the orders of a smaller table in their rows, and a new order whose home row one holds spills', () => {
    const t = new OrderTable(4, 1);
    const first = [1, 2, 3, 4].map((id) => t.alloc(id, id, true, 10, 10, 0, 0, null));
    expect(first).toEqual([1, 2, 3, 0]);
    const grown = t.alloc(5, 5, true, 10, 10, 0, 0, null); // the table grows: 16 home rows
    expect(grown).toBe(5);
    expect([1, 2, 3, 4].map((id) => t.find(id))).toEqual(first);
    const spilled = t.alloc(16, 16, true, 10, 10, 0, 0, null); // home row 0 holds order 4
    expect(spilled).toBeGreaterThanOrEqual(16);
    t.free(t.find(4));
    expect(t.find(4)).toBe(ABSENT);
    expect(t.find(16)).toBe(spilled);
    expect(t.alloc(32, 32, true, 10, 10, 0, 0, null)).toBe(0);
    t.free(spilled);
    expect(t.find(16)).toBe(ABSENT);
    expect(t.find(32)).toBe(0);
  });
});
