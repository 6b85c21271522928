import { Worker, type WorkerOptions } from 'node:worker_threads';

/** A worker thread being started, and when it runs. */
export interface StartingWorker {
  worker: Worker;
  /** Settles once the module has posted `{ ready: true }`; rejects — the thread stopped — when it posts `{ error }` or throws. */
  ready: Promise<void>;
}

/**
 * A worker thread running the TypeScript module `source` (tsx's loader registered inside the thread first), returned at
 * once: messages posted to it meanwhile wait in its queue until the module listens.
 */
export function spawnWorker(source: URL, options: Omit<WorkerOptions, 'eval'>): StartingWorker {
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); })`;
  const worker = new Worker(boot, { ...options, eval: true });
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', (message: { ready?: boolean; error?: string }) => (message.ready ? resolve() : reject(new Error(message.error))));
    worker.once('error', reject);
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  return { worker, ready };
}

/** `spawnWorker`, once the module runs; its error thrown here when it cannot start. */
export async function startWorker(source: URL, options: Omit<WorkerOptions, 'eval'>): Promise<Worker> {
  const { worker, ready } = spawnWorker(source, options);
  await ready;
  return worker;
}
