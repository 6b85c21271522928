import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OpenOrders } from './open-orders';
import type { SpotOrder } from './types';

function order(id: number, note = ''): SpotOrder {
  return {
    id, clientOrderId: note || null, userId: 'u1', symbol: 'BTCUSDT', side: 'buy', kind: 'limit', price: 1n, qty: 1n, status: 'open',
    filledQty: 0n, filledQuote: 0n, held: 0n, heldCurrency: 'USDT', ocoWith: null, createdAt: 0,
  };
}

describe('OpenOrders', () => {
  it('prefetch tells whether an id\'s home slot holds an order, and changes nothing', () => {
    const orders = new OpenOrders();
    const a = order(1);
    orders.set(a);
    expect(orders.prefetch(1)).toBe(1);
    expect(orders.prefetch(2)).toBe(0);
    expect(orders.get(1)).toBe(a);
    expect(orders.get(2)).toBeUndefined();
    expect(orders.size).toBe(1);
  });

  it('finds, replaces and forgets orders by id', () => {
    const orders = new OpenOrders();
    const a = order(1);
    orders.set(a);
    orders.set(order(2));
    expect(orders.get(1)).toBe(a);
    expect(orders.has(2)).toBe(true);
    expect(orders.size).toBe(2);
    const b = order(1, 'again');
    orders.set(b);
    expect(orders.get(1)).toBe(b);
    expect(orders.size).toBe(2);
    expect(orders.delete(1)).toBe(true);
    expect(orders.delete(1)).toBe(false);
    expect(orders.get(1)).toBeUndefined();
    orders.set(order(3));
    expect([...orders.values()].map((o) => o.id).sort()).toEqual([2, 3]);
  });

  it.each([['1'], [1.5], [-1], [Number.NaN], [Infinity], [2 ** 53], [null], [undefined], [{}]])('finds nothing under %s', (id) => {
    const orders = new OpenOrders();
    orders.set(order(1));
    expect(orders.get(id)).toBeUndefined();
    expect(orders.has(id)).toBe(false);
    expect(orders.delete(id as number)).toBe(false);
    expect(orders.size).toBe(1);
  });

  it('behaves as a Map of orders by id under any sequence of sets and deletes', () => {
    // small ids, ids sharing home slots (multiples of the first table's 1,024 slots and of its grown sizes), any id
    const id = fc.oneof(
      fc.integer({ min: 0, max: 40 }),
      fc.tuple(fc.integer({ min: 0, max: 30 }), fc.constantFrom(1024, 4096, 16384), fc.integer({ min: 0, max: 2 })).map(([k, slots, r]) => k * slots + r),
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
    );
    const step = fc.oneof(id.map((n) => ({ set: n })), id.map((n) => ({ delete: n })));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 600, size: 'max' }), (steps) => {
        const orders = new OpenOrders();
        const model = new Map<number, SpotOrder>();
        for (const s of steps) {
          if ('set' in s) {
            const o = order(s.set);
            orders.set(o);
            model.set(s.set, o);
          } else expect(orders.delete(s.delete)).toBe(model.delete(s.delete));
        }
        expect(orders.size).toBe(model.size);
        for (const [key, value] of model) expect(orders.get(key)).toBe(value);
        expect([...orders.values()].sort((x, y) => x.id - y.id)).toEqual([...model.values()].sort((x, y) => x.id - y.id));
      }),
    );
  });

  it('keeps every order through growths, with ids that share home slots before and after', () => {
    const orders = new OpenOrders();
    const ids = Array.from({ length: 3000 }, (_, i) => (i % 3) * 2 ** 40 + i * 1024);
    for (const id of ids) orders.set(order(id));
    expect(orders.size).toBe(3000);
    for (const id of ids.filter((_, i) => i % 2 === 0)) expect(orders.delete(id)).toBe(true);
    for (const [i, id] of ids.entries()) expect(orders.get(id)?.id).toBe(i % 2 === 0 ? undefined : id);
    orders.reserve(100_000);
    expect([...orders.values()].map((o) => o.id).sort((a, b) => a - b)).toEqual(ids.filter((_, i) => i % 2 === 1).sort((a, b) => a - b));
    expect(orders.size).toBe(1500);
  });
});
