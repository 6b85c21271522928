import { randomInt } from 'node:crypto';

/** Six random base-36 characters drawn when the process starts: another process's ids (a restart's) differ in it. */
const PROCESS_MARK = randomInt(36 ** 6).toString(36).padStart(6, '0');
let made = 0;

/**
 * A fresh spot command id: `spot:<time><process><count>` — the time (milliseconds in base 36, fixed width) first,
 * so that ids arrive in nearly ascending order and each lands at the right edge of spot_command's id index (a random
 * id lands on a random page of it, and every page a batch changes is written to the log at its commit); then this
 * process's mark and its count of ids made (base 36), so that no two are alike, even with the clock set back.
 *
 * Only the server makes spot command ids (a request's own `id` is overwritten), so they need to be unique, not
 * unguessable. Short, because the engine reads every character of an id (checks, hashes and copies it into its
 * window of accepted ids) and the log and its index store it: about 24 characters, where a UUID made 51.
 */
export function newSpotCommandId(at: number): string {
  made += 1;
  return `spot:${Math.max(0, Math.trunc(at)).toString(36).padStart(9, '0')}${PROCESS_MARK}${made.toString(36)}`;
}
