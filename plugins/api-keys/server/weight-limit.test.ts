import { describe, expect, it } from 'vitest';
import { WeightLimit } from './weight-limit';

describe('WeightLimit', () => {
  it('answers limited past the weight of a minute, banned past twice it, and forgets at the next minute', () => {
    let now = 120_000 + 5;
    const limit = new WeightLimit(10, () => now);
    expect(limit.charge('k', 10).verdict).toBe('ok');
    expect(limit.charge('other', 10).verdict).toBe('ok');
    expect(limit.charge('k', 1)).toEqual({ verdict: 'limited', until: 180_000 });
    expect(limit.charge('k', 9).verdict).toBe('limited');
    expect(limit.charge('k', 1).verdict).toBe('banned');
    now = 180_000;
    expect(limit.charge('k', 5).verdict).toBe('ok');
  });
});
