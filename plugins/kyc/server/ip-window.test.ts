import { describe, expect, it } from 'vitest';
import { RequestWindow } from './ip-window';

describe('RequestWindow', () => {
  it('admits up to the limit per key and window, then starts over', () => {
    let now = 0;
    const window = new RequestWindow(2, 1000, () => now);
    expect([window.admit('a'), window.admit('a'), window.admit('a')]).toEqual([true, true, false]);
    expect(window.admit('b')).toBe(true);
    now = 1000;
    expect(window.admit('a')).toBe(true);
  });
});
