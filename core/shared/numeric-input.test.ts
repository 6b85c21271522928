import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeNumericInput } from './numeric-input';

describe('normalizeNumericInput', () => {
  it.each([
    // examples from the spec / brief
    ['abc1.2.3', 8, '1.23'],
    ['.5', 8, '5'],
    ['0005', 8, '5'],
    ['00.5', 8, '0.5'],
    ['0', 8, '0'],
    ['1.23456', 2, '1.23'],
    ['1.', 2, '1.'],
    // keeps digits and a single decimal point
    ['12', 2, '12'],
    ['1,234.5', 2, '1234.5'],
    ['-12.5', 2, '12.5'],
    ['+12', 2, '12'],
    ['1e5', 2, '15'],
    [' 1 2 ', 2, '12'],
    ['1..2', 2, '1.2'],
    ['1.2.', 2, '1.2'],
    ['１２', 2, ''],
    ['abc', 2, ''],
    ['', 2, ''],
    // leading point removed (after dots were merged into one)
    ['.', 2, ''],
    ['..', 2, ''],
    ['..5', 2, '5'],
    ['.5.3', 2, '53'],
    ['a.5', 2, '5'],
    ['.05', 2, '5'],
    // leading zeros collapse to one zero before the point, none before other digits
    ['00', 2, '0'],
    ['000', 2, '0'],
    ['00.', 2, '0.'],
    ['0.', 2, '0.'],
    ['0.0', 2, '0.0'],
    ['0.00', 2, '0.00'],
    ['0.000', 2, '0.00'],
    ['007.50', 2, '7.50'],
    ['100', 2, '100'],
    ['1000.001', 2, '1000.00'],
    ['0010', 2, '10'],
    // truncation at the boundary: exactly `decimals` digits kept, never rounded
    ['1.99', 2, '1.99'],
    ['1.999', 2, '1.99'],
    ['1.9', 1, '1.9'],
    ['1.99', 1, '1.9'],
    ['0.123456789', 8, '0.12345678'],
    ['0.12345678', 8, '0.12345678'],
    // decimals 0: no point kept at all
    ['1.5', 0, '1'],
    ['1.', 0, '1'],
    ['12.', 0, '12'],
    ['.5', 0, '5'],
    ['00.9', 0, '0'],
    ['abc', 0, ''],
    // a lone comma without a point is the decimal point, as German or French keyboards type it
    ['0,01', 8, '0.01'],
    ['0,', 8, '0.'],
    ['1 000,25', 2, '1000.25'],
    ['67000,5', 2, '67000.5'],
    [',5', 2, '5'],
    ['1,5', 0, '1'],
    // beside a point, or more than one, commas separate thousands
    ['67,169.46', 2, '67169.46'],
    ['1,000,000', 2, '1000000'],
  ])('%j with %i decimals -> %j', (raw, decimals, expected) => {
    expect(normalizeNumericInput(raw, decimals)).toBe(expected);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects decimals %s', (decimals) => {
    expect(() => normalizeNumericInput('1', decimals)).toThrow(RangeError);
  });

  it('is idempotent and produces only digits with at most one inner point', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.integer({ min: 0, max: 10 }), (raw, decimals) => {
        const once = normalizeNumericInput(raw, decimals);
        expect(normalizeNumericInput(once, decimals)).toBe(once);
        expect(once).toMatch(/^(?:(?:0|[1-9]\d*)(?:\.\d*)?)?$/);
        const frac = once.split('.')[1];
        if (decimals === 0) expect(once).not.toContain('.');
        if (frac !== undefined) expect(frac.length).toBeLessThanOrEqual(decimals);
      }),
      { numRuns: 300 },
    );
  });
});
