// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { formatQuoted, quoteValues } from './quote-value';
import { marketRow } from './testing/market-rows';

const dollars = { settings: { currency: { rate: '1', symbol: '$' } } } as Parameters<typeof formatQuoted>[0];

describe('quoteValues', () => {
  it('values USDT and USD at par and a coin at its USDT market, the first such row only', () => {
    const values = quoteValues([
      marketRow('BTC/USDT', { close: '67250.15' }),
      marketRow('ETH/BTC', { close: '0.05' }),
      marketRow('SOL/USDT', { close: null }),
      marketRow('BTC/USDT', { close: '1' }),
    ]);
    expect(Object.fromEntries(values)).toEqual({ USDT: '1', USD: '1', BTC: '67250.15' });
  });
});

describe('formatQuoted', () => {
  const values = new Map([['USDT', '1'], ['BTC', '67250.15']]);

  it('shows an amount of a valued quote currency in the display currency', () => {
    expect(formatQuoted(dollars, '0.05', 'BTC', values)).toBe('$3,362.50');
    expect(formatQuoted(dollars, '67250.15', 'USDT', values)).toBe('$67,250.15');
  });

  it('shows an amount of a currency it cannot value in that currency, and no amount as --', () => {
    expect(formatQuoted(dollars, '0.05', 'ETH', values)).toBe('0.05000000 ETH');
    expect(formatQuoted(dollars, null, 'BTC', values)).toBe('--');
  });
});
