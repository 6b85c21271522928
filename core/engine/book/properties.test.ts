import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderBook } from './order-book';
import { stateHash } from './state-hash';
import { book } from './test-support';
import type { BookEvent, PlaceOrder, Side } from './types';

// A command before ids are given out: the runner numbers orders in sequence, so the same list replays alike.
type Draft =
  | { kind: 'limit'; side: Side; user: number; price: number; qty: number; tif: 'GTC' | 'IOC' | 'FOK'; postOnly: boolean; exits: boolean }
  | { kind: 'market'; side: Side; user: number; qty: number; byQuote: boolean }
  | { kind: 'stop'; side: Side; user: number; trigger: number; price: number; qty: number }
  | { kind: 'cancel'; pick: number };

const side = fc.constantFrom<Side>('buy', 'sell');
const user = fc.integer({ min: 1, max: 4 });
const price = fc.integer({ min: 90, max: 110 }); // in ticks of 1.00
const draft: fc.Arbitrary<Draft> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('limit' as const), side, user, price, qty: fc.integer({ min: 1, max: 50 }), tif: fc.constantFrom('GTC', 'GTC', 'IOC', 'FOK') as fc.Arbitrary<'GTC' | 'IOC' | 'FOK'>, postOnly: fc.boolean(), exits: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('market' as const), side, user, qty: fc.integer({ min: 1, max: 80 }), byQuote: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('stop' as const), side, user, trigger: price, price, qty: fc.integer({ min: 1, max: 30 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);

const TICK = 100n; // 1.00 at price scale 2
const LOT = 10n; // 0.10

/** Runs drafts on a book; calls check after every command with that command's events. */
function run(b: OrderBook, drafts: Draft[], check: (events: BookEvent[], order: PlaceOrder | null) => void = () => {}): BookEvent[] {
  const all: BookEvent[] = [];
  const ids: number[] = [];
  let next = 1;
  drafts.forEach((d, time) => {
    let events: BookEvent[];
    let order: PlaceOrder | null = null;
    if (d.kind === 'cancel') {
      events = ids.length === 0 ? [] : b.cancel({ orderId: ids[d.pick % ids.length]!, time });
    } else {
      const id = next++;
      ids.push(id);
      const base = { id, userId: d.user, side: d.side, time };
      if (d.kind === 'limit') {
        const p = BigInt(d.price) * TICK;
        const up = d.side === 'buy' ? 1n : -1n;
        const exits = d.exits ? { takeProfit: { id: next++, price: p + up * 5n * TICK }, stopLoss: { id: next++, price: p - up * 5n * TICK } } : {};
        if (d.exits) ids.push(next - 2, next - 1);
        order = { ...base, type: 'limit', price: p, qty: BigInt(d.qty) * LOT, tif: d.tif, postOnly: d.postOnly && d.tif === 'GTC', ...exits };
      } else if (d.kind === 'market') {
        const amount = d.byQuote ? { quote: BigInt(d.qty) * 1000n, budget: d.side === 'sell' ? BigInt(d.qty) * LOT : undefined } : { qty: BigInt(d.qty) * LOT, budget: d.side === 'buy' ? 10n ** 12n : undefined };
        order = { ...base, type: 'market', ...amount };
      } else {
        order = { ...base, type: 'stopLimit', trigger: BigInt(d.trigger) * TICK, price: BigInt(d.price) * TICK, qty: BigInt(d.qty) * LOT };
      }
      events = b.place(order);
    }
    check(events, order);
    all.push(...events);
  });
  return all;
}

const market = () => book({ tickSize: TICK, lotSize: LOT });
const selfTrade = fc.constantFrom('cancelResting' as const, 'cancelTaker' as const);
const drafts = fc.array(draft, { minLength: 1, maxLength: 120 });

describe('order book properties', () => {
  it('is never crossed after any command', () => {
    fc.assert(
      fc.property(drafts, selfTrade, (ds, stp) => {
        const b = book({ tickSize: TICK, lotSize: LOT, selfTrade: stp });
        run(b, ds, () => {
          const bid = b.bestBid();
          const ask = b.bestAsk();
          if (bid !== null && ask !== null) expect(bid).toBeLessThan(ask);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('rests exactly what was placed on the book minus what was filled and cancelled', () => {
    fc.assert(
      fc.property(drafts, selfTrade, (ds, stp) => {
        const b = book({ tickSize: TICK, lotSize: LOT, selfTrade: stp });
        // orders that reach the book: limit orders when accepted, stop-limits and exit legs when triggered
        const qtyOf = new Map<number, bigint>();
        const onBook = new Set<number>();
        let placed = 0n;
        let filled = 0n;
        let cancelled = 0n;
        run(b, ds, (events, order) => {
          if (order !== null && order.type !== 'market') qtyOf.set(order.id, order.qty);
          for (const e of events) {
            if (e.type === 'conditional') qtyOf.set(e.orderId, e.qty);
            if ((e.type === 'accepted' && e.kind === 'limit') || e.type === 'triggered') {
              onBook.add(e.orderId);
              placed += qtyOf.get(e.orderId)!;
            }
            if (e.type === 'fill') {
              expect(e.qty).toBeGreaterThan(0n);
              if (onBook.has(e.makerOrderId)) filled += e.qty;
              if (onBook.has(e.takerOrderId)) filled += e.qty;
            }
            if (e.type === 'cancelled' && onBook.has(e.orderId)) cancelled += e.remainingQty;
          }
        });
        expect(b.restingQty()).toBe(placed - filled - cancelled);
      }),
      { numRuns: 200 },
    );
  });

  it('replays to the same events and the same state hash', () => {
    fc.assert(
      fc.property(drafts, selfTrade, (ds, stp) => {
        const a = book({ tickSize: TICK, lotSize: LOT, selfTrade: stp });
        const b = book({ tickSize: TICK, lotSize: LOT, selfTrade: stp });
        expect(run(b, ds)).toEqual(run(a, ds));
        expect(stateHash(b)).toBe(stateHash(a));
        expect(b.canonicalState()).toBe(a.canonicalState());
      }),
      { numRuns: 100 },
    );
  });

  it('generates sequences that exercise fills, triggers, exits and self-trade prevention', () => {
    const seen = new Set<string>();
    for (const ds of fc.sample(drafts, { numRuns: 200, seed: 7 })) {
      for (const e of run(market(), ds)) seen.add(e.type === 'cancelled' ? `cancelled:${e.reason}` : e.type);
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining(['fill', 'triggered', 'conditional', 'cancelled:selfTrade', 'cancelled:oco', 'cancelled:user', 'rejected', 'done']));
  });

  it('hashes differently once the state differs', () => {
    const a = market();
    const b = market();
    a.place({ type: 'limit', id: 1, userId: 1, side: 'buy', price: 100n * TICK, qty: LOT, time: 0 });
    b.place({ type: 'limit', id: 1, userId: 1, side: 'buy', price: 100n * TICK, qty: 2n * LOT, time: 0 });
    expect(stateHash(a)).not.toBe(stateHash(b));
  });
});

describe('snapshot and restore', () => {
  it('a restored book has the same state and answers the next commands alike', () => {
    fc.assert(
      fc.property(drafts, drafts, selfTrade, (before, after, stp) => {
        const spec = { tickSize: TICK, lotSize: LOT, selfTrade: stp };
        const original = book(spec);
        run(original, before);
        const restored = OrderBook.restore(original.spec, original.snapshot());
        expect(restored.canonicalState()).toBe(original.canonicalState());
        expect(stateHash(restored)).toBe(stateHash(original));
        // the continuation numbers its orders after the first part's, on both books alike
        const offset = 10_000;
        const cont = (b: OrderBook) =>
          after.map((d, i) => {
            if (d.kind === 'cancel') return b.cancel({ orderId: 1 + (d.pick % (offset - 1)), time: offset + i });
            const id = offset + i * 3;
            const base = { id, userId: d.user, side: d.side, time: offset + i };
            if (d.kind === 'limit') return b.place({ ...base, type: 'limit', price: BigInt(d.price) * TICK, qty: BigInt(d.qty) * LOT, tif: d.tif });
            if (d.kind === 'market') return b.place({ ...base, type: 'market', qty: BigInt(d.qty) * LOT, budget: d.side === 'buy' ? 10n ** 12n : undefined });
            return b.place({ ...base, type: 'stopLimit', trigger: BigInt(d.trigger) * TICK, price: BigInt(d.price) * TICK, qty: BigInt(d.qty) * LOT });
          });
        expect(cont(restored)).toEqual(cont(original));
        expect(restored.canonicalState()).toBe(original.canonicalState());
      }),
      { numRuns: 100 },
    );
  });
});
