import { describe, expect, it } from 'vitest';
import { dayRangeBounds } from './day-range';

describe('dayRangeBounds', () => {
  it('covers whole days: from the first day start to the start of the day after the last', () => {
    const { startTime, endTime } = dayRangeBounds([new Date(2026, 4, 1, 15, 30), new Date(2026, 4, 3, 8, 0)]);
    expect(startTime).toBe(new Date(2026, 4, 1).getTime());
    expect(endTime).toBe(new Date(2026, 4, 4).getTime());
  });

  it('means no bounds without a complete range', () => {
    expect(dayRangeBounds(null)).toEqual({});
    expect(dayRangeBounds([new Date()])).toEqual({});
  });
});
