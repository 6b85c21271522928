import { describe, expect, it } from 'vitest';
import { SendThrottle } from './send-throttle';

describe('SendThrottle', () => {
  it('lets a burst through, then one message per second', () => {
    const throttle = new SendThrottle(3, 1);
    expect([0, 0, 0, 0].map(() => throttle.take('user:1', 1000))).toEqual([true, true, true, false]);
    expect(throttle.take('user:1', 1500)).toBe(false);
    expect(throttle.take('user:1', 2000)).toBe(true);
    expect(throttle.take('user:1', 2000)).toBe(false);
  });

  it('keeps senders apart and refills to the burst at most', () => {
    const throttle = new SendThrottle(2, 1);
    expect(throttle.take('user:1', 0)).toBe(true);
    expect(throttle.take('user:2', 0)).toBe(true);
    expect(throttle.take('user:2', 0)).toBe(true);
    expect(throttle.take('user:2', 0)).toBe(false);
    const later = 60_000;
    expect([0, 0, 0].map(() => throttle.take('user:1', later))).toEqual([true, true, false]);
  });
});
