/** Counts requests per key in fixed windows, in memory: enough to slow down probing of one endpoint. */
export class RequestWindow {
  private readonly counts = new Map<string, { windowStart: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts a request; false when the key is over the limit in the current window. */
  admit(key: string): boolean {
    const at = this.now();
    const entry = this.counts.get(key);
    if (!entry || at - entry.windowStart >= this.windowMs) {
      if (this.counts.size > 10_000) this.sweep(at);
      this.counts.set(key, { windowStart: at, count: 1 });
      return true;
    }
    entry.count++;
    return entry.count <= this.limit;
  }

  private sweep(at: number): void {
    for (const [key, entry] of this.counts) if (at - entry.windowStart >= this.windowMs) this.counts.delete(key);
  }
}
