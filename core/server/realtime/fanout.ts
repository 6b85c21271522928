import { encodePublishPacket } from './publish-packet';

/** The JSON every realtime message carries. */
export interface RealtimeEnvelope<T = unknown> {
  /** Per-topic sequence number: 1 for the first message sent on the topic, +1 for each one after. */
  seq: number;
  /** Server time of the publish, ms since the epoch. */
  ts: number;
  data: T;
}

/**
 * Who reads which topic, and the outgoing messages of the current event-loop turn. Messages are framed once
 * (one MQTT PUBLISH buffer each). At the end of the turn every subscriber gets one buffer: the frames of all the
 * turn's topics it reads, joined once per distinct set of topics and shared by every subscriber reading that set.
 * A burst on several topics thus costs one write per subscriber and no per-subscriber copying.
 */
export class Fanout<S extends object> {
  private readonly subscribers = new Map<string, Set<S>>();
  private readonly topicsOf = new Map<S, Set<string>>();
  private readonly sequence = new Map<string, number>();
  private readonly outbox = new Map<string, Buffer[]>();
  private scheduled: NodeJS.Immediate | null = null;
  private stopped = false;

  /** @param deliver writes a buffer of frames to one subscriber; called at most once per subscriber and turn */
  constructor(
    private readonly deliver: (subscriber: S, frames: Buffer) => void,
    private readonly now: () => number = Date.now,
  ) {}

  add(subscriber: S, topic: string): void {
    let readers = this.subscribers.get(topic);
    if (!readers) this.subscribers.set(topic, (readers = new Set()));
    readers.add(subscriber);
    let topics = this.topicsOf.get(subscriber);
    if (!topics) this.topicsOf.set(subscriber, (topics = new Set()));
    topics.add(topic);
  }

  remove(subscriber: S, topic: string): void {
    const readers = this.subscribers.get(topic);
    if (readers) {
      readers.delete(subscriber);
      if (readers.size === 0) this.subscribers.delete(topic);
    }
    const topics = this.topicsOf.get(subscriber);
    if (topics) {
      topics.delete(topic);
      if (topics.size === 0) this.topicsOf.delete(subscriber);
    }
  }

  removeSubscriber(subscriber: S): void {
    for (const topic of this.topicsOf.get(subscriber) ?? []) {
      const readers = this.subscribers.get(topic);
      readers?.delete(subscriber);
      if (readers?.size === 0) this.subscribers.delete(topic);
    }
    this.topicsOf.delete(subscriber);
  }

  subscriberCount(topic: string): number {
    return this.subscribers.get(topic)?.size ?? 0;
  }

  /**
   * Frames a message for the topic and queues it for the end of this turn. A topic nobody reads costs nothing
   * and uses no sequence number, so readers see consecutive numbers unless a message was really lost.
   */
  send(topic: string, data: unknown): void {
    if (this.stopped || !this.subscribers.has(topic)) return;
    const seq = (this.sequence.get(topic) ?? 0) + 1;
    this.sequence.set(topic, seq);
    const envelope: RealtimeEnvelope = { seq, ts: this.now(), data };
    const frame = encodePublishPacket(topic, JSON.stringify(envelope));
    const frames = this.outbox.get(topic);
    if (frames) frames.push(frame);
    else this.outbox.set(topic, [frame]);
    this.scheduled ??= setImmediate(() => this.flush());
  }

  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    if (this.outbox.size === 1) {
      const [[topic, frames]] = this.outbox;
      this.outbox.clear();
      const bytes = frames.length === 1 ? frames[0] : Buffer.concat(frames);
      for (const reader of this.subscribers.get(topic) ?? []) this.deliver(reader, bytes);
      return;
    }
    const topics: Buffer[] = [];
    // Which of this turn's topics each subscriber reads, as indexes into `topics` in ascending order.
    const readsOf = new Map<S, number[]>();
    for (const [topic, frames] of this.outbox) {
      const readers = this.subscribers.get(topic);
      if (!readers) continue;
      const index = topics.push(frames.length === 1 ? frames[0] : Buffer.concat(frames)) - 1;
      for (const reader of readers) {
        const reads = readsOf.get(reader);
        if (reads) reads.push(index);
        else readsOf.set(reader, [index]);
      }
    }
    this.outbox.clear();
    const joined = new Map<string, Buffer>();
    for (const [reader, reads] of readsOf) {
      if (reads.length === 1) {
        this.deliver(reader, topics[reads[0]]);
        continue;
      }
      const key = reads.join(',');
      let bytes = joined.get(key);
      if (!bytes) joined.set(key, (bytes = Buffer.concat(reads.map((index) => topics[index]))));
      this.deliver(reader, bytes);
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    this.outbox.clear();
    this.subscribers.clear();
    this.topicsOf.clear();
  }
}
