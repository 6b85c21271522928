import { describe, expect, it } from 'vitest';
import { canonicalDecimal, isPrice, valueOf, VALUE_SCALE } from './valuation';

describe('valueOf', () => {
  it('multiplies and sums exactly, rounding once at the end', () => {
    // 0.12345678 BTC × 97000 + 100.5 USDT × 1
    expect(valueOf([{ minor: 12_345_678n, scale: 8, price: '97000' }, { minor: 10_050n, scale: 2, price: '1' }])).toBe('12075.80766');
    // three thirds of a cent do not lose anything to intermediate rounding
    const third = { minor: 1n, scale: 0, price: '0.333333333' };
    expect(valueOf([third, third, third])).toBe('0.99999999');
    expect(valueOf([{ minor: 1n, scale: 0, price: '0.000000005' }, { minor: 1n, scale: 0, price: '0.000000005' }])).toBe('0.00000001');
    expect(valueOf([{ minor: 3n, scale: 8, price: '0.333333333' }])).toBe('0');
    expect(valueOf([{ minor: 300_000_000n, scale: 8, price: '0.333333333' }])).toBe('0.99999999');
  });

  it('rounds down to VALUE_SCALE decimals, so a value is never overstated', () => {
    expect(VALUE_SCALE).toBe(8);
    expect(valueOf([{ minor: 1n, scale: 18, price: '999999' }])).toBe('0');
    expect(valueOf([{ minor: 19n, scale: 9, price: '1' }])).toBe('0.00000001');
  });

  it('applies a display rate in the same single rounding', () => {
    expect(valueOf([{ minor: 1n, scale: 0, price: '19275.80766' }], '0.92')).toBe('17733.7430472');
    expect(valueOf([{ minor: 1n, scale: 0, price: '0.00000001' }], '0.5')).toBe('0');
    expect(valueOf([{ minor: 2n, scale: 0, price: '0.00000001' }], '0.5')).toBe('0.00000001');
  });

  it('stays exact beyond 2^53 and treats an empty or all-zero list as 0', () => {
    expect(valueOf([{ minor: 123_456_789_012_345_678_901n, scale: 8, price: '97000.12345678' }])).toBe('119753237757751714.56974764');
    expect(valueOf([])).toBe('0');
    expect(valueOf([{ minor: 0n, scale: 8, price: '97000' }])).toBe('0');
  });
});

describe('canonicalDecimal and isPrice', () => {
  it('drops the zeros PostgreSQL pads numeric values with', () => {
    expect(canonicalDecimal('1.500000000000000000')).toBe('1.5');
    expect(canonicalDecimal('0.000000000000000000')).toBe('0');
    expect(canonicalDecimal('97000')).toBe('97000');
  });

  it('accepts plain non-negative decimals only', () => {
    for (const good of ['0', '1', '97000.5', '0.00000001']) expect(isPrice(good)).toBe(true);
    for (const bad of ['-1', '1e3', '', ' 1', '1.', 'abc', 1, null, undefined]) expect(isPrice(bad)).toBe(false);
  });
});
