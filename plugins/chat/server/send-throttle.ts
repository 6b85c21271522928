/** Messages a sender may send in a burst, and how many more per second after it. */
export const SEND_BURST = 10;
export const SEND_PER_SECOND = 1;
/** Senders tracked before the idle ones (their bucket full again) are forgotten. */
const TRACKED_MAX = 10_000;

/** A token bucket per sender: keeps one member or agent from flooding a conversation. */
export class SendThrottle {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly burst = SEND_BURST,
    private readonly perSecond = SEND_PER_SECOND,
  ) {}

  /** Takes one message from the sender's bucket; false when it is empty. */
  take(sender: string, nowMs: number): boolean {
    const bucket = this.buckets.get(sender) ?? { tokens: this.burst, at: nowMs };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((nowMs - bucket.at) / 1000) * this.perSecond);
    bucket.at = nowMs;
    if (bucket.tokens < 1) {
      this.buckets.set(sender, bucket);
      return false;
    }
    bucket.tokens -= 1;
    this.buckets.set(sender, bucket);
    if (this.buckets.size > TRACKED_MAX) this.forgetIdle(nowMs);
    return true;
  }

  private forgetIdle(nowMs: number): void {
    for (const [sender, bucket] of this.buckets) {
      if (bucket.tokens + ((nowMs - bucket.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(sender);
    }
  }
}
