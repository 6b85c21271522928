import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

describe('GroupCommit', () => {
  it('commits the jobs of one turn together and those queued meanwhile in the next batch', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const writer = new GroupCommit<number, string>(async (jobs) => {
      batches.push(jobs);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return jobs.map((job) => `done ${job}`);
    });
    const first = [writer.submit(1), writer.submit(2)];
    await new Promise((resolve) => setImmediate(resolve));
    const later = [writer.submit(3), writer.submit(4), writer.submit(5)];
    release();
    expect(await Promise.all([...first, ...later])).toEqual(['done 1', 'done 2', 'done 3', 'done 4', 'done 5']);
    expect(batches).toEqual([[1, 2], [3, 4, 5]]);
  });

  it('retries a failed batch job by job, so only the bad job fails', async () => {
    const writer = new GroupCommit<number, number>(async (jobs) => {
      if (jobs.includes(2)) throw new Error('bad job');
      return jobs.map((job) => job * 10);
    });
    const results = await Promise.allSettled([writer.submit(1), writer.submit(2), writer.submit(3)]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'))).toEqual([10, 'failed', 30]);
    // the writer keeps working afterwards
    expect(await writer.submit(4)).toBe(40);
  });
});
