import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Thrown when another live process holds the lock of a SQLite file. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/** Locks this process holds, with how many open databases share each. */
const held = new Map<string, number>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates the lock file with this process's pid; false when it exists. */
function create(path: string): boolean {
  try {
    writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function ownerOf(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes `path` (a file holding the owner's pid) for this process, so that a second server started on the same data
 * directory stops at once with a message that says so, instead of running the same engines on the same log (the
 * ledger's start-up check would report a mismatch that reads like damage). A lock whose process is gone (a crash, a
 * container restarted) is taken over. Several opens in one process share it. Returns the release function.
 */
export function lockDataFile(path: string, what: string): () => void {
  const count = held.get(path);
  if (count === undefined && !create(path)) {
    const owner = ownerOf(path);
    if (owner !== null && owner !== process.pid && isAlive(owner)) {
      throw new DataDirInUseError(`${what} is in use by another process (pid ${owner}): stop it first (if none runs, delete ${path})`);
    }
    writeFileSync(path, `${process.pid}\n`);
  }
  held.set(path, (count ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (held.get(path) ?? 1) - 1;
    if (left > 0) {
      held.set(path, left);
      return;
    }
    held.delete(path);
    if (ownerOf(path) === process.pid) rmSync(path, { force: true });
  };
}
