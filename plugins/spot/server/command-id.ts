import { randomUUID } from 'node:crypto';

/**
 * A fresh spot command id: `spot:<time>-<uuid>`, the time (milliseconds in base 36, fixed width) first, so that
 * ids arrive in nearly ascending order and each lands at the right edge of spot_command's id index. A random id
 * lands on a random page of that index, and every page a batch changes is written to the log at its commit.
 */
export function newSpotCommandId(at: number): string {
  return `spot:${Math.max(0, Math.trunc(at)).toString(36).padStart(9, '0')}-${randomUUID()}`;
}
