import { describe, expect, it } from 'vitest';
import type { CurrencySetting } from '../../plugin-api';
import { formatFiat, formatPercentChange, multiplyDecimals } from './fiat';

const withCurrency = (currency: Partial<CurrencySetting>) => ({
  settings: { currency: { exchange: '1', name: 'US Dollar', code: 'USD', symbol: '$', rate: '1', ...currency } },
}) as never;

describe('formatFiat', () => {
  it('multiplies exactly (no float drift)', () => {
    expect(multiplyDecimals('0.1', '0.2')).toBe('0.02');
    expect(multiplyDecimals('123456789.123456789', '1385')).toBe('170987652935.987652765');
  });

  it('converts with the display currency rate and symbol', () => {
    expect(formatFiat(withCurrency({}), '67250.15')).toBe('$67,250.15');
    expect(formatFiat(withCurrency({ symbol: '₩', rate: '1385' }), '67250.15')).toBe('₩93.14M');
    expect(formatFiat(withCurrency({ symbol: '€', rate: '0.92' }), '0.15872')).toBe('€0.14602240');
    expect(formatFiat(withCurrency({ symbol: '€', rate: '0.92' }), '')).toBe('--');
  });

  it('shows zero as a plain money amount', () => {
    expect(formatFiat(withCurrency({ symbol: '€', rate: '0.92' }), '0.00000000')).toBe('€0.00');
    expect(formatFiat(withCurrency({}), '0')).toBe('$0.00');
  });
});

describe('formatPercentChange', () => {
  it('signs, rounds half-up to 2 decimals and keeps zero unsigned', () => {
    expect(formatPercentChange('2.35')).toBe('+2.35%');
    expect(formatPercentChange('-1.125')).toBe('-1.13%');
    expect(formatPercentChange('0.004')).toBe('0.00%');
    expect(formatPercentChange('x')).toBe('--');
  });
});
