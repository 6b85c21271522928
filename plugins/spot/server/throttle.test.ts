import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Throttle } from './throttle';

describe('Throttle', () => {
  let runs: number[];
  let throttle: Throttle;

  beforeEach(() => {
    vi.useFakeTimers();
    runs = [];
    throttle = new Throttle(100, () => runs.push(Date.now()), () => Date.now());
  });
  afterEach(() => {
    throttle.stop();
    vi.useRealTimers();
  });

  it('runs once at the next turn for all requests of a turn', () => {
    const start = Date.now();
    throttle.request();
    throttle.request();
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(runs).toEqual([start]);
  });

  it('collapses the requests within an interval into one run when it ends', () => {
    const start = Date.now();
    throttle.request();
    vi.advanceTimersByTime(0);
    for (let step = 0; step < 9; step++) {
      vi.advanceTimersByTime(10);
      throttle.request();
    }
    expect(runs).toHaveLength(1);
    vi.advanceTimersByTime(9);
    expect(runs).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual([start, start + 100]);
  });

  it('runs at most ten times a second however often asked', () => {
    for (let ms = 0; ms < 999; ms++) {
      throttle.request();
      vi.advanceTimersByTime(1);
    }
    expect(runs.length).toBeLessThanOrEqual(10);
    expect(runs.length).toBeGreaterThanOrEqual(9);
    for (let i = 1; i < runs.length; i++) expect(runs[i]! - runs[i - 1]!).toBeGreaterThanOrEqual(100);
  });

  it('runs at once after a quiet interval, and never after stop', () => {
    throttle.request();
    vi.advanceTimersByTime(500);
    throttle.request();
    vi.advanceTimersByTime(0);
    expect(runs).toHaveLength(2);
    throttle.request();
    throttle.stop();
    vi.advanceTimersByTime(1000);
    throttle.request();
    vi.advanceTimersByTime(1000);
    expect(runs).toHaveLength(2);
  });
});
