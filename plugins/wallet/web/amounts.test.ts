import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, isPositiveAmount, isZeroAmount, subtractDecimals, truncateToScale } from './amounts';

describe('wallet amounts', () => {
  it('subtracts exactly, whatever the decimals', () => {
    expect(subtractDecimals('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimals('100.5', '0.000001')).toBe('100.499999');
    expect(subtractDecimals('1', '2.5')).toBe('-1.5');
    expect(() => subtractDecimals('1e3', '1')).toThrow();
  });

  it('agrees with integer arithmetic on minor units', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.bigInt({ min: 0n, max: 10n ** 20n }), (a, b) => {
        const asDecimal = (minor: bigint) => `${minor / 10n ** 8n}.${(minor % 10n ** 8n).toString().padStart(8, '0')}`;
        const difference = a - b;
        const expected = (difference < 0n ? '-' : '') + asDecimal(difference < 0n ? -difference : difference);
        expect(subtractDecimals(asDecimal(a), asDecimal(b))).toBe(expected.replace(/\.?0+$/, '') || '0');
      }),
    );
  });

  it('truncates to a scale without rounding up', () => {
    expect(truncateToScale('1.23456789', 4)).toBe('1.2345');
    expect(truncateToScale('0.99999999', 2)).toBe('0.99');
    expect(truncateToScale('12', 8)).toBe('12');
    expect(truncateToScale('5.5', 0)).toBe('5');
  });

  it('tells positive and zero amounts apart from incomplete input', () => {
    expect(isPositiveAmount('0.00000001')).toBe(true);
    expect(isPositiveAmount('0')).toBe(false);
    expect(isPositiveAmount('1.')).toBe(false);
    expect(isPositiveAmount('-1')).toBe(false);
    expect(isZeroAmount('0.000')).toBe(true);
    expect(isZeroAmount('')).toBe(false);
  });

  it('shows amounts exactly with separators, "--" for anything else', () => {
    expect(formatAmount('1234567.12345678')).toBe('1,234,567.12345678');
    expect(formatAmount('-0.1')).toBe('-0.1');
    expect(formatAmount('abc')).toBe('--');
    expect(formatAmount(null)).toBe('--');
  });
});
