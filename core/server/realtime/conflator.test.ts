import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Conflator } from './conflator';

describe('Conflator', () => {
  let sent: Array<[string, unknown]>;
  let conflator: Conflator;

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    conflator = new Conflator(100, (topic, payload) => sent.push([topic, payload]), () => Date.now());
  });
  afterEach(() => {
    conflator.stop();
    vi.useRealTimers();
  });

  it('sends the first update at once and collapses a burst into one trailing send of the newest', () => {
    for (let i = 0; i < 50; i++) {
      conflator.offer('ticker', i);
      vi.advanceTimersByTime(1);
    }
    expect(sent).toEqual([['ticker', 0]]);
    vi.advanceTimersByTime(50);
    expect(sent).toEqual([
      ['ticker', 0],
      ['ticker', 49],
    ]);
  });

  it('never sends a topic more often than once per interval under a steady stream', () => {
    for (let ms = 0; ms < 1000; ms++) {
      conflator.offer('depth', ms);
      vi.advanceTimersByTime(1);
    }
    vi.advanceTimersByTime(200);
    expect(sent.length).toBeGreaterThanOrEqual(10);
    expect(sent.length).toBeLessThanOrEqual(11);
    expect(sent.at(-1)).toEqual(['depth', 999]);
  });

  it('keeps topics apart', () => {
    conflator.offer('a', 1);
    conflator.offer('b', 1);
    conflator.offer('a', 2);
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([
      ['a', 1],
      ['b', 1],
      ['a', 2],
    ]);
  });

  it('sends nothing after stop', () => {
    conflator.offer('a', 1);
    conflator.offer('a', 2);
    conflator.stop();
    vi.advanceTimersByTime(500);
    conflator.offer('a', 3);
    expect(sent).toEqual([['a', 1]]);
  });
});
