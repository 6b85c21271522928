import { describe, expect, it } from 'vitest';
import { candleScale } from './chart-scale';

describe('candleScale', () => {
  it('keeps a range of several prices as it is', () => {
    const info = { priceRange: { minValue: 49_000, maxValue: 51_000 }, margins: { above: 4, below: 4 } };
    expect(candleScale(info)).toEqual(info);
  });

  it('gives a single price 1 % above and below', () => {
    expect(candleScale({ priceRange: { minValue: 50_000, maxValue: 50_000 } })?.priceRange).toEqual({ minValue: 49_500, maxValue: 50_500 });
  });

  it('never goes below zero', () => {
    expect(candleScale({ priceRange: { minValue: 0, maxValue: 0 } })?.priceRange).toEqual({ minValue: 0, maxValue: 1 });
    expect(candleScale({ priceRange: { minValue: -3, maxValue: 2 } })?.priceRange?.minValue).toBe(0);
  });

  it('passes on an empty view', () => {
    expect(candleScale(null)).toBeNull();
    expect(candleScale({ priceRange: null })).toEqual({ priceRange: null });
  });
});
