import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TickerFeed } from './ticker-feed';

describe('TickerFeed', () => {
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 1_000;
  });
  afterEach(() => vi.useRealTimers());

  function feed(send: () => Promise<void> = async () => {}) {
    const sent: number[] = [];
    const errors: unknown[] = [];
    const instance = new TickerFeed(
      async () => {
        sent.push(clock);
        await send();
      },
      (error) => errors.push(error),
      () => clock,
      100,
    );
    const advance = async (ms: number) => {
      clock += ms;
      await vi.advanceTimersByTimeAsync(ms);
    };
    return { instance, sent, errors, advance };
  }

  it('sends the first change at once and collapses a burst into one trailing send per interval', async () => {
    const { instance, sent, advance } = feed();
    instance.changed();
    await advance(0);
    expect(sent).toEqual([1_000]);
    for (let step = 0; step < 10; step += 1) {
      instance.changed();
      await advance(10);
    }
    expect(sent).toEqual([1_000, 1_100]);
    await advance(200);
    expect(sent).toEqual([1_000, 1_100]);
  });

  it('sends again after a change made while a send was running', async () => {
    let finish: () => void = () => {};
    const { instance, sent, advance } = feed(() => new Promise<void>((resolve) => (finish = resolve)));
    instance.changed();
    await advance(0);
    instance.changed();
    await advance(300);
    expect(sent).toHaveLength(1);
    finish();
    await advance(0);
    expect(sent).toHaveLength(2);
  });

  it('reports a failed send and keeps going', async () => {
    let fail = true;
    const { instance, sent, errors, advance } = feed(async () => {
      if (fail) throw new Error('database gone');
    });
    instance.changed();
    await advance(0);
    expect(errors).toHaveLength(1);
    fail = false;
    instance.changed();
    await advance(100);
    expect(sent).toHaveLength(2);
    expect(errors).toHaveLength(1);
  });

  it('sends nothing once stopped', async () => {
    const { instance, sent, advance } = feed();
    instance.changed();
    instance.stop();
    await advance(500);
    instance.changed();
    await advance(500);
    expect(sent).toEqual([]);
  });
});
