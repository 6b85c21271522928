/**
 * A load process of the feed benchmark: connects `--count` lean subscribers to the broker, each reading every
 * topic of the busy market, and counts what they receive inside the measuring window the parent announces.
 * Latency is receive time minus the envelope's `ts` (when the broker framed the message); both clocks are this
 * machine's wall clock.
 */
import { parseArgs } from 'node:util';
import { FEED_TOPICS, FEED_TOPIC_LIST } from './market';
import { addInto, newHistogram, record } from './stats';
import { LeanSubscriber, readEnvelopeHead, readTrailingTime } from './wire';

export interface TopicStats {
  delivered: number;
  bytes: number;
  /** Lowest and highest sequence number seen inside the window: how many messages the broker sent on the topic. */
  firstSeq: number;
  lastSeq: number;
}

export interface LoadStats {
  connected: number;
  delivered: number;
  perTopic: Record<string, TopicStats>;
  /** Sequence numbers a subscriber skipped: messages the broker dropped for it. */
  gaps: number;
  /** A sequence number not above the previous one on the same topic. */
  outOfOrder: number;
  malformed: number;
  /** Subscribers whose connection ended before the report. */
  lost: number;
  /** Publish (envelope ts) to receive, ms. */
  latency: number[];
  /** The update offered to the broker (data.time of depth and ticker) to receive, conflation wait included, ms. */
  offerLatency: number[];
  /** CPU this process used inside the window, in % of one core. */
  cpuPercent: number;
}

export type ToLoad = { kind: 'window'; from: number; to: number } | { kind: 'report' };
export type FromLoad = { kind: 'ready'; connected: number; failures: string[] } | { kind: 'stats'; stats: LoadStats };

const KEEPALIVE_SECONDS = 60;
const CONNECTING_AT_ONCE = 50;

export function emptyStats(): LoadStats {
  const perTopic: Record<string, TopicStats> = {};
  for (const topic of FEED_TOPIC_LIST) perTopic[topic] = { delivered: 0, bytes: 0, firstSeq: Infinity, lastSeq: 0 };
  const counts = { connected: 0, delivered: 0, gaps: 0, outOfOrder: 0, malformed: 0, lost: 0, cpuPercent: 0 };
  return { ...counts, perTopic, latency: newHistogram(), offerLatency: newHistogram() };
}

export function mergeStats(all: LoadStats[]): LoadStats {
  const merged = emptyStats();
  for (const stats of all) {
    merged.connected += stats.connected;
    merged.delivered += stats.delivered;
    merged.gaps += stats.gaps;
    merged.outOfOrder += stats.outOfOrder;
    merged.malformed += stats.malformed;
    merged.lost += stats.lost;
    merged.cpuPercent += stats.cpuPercent;
    addInto(merged.latency, stats.latency);
    addInto(merged.offerLatency, stats.offerLatency);
    for (const [topic, topicStats] of Object.entries(stats.perTopic)) {
      const into = merged.perTopic[topic];
      into.delivered += topicStats.delivered;
      into.bytes += topicStats.bytes;
      into.firstSeq = Math.min(into.firstSeq, topicStats.firstSeq ?? Infinity);
      into.lastSeq = Math.max(into.lastSeq, topicStats.lastSeq);
    }
  }
  return merged;
}

async function runLoad(url: URL, count: number, firstId: number): Promise<void> {
  const stats = emptyStats();
  const topicIndex = new Map(FEED_TOPIC_LIST.map((topic, index) => [topic, index]));
  const topicStats = FEED_TOPIC_LIST.map((topic) => stats.perTopic[topic]);
  const carriesOfferTime = FEED_TOPIC_LIST.map((topic) => topic !== FEED_TOPICS.trades);
  const lastSeq = new Float64Array(count * FEED_TOPIC_LIST.length);
  const head = { seq: 0, ts: 0 };
  const failures: string[] = [];
  const subscribers: LeanSubscriber[] = [];
  let windowFrom = Infinity;
  let windowTo = -Infinity;
  let live = 0;

  const open = (index: number) =>
    new Promise<void>((settled) => {
      let isLive = false;
      const subscriber = new LeanSubscriber(url, `feed-${firstId + index}`, FEED_TOPIC_LIST, KEEPALIVE_SECONDS, {
        ready() {
          isLive = true;
          live++;
          settled();
        },
        closed(reason) {
          if (isLive) {
            live--;
            stats.lost++;
          } else if (failures.length < 5) {
            failures.push(reason);
          }
          settled();
        },
        message(topic, bytes, start, end) {
          const t = topicIndex.get(topic);
          if (t === undefined || !readEnvelopeHead(bytes, start, end, head)) {
            stats.malformed++;
            return;
          }
          const slot = index * FEED_TOPIC_LIST.length + t;
          const previous = lastSeq[slot];
          lastSeq[slot] = head.seq;
          if (head.ts < windowFrom || head.ts >= windowTo) return;
          const now = Date.now();
          if (previous > 0 && head.seq !== previous + 1) {
            if (head.seq > previous) stats.gaps += head.seq - previous - 1;
            else stats.outOfOrder++;
          }
          stats.delivered++;
          const ofTopic = topicStats[t];
          ofTopic.delivered++;
          ofTopic.bytes += end - start;
          if (head.seq < ofTopic.firstSeq) ofTopic.firstSeq = head.seq;
          if (head.seq > ofTopic.lastSeq) ofTopic.lastSeq = head.seq;
          record(stats.latency, now - head.ts);
          if (carriesOfferTime[t]) {
            const offeredAt = readTrailingTime(bytes, start, end);
            if (!Number.isNaN(offeredAt)) record(stats.offerLatency, now - offeredAt);
          }
        },
      });
      subscribers.push(subscriber);
    });

  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONNECTING_AT_ONCE, count) }, async () => {
      while (next < count) await open(next++);
    }),
  );
  const pings = setInterval(() => subscribers.forEach((subscriber) => subscriber.ping()), (KEEPALIVE_SECONDS / 2) * 1000);

  let cpuAtStart = process.cpuUsage();
  let cpuInWindow: NodeJS.CpuUsage | null = null;
  process.on('message', (command: ToLoad) => {
    if (command.kind === 'window') {
      windowFrom = command.from;
      windowTo = command.to;
      cpuAtStart = process.cpuUsage();
      setTimeout(() => (cpuInWindow = process.cpuUsage(cpuAtStart)), command.to - Date.now());
      return;
    }
    clearInterval(pings);
    const cpu = cpuInWindow ?? process.cpuUsage(cpuAtStart);
    stats.cpuPercent = Math.round(((cpu.user + cpu.system) / 1000 / (windowTo - windowFrom)) * 100);
    stats.connected = live;
    process.send!({ kind: 'stats', stats } satisfies FromLoad, () => {
      for (const subscriber of subscribers) subscriber.close();
      process.exit(0);
    });
  });
  process.send!({ kind: 'ready', connected: live, failures } satisfies FromLoad);
}

if (process.send) {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, count: { type: 'string' }, 'first-id': { type: 'string', default: '0' } },
  });
  await runLoad(new URL(values.url!), Number(values.count), Number(values['first-id']));
}
