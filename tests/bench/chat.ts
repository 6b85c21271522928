/**
 * Chat benchmark: N concurrent customer-service sessions through the real server (HTTP, SQLite or PostgreSQL,
 * the realtime broker). Each member sends a message over HTTP, waits for the agent's answer on its chat key
 * topic over MQTT, pauses, and sends the next; the agent side reads every member message on the desk topic and
 * answers each over HTTP. Prints the messages delivered to the other side per second and the delivery latency
 * (sender's HTTP call starts → the other side's MQTT client has it), per run and as medians.
 *
 *   npx tsx tests/bench/chat.ts [--sessions 1000] [--seconds 10] [--think-ms 1000] [--runs 3]
 *
 * The server runs in a child process (one core); the load generator (all MQTT clients and HTTP callers) in
 * this one. DATABASE_URL selects PostgreSQL for the server, as in production.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import { createServer } from '../../core/server/app';
import { loadSiteConfig } from '../../core/server/site-config-loader';
import chatManifest from '../../plugins/chat/plugin';
import { createChatServer } from '../../plugins/chat/server';
import { DESK_TOPIC, type ChatMessage, type DeskEvent } from '../../plugins/chat/shared/types';
import identityManifest from '../../plugins/identity/plugin';
import { createIdentityServer } from '../../plugins/identity/server';
import { createMember } from '../../plugins/identity/server/members';
import { bindOperatorTotp } from '../e2e/operator-setup';

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'load' },
    sessions: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    'think-ms': { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
  },
});
const SESSIONS = Number(values.sessions);
const SECONDS = Number(values.seconds);
const THINK_MS = Number(values['think-ms']);
const RUNS = Number(values.runs);
const OPERATOR_PASSWORD = 'Bench-Operator-2026';
const CONNECT_BATCH = 100;

interface Session {
  index: number;
  token: string;
  chatKey: string;
  chatId: number;
}

type FromServer =
  | { kind: 'ready'; base: string; head: string; sessions: Array<Omit<Session, 'chatId'>>; agentToken: string }
  | { kind: 'cpu'; micros: number };
type ToServer = { kind: 'cpu' } | { kind: 'stop' };

// ---- server (child process) ---------------------------------------------------------------------

async function runServer(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bourse-bench-chat-'));
  const site = { ...(await loadSiteConfig('default')), plugins: [] };
  const server = await createServer({
    site,
    consoleSite: undefined,
    dataDir,
    databaseUrl: process.env.DATABASE_URL,
    tokenSecret: 'c'.repeat(64),
    logLevel: 'warn',
    port: 0,
    operatorPassword: OPERATOR_PASSWORD,
    announce: () => {},
    extraPlugins: [
      { manifest: identityManifest, server: createIdentityServer({ transports: {} }) },
      // one agent answers every member here, so the per-sender flood limit is lifted
      { manifest: chatManifest, server: createChatServer({ sendLimit: { burst: Number.MAX_SAFE_INTEGER, perSecond: Number.MAX_SAFE_INTEGER } }) },
    ],
  });
  const base = (await server.listen()).replace(/\/$/, '');
  const { db } = server.context;
  const sessions: Array<Omit<Session, 'chatId'>> = [];
  for (let index = 0; index < SESSIONS; index += 1) {
    const member = await createMember(db, {
      ref: { kind: 'email', email: `chat-bench-${index}@example.com` },
      passwordHash: 'no-password-login-in-this-benchmark',
      invitedBy: null,
      now: new Date(),
    });
    const { token } = server.context.issueAccessToken({ kind: 'user', id: String(member.id) });
    sessions.push({ index, token, chatKey: `chat_${member.uid}` });
  }
  const agent = await bindOperatorTotp(base, 'admin', OPERATOR_PASSWORD);
  // the load generator is gone (finished or failed): do not outlive it
  process.on('disconnect', () => void server.close().finally(() => rm(dataDir, { recursive: true, force: true }).finally(() => process.exit(1))));
  process.on('message', async (command: ToServer) => {
    if (command.kind === 'cpu') {
      const usage = process.cpuUsage();
      process.send!({ kind: 'cpu', micros: usage.user + usage.system } satisfies FromServer);
      return;
    }
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
  process.send!({ kind: 'ready', base, head: site.api.head, sessions, agentToken: agent.token } satisfies FromServer);
}

// ---- load generator (this process) --------------------------------------------------------------

async function runLoad(): Promise<void> {
  const deadline = setTimeout(() => {
    console.error('benchmark did not finish in time');
    process.exit(1);
  }, (RUNS * (SECONDS + 15) + 300) * 1000);
  deadline.unref();

  console.log(`starting the server and ${SESSIONS} members …`);
  const child = fork(fileURLToPath(import.meta.url), ['--role', 'server', '--sessions', String(SESSIONS)]);
  const ready = await nextMessage(child, 'ready');
  if (ready.kind !== 'ready') throw new Error('server did not start');
  const api = new Api(ready.base, ready.head);

  const sessions: Session[] = [];
  for (let i = 0; i < ready.sessions.length; i += CONNECT_BATCH) {
    const batch = ready.sessions.slice(i, i + CONNECT_BATCH);
    const pages = await Promise.all(batch.map((session) => api.get(`/coin/chat/history?chatKey=${session.chatKey}`, session.token)));
    batch.forEach((session, k) => sessions.push({ ...session, chatId: (pages[k] as { chatId: number }).chatId }));
  }

  const stats = new Stats();
  /** Member message key → when its HTTP send started; agent answer key → when the agent's call started. */
  const askedAt = new Map<string, number>();
  const answeredAt = new Map<string, number>();
  const waiting = new Map<string, () => void>();

  const url = `${ready.base.replace(/^http/, 'ws')}/mqtt`;
  const clients: MqttClient[] = [];
  const connect = async (token: string, topic: string, onMessage: (data: unknown) => void) => {
    const client = await mqtt.connectAsync(url, { username: 'bearer', password: token, reconnectPeriod: 0, keepalive: 30, clean: true, log: () => {} });
    client.on('message', (_topic, payload) => onMessage(JSON.parse(payload.toString()).data));
    const [grant] = await client.subscribeAsync(topic, { qos: 0 });
    if (grant.qos !== 0) throw new Error(`subscription to ${topic} refused`);
    clients.push(client);
  };

  // the agent side: every member message on the desk topic is answered at once
  await connect(ready.agentToken, DESK_TOPIC, (data) => {
    const { message } = data as DeskEvent;
    if (message.sender !== 'member') return;
    const key = message.content.slice(2);
    const asked = askedAt.get(key);
    if (asked === undefined) return;
    askedAt.delete(key);
    stats.delivered('toAgent', performance.now() - asked);
    answeredAt.set(key, performance.now());
    api.post(`/console/chat/conversations/${message.chatId}/messages`, ready.agentToken, { content: `a ${key}`, contentType: 1 }).catch(stats.failed);
  });
  for (let i = 0; i < sessions.length; i += CONNECT_BATCH) {
    await Promise.all(
      sessions.slice(i, i + CONNECT_BATCH).map((session) =>
        connect(session.token, session.chatKey, (data) => {
          const message = data as ChatMessage;
          if (message.sender !== 'agent') return;
          const key = message.content.slice(2);
          const answered = answeredAt.get(key);
          if (answered === undefined) return;
          answeredAt.delete(key);
          stats.delivered('toMember', performance.now() - answered);
          waiting.get(key)?.();
        }),
      ),
    );
  }
  console.log(`${clients.length - 1} member clients and 1 agent client connected; ${RUNS} run(s) of ${SECONDS} s, ${THINK_MS} ms between a member's messages`);

  let sequence = 0;
  const runs: RunResult[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    stats.reset();
    let running = true;
    const cpuBefore = await serverCpu(child);
    const loadCpuBefore = process.cpuUsage();
    const started = performance.now();
    const loops = sessions.map(async (session) => {
      // spread the first messages over the think time
      await sleep(Math.random() * THINK_MS);
      while (running) {
        const key = `${session.index}:${(sequence += 1)}`;
        const answered = new Promise<void>((resolve) => waiting.set(key, resolve));
        askedAt.set(key, performance.now());
        try {
          await api.post('/coin/chat/send', session.token, { chatId: session.chatId, content: `q ${key}`, contentType: 1 });
          await Promise.race([answered, sleep(10_000)]);
        } catch (error) {
          stats.failed(error);
        }
        waiting.delete(key);
        if (running) await sleep(THINK_MS * (0.5 + Math.random()));
      }
    });
    await sleep(SECONDS * 1000);
    const elapsed = (performance.now() - started) / 1000;
    const result = stats.result(elapsed);
    running = false;
    const cpu = (await serverCpu(child)) - cpuBefore;
    const loadCpu = process.cpuUsage(loadCpuBefore);
    await Promise.all(loops);
    runs.push({
      ...result,
      serverCpuPercent: Math.round((cpu / 1000 / (elapsed * 1000)) * 100),
      loadCpuPercent: Math.round(((loadCpu.user + loadCpu.system) / 1000 / (elapsed * 1000)) * 100),
    });
    console.log(`run ${run}: ${JSON.stringify(runs.at(-1))}`);
    askedAt.clear();
    answeredAt.clear();
  }

  const median = (pick: (run: RunResult) => number) => {
    const sorted = runs.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  console.log(
    JSON.stringify(
      {
        sessions: SESSIONS,
        secondsPerRun: SECONDS,
        thinkMs: THINK_MS,
        runs: RUNS,
        median: {
          deliveredPerSecond: median((run) => run.deliveredPerSecond),
          latencyMs: { p50: median((run) => run.latencyMs.p50), p99: median((run) => run.latencyMs.p99) },
          toAgentP99Ms: median((run) => run.toAgentP99Ms),
          toMemberP99Ms: median((run) => run.toMemberP99Ms),
          serverCpuPercent: median((run) => run.serverCpuPercent),
          loadCpuPercent: median((run) => run.loadCpuPercent),
        },
        failures: runs.reduce((sum, run) => sum + run.failures, 0),
      },
      null,
      2,
    ),
  );

  await Promise.all(clients.map((client) => client.endAsync(true)));
  api.close();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ kind: 'stop' } satisfies ToServer);
  await exited;
}

interface RunResult {
  deliveredPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  toAgentP99Ms: number;
  toMemberP99Ms: number;
  failures: number;
  serverCpuPercent: number;
  loadCpuPercent: number;
}

/** Delivery latencies of one run, in each direction. */
class Stats {
  private toAgent: number[] = [];
  private toMember: number[] = [];
  private failures = 0;

  delivered(direction: 'toAgent' | 'toMember', ms: number): void {
    this[direction].push(ms);
  }

  readonly failed = (error: unknown): void => {
    if (this.failures === 0) console.error('a call failed:', error instanceof Error ? error.message : error);
    this.failures += 1;
  };

  reset(): void {
    this.toAgent = [];
    this.toMember = [];
    this.failures = 0;
  }

  result(seconds: number): Omit<RunResult, 'serverCpuPercent' | 'loadCpuPercent'> {
    const all = [...this.toAgent, ...this.toMember].sort((a, b) => a - b);
    return {
      deliveredPerSecond: Math.round(all.length / seconds),
      latencyMs: { p50: percentile(all, 0.5), p99: percentile(all, 0.99), max: percentile(all, 1) },
      toAgentP99Ms: percentile([...this.toAgent].sort((a, b) => a - b), 0.99),
      toMemberP99Ms: percentile([...this.toMember].sort((a, b) => a - b), 0.99),
      failures: this.failures,
    };
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)].toFixed(1));
}

/** JSON calls over kept-alive connections (cheaper per call than fetch, so the load generator stays light). */
class Api {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  private readonly origin: URL;

  constructor(
    base: string,
    private readonly head: string,
  ) {
    this.origin = new URL(base);
  }

  get(path: string, token: string): Promise<unknown> {
    return this.call('GET', path, token);
  }

  post(path: string, token: string, body: unknown): Promise<unknown> {
    return this.call('POST', path, token, JSON.stringify(body));
  }

  close(): void {
    this.agent.destroy();
  }

  private call(method: string, path: string, token: string, body?: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          agent: this.agent,
          host: this.origin.hostname,
          port: this.origin.port,
          method,
          path: `/api/${this.head}${path}`,
          headers: { 'Blade-Auth': `bearer ${token}`, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            if (envelope.code === 200) resolve(envelope.data);
            else reject(new Error(`${method} ${path}: ${envelope.code} ${envelope.msg}`));
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }
}

function serverCpu(child: ChildProcess): Promise<number> {
  child.send({ kind: 'cpu' } satisfies ToServer);
  return nextMessage(child, 'cpu').then((message) => (message.kind === 'cpu' ? message.micros : 0));
}

function nextMessage(child: ChildProcess, kind: FromServer['kind']): Promise<FromServer> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromServer) => {
      if (message.kind !== kind) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number | null) => reject(new Error(`the server exited (code ${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// Last, so the classes above are initialised before either side runs.
if (values.role === 'server') await runServer();
else await runLoad();
