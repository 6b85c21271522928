/**
 * Counts failures per key in a sliding window (in memory, per process): after `max` failures within
 * `windowMs` the key is blocked until the oldest of them leaves the window.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, nowMs: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((at) => nowMs - at < this.windowMs);
    if (kept.length > 0) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Milliseconds until the key may try again; 0 when it is not blocked. */
  blockedFor(key: string, nowMs: number): number {
    const recent = this.recent(key, nowMs);
    if (recent.length < this.max) return 0;
    return recent[recent.length - this.max] + this.windowMs - nowMs;
  }

  fail(key: string, nowMs: number): void {
    this.failures.set(key, [...this.recent(key, nowMs), nowMs]);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}
