import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { book, limit } from '../book/test-support';
import { DepthFeed, type DepthLevelView, type DepthView } from './depth-feed';

const SCALES = { priceScale: 2, qtyScale: 2 };

/** A client's copy of the depth: applies diffs level by level (qty '0' removes a level). */
function apply(view: DepthView, diff: { seq: number; bids: DepthLevelView[]; asks: DepthLevelView[] }): DepthView {
  const side = (levels: DepthLevelView[], changes: DepthLevelView[], descending: boolean) => {
    const map = new Map(levels.map((level) => [level.price, level]));
    for (const change of changes) {
      if (change.qty === '0') map.delete(change.price);
      else map.set(change.price, change);
    }
    return [...map.values()].sort((a, b) => (Number(a.price) - Number(b.price)) * (descending ? -1 : 1));
  };
  return { seq: diff.seq, bids: side(view.bids, diff.bids, true), asks: side(view.asks, diff.asks, false) };
}

describe('DepthFeed', () => {
  it('numbers each change of the top levels and gives the diff', () => {
    const b = book();
    const feed = new DepthFeed(b, { ...SCALES, levels: 2 });
    expect(feed.snapshot()).toEqual({ seq: 0, bids: [], asks: [] });
    b.place(limit(1, 1, 'buy', 10000n, 100n));
    expect(feed.update()).toEqual({ from: 0, seq: 1, bids: [{ price: '100', qty: '1', orders: 1 }], asks: [] });
    expect(feed.update()).toBeNull(); // nothing changed: no number
    b.place(limit(2, 2, 'buy', 10100n, 50n));
    b.place(limit(3, 2, 'buy', 10200n, 25n)); // pushes 100 out of the top 2
    expect(feed.update()).toEqual({
      from: 1,
      seq: 2,
      bids: [
        { price: '102', qty: '0.25', orders: 1 },
        { price: '101', qty: '0.5', orders: 1 },
        { price: '100', qty: '0', orders: 0 },
      ],
      asks: [],
    });
    b.place(limit(4, 3, 'sell', 10200n, 25n)); // fills the best bid, 100 comes back into the top 2
    expect(feed.update()).toMatchObject({ seq: 3, bids: [{ price: '102', qty: '0' }, { price: '100', qty: '1' }] });
    expect(feed.snapshot()).toEqual({
      seq: 3,
      bids: [
        { price: '101', qty: '0.5', orders: 1 },
        { price: '100', qty: '1', orders: 1 },
      ],
      asks: [],
    });
  });

  it('gives a merged diff since a number it still has, a resync otherwise', () => {
    const b = book();
    const feed = new DepthFeed(b, { ...SCALES, levels: 5, history: 3, firstSeq: 1000 });
    for (let i = 1; i <= 5; i++) {
      b.place(limit(i, 1, 'sell', 10000n + BigInt(i), 10n));
      feed.update();
    }
    expect(feed.seq).toBe(1005);
    expect(feed.since(1005)).toEqual({ kind: 'diff', from: 1005, seq: 1005, bids: [], asks: [] });
    expect(feed.since(1003)).toEqual({
      kind: 'diff',
      from: 1003,
      seq: 1005,
      bids: [],
      asks: [
        { price: '100.04', qty: '0.1', orders: 1 },
        { price: '100.05', qty: '0.1', orders: 1 },
      ],
    });
    expect(feed.since(1002)).toMatchObject({ kind: 'diff', from: 1002 }); // the oldest change kept is 1003
    for (const gone of [1001, 999, 1006, 1.5, Number.NaN]) {
      expect(feed.since(gone)).toEqual({ kind: 'resync', snapshot: feed.snapshot() });
    }
  });

  it('refuses a depth of no levels', () => {
    expect(() => new DepthFeed(book(), { ...SCALES, levels: 0 })).toThrow(RangeError);
  });

  it('a client applying any diff since its number ends with the snapshot', () => {
    const command = fc.record({ side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'), price: fc.integer({ min: 95, max: 105 }), qty: fc.integer({ min: 1, max: 30 }) });
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 60 }), fc.nat(), (commands, pick) => {
        const b = book();
        const feed = new DepthFeed(b, { ...SCALES, levels: 3, history: 100 });
        const states: DepthView[] = [feed.snapshot()];
        let client = feed.snapshot();
        commands.forEach(({ side, price, qty }, i) => {
          b.place(limit(i + 1, i % 3, side, BigInt(price * 100), BigInt(qty)));
          const diff = feed.update();
          if (diff) {
            expect(diff.from).toBe(client.seq);
            client = apply(client, diff);
            states.push(feed.snapshot());
          }
          expect(client).toEqual(feed.snapshot());
        });
        const from = states[pick % states.length]!;
        const since = feed.since(from.seq);
        expect(since.kind).toBe('diff');
        if (since.kind === 'diff') expect(apply(from, since)).toEqual(feed.snapshot());
      }),
      { numRuns: 150 },
    );
  });
});
