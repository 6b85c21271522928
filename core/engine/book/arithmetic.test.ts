import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SAFE, feeNum, marketMath, maxQtyForQuote, quoteNum, quoteOf } from './arithmetic';
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
