/**
 * Realtime feed benchmark: N mqtt.js subscribers over WebSocket (loopback) read the ticker, depth and trades
 * topics of one market while the server publishes trades non-conflated and ticker/depth conflated.
 * Prints delivered messages/s and publish-to-receive latency (from the `ts` each message carries).
 *
 *   npx tsx tests/bench/feed.ts [--subscribers 2000] [--seconds 10] [--trades-per-second 200] [--processes 2]
 *
 * The subscribers run in child processes (split evenly) so the broker's event loop is measured on its own.
 */
import { randomInt } from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import { createRealtimeBroker } from '../../core/server/realtime';

const MARKET = 'market.btc_usdt';
const TOPICS = { ticker: `${MARKET}.ticker`, depth: `${MARKET}.depth`, trades: `${MARKET}.trades` };
/** Latency histogram resolution: 1 ms buckets up to this many ms; anything slower lands in the last one. */
const MAX_LATENCY_MS = 30_000;
const CONNECT_BATCH = 100;

interface SubscriberStats {
  messages: number;
  perTopic: Record<string, number>;
  gaps: number;
  histogram: number[];
  /** CPU the subscriber process used while measuring, in % of one core. */
  cpuPercent: number;
}

type ToSubscribers = { kind: 'measure' } | { kind: 'report' };
type FromSubscribers = { kind: 'ready'; connected: number } | { kind: 'stats'; stats: SubscriberStats };

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'server' },
    url: { type: 'string' },
    subscribers: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '10' },
    'trades-per-second': { type: 'string', default: '200' },
    processes: { type: 'string', default: '2' },
  },
});

if (values.role === 'subscribers') await runSubscribers(values.url!, Number(values.subscribers));
else await runServer(Number(values.subscribers), Number(values.seconds), Number(values['trades-per-second']), Number(values.processes));

async function runServer(subscribers: number, seconds: number, tradesPerSecond: number, processes: number): Promise<void> {
  const deadline = setTimeout(() => {
    console.error('benchmark did not finish in time');
    process.exit(1);
  }, (seconds + 120) * 1000);
  deadline.unref();

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const broker = createRealtimeBroker({
    server,
    verifyToken: () => null,
    log: { info() {}, warn: console.warn, error: console.error },
  });
  broker.topicAccess(`${MARKET}.`, () => true);
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/mqtt`;

  console.log(`connecting ${subscribers} subscribers to ${url} from ${processes} process(es) ...`);
  const children = Array.from({ length: processes }, (_, index) => {
    const share = Math.floor(subscribers / processes) + (index < subscribers % processes ? 1 : 0);
    return fork(fileURLToPath(import.meta.url), ['--role', 'subscribers', '--url', url, '--subscribers', String(share)]);
  });
  const ready = await Promise.all(children.map((child) => nextMessage(child, 'ready')));
  const connected = ready.reduce((sum, message) => sum + (message.kind === 'ready' ? message.connected : 0), 0);
  console.log(`${connected} subscribers connected (broker counts ${broker.clientCount()}); publishing for ${seconds} s`);

  for (const child of children) child.send({ kind: 'measure' } satisfies ToSubscribers);
  const stopPublishing = startMarket(broker, tradesPerSecond);
  const cpuBefore = process.cpuUsage();
  const loopLag = monitorLoopLag();
  await sleep(seconds * 1000);
  stopPublishing();
  const cpu = process.cpuUsage(cpuBefore);
  const lag = loopLag.stop();
  await sleep(1000); // let the last messages arrive
  const exited = children.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of children) child.send({ kind: 'report' } satisfies ToSubscribers);
  const reports = await Promise.all(children.map((child) => nextMessage(child, 'stats')));
  const stats = mergeStats(reports.map((report) => (report.kind === 'stats' ? report.stats : null)!));

  // Messages published in the window, counted until they arrived (the drain second included).
  const perSecond = stats.messages / seconds;
  const expectedPerSubscriber = tradesPerSecond + 2 * 10;
  console.log(
    JSON.stringify(
      {
        subscribers: connected,
        seconds,
        tradesPerSecond,
        deliveredMessages: stats.messages,
        deliveredPerSecond: Math.round(perSecond),
        perSubscriberPerSecond: Number((perSecond / connected).toFixed(1)),
        expectedPerSubscriberPerSecond: expectedPerSubscriber,
        perTopic: stats.perTopic,
        sequenceGaps: stats.gaps,
        latencyMs: { p50: percentile(stats.histogram, 0.5), p99: percentile(stats.histogram, 0.99), max: percentile(stats.histogram, 1) },
        serverCpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 100),
        subscriberProcessesCpuPercent: reports.map((report) => (report.kind === 'stats' ? report.stats.cpuPercent : 0)),
        serverEventLoopLagMs: lag,
      },
      null,
      2,
    ),
  );

  await Promise.all(exited);
  await broker.close();
  await new Promise((resolve) => server.close(resolve));
}

/** One market: a trade every 1/tradesPerSecond s; each trade moves the ticker and the order book. */
function startMarket(broker: ReturnType<typeof createRealtimeBroker>, tradesPerSecond: number): () => void {
  let price = 6_400_000n; // minor units, 2 decimals
  let tradeId = 0;
  const decimal = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
  const levels = (side: 1n | -1n) =>
    Array.from({ length: 20 }, (_, i) => [decimal(price + side * BigInt(i + 1) * 50n), `${(i + 1) * 0.013}`.slice(0, 8)]);

  const publishTrade = () => {
    price += BigInt(randomInt(-100, 101));
    tradeId++;
    broker.publish(TOPICS.trades, { id: tradeId, price: decimal(price), amount: '0.0125', side: tradeId % 2 ? 'buy' : 'sell', time: Date.now() });
    broker.publish(TOPICS.ticker, { close: decimal(price), high: decimal(price + 5000n), low: decimal(price - 5000n), vol: '1832.51', zdf: '1.23' }, { conflate: true });
    broker.publish(TOPICS.depth, { asks: levels(1n), bids: levels(-1n) }, { conflate: true });
  };

  // Timers fire at most about once per ms; publish as many trades as are due on each tick.
  const started = performance.now();
  let published = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * tradesPerSecond);
    while (published < due) {
      publishTrade();
      published++;
    }
  }, Math.max(1, Math.floor(1000 / tradesPerSecond)));
  return () => clearInterval(timer);
}

async function runSubscribers(url: string, count: number): Promise<void> {
  const clients: MqttClient[] = [];
  const histogram = new Array<number>(MAX_LATENCY_MS + 1).fill(0);
  const perTopic: Record<string, number> = {};
  const lastSeq = new Map<MqttClient, Map<string, number>>();
  let measuring = false;
  let messages = 0;
  let gaps = 0;
  let measureStart = 0;
  let cpuAtStart = process.cpuUsage();

  for (let i = 0; i < count; i += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - i) }, async () => {
      const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, keepalive: 5, clean: true, log: () => {} });
      const seqs = new Map<string, number>();
      lastSeq.set(client, seqs);
      client.on('message', (topic, payload) => {
        const message = envelopeHead(payload);
        const previous = seqs.get(topic);
        seqs.set(topic, message.seq);
        if (!measuring) return;
        if (previous !== undefined && message.seq !== previous + 1) gaps++;
        messages++;
        perTopic[topic] = (perTopic[topic] ?? 0) + 1;
        histogram[Math.min(MAX_LATENCY_MS, Math.max(0, Date.now() - message.ts))]++;
      });
      await client.subscribeAsync(Object.values(TOPICS), { qos: 0 });
      clients.push(client);
    });
    await Promise.all(batch);
  }

  process.on('message', async (command: ToSubscribers) => {
    if (command.kind === 'measure') {
      measuring = true;
      measureStart = performance.now();
      cpuAtStart = process.cpuUsage();
    } else {
      measuring = false;
      const cpu = process.cpuUsage(cpuAtStart);
      const cpuPercent = Math.round(((cpu.user + cpu.system) / 1000 / (performance.now() - measureStart)) * 100);
      const stats: SubscriberStats = { messages, perTopic, gaps, histogram, cpuPercent };
      await Promise.all(clients.map((client) => client.endAsync(true)));
      process.send!({ kind: 'stats', stats } satisfies FromSubscribers, () => process.exit(0));
    }
  });
  process.send!({ kind: 'ready', connected: clients.length } satisfies FromSubscribers);
}

/** seq and ts from the start of the envelope, which the broker always writes as {"seq":…,"ts":…,"data":…}. */
function envelopeHead(payload: Buffer): { seq: number; ts: number } {
  const head = /^\{"seq":(\d+),"ts":(\d+),/.exec(payload.toString('latin1', 0, 48));
  if (!head) throw new Error(`not a realtime envelope: ${payload.toString('utf8', 0, 80)}`);
  return { seq: Number(head[1]), ts: Number(head[2]) };
}

function mergeStats(all: SubscriberStats[]): SubscriberStats {
  const merged: SubscriberStats = { messages: 0, perTopic: {}, gaps: 0, histogram: new Array<number>(MAX_LATENCY_MS + 1).fill(0), cpuPercent: 0 };
  for (const stats of all) {
    merged.messages += stats.messages;
    merged.gaps += stats.gaps;
    merged.cpuPercent += stats.cpuPercent;
    for (const [topic, count] of Object.entries(stats.perTopic)) merged.perTopic[topic] = (merged.perTopic[topic] ?? 0) + count;
    stats.histogram.forEach((count, ms) => (merged.histogram[ms] += count));
  }
  return merged;
}

function nextMessage(child: ChildProcess, kind: FromSubscribers['kind']): Promise<FromSubscribers> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromSubscribers) => {
      if (message.kind !== kind) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number | null) => reject(new Error(`subscriber process exited early (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Samples how late a 10 ms timer fires: the broker's own queueing delay. */
function monitorLoopLag(): { stop(): { p50: number; p99: number; max: number } } {
  const lags: number[] = [];
  let expected = performance.now() + 10;
  const timer = setInterval(() => {
    const now = performance.now();
    lags.push(Math.max(0, now - expected));
    expected = now + 10;
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      lags.sort((a, b) => a - b);
      const at = (q: number) => Math.round(lags[Math.min(lags.length - 1, Math.floor(q * lags.length))] ?? 0);
      return { p50: at(0.5), p99: at(0.99), max: at(1) };
    },
  };
}

function percentile(histogram: number[], q: number): number {
  const total = histogram.reduce((sum, n) => sum + n, 0);
  if (total === 0) return NaN;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms];
    if (seen >= rank) return ms;
  }
  return histogram.length - 1;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
