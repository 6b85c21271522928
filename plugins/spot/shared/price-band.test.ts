import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandLimit, bandRefusalText, outsideBand } from './price-band';

describe('price band', () => {
  it('allows a buy up to the band above the reference and a sell down to the band below it, exactly', () => {
    // reference 100.01 at 2 decimals, band 10 %: a buy up to 110.011 → 110.01, a sell down to 90.009 → 90.01
    expect(outsideBand('buy', 11_001n, 10_001n, 10)).toBe(false);
    expect(outsideBand('buy', 11_002n, 10_001n, 10)).toBe(true);
    expect(outsideBand('sell', 9_001n, 10_001n, 10)).toBe(false);
    expect(outsideBand('sell', 9_000n, 10_001n, 10)).toBe(true);
    expect(bandLimit('buy', 10_001n, 10, 1n)).toBe(11_001n);
    expect(bandLimit('sell', 10_001n, 10, 1n)).toBe(9_001n);
  });

  it('puts the limit on the tick, inside the band', () => {
    // tick 0.05: a buy's highest 110.00 (110.01 is off the tick), a sell's lowest 90.05
    expect(bandLimit('buy', 10_001n, 10, 5n)).toBe(11_000n);
    expect(bandLimit('sell', 10_001n, 10, 5n)).toBe(9_005n);
  });

  it('the limit is the furthest price on the tick that is not outside the band', () => {
    const side = fc.constantFrom('buy' as const, 'sell' as const);
    fc.assert(
      fc.property(side, fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.integer({ min: 1, max: 99 }), fc.bigInt({ min: 1n, max: 1000n }), (s, reference, percent, tick) => {
        const limit = bandLimit(s, reference, percent, tick);
        expect(limit % tick).toBe(0n);
        if (limit > 0n) expect(outsideBand(s, limit, reference, percent)).toBe(false);
        expect(outsideBand(s, s === 'buy' ? limit + tick : limit - tick, reference, percent)).toBe(true);
      }),
    );
  });

  it('words a refusal per side and reference, the prices as the page writes them', () => {
    const rules = { percent: 10, tick: 5n, scale: 2, currency: 'USDT' };
    expect(bandRefusalText('buy', false, 3_000_001n, rules)).toEqual({
      key: 'errPriceOutsideBandBuy',
      params: { percent: 10, reference: '30,000.01', limit: '33,000.00', currency: 'USDT' },
    });
    expect(bandRefusalText('sell', true, 7_000_000n, rules)).toEqual({
      key: 'errPriceOutsideBandOfTriggerSell',
      params: { percent: 10, reference: '70,000.00', limit: '63,000.00', currency: 'USDT' },
    });
  });
});
