/**
 * A background pass run on start and again `intervalMs` after each one ends, never two at a time: a run asked
 * for while a pass is going waits for it and then runs the pass once more. The pass handles its own errors.
 */
export class PollLoop {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly intervalMs: number,
  ) {}

  get started(): boolean {
    return !this.stopped;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops the timer and waits for a running pass. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs the pass now (after the current one, when one is running). */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.pass();
        } while (this.again && !this.stopped);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(async () => {
      await this.run();
      this.schedule(this.intervalMs);
    }, delay);
    this.timer.unref?.();
  }
}
