import { describe, expect, it } from 'vitest';
import { DecimalError } from './money';
import {
  DISPLAY_DECIMALS_BELOW_ONE,
  formatMinorDisplay,
  formatNumberDisplay,
  formatWithSeparators,
  INVALID_NUMBER_DISPLAY,
} from './number-display';

describe('formatWithSeparators', () => {
  it.each([
    ['0', '0'],
    ['12', '12'],
    ['123', '123'],
    ['1234', '1,234'],
    ['12345', '12,345'],
    ['123456', '123,456'],
    ['1234567', '1,234,567'],
    ['1234567.891234', '1,234,567.891234'],
    ['-1234.5', '-1,234.5'],
    ['-999', '-999'],
    ['1000.00', '1,000.00'],
    ['123456789012345678901234', '123,456,789,012,345,678,901,234'],
  ])('%s -> %s', (input, expected) => {
    expect(formatWithSeparators(input)).toBe(expected);
  });

  it.each(['', 'abc', '1e6', '1,000', '.5', '+1'])('throws DecimalError on %j', (input) => {
    expect(() => formatWithSeparators(input)).toThrow(DecimalError);
  });
});

describe('formatNumberDisplay', () => {
  it.each([
    // |v| < 1: 8 decimals, padded, truncated
    ['0', '0.00000000'],
    ['0.5', '0.50000000'],
    ['0.123456789', '0.12345678'],
    ['0.999999999', '0.99999999'],
    ['0.00000001', '0.00000001'],
    ['0.000000009', '0.00000000'],
    // boundary 1: 6 decimals from 1 inclusive
    ['1', '1.000000'],
    ['1.0000000', '1.000000'],
    ['1.23456789', '1.234567'],
    ['9.99999999', '9.999999'],
    // boundary 10: 4 decimals
    ['10', '10.0000'],
    ['12.345678', '12.3456'],
    ['99.99999', '99.9999'],
    // boundary 100: 2 decimals
    ['100', '100.00'],
    ['123.456', '123.45'],
    ['999.999', '999.99'],
    // boundary 1e3: 2 decimals with separators
    ['1000', '1,000.00'],
    ['1234.567', '1,234.56'],
    ['999999.999', '999,999.99'],
    // boundary 1e6: M
    ['1000000', '1.00M'],
    ['1234567', '1.23M'],
    ['1239999.99', '1.23M'],
    ['999999999.99', '999.99M'],
    // boundary 1e9: B
    ['1000000000', '1.00B'],
    ['1500000000', '1.50B'],
    ['999999999999.999', '999.99B'],
    // boundary 1e12: T
    ['1000000000000', '1.00T'],
    ['2345678901234.5', '2.34T'],
    ['999999999999999', '999.99T'],
    ['1000000000000000', '1,000.00T'],
    ['123456789012345678901234567890', '123,456,789,012,345,678.90T'],
  ])('%s -> %s', (input, expected) => {
    expect(formatNumberDisplay(input)).toBe(expected);
  });

  it('is exact where a float would not be', () => {
    // As a float 0.1 + 0.2 style errors would show; 9007199254740993 is not a safe integer.
    expect(formatNumberDisplay('9007199254740993', { compact: false })).toBe('9,007,199,254,740,993.00');
    expect(formatNumberDisplay('0.29999999999999999')).toBe('0.29999999');
    expect(formatNumberDisplay('1.0000009')).toBe('1.000000');
  });

  it('keeps the sign of negative numbers and uses the magnitude for the band', () => {
    expect(formatNumberDisplay('-0.5')).toBe('-0.50000000');
    expect(formatNumberDisplay('-1')).toBe('-1.000000');
    expect(formatNumberDisplay('-12.345678')).toBe('-12.3456');
    expect(formatNumberDisplay('-1234.567')).toBe('-1,234.56');
    expect(formatNumberDisplay('-1234567')).toBe('-1.23M');
    expect(formatNumberDisplay('-1234567', { compact: false })).toBe('-1,234,567.00');
  });

  it('truncates toward zero for negatives and drops the sign of a zero result', () => {
    expect(formatNumberDisplay('-1.9999999')).toBe('-1.999999');
    expect(formatNumberDisplay('-0.000000001')).toBe('0.00000000');
    expect(formatNumberDisplay('-0')).toBe('0.00000000');
    expect(formatNumberDisplay('-0.000000001', { decimals: 0 })).toBe('0');
  });

  it('applies options.decimals below 1 only', () => {
    expect(formatNumberDisplay('0.123456789', { decimals: 4 })).toBe('0.1234');
    expect(formatNumberDisplay('0.5', { decimals: 0 })).toBe('0');
    expect(formatNumberDisplay('0.5', { decimals: 10 })).toBe('0.5000000000');
    expect(formatNumberDisplay('1.5', { decimals: 2 })).toBe('1.500000');
    expect(formatNumberDisplay('0.99', { decimals: 2 })).toBe('0.99');
    expect(DISPLAY_DECIMALS_BELOW_ONE).toBe(8);
  });

  it('rejects an invalid decimals option', () => {
    expect(() => formatNumberDisplay('0.5', { decimals: -1 })).toThrow(RangeError);
    expect(() => formatNumberDisplay('0.5', { decimals: 1.5 })).toThrow(RangeError);
  });

  it('uses separators instead of suffixes when compact is false', () => {
    expect(formatNumberDisplay('1000000', { compact: false })).toBe('1,000,000.00');
    expect(formatNumberDisplay('1234567890123.456', { compact: false })).toBe('1,234,567,890,123.45');
    expect(formatNumberDisplay('999999.999', { compact: false })).toBe('999,999.99');
    expect(formatNumberDisplay('1000000', { compact: true })).toBe('1.00M');
  });

  it.each(['', ' ', 'abc', '1e6', 'NaN', 'Infinity', '1,000', '.5', '1.', '+1', '--1'])(
    'shows %j as the invalid placeholder',
    (input) => {
      expect(formatNumberDisplay(input)).toBe(INVALID_NUMBER_DISPLAY);
      expect(formatNumberDisplay(input, { invalid: '' })).toBe('');
    },
  );

  it('shows non-strings as the invalid placeholder', () => {
    expect(formatNumberDisplay(undefined as never)).toBe('--');
    expect(formatNumberDisplay(1 as never)).toBe('--');
  });
});

describe('formatMinorDisplay', () => {
  it('formats bigint minor units at a scale', () => {
    expect(formatMinorDisplay(50_000_000n, 8)).toBe('0.50000000');
    expect(formatMinorDisplay(123_456_789n, 8)).toBe('1.234567');
    expect(formatMinorDisplay(123_456_789n, 2)).toBe('1.23M');
    expect(formatMinorDisplay(-123_456_789n, 2)).toBe('-1.23M');
    expect(formatMinorDisplay(-123_456_789n, 2, { compact: false })).toBe('-1,234,567.89');
    expect(formatMinorDisplay(0n, 0)).toBe('0.00000000');
    expect(formatMinorDisplay(1000n, 0)).toBe('1,000.00');
    expect(formatMinorDisplay(999n, 3)).toBe('0.99900000');
    expect(formatMinorDisplay(1000n, 3)).toBe('1.000000');
  });

  it('rejects an invalid scale', () => {
    expect(() => formatMinorDisplay(1n, -1)).toThrow(DecimalError);
  });
});
