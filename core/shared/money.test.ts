import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  compareDecimal,
  DecimalError,
  type DecimalErrorReason,
  divRound,
  formatDecimal,
  isDecimalString,
  mulDiv,
  parseDecimal,
  pow10,
  rescale,
  splitDecimal,
} from './money';

function reasonOf(fn: () => unknown): DecimalErrorReason | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof DecimalError) return error.reason;
    throw error;
  }
  return undefined;
}

describe('parseDecimal', () => {
  it.each([
    ['0', 0, 0n],
    ['0', 8, 0n],
    ['1', 0, 1n],
    ['1', 2, 100n],
    ['12.34', 2, 1234n],
    ['12.3', 2, 1230n],
    ['0.00000001', 8, 1n],
    ['007.50', 2, 750n],
    ['0.0', 1, 0n],
    ['123456789012345678901234567890.123456789', 9, 123456789012345678901234567890123456789n],
  ])('%s at scale %i -> %s', (input, scale, expected) => {
    expect(parseDecimal(input, scale)).toBe(expected);
  });

  it('accepts exactly `scale` decimals and rejects one more', () => {
    expect(parseDecimal('1.12', 2)).toBe(112n);
    expect(reasonOf(() => parseDecimal('1.123', 2))).toBe('tooManyDecimals');
    expect(reasonOf(() => parseDecimal('1.5', 0))).toBe('tooManyDecimals');
  });

  it('rejects extra decimals even when they are zeros', () => {
    expect(reasonOf(() => parseDecimal('1.500', 2))).toBe('tooManyDecimals');
  });

  it('rejects negatives unless allowed', () => {
    expect(reasonOf(() => parseDecimal('-1', 2))).toBe('negative');
    expect(reasonOf(() => parseDecimal('-0', 2))).toBe('negative');
    expect(reasonOf(() => parseDecimal('-1', 2, { allowNegative: false }))).toBe('negative');
    expect(parseDecimal('-1.25', 2, { allowNegative: true })).toBe(-125n);
    expect(parseDecimal('-0', 2, { allowNegative: true })).toBe(0n);
  });

  it.each<[unknown, DecimalErrorReason]>([
    ['', 'empty'],
    [' ', 'notNumeric'],
    [' 1', 'notNumeric'],
    ['1 ', 'notNumeric'],
    ['abc', 'notNumeric'],
    ['1a', 'notNumeric'],
    ['1,000', 'notNumeric'],
    ['1.', 'notNumeric'],
    ['.5', 'notNumeric'],
    ['.', 'notNumeric'],
    ['-', 'notNumeric'],
    ['--1', 'notNumeric'],
    ['1.2.3', 'notNumeric'],
    ['NaN', 'notNumeric'],
    ['Infinity', 'notNumeric'],
    ['0x10', 'notNumeric'],
    ['1_000', 'notNumeric'],
    ['١٢', 'notNumeric'],
    ['１', 'notNumeric'],
    ['+', 'notNumeric'],
    ['+-1', 'notNumeric'],
    ['1e5', 'exponent'],
    ['1E5', 'exponent'],
    ['1.5e-3', 'exponent'],
    ['-1e+2', 'exponent'],
    ['.5e1', 'exponent'],
    ['+1', 'plusSign'],
    ['+1.5', 'plusSign'],
    [1, 'notString'],
    [null, 'notString'],
    [undefined, 'notString'],
    [1n, 'notString'],
  ])('rejects %s with reason %s', (input, reason) => {
    expect(reasonOf(() => parseDecimal(input as string, 8, { allowNegative: true }))).toBe(reason);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects scale %s', (scale) => {
    expect(reasonOf(() => parseDecimal('1', scale))).toBe('invalidScale');
  });

  it('throws a DecimalError carrying reason and input', () => {
    const error = (() => {
      try {
        parseDecimal('x', 2);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DecimalError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'DecimalError', reason: 'notNumeric', input: 'x' });
    expect((error as Error).message).toContain('notNumeric');
  });
});

describe('splitDecimal', () => {
  it('returns sign, integer and fraction digits', () => {
    expect(splitDecimal('-012.340', { allowNegative: true })).toEqual({ negative: true, int: '012', frac: '340' });
    expect(splitDecimal('5')).toEqual({ negative: false, int: '5', frac: '' });
  });
});

describe('formatDecimal', () => {
  it.each([
    [0n, 0, '0'],
    [0n, 2, '0'],
    [5n, 0, '5'],
    [1234n, 2, '12.34'],
    [1200n, 2, '12'],
    [1230n, 2, '12.3'],
    [1n, 8, '0.00000001'],
    [10n, 8, '0.0000001'],
    [-1n, 8, '-0.00000001'],
    [-1234n, 2, '-12.34'],
    [-100n, 2, '-1'],
    [123456789012345678901234567890n, 10, '12345678901234567890.123456789'],
  ])('%s at scale %i -> %s', (minor, scale, expected) => {
    expect(formatDecimal(minor, scale)).toBe(expected);
  });

  it.each([
    [0n, 0, '0'],
    [0n, 2, '0.00'],
    [1200n, 2, '12.00'],
    [1n, 8, '0.00000001'],
    [-50n, 2, '-0.50'],
    [7n, 0, '7'],
  ])('fixed: %s at scale %i -> %s', (minor, scale, expected) => {
    expect(formatDecimal(minor, scale, { fixed: true })).toBe(expected);
  });

  it('rejects an invalid scale', () => {
    expect(reasonOf(() => formatDecimal(1n, -1))).toBe('invalidScale');
    expect(reasonOf(() => formatDecimal(1n, 0.5))).toBe('invalidScale');
  });

  it('round-trips with parseDecimal', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }), (minor, scale) => {
        expect(parseDecimal(formatDecimal(minor, scale), scale, { allowNegative: true })).toBe(minor);
        expect(parseDecimal(formatDecimal(minor, scale, { fixed: true }), scale, { allowNegative: true })).toBe(minor);
      }),
      { numRuns: 200 },
    );
  });
});

describe('divRound', () => {
  // [n, d, down, up, half-up]
  it.each([
    [10n, 5n, 2n, 2n, 2n],
    [11n, 5n, 2n, 3n, 2n],
    [12n, 5n, 2n, 3n, 2n],
    [13n, 5n, 2n, 3n, 3n],
    [14n, 5n, 2n, 3n, 3n],
    [15n, 10n, 1n, 2n, 2n],
    [14n, 10n, 1n, 2n, 1n],
    [16n, 10n, 1n, 2n, 2n],
    [-15n, 10n, -1n, -2n, -2n],
    [-14n, 10n, -1n, -2n, -1n],
    [15n, -10n, -1n, -2n, -2n],
    [-15n, -10n, 1n, 2n, 2n],
    [1n, 3n, 0n, 1n, 0n],
    [2n, 3n, 0n, 1n, 1n],
    [-1n, 3n, 0n, -1n, 0n],
    [0n, 7n, 0n, 0n, 0n],
  ])('%s / %s -> down %s, up %s, half-up %s', (n, d, down, up, halfUp) => {
    expect(divRound(n, d, 'down')).toBe(down);
    expect(divRound(n, d, 'up')).toBe(up);
    expect(divRound(n, d, 'half-up')).toBe(halfUp);
  });

  it('rejects division by zero', () => {
    expect(reasonOf(() => divRound(1n, 0n, 'down'))).toBe('divisionByZero');
  });

  it('rejects an unknown rounding mode', () => {
    expect(() => divRound(1n, 3n, 'floor' as never)).toThrow(TypeError);
  });
});

describe('rescale', () => {
  it('scales up exactly, whatever the rounding', () => {
    expect(rescale(123n, 2, 8, 'down')).toBe(123000000n);
    expect(rescale(-123n, 2, 4, 'up')).toBe(-12300n);
    expect(rescale(5n, 3, 3, 'half-up')).toBe(5n);
  });

  it('scales down with the given rounding', () => {
    expect(rescale(12345n, 4, 2, 'down')).toBe(123n);
    expect(rescale(12345n, 4, 2, 'up')).toBe(124n);
    expect(rescale(12345n, 4, 2, 'half-up')).toBe(123n);
    expect(rescale(12350n, 4, 2, 'half-up')).toBe(124n);
    expect(rescale(12349n, 4, 2, 'half-up')).toBe(123n);
    expect(rescale(-12350n, 4, 2, 'half-up')).toBe(-124n);
    expect(rescale(-12345n, 4, 2, 'down')).toBe(-123n);
    expect(rescale(-12345n, 4, 2, 'up')).toBe(-124n);
    expect(rescale(12300n, 4, 2, 'up')).toBe(123n);
    expect(rescale(1n, 8, 0, 'up')).toBe(1n);
    expect(rescale(1n, 8, 0, 'down')).toBe(0n);
  });

  it('rejects invalid scales', () => {
    expect(reasonOf(() => rescale(1n, -1, 2, 'down'))).toBe('invalidScale');
    expect(reasonOf(() => rescale(1n, 2, 1.5, 'down'))).toBe('invalidScale');
  });
});

describe('mulDiv', () => {
  it('computes price * qty at the target scale with one rounding', () => {
    // price 123.45 (scale 2) * qty 0.333 (scale 3) = 41.10885 -> amount at scale 2
    const price = parseDecimal('123.45', 2);
    const qty = parseDecimal('0.333', 3);
    const unit = pow10(2 + 3 - 2);
    expect(formatDecimal(mulDiv(price, qty, unit, 'down'), 2)).toBe('41.1');
    expect(formatDecimal(mulDiv(price, qty, unit, 'up'), 2)).toBe('41.11');
    expect(formatDecimal(mulDiv(price, qty, unit, 'half-up'), 2)).toBe('41.11');
  });

  it('is exact where floats are not (0.1 * 3)', () => {
    expect(mulDiv(parseDecimal('0.1', 1), 3n, 1n, 'down')).toBe(3n);
    expect(formatDecimal(mulDiv(parseDecimal('0.1', 8), parseDecimal('0.2', 8), pow10(8), 'down'), 8)).toBe('0.02');
  });

  it('handles huge values without overflow', () => {
    const a = 10n ** 40n + 1n;
    expect(mulDiv(a, a, a, 'down')).toBe(a);
  });

  it('rejects a zero divisor', () => {
    expect(reasonOf(() => mulDiv(1n, 2n, 0n, 'half-up'))).toBe('divisionByZero');
  });
});

describe('pow10', () => {
  it('computes powers of ten', () => {
    expect(pow10(0)).toBe(1n);
    expect(pow10(18)).toBe(1_000_000_000_000_000_000n);
    expect(reasonOf(() => pow10(-1))).toBe('invalidScale');
  });
});

describe('compareDecimal', () => {
  it.each([
    ['1', '2', -1],
    ['2', '1', 1],
    ['1', '1', 0],
    ['1.0', '1', 0],
    ['1.10', '1.1', 0],
    ['0', '-0', 0],
    ['0.00000001', '0', 1],
    ['-1', '1', -1],
    ['-2', '-1', -1],
    ['-1.5', '-1.49', -1],
    ['10', '9.999999999999999999', 1],
    ['007', '7', 0],
    ['123456789012345678901234567890', '123456789012345678901234567889.99', 1],
  ])('compare(%s, %s) = %i', (a, b, expected) => {
    expect(compareDecimal(a, b)).toBe(expected);
  });

  it('throws on invalid input', () => {
    expect(reasonOf(() => compareDecimal('1e3', '1'))).toBe('exponent');
    expect(reasonOf(() => compareDecimal('1', ''))).toBe('empty');
  });
});

describe('isDecimalString', () => {
  it.each(['0', '1', '12.34', '007', '0.00000001', '123456789012345678901234567890'])('accepts %s', (s) => {
    expect(isDecimalString(s)).toBe(true);
  });

  it.each(['', ' 1', '1.', '.5', '+1', '1e3', 'abc', '1,0', '-', '1.2.3', 'NaN'])('rejects %j', (s) => {
    expect(isDecimalString(s)).toBe(false);
  });

  it.each([1, null, undefined, 1n, {}])('rejects non-string %s', (v) => {
    expect(isDecimalString(v)).toBe(false);
  });

  it('accepts negatives only when allowed', () => {
    expect(isDecimalString('-1')).toBe(false);
    expect(isDecimalString('-1', { allowNegative: true })).toBe(true);
    expect(isDecimalString('-0.5', { allowNegative: true })).toBe(true);
  });

  it('limits decimals at the boundary', () => {
    expect(isDecimalString('1.12', { maxDecimals: 2 })).toBe(true);
    expect(isDecimalString('1.123', { maxDecimals: 2 })).toBe(false);
    expect(isDecimalString('1', { maxDecimals: 0 })).toBe(true);
    expect(isDecimalString('1.0', { maxDecimals: 0 })).toBe(false);
  });

  it('agrees with parseDecimal', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[-+0-9.eE ]{0,8}$/), (s) => {
        let parsed = true;
        try {
          parseDecimal(s, 8, { allowNegative: true });
        } catch {
          parsed = false;
        }
        expect(isDecimalString(s, { allowNegative: true, maxDecimals: 8 })).toBe(parsed);
      }),
      { numRuns: 300 },
    );
  });
});
