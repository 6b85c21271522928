import { describe, expect, it } from 'vitest';
import { ACCOUNT_LOCK_FAILURES, IP_MAX_FAILURES, LOCK_MS, accountGate, delayAfter, ipBlockedFor, streakLength } from './lockout';

const now = new Date('2026-03-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('account lockout policy', () => {
  it('lets the first failure retry at once, then waits longer after each failure', () => {
    expect(delayAfter(1)).toBe(0);
    expect([2, 3, 4].map(delayAfter)).toEqual([1000, 2000, 4000]);
    expect(accountGate([ago(10)], now)).toEqual({ state: 'open' });
    expect(accountGate([ago(3000), ago(500)], now)).toEqual({ state: 'delayed', retryAfterMs: 500 });
    expect(accountGate([ago(3000), ago(1000)], now)).toEqual({ state: 'open' });
    expect(accountGate([ago(9000), ago(5000), ago(1000)], now)).toEqual({ state: 'delayed', retryAfterMs: 1000 });
  });

  it('locks for 15 minutes after the fifth failure of a streak', () => {
    const five = [ago(60_000), ago(50_000), ago(40_000), ago(30_000), ago(20_000)];
    expect(five).toHaveLength(ACCOUNT_LOCK_FAILURES);
    expect(accountGate(five, now)).toEqual({ state: 'locked', retryAfterMs: LOCK_MS - 20_000 });
    const later = new Date(now.getTime() + LOCK_MS);
    expect(accountGate(five, later)).toEqual({ state: 'open' });
  });

  it('starts a new streak after a pause of 15 minutes', () => {
    const failures = [ago(LOCK_MS * 2.6), ago(LOCK_MS * 2.4), ago(LOCK_MS * 2.2), ago(LOCK_MS * 2), ago(5000)];
    expect(streakLength(failures, now)).toBe(1);
    expect(accountGate(failures, now)).toEqual({ state: 'open' });
  });
});

describe('IP limit', () => {
  it('refuses an IP with 20 failures in 15 minutes until the oldest of them is 15 minutes old', () => {
    const failures = Array.from({ length: IP_MAX_FAILURES }, (_, index) => ago(10 * 60_000 - index * 1000));
    expect(ipBlockedFor(failures.slice(1), now)).toBe(0);
    expect(ipBlockedFor(failures, now)).toBe(5 * 60_000);
    expect(ipBlockedFor([ago(LOCK_MS), ...failures.slice(1)], now)).toBe(0);
  });
});
