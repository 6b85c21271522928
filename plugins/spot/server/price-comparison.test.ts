import { describe, expect, it } from 'vitest';
import { comparePrices, productDown } from './price-comparison';

describe('productDown', () => {
  it.each([
    [['2', '3'], 0, '6'],
    [['97000.5', '1', '0.92'], 2, '89240.46'],
    [['0.00001234', '1.0005', '150.3'], 8, '0.00185562'],
    [['1.999'], 2, '1.99'],
    [['123456789012345678.123456789', '1000000'], 2, '123456789012345678123456.78'],
    [['5', '0'], 2, '0'],
  ])('%j at %i decimals is %s, rounded down', (factors, scale, expected) => {
    expect(productDown(factors, scale)).toBe(expected);
  });

  it('refuses a factor that is not a plain decimal', () => {
    expect(() => productDown(['1e3'], 2)).toThrow();
    expect(() => productDown(['-1'], 2)).toThrow();
  });
});

describe('comparePrices', () => {
  const currencies = [
    { code: 'USD', symbol: '$', rate: '1' },
    { code: 'CNY', symbol: '¥', rate: '7.2' },
    { code: 'BAD', symbol: '?', rate: 'n/a' },
  ];

  it('values the last price in USD through the quote, then in every display currency', () => {
    expect(comparePrices('ETH/BTC', '0.05', '60000', currencies, 6)).toEqual({
      symbol: 'ETH/BTC',
      close: '0.05',
      prices: [
        { currency: 'USD', symbol: '$', price: '3000' },
        { currency: 'CNY', symbol: '¥', price: '21600' },
      ],
    });
  });

  it('shows at least cents for a market with fewer price decimals', () => {
    expect(comparePrices('X/USDT', '3', '1', [{ code: 'EUR', symbol: '€', rate: '0.923' }], 0).prices).toEqual([{ currency: 'EUR', symbol: '€', price: '2.76' }]);
  });

  it('has no prices before the first trade or without a usable quote value', () => {
    expect(comparePrices('BTC/USDT', null, '1', currencies, 2)).toEqual({ symbol: 'BTC/USDT', close: null, prices: [] });
    expect(comparePrices('BTC/USDT', '5', '', currencies, 2).prices).toEqual([]);
  });
});
