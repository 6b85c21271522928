import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ABSENT } from './id-map';
import { TickWindow } from './tick-window';

describe('TickWindow', () => {
  it('finds the nearest occupied offset above and below any offset, like a scan of a set', () => {
    const size = 2048;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: size - 1 })), { maxLength: 400 }), fc.array(fc.integer({ min: -1, max: size }), { maxLength: 50 }), (ops, probes) => {
        const w = new TickWindow(size);
        const set = new Set<number>();
        for (const [add, off] of ops) {
          if (add && !set.has(off)) {
            w.set(off, off + 1);
            set.add(off);
          } else if (!add && set.has(off)) {
            w.clear(off);
            set.delete(off);
          }
        }
        const sorted = [...set].sort((a, b) => a - b);
        expect(w.count).toBe(set.size);
        for (const p of probes) {
          if (p >= 0) expect(w.below(p)).toBe(sorted.filter((x) => x < p).pop() ?? -1);
          if (p < size) expect(w.above(p)).toBe(sorted.find((x) => x > p) ?? -1);
          if (p >= 0 && p < size) expect(w.get(p)).toBe(set.has(p) ? p + 1 : ABSENT);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('places a tick by offset from its base and refuses ticks outside or between whole ticks', () => {
    const w = new TickWindow(1024);
    w.reset(5000, 1024);
    expect([w.offsetOf(5000), w.offsetOf(6023), w.offsetOf(6024), w.offsetOf(4999), w.offsetOf(5000.5), w.offsetOf(2 ** 52)]).toEqual([0, 1023, -1, -1, -1, -1]);
  });
});
