/**
 * Request weight per key and minute (fixed one-minute windows, as Binance counts). Past the limit a key is answered
 * 429; a key that goes on to twice the limit in the same minute is refused (418) until the minute ends.
 */
export class WeightLimit {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(
    readonly limitPerMinute: number,
    private readonly now: () => number,
  ) {}

  /** Charges the weight; 'ok', 'limited' (429) or 'banned' (418) with the end of the current window. */
  charge(key: string, weight: number): { verdict: 'ok' | 'limited' | 'banned'; until: number } {
    const now = this.now();
    const start = now - (now % 60_000);
    let window = this.windows.get(key);
    if (!window || window.start !== start) {
      if (this.windows.size > 10_000) this.forgetBefore(start);
      window = { start, used: 0 };
      this.windows.set(key, window);
    }
    window.used += weight;
    const until = start + 60_000;
    if (window.used > 2 * this.limitPerMinute) return { verdict: 'banned', until };
    if (window.used > this.limitPerMinute) return { verdict: 'limited', until };
    return { verdict: 'ok', until };
  }

  private forgetBefore(start: number): void {
    for (const [key, window] of this.windows) if (window.start < start) this.windows.delete(key);
  }
}
