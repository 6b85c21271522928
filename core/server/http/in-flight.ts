/**
 * Route handlers still running. Closing the server stops the listener and drops the connections at once, but a
 * handler already past its await (an order waiting for its durable commit) goes on: the plugins it uses close
 * only once it has finished, so it never meets a closed ledger.
 */
export class HandlersInFlight {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  get count(): number {
    return this.running;
  }

  async run<T>(handler: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await handler();
    } finally {
      if (--this.running === 0) for (const resolve of this.waiting.splice(0)) resolve();
    }
  }

  /** Resolves once no handler runs, or after `limitMs` whatever still runs. */
  settled(limitMs: number): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, limitMs);
      this.waiting.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
