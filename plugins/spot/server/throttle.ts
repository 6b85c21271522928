/**
 * Runs a job at most once per interval: the first request after a quiet interval runs at the next turn (so the
 * requests of one turn share the run), later ones collapse into one run as soon as the interval has passed.
 */
export class Throttle {
  private lastRun = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(
    private readonly intervalMs: number,
    private readonly job: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  request(): void {
    if (this.timer !== null || this.stopped) return;
    const wait = Math.max(0, this.lastRun + this.intervalMs - this.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.lastRun = this.now();
      this.job();
    }, wait);
    this.timer.unref?.();
  }

  /** Drops a pending run; later requests do nothing. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
