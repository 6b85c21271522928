import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running the TypeScript module `source` (tsx's loader registered inside the thread first), once
 * the module has posted `{ ready: true }`; a module that posts `{ error }` instead, or throws, is stopped and its
 * error thrown here.
 */
export async function startWorker(source: URL, options: Omit<WorkerOptions, 'eval'>): Promise<Worker> {
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); })`;
  const worker = new Worker(boot, { ...options, eval: true });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (message: { ready?: boolean; error?: string }) => (message.ready ? resolve() : reject(new Error(message.error))));
      worker.once('error', reject);
    });
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return worker;
}
