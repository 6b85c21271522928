import { describe, expect, it } from 'vitest';
import { FailureLimiter } from './failure-limiter';

describe('FailureLimiter', () => {
  it('blocks after max failures within the window and frees the key as they expire', () => {
    const limiter = new FailureLimiter(3, 1000);
    limiter.fail('ip', 0);
    limiter.fail('ip', 100);
    expect(limiter.blockedFor('ip', 200)).toBe(0);
    limiter.fail('ip', 200);
    expect(limiter.blockedFor('ip', 300)).toBe(700);
    expect(limiter.blockedFor('other', 300)).toBe(0);
    expect(limiter.blockedFor('ip', 1000)).toBe(0);
  });

  it('forgets a key on reset', () => {
    const limiter = new FailureLimiter(1, 1000);
    limiter.fail('user', 0);
    expect(limiter.blockedFor('user', 1)).toBeGreaterThan(0);
    limiter.reset('user');
    expect(limiter.blockedFor('user', 1)).toBe(0);
  });
});
