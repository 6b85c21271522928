import { describe, expect, it } from 'vitest';
import { levelPrice, quantityFor, toMinor, toText, walk, type MarketRules } from './quotes';

const BTC: MarketRules = { symbol: 'BTCUSDT', priceScale: 2, qtyScale: 6, tick: 1n, lot: 1n };
const ETH: MarketRules = { symbol: 'ETHUSDT', priceScale: 2, qtyScale: 6, tick: 1n, lot: 100n };

describe('demo maker quotes', () => {
  it('converts decimals exactly', () => {
    expect(toMinor('97000.5', 2)).toBe(9_700_050n);
    expect(toText(9_700_050n, 2)).toBe('97000.5');
    expect(toText(100n, 6)).toBe('0.0001');
  });

  it('walks by at most the step and is pulled back toward the reference outside the band', () => {
    const mid = toMinor('97000', 2);
    expect(walk(mid, mid, BTC, () => 6)).toBe(mid + (mid * 6n) / 10_000n);
    expect(walk(mid, mid, BTC, () => -6)).toBe(mid - (mid * 6n) / 10_000n);
    const high = toMinor('100000', 2);
    // 3.1 % above the reference: even the largest step up becomes no move
    expect(walk(high, mid, BTC, () => 6)).toBe(high);
    expect(walk(1n, mid, BTC, () => -6)).toBe(1n);
  });

  it('places ladder levels on the right side of the mid, on the tick grid', () => {
    const mid = toMinor('3600', 2);
    expect(levelPrice(mid, 'BUY', 1, ETH)).toBe(toMinor('3598.2', 2));
    expect(levelPrice(mid, 'SELL', 2, ETH)).toBe(toMinor('3603.6', 2));
    const coarse = { ...ETH, tick: 100n };
    expect(levelPrice(toMinor('3600.5', 2), 'SELL', 1, coarse) % 100n).toBe(0n);
  });

  it('sizes orders by value on the lot grid, at least one lot', () => {
    expect(quantityFor(360, toMinor('3600', 2), ETH)).toBe(toMinor('0.1', 6));
    expect(quantityFor(1, toMinor('97000', 2), ETH)).toBe(100n);
  });
});
