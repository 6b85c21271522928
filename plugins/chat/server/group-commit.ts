/**
 * Writes queued jobs together: every job queued while a batch commits goes into the next batch, and a batch is
 * one call of `commit` (one transaction, so one disk sync instead of one per job). When a batch fails, its jobs
 * are committed one by one, so a bad job fails alone.
 */
export class GroupCommit<J, R> {
  private queue: Array<{ job: J; resolve: (result: R) => void; reject: (error: unknown) => void }> = [];
  private running = false;

  constructor(private readonly commit: (jobs: J[]) => Promise<R[]>) {}

  submit(job: J): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      if (!this.running) {
        this.running = true;
        // the jobs of this turn of the event loop join the first batch
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0);
      try {
        const results = await this.commit(batch.map((entry) => entry.job));
        batch.forEach((entry, index) => entry.resolve(results[index]));
      } catch (error) {
        if (batch.length === 1) batch[0].reject(error);
        else for (const entry of batch) await this.commit([entry.job]).then(([result]) => entry.resolve(result), entry.reject);
      }
    }
    this.running = false;
  }
}
