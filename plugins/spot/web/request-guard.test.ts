import { describe, expect, it, vi } from 'vitest';
import { RequestGuard } from './request-guard';
import { ManualClock, settle } from './testing/spot-fixtures';

describe('RequestGuard', () => {
  it('reuses a request under way and one answered less than a second ago, per key', async () => {
    const clock = new ManualClock();
    const guard = new RequestGuard(1000, clock);
    const send = vi.fn(async () => 'answer');
    const first = guard.run('depth', send);
    expect(guard.run('depth', send)).toBe(first);
    await first;
    clock.advance(999);
    expect(guard.run('depth', send)).toBe(first);
    expect(send).toHaveBeenCalledTimes(1);
    guard.run('trades', send);
    expect(send).toHaveBeenCalledTimes(2);
    clock.advance(1);
    await guard.run('depth', send);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('a request under way holds others even after the second has passed', async () => {
    const clock = new ManualClock();
    const guard = new RequestGuard(1000, clock);
    let release: (value: string) => void = () => {};
    const send = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const pending = guard.run('k', send);
    clock.advance(5000);
    expect(guard.run('k', send)).toBe(pending);
    release('done');
    await expect(pending).resolves.toBe('done');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('resync sends at once when allowed, else exactly once when the second is over', async () => {
    const clock = new ManualClock();
    const guard = new RequestGuard(1000, clock);
    let n = 0;
    const send = vi.fn(async () => ++n);
    const used: number[] = [];
    guard.resync('k', send, (value) => used.push(value));
    await settle();
    expect(used).toEqual([1]);
    clock.advance(400);
    guard.resync('k', send, (value) => used.push(value));
    guard.resync('k', send, (value) => used.push(value));
    expect(clock.pending).toBe(1);
    clock.advance(599);
    await settle();
    expect(used).toEqual([1]);
    clock.advance(1);
    await settle();
    expect(used).toEqual([1, 2]);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('a request whose signal aborted is no repeat: the next one for its key is sent', async () => {
    const clock = new ManualClock();
    const guard = new RequestGuard(1000, clock);
    const send = vi.fn(() => new Promise<string>(() => {}));
    const market = new AbortController();
    const abandoned = guard.run('depth:BTC_USDT', send, market.signal);
    expect(guard.run('depth:BTC_USDT', send)).toBe(abandoned);
    market.abort();
    const next = guard.run('depth:BTC_USDT', send, new AbortController().signal);
    expect(next).not.toBe(abandoned);
    expect(send).toHaveBeenCalledTimes(2);
    // the new request, whose signal is live, holds the key as usual
    expect(guard.run('depth:BTC_USDT', send)).toBe(next);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('a resync waiting on a signal that aborts is dropped, and one with an aborted signal sends nothing', async () => {
    const clock = new ManualClock();
    const guard = new RequestGuard(1000, clock);
    const send = vi.fn(async () => 1);
    const used: number[] = [];
    const market = new AbortController();
    guard.resync('k', send, (value) => used.push(value), market.signal);
    guard.resync('k', send, (value) => used.push(value), market.signal);
    expect(clock.pending).toBe(1);
    market.abort();
    expect(clock.pending).toBe(0);
    clock.advance(2000);
    await settle();
    guard.resync('other', send, (value) => used.push(value), market.signal);
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
    expect(used).toEqual([1]);
  });

  it('dispose drops the waiting requests', async () => {
    const clock = new ManualClock();
    const guard = new RequestGuard(1000, clock);
    const send = vi.fn(async () => 1);
    guard.resync('k', send, () => {});
    guard.resync('k', send, () => {});
    guard.dispose();
    clock.advance(2000);
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
