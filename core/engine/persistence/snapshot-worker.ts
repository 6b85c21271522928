import type { Worker } from 'node:worker_threads';
import type { Currency } from '../ledger/currency';
import type { MadeSnapshot, SnapshotPoint } from './spot-service';
import type { StoredSnapshot } from './spot-store';
import { startWorker } from './start-worker';

/** Where the snapshot thread opens its own connection: the site's SQLite file or its PostgreSQL URL. */
export type DatabaseAddress = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

/** What the snapshot thread is sent (handled by snapshot-worker.worker.ts). */
export type SnapshotRequest = { id: number; point: SnapshotPoint; currencies: Currency[] } | { close: true };
export type SnapshotReply = { id: number; snapshot: StoredSnapshot } | { id: number; storedAt: number } | { id: number; error: string };

/**
 * Makes the snapshots taken while running in a thread of its own (SpotServiceOptions.snapshotMaker): it rebuilds
 * the engines at the asked point from the newest stored snapshot and the committed logs, and encodes them there —
 * and on PostgreSQL stores them too. The thread applying commands only asks (and on SQLite hands the answer to the
 * ledger's writer), however big the books — at the price of replaying the commands since the last snapshot a second
 * time, in the background. The thread starts at the first request.
 */
export class SnapshotWorker {
  private worker: Promise<Worker> | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(made: MadeSnapshot): void; reject(error: Error): void }>();

  constructor(private readonly address: DatabaseAddress) {}

  /** The snapshot at `point`, a committed state (snapshotFromStore in the thread); on PostgreSQL, stored there. */
  readonly make = async (point: SnapshotPoint, currencies: Currency[]): Promise<MadeSnapshot> => {
    const worker = await (this.worker ??= this.start());
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, point, currencies } satisfies SnapshotRequest);
    });
  };

  async close(): Promise<void> {
    const worker = await this.worker?.catch(() => undefined);
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage({ close: true } satisfies SnapshotRequest);
    await exited;
  }

  private async start(): Promise<Worker> {
    let worker: Worker;
    try {
      worker = await startWorker(new URL('./snapshot-worker.worker.ts', import.meta.url), { workerData: this.address });
    } catch (error) {
      // the next request tries again
      this.worker = undefined;
      throw error;
    }
    worker.on('message', (reply: SnapshotReply) => {
      const waiter = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ('error' in reply) waiter?.reject(new Error(reply.error));
      else waiter?.resolve('storedAt' in reply ? { storedAt: reply.storedAt } : asStored(reply.snapshot));
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', () => {
      this.worker = undefined;
      this.failAll(new Error('snapshot thread exited'));
    });
    return worker;
  }

  private failAll(error: Error): void {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }
}

/** A snapshot as it crossed the thread boundary (its Buffers arrive as plain Uint8Arrays), as Buffers again. */
function asStored(snapshot: StoredSnapshot): StoredSnapshot {
  const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { ...snapshot, body: buffer(snapshot.body), chunks: snapshot.chunks.map(buffer) };
}
