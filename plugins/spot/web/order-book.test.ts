import { describe, expect, it } from 'vitest';
import { bookGroups, bookRows, groupLevels } from './order-book';

const bids: [string, string][] = [
  ['100.27', '1'],
  ['100.21', '0.5'],
  ['100.1', '2'],
  ['99.99', '0.25'],
];
const asks: [string, string][] = [
  ['100.31', '1.5'],
  ['100.39', '1'],
  ['100.4', '0.1'],
  ['101.01', '3'],
];

describe('order book grouping', () => {
  it('keeps the levels as they are at one tick', () => {
    expect(groupLevels(bids, 'bids', '0.01', 1, 10)).toEqual([
      ['100.27', '1'],
      ['100.21', '0.5'],
      ['100.10', '2'],
      ['99.99', '0.25'],
    ]);
  });

  it('rounds bids down and asks up to the bucket of 10 ticks, summing quantities exactly', () => {
    expect(groupLevels(bids, 'bids', '0.01', 10, 10)).toEqual([
      ['100.20', '1.5'],
      ['100.10', '2'],
      ['99.90', '0.25'],
    ]);
    expect(groupLevels(asks, 'asks', '0.01', 10, 10)).toEqual([
      ['100.40', '2.6'],
      ['101.10', '3'],
    ]);
  });

  it('groups by 100 ticks and stops at the row limit', () => {
    expect(groupLevels(bids, 'bids', '0.01', 100, 10)).toEqual([
      ['100.00', '3.5'],
      ['99.00', '0.25'],
    ]);
    expect(groupLevels(bids, 'bids', '0.01', 1, 2)).toHaveLength(2);
    expect(groupLevels([], 'asks', '0.01', 10, 5)).toEqual([]);
  });

  it('gives cumulative quantities and bars against the larger side', () => {
    const rows = bookRows(bids, asks, '0.01', 1, 10);
    expect(rows.bids.map((row) => row.cumulative)).toEqual(['1', '1.5', '3.5', '3.75']);
    expect(rows.asks.map((row) => row.cumulative)).toEqual(['1.5', '2.5', '2.6', '5.6']);
    expect(rows.asks[3]!.bar).toBe(100);
    expect(rows.bids[3]!.bar).toBeCloseTo(66.96, 2);
    expect(bookRows([], [], '0.01', 1, 10)).toEqual({ bids: [], asks: [] });
  });
});

describe('order book grouping choices', () => {
  it('offers 1, 10 and 100 ticks, and more powers of ten while a row spans at most 1 % of the last price', () => {
    expect(bookGroups('0.01', null)).toEqual([1, 10, 100]);
    expect(bookGroups('0.01', '67250.15')).toEqual([1, 10, 100, 1000, 10000]);
    // at 3,500: 1000 ticks (10.00) are 0.29 % of the price, 10000 ticks (100.00) 2.9 %
    expect(bookGroups('0.01', '3500')).toEqual([1, 10, 100, 1000]);
    // exactly 1 % is offered, a hair less price is not
    expect(bookGroups('0.01', '10000')).toEqual([1, 10, 100, 1000, 10000]);
    expect(bookGroups('0.01', '9999.99')).toEqual([1, 10, 100, 1000]);
    expect(bookGroups('0.000001', '0.055')).toEqual([1, 10, 100]);
  });
});
