import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SAFE, baseFeeNum, baseFeeOf, bigOfSafe, feeInQty, feeNum, isMultiple, marketMath, maxQtyForQuote, positiveSafeNum, quoteNum, quoteOf } from './arithmetic';
import { testMarket } from './test-support';

const safe = fc.bigInt({ min: 1n, max: BigInt(MAX_SAFE) }).map(Number);
const scales = fc.record({ priceScale: fc.integer({ min: 0, max: 10 }), qtyScale: fc.integer({ min: 0, max: 10 }) }).chain((s) =>
  fc.record({ priceScale: fc.constant(s.priceScale), qtyScale: fc.constant(s.qtyScale), quoteScale: fc.integer({ min: 0, max: s.priceScale + s.qtyScale }) }),
);
// values of every size: small ones take the plain number path, large ones the split or the bigint path
const amount = fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 2 ** 31 }), safe);

describe('exact arithmetic on numbers of minor units', () => {
  it('quoteNum is ⌊price × qty / div⌋ exactly, or declines with −1', () => {
    fc.assert(
      fc.property(scales, amount, amount, (s, price, qty) => {
        const m = marketMath(testMarket(s));
        const exact = (BigInt(price) * BigInt(qty)) / m.divBig;
        expect(quoteOf(m, price, qty)).toBe(exact);
        const n = quoteNum(m, price, qty);
        if (n >= 0) expect(BigInt(n)).toBe(exact);
        else expect(exact > BigInt(MAX_SAFE) || m.div === 0 || price * qty > MAX_SAFE).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('feeNum is ⌊amount × ppm / 10^6⌋ exactly, or declines with −1', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 1_000_000 }), (a, ppm) => {
        const n = feeNum(a, ppm);
        const exact = (BigInt(a) * BigInt(ppm)) / 1_000_000n;
        if (n >= 0) expect(BigInt(n)).toBe(exact);
        else expect(BigInt(a) * BigInt(ppm)).toBeGreaterThan(BigInt(MAX_SAFE));
      }),
      { numRuns: 2000 },
    );
  });

  it("the buyer's fee is ⌊q × ppm × 10^k / 10^6⌋ at the base asset's scale, k decimals finer than a quantity", () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 18 }), (q, ppm, k) => {
        const m = marketMath(testMarket({ qtyScale: 2, baseFeeScale: 2 + k }));
        const unit = 10n ** BigInt(k);
        const exact = (BigInt(q) * BigInt(ppm) * unit) / 1_000_000n;
        expect(baseFeeOf(m, q, ppm)).toBe(exact);
        const n = baseFeeNum(m, q, ppm);
        if (n >= 0) expect(BigInt(n)).toBe(exact);
        else expect(BigInt(q) * BigInt(ppm) * (k > 6 ? unit / 1_000_000n : 1n)).toBeGreaterThan(BigInt(MAX_SAFE));
        // in quantity units, rounded up: never less than the fee, less than one quantity unit more
        const inQty = BigInt(feeInQty(m, n, exact));
        expect(inQty * unit).toBeGreaterThanOrEqual(exact);
        expect(inQty * unit - exact).toBeLessThan(unit);
      }),
      { numRuns: 3000 },
    );
  });

  it('a fee scale equal to the quantity scale charges what feeNum does', () => {
    const m = marketMath(testMarket({ qtyScale: 6 }));
    expect(baseFeeNum(m, 999, 1000)).toBe(feeNum(999, 1000));
    expect(baseFeeNum(m, 999, 1000)).toBe(0);
    expect(baseFeeNum(marketMath(testMarket({ qtyScale: 6, baseFeeScale: 8 })), 999, 1000)).toBe(99);
    expect(baseFeeNum(marketMath(testMarket({ qtyScale: 6, baseFeeScale: 18 })), 999, 1000)).toBe(999_000_000_000);
  });

  it('maxQtyForQuote is the largest quantity whose quote fits', () => {
    fc.assert(
      fc.property(scales, fc.integer({ min: 1, max: 10 ** 9 }), fc.bigInt({ min: 0n, max: 10n ** 15n }), (s, price, left) => {
        const m = marketMath(testMarket(s));
        const q = maxQtyForQuote(m, left, price);
        expect((BigInt(price) * q) / m.divBig).toBeLessThanOrEqual(left);
        expect((BigInt(price) * (q + 1n)) / m.divBig).toBeGreaterThan(left);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('bigOfSafe', () => {
  it('equals BigInt(n) for every safe integer n ≥ 0, across the 32-bit halves', () => {
    const n = fc.oneof(fc.maxSafeNat(), fc.nat(), fc.integer({ min: 0, max: 2 ** 21 - 1 }).map((k) => k * 2 ** 32 + (k % 3)));
    fc.assert(
      fc.property(n, (v) => {
        expect(bigOfSafe(v)).toBe(BigInt(v));
      }),
    );
    for (const n of [0, 1, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, MAX_SAFE]) expect(bigOfSafe(n)).toBe(BigInt(n));
  });
});

describe('positiveSafeNum', () => {
  it('is Number(v) for every bigint in 1..2^53 − 1 and −1 for anything else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.bigInt(), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), fc.bigInt({ min: 1n, max: BigInt(MAX_SAFE) })), (v) => {
        const inRange = v >= 1n && v <= BigInt(MAX_SAFE);
        expect(positiveSafeNum(v)).toBe(inRange ? Number(v) : -1);
      }),
      { numRuns: 3000 },
    );
    // wrapping modulo 2^64 must not let a huge amount through as a small one
    for (const v of [2n ** 64n + 5n, 2n ** 63n, -(2n ** 64n) + 7n, 2n ** 53n, 0n, -1n]) expect(positiveSafeNum(v)).toBe(-1);
    for (const v of [1n, 2n ** 32n, 2n ** 32n - 1n, 2n ** 53n - 1n]) expect(positiveSafeNum(v)).toBe(Number(v));
    for (const v of [1, '5', null, undefined, 1.5]) expect(positiveSafeNum(v)).toBe(-1);
  });
});

describe('isMultiple', () => {
  it('is n % step === 0 for safe integers', () => {
    fc.assert(
      fc.property(safe, fc.oneof(fc.integer({ min: 1, max: 1000 }), safe), (n, step) => {
        expect(isMultiple(n, step)).toBe(BigInt(n) % BigInt(step) === 0n);
        expect(isMultiple(n - (n % step), step)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
