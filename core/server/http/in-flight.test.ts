import { describe, expect, it } from 'vitest';
import { HandlersInFlight } from './in-flight';

describe('HandlersInFlight', () => {
  it('settles at once when nothing runs, and only after the last running handler otherwise', async () => {
    const inFlight = new HandlersInFlight();
    await inFlight.settled(10_000);
    let finish!: () => void;
    const handler = inFlight.run(() => new Promise<string>((resolve) => (finish = () => resolve('done'))));
    const failing = inFlight.run(() => Promise.reject(new Error('refused')));
    await expect(failing).rejects.toThrow('refused');
    expect(inFlight.count).toBe(1);
    let settled = false;
    const waiting = inFlight.settled(10_000).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    finish();
    expect(await handler).toBe('done');
    await waiting;
    expect(settled).toBe(true);
    expect(inFlight.count).toBe(0);
  });

  it('gives up waiting after the limit', async () => {
    const inFlight = new HandlersInFlight();
    void inFlight.run(() => new Promise(() => undefined));
    const started = Date.now();
    await inFlight.settled(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(inFlight.count).toBe(1);
  });
});
