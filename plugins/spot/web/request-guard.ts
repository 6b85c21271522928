import { MARKET_REQUEST_GUARD_MS } from '../../../core/shared';

interface Sent {
  at: number;
  settled: boolean;
  promise: Promise<unknown>;
}

export interface GuardClock {
  now(): number;
  later(run: () => void, ms: number): unknown;
  cancel(handle: unknown): void;
}

const systemClock: GuardClock = {
  now: () => Date.now(),
  later: (run, ms) => setTimeout(run, ms),
  cancel: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Spec §9's one-second guard on market data: a request for the same key while one is under way, or within a
 * second of the last, gets the answer already sent for. `resync` (after a sequence gap or a member's change)
 * never loses the request: when the guard holds it back, it runs once as soon as the second is over.
 */
export class RequestGuard {
  private readonly sent = new Map<string, Sent>();
  private readonly waiting = new Map<string, unknown>();

  constructor(
    private readonly windowMs: number = MARKET_REQUEST_GUARD_MS,
    private readonly clock: GuardClock = systemClock,
  ) {}

  run<T>(key: string, send: () => Promise<T>): Promise<T> {
    const last = this.sent.get(key);
    if (last && this.holds(last)) return last.promise as Promise<T>;
    const entry: Sent = { at: this.clock.now(), settled: false, promise: send() };
    const settle = () => {
      entry.settled = true;
    };
    entry.promise.then(settle, settle);
    this.sent.set(key, entry);
    return entry.promise as Promise<T>;
  }

  /**
   * Sends now when the guard allows, else once when it does (one waiting request per key); `use` gets the
   * answer either way (a failed request is left to the HTTP client's message).
   */
  resync<T>(key: string, send: () => Promise<T>, use: (value: T) => void): void {
    const last = this.sent.get(key);
    if (!last || !this.holds(last)) {
      this.run(key, send).then(use, () => {});
      return;
    }
    if (this.waiting.has(key)) return;
    const retry = () => {
      this.waiting.delete(key);
      this.resync(key, send, use);
    };
    const wait = last.settled ? Math.max(0, last.at + this.windowMs - this.clock.now()) : this.windowMs;
    this.waiting.set(key, this.clock.later(retry, wait));
  }

  dispose(): void {
    for (const handle of this.waiting.values()) this.clock.cancel(handle);
    this.waiting.clear();
  }

  private holds(last: Sent): boolean {
    return !last.settled || this.clock.now() - last.at < this.windowMs;
  }
}
