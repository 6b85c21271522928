import { describe, expect, it } from 'vitest';
import { bookRows, groupLevels } from './order-book';

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
