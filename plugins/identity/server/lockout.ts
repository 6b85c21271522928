/**
 * Login throttling policy (pure). Failures are counted per account name (whether or not such an account
 * exists, so the answers do not tell) and per IP.
 *
 * Per account, a "streak" is the run of failures since the last success in which no two are more than
 * LOCK_MS apart. From the 2nd failure of a streak the next attempt waits 1 s, then 2 s, 4 s; the 5th
 * failure locks the account name for LOCK_MS after it. The lock is enforced before the password is
 * checked, except for a device the account has signed in from before: its owner still gets in with the
 * right password, so strangers cannot lock a user out.
 *
 * Per IP, IP_MAX_FAILURES failures within LOCK_MS refuse further attempts from that IP.
 */
export const LOCK_MS = 15 * 60 * 1000;
export const ACCOUNT_LOCK_FAILURES = 5;
export const DELAY_BASE_MS = 1000;
export const IP_MAX_FAILURES = 20;

export type AccountGate =
  | { state: 'open' }
  | { state: 'delayed'; retryAfterMs: number }
  | { state: 'locked'; retryAfterMs: number };

/** Length of the current streak: failures (ascending times) counted back while gaps stay within LOCK_MS. */
export function streakLength(failures: Date[], now: Date): number {
  let length = 0;
  let later = now.getTime();
  for (let index = failures.length - 1; index >= 0; index -= 1) {
    const at = failures[index]!.getTime();
    if (later - at > LOCK_MS) break;
    length += 1;
    later = at;
  }
  return length;
}

/** Wait after the n-th failure of a streak before the next attempt. */
export function delayAfter(failureCount: number): number {
  if (failureCount < 2) return 0;
  return DELAY_BASE_MS * 2 ** (failureCount - 2);
}

/** `failures`: the account name's failures since its last success, oldest first. */
export function accountGate(failures: Date[], now: Date): AccountGate {
  const streak = streakLength(failures, now);
  if (streak === 0) return { state: 'open' };
  const last = failures[failures.length - 1]!.getTime();
  const nowMs = now.getTime();
  if (streak >= ACCOUNT_LOCK_FAILURES) {
    const until = last + LOCK_MS;
    return until > nowMs ? { state: 'locked', retryAfterMs: until - nowMs } : { state: 'open' };
  }
  const until = last + delayAfter(streak);
  return until > nowMs ? { state: 'delayed', retryAfterMs: until - nowMs } : { state: 'open' };
}

/** `failures`: the IP's failures, oldest first. Returns ms until the IP may try again, 0 when it may now. */
export function ipBlockedFor(failures: Date[], now: Date): number {
  const nowMs = now.getTime();
  const recent = failures.filter((at) => nowMs - at.getTime() < LOCK_MS);
  if (recent.length < IP_MAX_FAILURES) return 0;
  return recent[recent.length - IP_MAX_FAILURES]!.getTime() + LOCK_MS - nowMs;
}
