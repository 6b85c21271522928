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
 * (one MQTT PUBLISH buffer each); at the end of the turn the frames of a topic are joined and the same buffer
 * is written to every subscriber of that topic, so a burst costs one write per subscriber, not one per message.
 */
export class Fanout<S extends object> {
  private readonly subscribers = new Map<string, Set<S>>();
  private readonly topicsOf = new Map<S, Set<string>>();
  private readonly sequence = new Map<string, number>();
  private readonly outbox = new Map<string, Buffer[]>();
  private scheduled: NodeJS.Immediate | null = null;
  private stopped = false;

  /**
   * @param deliver writes a buffer of frames to one subscriber
   * @param endOfTurn called after every subscriber got this turn's frames (e.g. to uncork what was corked)
   */
  constructor(
    private readonly deliver: (subscriber: S, frames: Buffer) => void,
    private readonly endOfTurn: () => void = () => {},
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
    for (const [topic, frames] of this.outbox) {
      const readers = this.subscribers.get(topic);
      if (!readers) continue;
      const bytes = frames.length === 1 ? frames[0] : Buffer.concat(frames);
      for (const reader of readers) this.deliver(reader, bytes);
    }
    this.outbox.clear();
    this.endOfTurn();
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
