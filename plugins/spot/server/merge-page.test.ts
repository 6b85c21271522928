import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergePage, storedRun } from './merge-page';

const newestFirst = (a: number, b: number) => a > b;

/** The page taken from both sources merged whole: what mergePage must give without reading them whole. */
function naive(all: number[], offset: number, limit: number): number[] {
  return [...all].sort((a, b) => b - a).slice(offset, offset + limit);
}

describe('mergePage', () => {
  it('gives the page of the whole merge from a stored run and the held items', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 80 }),
        fc.func(fc.boolean()),
        fc.nat(90),
        fc.integer({ min: 1, max: 30 }),
        (ids, heldBy, offset, limit) => {
          const held = ids.filter((id) => heldBy(id)).sort((a, b) => b - a);
          const stored = ids.filter((id) => !heldBy(id)).sort((a, b) => b - a);
          const run = storedRun(offset, limit, held.length);
          const rows = stored.slice(run.from, run.from + run.count);
          expect(mergePage(rows, run.from, held, newestFirst, offset, limit)).toEqual(naive(ids, offset, limit));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('works in either order', () => {
    const stored = [1, 4, 6, 9];
    const held = [2, 3, 10];
    expect(mergePage(stored, 0, held, (a, b) => a < b, 0, 5)).toEqual([1, 2, 3, 4, 6]);
    expect(mergePage(stored.slice(1), 1, held, (a, b) => a < b, 3, 10)).toEqual([4, 6, 9, 10]);
  });
});
