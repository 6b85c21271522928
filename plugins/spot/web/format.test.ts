import { describe, expect, it } from 'vitest';
import { formatChange, formatFixed, trendOf } from './format';

describe('trading screen numbers', () => {
  it('shows a decimal at the market decimals, truncated, padded and grouped', () => {
    expect(formatFixed('30000.129', 2)).toBe('30,000.12');
    expect(formatFixed('0.05', 6)).toBe('0.050000');
    expect(formatFixed('-1234.5', 1)).toBe('-1,234.5');
    expect(formatFixed('-0.001', 2)).toBe('0.00');
    expect(formatFixed(null, 2)).toBe('--');
    expect(formatFixed('1e5', 2)).toBe('--');
  });

  it('shows a 24 h change with its sign, and its trend', () => {
    expect(formatChange('2.345')).toBe('+2.34%');
    expect(formatChange('-1.1')).toBe('-1.10%');
    expect(formatChange('0')).toBe('0.00%');
    expect(formatChange(undefined)).toBe('--');
    expect([trendOf('2'), trendOf('-0.5'), trendOf('0.00'), trendOf(null)]).toEqual(['up', 'down', 'flat', 'flat']);
  });
});
