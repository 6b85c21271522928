import { TOKEN_REFRESH_CHECK_MS } from '../../shared';

export interface TokenRefresherDeps {
  isLogin: () => boolean;
  /** When the access token was granted, ms. */
  grantedAt: () => number;
  /** Token age, in seconds, from which a refresh is due. */
  tokenTimeS: () => number;
  now: () => number;
  /** Refreshes the tokens and reloads the profile. */
  refresh: () => Promise<void>;
}

/** Checks every 10 s whether the access token is old enough to refresh; one refresh at a time (spec §4). */
export class TokenRefresher {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly deps: TokenRefresherDeps) {}

  get started(): boolean {
    return this.timer !== null;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.check(), TOKEN_REFRESH_CHECK_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Starts a refresh when one is due and none is running; resolves when that refresh ends. */
  check(): Promise<void> {
    if (this.running) return this.running;
    if (!this.deps.isLogin()) return Promise.resolve();
    const ageMs = this.deps.now() - this.deps.grantedAt();
    if (ageMs < this.deps.tokenTimeS() * 1000) return Promise.resolve();
    this.running = this.deps
      .refresh()
      .catch(() => {
        // A failed refresh is tried again at the next check; a 401 has already ended the session.
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
