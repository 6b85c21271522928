import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnWorker, workerScript } from './start-worker';

const CHECKPOINTER = new URL('./sqlite-checkpointer.worker.ts', import.meta.url);

describe('worker threads of TypeScript modules', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bourse-start-worker-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('runs the bundled module with its packages and is ready once the module says so', async () => {
    const { worker, ready } = spawnWorker(CHECKPOINTER, { workerData: { file: join(dir, 'a.db'), everyMs: 1000 } });
    await expect(ready).resolves.toBeUndefined();
    const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
    worker.postMessage('stop');
    expect(await exited).toBe(0);
  });

  it("rejects ready with the module's error and stops the thread", async () => {
    const { worker, ready } = spawnWorker(CHECKPOINTER, { workerData: { file: join(dir, 'missing', 'a.db'), everyMs: 1000 } });
    const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
    await expect(ready).rejects.toThrow(/directory does not exist|unable to open/i);
    await exited;
    expect(worker.threadId).toBe(-1);
  });

  it('bundles a module once, as a script that keeps its packages as requires', () => {
    const path = fileURLToPath(CHECKPOINTER);
    const script = workerScript(path);
    expect(workerScript(path)).toBe(script);
    expect(script).toContain('require("better-sqlite3")');
    expect(script).not.toMatch(/\bimport\s/);
  });

  it('throws for a module that cannot be bundled', () => {
    expect(() => workerScript(join(dir, 'no-such-module.ts'))).toThrow(/Could not resolve|no-such-module/);
  });
});
