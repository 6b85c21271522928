import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BigColumn } from './big-column';

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

describe('BigColumn', () => {
  it('reads 0 where nothing was set', () => {
    const column = new BigColumn(4);
    expect([0, 1, 2, 3].map((i) => column.get(i))).toEqual([0n, 0n, 0n, 0n]);
  });

  it('keeps values at and beyond the 64-bit bounds exact (the lower bound itself marks a wide value)', () => {
    const column = new BigColumn(8);
    const values = [I64_MIN, I64_MIN - 1n, I64_MIN + 1n, I64_MAX, I64_MAX + 1n, 10n ** 40n, -(10n ** 40n), 0n];
    values.forEach((v, i) => column.set(i, v));
    expect(values.map((_, i) => column.get(i))).toEqual(values);
    // a wide value replaced by a narrow one and back
    column.set(4, 5n);
    expect(column.get(4)).toBe(5n);
    column.set(4, I64_MAX + 2n);
    expect(column.get(4)).toBe(I64_MAX + 2n);
  });

  it('keeps what was set when it grows', () => {
    const column = new BigColumn(2);
    column.set(1, 7n);
    column.set(0, I64_MAX + 1n);
    column.reserve(100);
    expect(column.capacity).toBe(100);
    column.set(99, -3n);
    expect([column.get(0), column.get(1), column.get(50), column.get(99)]).toEqual([I64_MAX + 1n, 7n, 0n, -3n]);
    column.reserve(10);
    expect(column.capacity).toBe(100);
  });

  it('adds and subtracts exactly across the 64-bit bounds, with and without wide values in the column', () => {
    const column = new BigColumn(2);
    const plain = [0n, 0n];
    const steps: Array<[0 | 1, 'set' | 'add' | 'subtract', bigint]> = [
      [0, 'add', I64_MAX],
      [0, 'add', 1n], // wraps in 64 bits: kept wide
      [0, 'subtract', 1n],
      [0, 'subtract', I64_MAX],
      [0, 'subtract', I64_MAX],
      [0, 'add', -1n], // the marker value itself is kept wide…
      [1, 'set', 2n ** 70n], // …which shows once another value is wide too
      [1, 'set', 0n],
      [0, 'add', 1n],
      [0, 'subtract', 1n],
      [1, 'set', 2n ** 70n],
      [1, 'set', 0n],
      [0, 'add', 2n ** 64n + 5n], // deltas beyond 64 bits, which a 64-bit add would wrap to small ones
      [0, 'subtract', 2n ** 64n + 5n],
      [0, 'set', 0n],
      [0, 'add', -(2n ** 64n) - 5n],
      [0, 'add', 2n ** 64n + 5n],
      [0, 'subtract', -(2n ** 64n) - 5n],
      [0, 'subtract', 2n ** 64n + 5n],
      [0, 'subtract', I64_MIN],
      [0, 'add', I64_MIN],
    ];
    for (const [i, op, amount] of steps) {
      column[op](i, amount);
      plain[i] = op === 'set' ? amount : op === 'add' ? plain[i]! + amount : plain[i]! - amount;
      expect([column.get(0), column.get(1)]).toEqual(plain);
    }
  });

  it('answers what a plain array answers, for any sequence of writes, adds and subtractions', () => {
    const value = fc.oneof(
      fc.bigInt({ min: -1000n, max: 1000n }),
      fc.bigInt({ min: I64_MIN - 5n, max: I64_MIN + 5n }),
      fc.bigInt({ min: I64_MAX - 5n, max: I64_MAX + 5n }),
      fc.bigInt(),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('set', 'add', 'subtract'), fc.nat({ max: 15 }), value), { maxLength: 200 }), (writes) => {
        const column = new BigColumn(16);
        const plain: bigint[] = new Array<bigint>(16).fill(0n);
        for (const [op, i, v] of writes) {
          column[op](i, v);
          plain[i] = op === 'set' ? v : op === 'add' ? plain[i]! + v : plain[i]! - v;
          expect(column.get(i)).toBe(plain[i]);
          expect([column.atLeast(i, plain[i]!), column.atLeast(i, plain[i]! + 1n), column.atLeast(i, plain[i]! - 1n)]).toEqual([true, false, true]);
        }
        expect(plain.map((_, i) => column.get(i))).toEqual(plain);
      }),
    );
  });
});
