import { describe, expect, it } from 'vitest';
import { newSpotCommandId } from './command-id';

describe('newSpotCommandId', () => {
  it('is unique and sorts by time, also across a change in the number of digits', () => {
    const times = [0, 35, 36, 1_700_000_000_000, 1_700_000_000_001, 1_800_000_000_000];
    const ids = times.map(newSpotCommandId);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set([newSpotCommandId(5), newSpotCommandId(5)]).size).toBe(2);
    expect(ids[3]).toMatch(/^spot:[0-9a-z]{9}-[0-9a-f-]{36}$/);
    expect(ids[3]!.length).toBeLessThanOrEqual(128);
  });
});
