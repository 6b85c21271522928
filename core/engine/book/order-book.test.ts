import { describe, expect, it } from 'vitest';
import { stateHash } from './state-hash';
import { book, fills, levels, limit, market, stopLimit, types } from './test-support';
import type { BookEvent, DoneEvent, FillEvent, PlaceOrder } from './types';

const find = <T extends BookEvent['type']>(events: BookEvent[], type: T, orderId?: number) =>
  events.filter((e) => e.type === type && (orderId === undefined || ('orderId' in e && e.orderId === orderId))) as Extract<BookEvent, { type: T }>[];

describe('matching', () => {
  interface Case {
    name: string;
    setup: PlaceOrder[];
    order: PlaceOrder;
    fills: (number | bigint)[][];
    bids: bigint[][];
    asks: bigint[][];
    terminal: 'done' | 'cancelled' | 'rests';
  }
  const cases: Case[] = [
    {
      name: 'partial fill of the resting order',
      setup: [limit(1, 1, 'sell', 10000n, 1000n)],
      order: limit(2, 2, 'buy', 10000n, 400n),
      fills: [[1, 2, 10000n, 400n]],
      bids: [],
      asks: [[10000n, 600n]],
      terminal: 'done',
    },
    {
      name: 'price-time priority at one price',
      setup: [limit(1, 1, 'sell', 10000n, 500n), limit(2, 3, 'sell', 10000n, 500n), limit(3, 4, 'sell', 10000n, 500n)],
      order: limit(4, 2, 'buy', 10000n, 700n),
      fills: [[1, 4, 10000n, 500n], [2, 4, 10000n, 200n]],
      bids: [],
      asks: [[10000n, 800n]],
      terminal: 'done',
    },
    {
      name: 'better price first, then time',
      setup: [limit(1, 1, 'buy', 9900n, 100n), limit(2, 3, 'buy', 10000n, 100n), limit(3, 4, 'buy', 10000n, 100n)],
      order: limit(4, 2, 'sell', 9900n, 250n),
      fills: [[2, 4, 10000n, 100n], [3, 4, 10000n, 100n], [1, 4, 9900n, 50n]],
      bids: [[9900n, 50n]],
      asks: [],
      terminal: 'done',
    },
    {
      name: 'walks several levels and rests the rest at its limit',
      setup: [limit(1, 1, 'sell', 10000n, 200n), limit(2, 1, 'sell', 10100n, 300n), limit(3, 1, 'sell', 10200n, 400n)],
      order: limit(4, 2, 'buy', 10100n, 800n),
      fills: [[1, 4, 10000n, 200n], [2, 4, 10100n, 300n]],
      bids: [[10100n, 300n]],
      asks: [[10200n, 400n]],
      terminal: 'rests',
    },
    {
      name: 'market by quantity sweeps until filled',
      setup: [limit(1, 1, 'buy', 10000n, 200n), limit(2, 1, 'buy', 9900n, 300n)],
      order: market(3, 2, 'sell', { qty: 400n }),
      fills: [[1, 3, 10000n, 200n], [2, 3, 9900n, 200n]],
      bids: [[9900n, 100n]],
      asks: [],
      terminal: 'done',
    },
    {
      name: 'market by quantity on a thin book ends for lack of liquidity',
      setup: [limit(1, 1, 'buy', 10000n, 200n)],
      order: market(3, 2, 'sell', { qty: 400n }),
      fills: [[1, 3, 10000n, 200n]],
      bids: [],
      asks: [],
      terminal: 'cancelled',
    },
    {
      name: 'IOC fills what it can and cancels the rest',
      setup: [limit(1, 1, 'sell', 10000n, 200n)],
      order: limit(2, 2, 'buy', 10000n, 500n, { tif: 'IOC' }),
      fills: [[1, 2, 10000n, 200n]],
      bids: [],
      asks: [],
      terminal: 'cancelled',
    },
    {
      name: 'FOK that can fill trades whole',
      setup: [limit(1, 1, 'sell', 10000n, 200n), limit(2, 1, 'sell', 10100n, 300n)],
      order: limit(3, 2, 'buy', 10100n, 500n, { tif: 'FOK' }),
      fills: [[1, 3, 10000n, 200n], [2, 3, 10100n, 300n]],
      bids: [],
      asks: [],
      terminal: 'done',
    },
    {
      name: 'post-only that does not cross rests',
      setup: [limit(1, 1, 'sell', 10000n, 200n)],
      order: limit(2, 2, 'buy', 9999n, 200n, { postOnly: true }),
      fills: [],
      bids: [[9999n, 200n]],
      asks: [[10000n, 200n]],
      terminal: 'rests',
    },
  ];

  it.each(cases)('$name', (c) => {
    const b = book();
    for (const o of c.setup) b.place(o);
    const events = b.place(c.order);
    expect(events[0]).toMatchObject({ type: 'accepted', orderId: c.order.id });
    expect(fills(events)).toEqual(c.fills);
    expect(levels(b)).toEqual({ bids: c.bids, asks: c.asks });
    const terminal = events.filter((e) => (e.type === 'done' || e.type === 'cancelled') && e.orderId === c.order.id);
    if (c.terminal === 'rests') expect(terminal).toEqual([]);
    else expect(terminal.map((e) => e.type)).toEqual([c.terminal]);
  });

  it('reports each filled maker as done, and the taker totals', () => {
    const b = book();
    b.place(limit(1, 1, 'sell', 10000n, 200n));
    b.place(limit(2, 1, 'sell', 10100n, 300n));
    const events = b.place(limit(3, 2, 'buy', 10100n, 500n));
    expect(find(events, 'done').map((e) => e.orderId)).toEqual([1, 2, 3]);
    const taker = find(events, 'done', 3)[0] as DoneEvent;
    // 2.00 × 100.00 + 3.00 × 101.00 = 503.00
    expect(taker).toMatchObject({ filledQty: 500n, filledQuote: 50300n });
  });

  it('market by quote stops when the remaining quote is smaller than a lot', () => {
    const b = book({ lotSize: 10n }); // lot 0.10
    b.place(limit(1, 1, 'sell', 10000n, 100n)); // 1.00 at 100.00: a lot costs 10.00
    const events = b.place(market(2, 2, 'buy', { quote: 2550n })); // 25.50
    expect(fills(events)).toEqual([[1, 2, 10000n, 20n]]);
    expect(find(events, 'done', 2)[0]).toMatchObject({ filledQty: 20n, filledQuote: 2000n });
    expect(levels(b).asks).toEqual([[10000n, 80n]]);
  });

  it('market by quote walks levels without spending more than the quote', () => {
    const b = book();
    b.place(limit(1, 1, 'sell', 10000n, 100n)); // 1.00 @ 100.00 = 100.00
    b.place(limit(2, 1, 'sell', 20000n, 100n)); // 1.00 @ 200.00
    const events = b.place(market(3, 2, 'buy', { quote: 15050n })); // 150.50
    // 100.00 for the first level, then 50.50 buys 0.25 at 200.00 (= 50.00); 0.01 more would cost 50.02
    expect(fills(events)).toEqual([[1, 3, 10000n, 100n], [2, 3, 20000n, 25n]]);
    expect(find(events, 'done', 3)[0]).toMatchObject({ filledQuote: 15000n });
  });

  it('market sell by quote is bounded by its base budget', () => {
    const b = book();
    b.place(limit(1, 1, 'buy', 10000n, 1000n));
    const events = b.place(market(2, 2, 'sell', { quote: 50000n, budget: 300n }));
    expect(fills(events)).toEqual([[1, 2, 10000n, 300n]]);
    expect(find(events, 'cancelled', 2)[0]).toMatchObject({ reason: 'budget', filledQty: 300n, filledQuote: 30000n });
  });

  it('market sell by quote that spends its base budget exactly on its target is done', () => {
    const b = book();
    b.place(limit(1, 1, 'buy', 10000n, 1000n));
    const events = b.place(market(2, 2, 'sell', { quote: 30000n, budget: 300n }));
    expect(find(events, 'done', 2)[0]).toMatchObject({ filledQty: 300n, filledQuote: 30000n });
  });

  it('market buy by quantity stops at its quote budget', () => {
    const b = book();
    b.place(limit(1, 1, 'sell', 10000n, 1000n));
    const events = b.place(market(2, 2, 'buy', { qty: 500n, budget: 25000n }));
    expect(fills(events)).toEqual([[1, 2, 10000n, 250n]]);
    expect(find(events, 'cancelled', 2)[0]).toMatchObject({ reason: 'budget' });
  });

  it('FOK that cannot fill is accepted and killed before it trades; the book is as before', () => {
    const b = book();
    b.place(limit(1, 1, 'sell', 10000n, 200n));
    const before = levels(b);
    const events = b.place(limit(2, 2, 'buy', 10000n, 201n, { tif: 'FOK' }));
    expect(events.map((e) => e.type)).toEqual(['accepted', 'cancelled']);
    expect(find(events, 'cancelled', 2)[0]).toMatchObject({ reason: 'unfilledFok', filledQty: 0n, remainingQty: 201n });
    expect(levels(b)).toEqual(before);
    expect(b.restingCount).toBe(1);
  });

  it('post-only that would take is rejected', () => {
    const b = book();
    b.place(limit(1, 1, 'sell', 10000n, 200n));
    expect(b.place(limit(2, 2, 'buy', 10000n, 100n, { postOnly: true }))).toEqual([{ type: 'rejected', orderId: 2, reason: 'postOnlyWouldTake' }]);
  });
});

describe('self-trade prevention', () => {
  it('cancelResting cancels the own resting order and keeps matching', () => {
    const b = book({ selfTrade: 'cancelResting' });
    b.place(limit(1, 7, 'sell', 10000n, 100n));
    b.place(limit(2, 8, 'sell', 10000n, 100n));
    const events = b.place(limit(3, 7, 'buy', 10000n, 100n));
    expect(find(events, 'cancelled', 1)[0]).toMatchObject({ reason: 'selfTrade', remainingQty: 100n });
    expect(fills(events)).toEqual([[2, 3, 10000n, 100n]]);
  });

  it('cancelTaker cancels the incoming order and leaves the resting one', () => {
    const b = book({ selfTrade: 'cancelTaker' });
    b.place(limit(1, 8, 'sell', 9900n, 50n));
    b.place(limit(2, 7, 'sell', 10000n, 100n));
    const events = b.place(limit(3, 7, 'buy', 10000n, 200n));
    expect(fills(events)).toEqual([[1, 3, 9900n, 50n]]);
    expect(find(events, 'cancelled', 3)[0]).toMatchObject({ reason: 'selfTrade', filledQty: 50n, remainingQty: 150n });
    expect(levels(b).asks).toEqual([[10000n, 100n]]);
  });

  it('FOK counts only liquidity it may trade against', () => {
    const b = book({ selfTrade: 'cancelResting' });
    b.place(limit(1, 7, 'sell', 10000n, 100n));
    b.place(limit(2, 8, 'sell', 10000n, 100n));
    expect(find(b.place(limit(3, 7, 'buy', 10000n, 150n, { tif: 'FOK' })), 'cancelled', 3)[0]).toMatchObject({ reason: 'unfilledFok' });
    expect(b.restingCount).toBe(2);
  });
});

describe('fees and rounding', () => {
  it('rounds the quote and both fees down, each side paying in the asset it receives', () => {
    const b = book();
    b.place(limit(1, 1, 'sell', 12345n, 789n)); // maker tier 0: 0.1 %
    const [fill] = find(b.place(limit(2, 2, 'buy', 12345n, 789n)), 'fill') as FillEvent[];
    // 123.45 × 7.89 = 974.0205 → 974.02 quote
    expect(fill!.quote).toBe(97402n);
    // buyer (taker, 0.2 %) pays in base: 7.89 × 0.002 = 0.01578 → 0.01
    expect(fill!.takerFee).toBe(1n);
    // seller (maker, 0.1 %) pays in quote: 974.02 × 0.001 = 0.97402 → 0.97
    expect(fill!.makerFee).toBe(97n);
  });

  it('applies the user tier of each side', () => {
    const b = book();
    b.place(limit(1, 1, 'buy', 100000n, 10000n, { feeTier: 1 })); // maker 0 %
    const [fill] = find(b.place(limit(2, 2, 'sell', 100000n, 10000n, { feeTier: 1 })), 'fill') as FillEvent[];
    expect(fill!.quote).toBe(10000000n); // 100000.00
    expect(fill!.makerFee).toBe(0n);
    expect(fill!.takerFee).toBe(10000n); // 0.1 % of 100000.00 = 100.00
  });

  it('keeps exact amounts beyond 2^53 in the quote product', () => {
    const b = book({ priceScale: 8, qtyScale: 8, quoteScale: 8 });
    const price = 6_543_210_987_654n; // 65432.10987654
    const qty = 123_456_789_012n; // 1234.56789012
    b.place(limit(1, 1, 'sell', price, qty));
    const [fill] = find(b.place(limit(2, 2, 'buy', price, qty)), 'fill') as FillEvent[];
    expect(fill!.quote).toBe((price * qty) / 100_000_000n);
    expect(fill!.makerFee).toBe((fill!.quote * 1000n) / 1_000_000n);
  });
});

describe('stop-limit', () => {
  it('rests off-book until the last price reaches the trigger, then enters as a limit', () => {
    const b = book();
    b.place(limit(1, 1, 'sell', 10000n, 100n));
    b.place(limit(2, 1, 'sell', 10500n, 100n));
    b.place(limit(3, 1, 'sell', 10600n, 100n));
    b.place(limit(9, 3, 'buy', 9000n, 100n)); // a first trade sets the last price below
    b.place(market(10, 4, 'sell', { qty: 1n }));
    const accepted = b.place(stopLimit(4, 2, 'buy', 10500n, 10600n, 150n));
    expect(types(accepted)).toEqual(['accepted']);
    expect(levels(b).bids).toEqual([[9000n, 99n]]);
    const events = b.place(limit(5, 3, 'buy', 10500n, 200n)); // trades at 100.00 then 105.00
    expect(find(events, 'triggered')).toEqual([{ type: 'triggered', orderId: 4, lastPrice: 10500n }]);
    expect(fills(events)).toEqual([[1, 5, 10000n, 100n], [2, 5, 10500n, 100n], [3, 4, 10600n, 100n]]);
    expect(levels(b).bids).toEqual([[10600n, 50n], [9000n, 99n]]);
  });

  it('cascades: a triggered stop trades and triggers the next, in arrival order', () => {
    const b = book();
    for (const [id, price] of [[1, 10000n], [2, 9900n], [3, 9800n], [4, 9700n]] as const) b.place(limit(id, 1, 'buy', price, 100n));
    b.place(market(5, 2, 'sell', { qty: 10n })); // last 100.00
    b.place(stopLimit(6, 3, 'sell', 9900n, 9800n, 190n)); // waits for ≤ 99.00, sells down to 98.00
    b.place(stopLimit(7, 4, 'sell', 9800n, 9700n, 100n)); // waits for ≤ 98.00, sells down to 97.00
    const events = b.place(market(8, 2, 'sell', { qty: 190n })); // takes 100.00 and 99.00
    expect(find(events, 'triggered').map((e) => [e.orderId, e.lastPrice])).toEqual([[6, 9900n], [7, 9800n]]);
    expect(fills(events)).toEqual([
      [1, 8, 10000n, 90n],
      [2, 8, 9900n, 100n],
      [3, 6, 9800n, 100n],
      [4, 7, 9700n, 100n],
    ]);
    // stop 6 rests what it could not sell at its limit
    expect(levels(b)).toEqual({ bids: [], asks: [[9800n, 90n]] });
  });

  it('is cancelled like any order', () => {
    const b = book();
    b.place(stopLimit(1, 1, 'buy', 10500n, 10600n, 100n));
    expect(b.cancel({ orderId: 1, userId: 1, time: 2 })).toMatchObject([{ type: 'cancelled', reason: 'user', remainingQty: 100n }]);
    expect(b.stopCount).toBe(0);
  });
});

describe('prices far apart', () => {
  it('keeps priority and depth across prices more than a window of ticks apart, and sweeps them in order', () => {
    const b = book({ tickSize: 5n });
    // a few levels at 100.00, two far above (beyond the largest window of 65,536 ticks) and one far below
    const prices = [10000n, 10005n, 10000n + 5n * 70_000n, 10000n + 5n * 400_000n, 5n];
    prices.forEach((p, i) => b.place(limit(i + 1, i + 1, 'sell', p, 10n)));
    b.place(limit(9, 9, 'sell', 10000n + 5n * 70_000n, 10n)); // behind order 3 at its price
    expect(levels(b).asks).toEqual([[5n, 10n], [10000n, 10n], [10005n, 10n], [360000n, 20n], [2010000n, 10n]]);
    const before = stateHash(b);
    b.cancel({ orderId: 5, time: 20 }); // the best, at 0.05, closes: the next best is found again
    expect(levels(b, 1).asks).toEqual([[10000n, 10n]]);
    expect(stateHash(b)).not.toBe(before);
    const events = b.place(market(10, 10, 'buy', { qty: 50n, budget: 10n ** 12n }));
    expect(fills(events)).toEqual([
      [1, 10, 10000n, 10n],
      [2, 10, 10005n, 10n],
      [3, 10, 360000n, 10n],
      [9, 10, 360000n, 10n],
      [4, 10, 2010000n, 10n],
    ]);
    expect(levels(b)).toEqual({ bids: [], asks: [] });
    // the side opens again anywhere
    b.place(limit(11, 11, 'buy', 3000000n, 10n));
    b.place(limit(12, 12, 'buy', 10n, 10n));
    expect(levels(b).bids).toEqual([[3000000n, 10n], [10n, 10n]]);
  });
});

describe('check before place', () => {
  it('gives the reason place would give, and the same events and state after placing the checked order', () => {
    const orders: PlaceOrder[] = [
      limit(1, 1, 'sell', 10000n, 500n),
      limit(2, 2, 'buy', 10001n, 300n),
      market(3, 2, 'buy', { quote: 1000n }),
      stopLimit(4, 1, 'sell', 9000n, 8900n, 100n),
      limit(5, 1, 'buy', 10000n, 0n),
      limit(6, 1, 'buy', -1n, 100n),
      market(7, 2, 'buy', { qty: 100n }),
    ];
    const plain = book();
    const checked = book();
    for (const order of orders) {
      const reason = checked.check(order);
      const events = checked.place(order);
      expect(events).toEqual(plain.place(order));
      expect(reason).toBe(events[0]!.type === 'rejected' && events[0].reason !== 'duplicateId' ? events[0].reason : null);
    }
    expect(stateHash(checked)).toBe(stateHash(plain));
  });

  it('validates an order it did not check, and a checked order only once', () => {
    const b = book();
    expect(b.check(limit(1, 1, 'sell', 10000n, 500n))).toBeNull();
    // another order (here an invalid one) is validated although an order was checked
    expect(find(b.place(limit(2, 1, 'sell', 10000n, 0n)), 'rejected')).toMatchObject([{ reason: 'nonPositive' }]);
    const order = limit(3, 1, 'sell', 10000n, 500n);
    expect(b.check(order)).toBeNull();
    expect(types(b.place(order))).toEqual(['accepted']);
    // the same object changed after its placing is validated again
    order.id = 4;
    order.qty = 0n;
    expect(find(b.place(order), 'rejected')).toMatchObject([{ reason: 'nonPositive' }]);
  });
});

describe('prefetch', () => {
  it('reads an order\'s rows and changes nothing: the same state, and the next commands answer alike', () => {
    const [a, b] = [book(), book()];
    for (const x of [a, b]) {
      x.place(limit(1, 1, 'sell', 10000n, 100n));
      x.place(limit(2, 2, 'buy', 9900n, 100n));
    }
    // resting, new, unknown and odd ids alike
    for (const id of [1, 2, 3, 0, -1, 1025, 2 ** 40, 1.5]) b.prefetch(id);
    expect(stateHash(b)).toBe(stateHash(a));
    expect(b.place(limit(3, 3, 'buy', 10000n, 50n))).toEqual(a.place(limit(3, 3, 'buy', 10000n, 50n)));
    expect(b.cancel({ orderId: 2, time: 5 })).toEqual(a.cancel({ orderId: 2, time: 5 }));
    expect(stateHash(b)).toBe(stateHash(a));
  });
});
