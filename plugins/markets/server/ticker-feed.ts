/** Minimum time between two ticker messages of the market topics: at most 10 a second. */
export const TICKER_INTERVAL_MS = 100;

/**
 * Sends the ticker messages at most once per interval: the first change after a quiet interval goes out at once
 * (on the next turn of the event loop), later ones within it collapse into one trailing send. The message is
 * built when it is sent, so a burst of tickers costs one build.
 */
export class TickerFeed {
  private lastSentAt = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pending = false;
  private sending = false;
  private stopped = false;

  constructor(
    private readonly send: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = () => performance.now(),
    private readonly intervalMs = TICKER_INTERVAL_MS,
  ) {}

  changed(): void {
    this.pending = true;
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.stopped || this.timer || this.sending || !this.pending) return;
    const wait = Math.max(0, this.lastSentAt + this.intervalMs - this.now());
    this.timer = setTimeout(() => this.flush(), wait);
    this.timer.unref?.();
  }

  private flush(): void {
    this.timer = null;
    this.pending = false;
    this.sending = true;
    this.lastSentAt = this.now();
    this.send()
      .catch(this.onError)
      .finally(() => {
        this.sending = false;
        this.schedule();
      });
  }
}
