interface ConflatedTopic {
  latest: unknown;
  pending: boolean;
  lastSentAt: number;
  timer: NodeJS.Timeout | null;
}

/**
 * Keeps the latest payload per topic and lets at most one through per interval: the first update after a
 * quiet interval leaves at once, later ones within the interval collapse into one trailing send of the newest.
 */
export class Conflator {
  private readonly topics = new Map<string, ConflatedTopic>();
  private stopped = false;

  constructor(
    private readonly intervalMs: number,
    private readonly send: (topic: string, payload: unknown) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  offer(topic: string, payload: unknown): void {
    if (this.stopped) return;
    let state = this.topics.get(topic);
    if (!state) {
      state = { latest: undefined, pending: false, lastSentAt: -Infinity, timer: null };
      this.topics.set(topic, state);
    }
    const now = this.now();
    if (!state.timer && now - state.lastSentAt >= this.intervalMs) {
      state.lastSentAt = now;
      this.send(topic, payload);
      return;
    }
    state.latest = payload;
    state.pending = true;
    if (!state.timer) {
      const wait = Math.max(0, state.lastSentAt + this.intervalMs - now);
      state.timer = setTimeout(() => this.flush(topic), wait);
      state.timer.unref();
    }
  }

  stop(): void {
    this.stopped = true;
    for (const state of this.topics.values()) if (state.timer) clearTimeout(state.timer);
    this.topics.clear();
  }

  private flush(topic: string): void {
    const state = this.topics.get(topic);
    if (!state) return;
    state.timer = null;
    if (!state.pending) return;
    const payload = state.latest;
    state.latest = undefined;
    state.pending = false;
    state.lastSentAt = this.now();
    this.send(topic, payload);
  }
}
