import { describe, expect, it } from 'vitest';
import { stateHash } from './state-hash';
import { book, fills, levels, limit, market } from './test-support';
import type { BookEvent, ConditionalEvent } from './types';

const ofType = <T extends BookEvent['type']>(events: BookEvent[], type: T) => events.filter((e) => e.type === type) as Extract<BookEvent, { type: T }>[];

describe('take-profit / stop-loss', () => {
  const withExits = () => {
    const b = book();
    b.place(limit(1, 1, 'sell', 10000n, 1000n));
    const events = b.place(
      limit(2, 2, 'buy', 10000n, 1000n, { takeProfit: { id: 20, price: 11000n }, stopLoss: { id: 21, price: 9000n } }),
    );
    return { b, events };
  };

  it('become an OCO pair on the opposite side once the parent has filled, net of its base fee', () => {
    const { b, events } = withExits();
    const legs = ofType(events, 'conditional');
    // bought 10.00, paid 0.2 % = 0.02 in base: the exits sell 9.98
    expect(legs).toEqual<ConditionalEvent[]>([
      { type: 'conditional', orderId: 20, parentId: 2, userId: 2, side: 'sell', kind: 'takeProfit', trigger: 11000n, price: 11000n, qty: 998n, ocoWith: 21 },
      { type: 'conditional', orderId: 21, parentId: 2, userId: 2, side: 'sell', kind: 'stopLoss', trigger: 9000n, price: 9000n, qty: 998n, ocoWith: 20 },
    ]);
    expect(b.stopCount).toBe(2);
  });

  it("with the fee at a finer scale than the quantity, are sized net of the fee rounded up to the quantity's unit", () => {
    // quantities at 2 decimals, the base asset at 4: bought 10.51, paid 0.2 % = 0.0210 (the seller 0.1 % of 1,051.00),
    // so the exits sell 10.51 − 0.03 = 10.48
    const b = book({ baseFeeScale: 4 });
    b.place(limit(1, 1, 'sell', 10000n, 1051n));
    const events = b.place(limit(2, 2, 'buy', 10000n, 1051n, { takeProfit: { id: 20, price: 11000n } }));
    expect(ofType(events, 'fill')).toMatchObject([{ qty: 1051n, makerFee: 105n, takerFee: 210n }]);
    expect(ofType(events, 'conditional')).toMatchObject([{ orderId: 20, qty: 1048n }]);
  });

  it('the take-profit triggering cancels the stop-loss', () => {
    const { b } = withExits();
    b.place(limit(3, 3, 'buy', 11000n, 2000n)); // a bid the take-profit will meet
    const events = b.place(limit(4, 4, 'sell', 11000n, 10n)); // trades at 110.00
    expect(events.map((e) => e.type)).toEqual(['accepted', 'fill', 'done', 'cancelled', 'triggered', 'fill', 'done']);
    expect(ofType(events, 'cancelled')).toMatchObject([{ orderId: 21, reason: 'oco' }]);
    expect(fills(events)).toEqual([[3, 4, 11000n, 10n], [3, 20, 11000n, 998n]]);
    expect(b.stopCount).toBe(0);
    expect(levels(b).bids).toEqual([[11000n, 2000n - 10n - 998n]]);
  });

  it('the stop-loss triggering cancels the take-profit', () => {
    const { b } = withExits();
    b.place(limit(3, 3, 'buy', 9000n, 2000n));
    const events = b.place(market(4, 4, 'sell', { qty: 10n })); // trades at 90.00
    expect(ofType(events, 'triggered').map((e) => e.orderId)).toEqual([21]);
    expect(ofType(events, 'cancelled')).toMatchObject([{ orderId: 20, reason: 'oco' }]);
    expect(fills(events)).toEqual([[3, 4, 9000n, 10n], [3, 21, 9000n, 998n]]);
    expect(b.stopCount).toBe(0);
  });

  it('wait while the parent rests, and size to the filled part when it is cancelled', () => {
    const b = book();
    b.place(limit(1, 1, 'sell', 10000n, 300n));
    const placed = b.place(limit(2, 2, 'buy', 10000n, 1000n, { feeTier: 1, stopLoss: { id: 21, price: 9000n } }));
    expect(ofType(placed, 'conditional')).toEqual([]);
    const cancelled = b.cancel({ orderId: 2, userId: 2, time: 3 });
    // filled 3.00, paid 0.1 % = 0.003 → 0.00 (rounded down): the stop-loss sells 3.00
    expect(ofType(cancelled, 'conditional')).toMatchObject([{ orderId: 21, qty: 300n, ocoWith: null }]);
  });

  it('of a sell are buys: take-profit below, stop-loss above', () => {
    const b = book();
    b.place(limit(1, 1, 'buy', 10000n, 500n));
    const events = b.place(market(2, 2, 'sell', { qty: 500n }, { takeProfit: { id: 20, price: 9000n }, stopLoss: { id: 21, price: 11000n } }));
    expect(ofType(events, 'conditional')).toMatchObject([
      { orderId: 20, side: 'buy', qty: 500n },
      { orderId: 21, side: 'buy', qty: 500n },
    ]);
  });

  it.each([
    ['take-profit below the buy price', { takeProfit: { id: 20, price: 9000n } }],
    ['stop-loss above the buy price', { stopLoss: { id: 21, price: 11000n } }],
    ['the same id for both legs', { takeProfit: { id: 20, price: 11000n }, stopLoss: { id: 20, price: 9000n } }],
    ['a leg with the parent id', { takeProfit: { id: 2, price: 11000n } }],
  ])('rejects %s', (_name, extra) => {
    const b = book();
    expect(b.place(limit(2, 2, 'buy', 10000n, 100n, extra))).toEqual([{ type: 'rejected', orderId: 2, reason: 'invalidExit' }]);
  });

  it('cancelling one leg cancels the pair', () => {
    const { b } = withExits();
    const events = b.cancel({ orderId: 21, time: 9 });
    expect(events).toMatchObject([
      { type: 'cancelled', orderId: 21, reason: 'user' },
      { type: 'cancelled', orderId: 20, reason: 'oco' },
    ]);
    expect(b.stopCount).toBe(0);
  });
});

describe('cancel', () => {
  it('removes a resting order and reports what was left', () => {
    const b = book();
    b.place(limit(1, 1, 'sell', 10000n, 500n));
    b.place(limit(2, 2, 'buy', 10000n, 200n));
    expect(b.cancel({ orderId: 1, userId: 1, time: 3 })).toEqual([
      { type: 'cancelled', orderId: 1, userId: 1, side: 'sell', reason: 'user', filledQty: 200n, filledQuote: 20000n, remainingQty: 300n },
    ]);
    expect(levels(b).asks).toEqual([]);
  });

  it('rejects an unknown order and another user’s order', () => {
    const b = book();
    b.place(limit(1, 1, 'sell', 10000n, 500n));
    expect(b.cancel({ orderId: 9, time: 2 })).toEqual([{ type: 'rejected', orderId: 9, reason: 'unknownOrder' }]);
    const before = stateHash(b);
    expect(b.cancel({ orderId: 1, userId: 2, time: 2 })).toEqual([{ type: 'rejected', orderId: 1, reason: 'notOwner' }]);
    expect(b.cancel({ orderId: 1, time: 'soon' as unknown as number })).toEqual([{ type: 'rejected', orderId: 1, reason: 'invalidField' }]);
    expect(b.restingCount).toBe(1);
    expect(stateHash(b)).toBe(before);
    // the refused cancels left the order findable: its owner can still cancel it, once
    expect(b.cancel({ orderId: 1, userId: 1, time: 3 })).toMatchObject([{ type: 'cancelled', orderId: 1, reason: 'user' }]);
    expect(b.cancel({ orderId: 1, time: 4 })).toEqual([{ type: 'rejected', orderId: 1, reason: 'unknownOrder' }]);
  });
});

describe('depth snapshot', () => {
  it('aggregates levels best first, top N, with a sequence per book change', () => {
    const b = book();
    b.place(limit(1, 1, 'buy', 9900n, 100n));
    b.place(limit(2, 2, 'buy', 9900n, 50n));
    b.place(limit(3, 1, 'buy', 9800n, 100n));
    b.place(limit(4, 1, 'sell', 10100n, 70n));
    b.place(limit(5, 1, 'buy', 9700n, 1n));
    const d = b.depth(2);
    expect(d).toEqual({
      symbol: 'BTC/USDT',
      seq: 5,
      bids: [
        { price: 9900n, qty: 150n, orders: 2 },
        { price: 9800n, qty: 100n, orders: 1 },
      ],
      asks: [{ price: 10100n, qty: 70n, orders: 1 }],
    });
    b.place(limit(6, 1, 'buy', 1n, 0n)); // rejected: no change, no new sequence
    expect(b.seq).toBe(5);
    b.cancel({ orderId: 5, time: 7 });
    expect(b.seq).toBe(6);
  });
});
