import { describe, expect, it } from 'vitest';
import { candleScale, chartPriceFormat, showsTimeOfDay } from './chart-scale';

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

describe('chartPriceFormat', () => {
  const label = (decimals: number, price: number) => chartPriceFormat(decimals).formatter(price as import('lightweight-charts').BarPrice);

  it('writes prices at the market decimals with thousands separators', () => {
    expect(label(2, 67300)).toBe('67,300.00');
    expect(label(2, 1234567.891)).toBe('1,234,567.89');
    expect(label(0, 999.4)).toBe('999');
    expect(label(6, 0.0000123)).toBe('0.000012');
    expect(chartPriceFormat(4).minMove).toBe(0.0001);
  });
});

describe('showsTimeOfDay', () => {
  it('shows times for candles shorter than a day, dates only from a day on', () => {
    expect(['1min', '4hour', '1day', '1week', '1month'].map((period) => showsTimeOfDay(period as never))).toEqual([true, true, false, false, false]);
  });
});
