import { MARKET_REQUEST_GUARD_MS } from '../../../core/shared';

interface Sent {
  at: number;
  settled: boolean;
  promise: Promise<unknown>;
  /** The signal the request was sent with: once aborted, the request holds nothing back. */
  signal: AbortSignal | undefined;
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
 * A request sent with an AbortSignal that has since aborted (its screen moved on) is no longer a repeat: the next
 * one for its key is sent, and a resync still waiting on that signal is dropped.
 */
export class RequestGuard {
  private readonly sent = new Map<string, Sent>();
  private readonly waiting = new Map<string, unknown>();

  constructor(
    private readonly windowMs: number = MARKET_REQUEST_GUARD_MS,
    private readonly clock: GuardClock = systemClock,
  ) {}

  run<T>(key: string, send: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const last = this.sent.get(key);
    if (last && this.holds(last)) return last.promise as Promise<T>;
    const entry: Sent = { at: this.clock.now(), settled: false, promise: send(), signal };
    const settle = () => {
      entry.settled = true;
    };
    entry.promise.then(settle, settle);
    this.sent.set(key, entry);
    return entry.promise as Promise<T>;
  }

  /**
   * Sends now when the guard allows, else once when it does (one waiting request per key); `use` gets the
   * answer either way (a failed request is left to the HTTP client's message). Nothing is sent once `signal`
   * aborts.
   */
  resync<T>(key: string, send: () => Promise<T>, use: (value: T) => void, signal?: AbortSignal): void {
    if (signal?.aborted) return;
    const last = this.sent.get(key);
    if (!last || !this.holds(last)) {
      this.run(key, send, signal).then(use, () => {});
      return;
    }
    if (this.waiting.has(key)) return;
    const drop = () => {
      if (this.waiting.get(key) !== handle) return;
      this.clock.cancel(handle);
      this.waiting.delete(key);
    };
    const retry = () => {
      signal?.removeEventListener('abort', drop);
      this.waiting.delete(key);
      this.resync(key, send, use, signal);
    };
    const wait = last.settled ? Math.max(0, last.at + this.windowMs - this.clock.now()) : this.windowMs;
    const handle = this.clock.later(retry, wait);
    this.waiting.set(key, handle);
    signal?.addEventListener('abort', drop, { once: true });
  }

  dispose(): void {
    for (const handle of this.waiting.values()) this.clock.cancel(handle);
    this.waiting.clear();
  }

  private holds(last: Sent): boolean {
    if (last.signal?.aborted) return false;
    return !last.settled || this.clock.now() - last.at < this.windowMs;
  }
}
