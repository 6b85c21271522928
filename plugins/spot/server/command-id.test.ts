import { describe, expect, it } from 'vitest';
import { newSpotCommandId } from './command-id';

describe('newSpotCommandId', () => {
  it('sorts by time, also across a change in the number of digits', () => {
    const times = [0, 35, 36, 1_700_000_000_000, 1_700_000_000_001, 1_800_000_000_000];
    const ids = times.map(newSpotCommandId);
    expect([...ids].sort()).toEqual(ids);
    expect(ids[3]).toMatch(/^spot:[0-9a-z]{9}[0-9a-z]{6}[0-9a-z]+$/);
    expect(ids[3]!.length).toBeLessThanOrEqual(30);
  });

  it('is unique within a millisecond and keeps the process mark', () => {
    const ids = Array.from({ length: 100_000 }, () => newSpotCommandId(1_800_000_000_000));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(14, 20))).size).toBe(1);
  });
});
