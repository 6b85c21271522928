import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { issueAccessToken, verifyAccessToken } from '../../core/server/auth/tokens';
import { createRealtimeBroker, type RealtimeBroker } from '../../core/server/realtime';

const SECRET = 'realtime-test-secret';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const silentLog = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Envelope {
  seq: number;
  ts: number;
  data: unknown;
}

async function startBroker(options: { conflateIntervalMs?: number } = {}) {
  const server = http.createServer((_request, response) => response.end('http still works'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const broker = createRealtimeBroker({
    server,
    verifyToken: (token) => verifyAccessToken(token, SECRET, nowSeconds()),
    log: silentLog,
    ...options,
  });
  const { port } = server.address() as AddressInfo;
  return { server, broker, port, url: `ws://127.0.0.1:${port}/mqtt` };
}

function tokenFor(id: string, lifetimeSeconds?: number): string {
  return issueAccessToken({ kind: 'user', id }, SECRET, { nowSeconds: nowSeconds(), lifetimeSeconds }).token;
}

/** A connected mqtt.js client that records every message it gets. */
async function connect(url: string, options: IClientOptions = {}) {
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, keepalive: 5, ...options });
  const messages: Array<{ topic: string } & Envelope> = [];
  client.on('message', (topic, payload) => messages.push({ topic, ...JSON.parse(payload.toString()) }));
  return { client, messages };
}

/** Granted QoS per topic; mqtt.js rejects a SUBACK holding a refusal (128), the packet still names every grant. */
async function grantsOf(client: MqttClient, topics: string[]): Promise<number[]> {
  try {
    return (await client.subscribeAsync(topics)).map((grant) => grant.qos);
  } catch (error) {
    const granted = (error as { packet?: { granted?: number[] } }).packet?.granted;
    if (!granted) throw error;
    return granted;
  }
}

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

/** An MQTT 3.1.1 CONNECT with a clean session, no credentials and the given keepalive. */
function connectPacket(clientId: string, keepaliveSeconds: number): Buffer {
  const id = Buffer.from(clientId);
  const body = Buffer.concat([
    Buffer.from([0, 4, ...Buffer.from('MQTT'), 4, 0x02, keepaliveSeconds >> 8, keepaliveSeconds & 0xff]),
    Buffer.from([id.length >> 8, id.length & 0xff]),
    id,
  ]);
  return Buffer.concat([Buffer.from([0x10, body.length]), body]);
}

describe('realtime broker over WebSocket', () => {
  let ctx: Awaited<ReturnType<typeof startBroker>>;
  const clients: MqttClient[] = [];
  const track = <T extends { client: MqttClient }>(connected: T) => (clients.push(connected.client), connected);

  beforeAll(async () => {
    ctx = await startBroker();
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await ctx.broker.close();
    await new Promise((resolve) => ctx.server.close(resolve));
  });

  it('delivers a public topic to an anonymous client as {seq, ts, data}', async () => {
    const { client, messages } = track(await connect(ctx.url));
    const [grant] = await client.subscribeAsync('index');
    expect(grant.qos).toBe(0);
    const before = Date.now();
    ctx.broker.publish('index', { close: '64000.12' });
    await waitFor(() => messages.length === 1);
    expect(messages[0]).toMatchObject({ topic: 'index', seq: 1, data: { close: '64000.12' } });
    expect(messages[0].ts).toBeGreaterThanOrEqual(before);
    expect(messages[0].ts).toBeLessThanOrEqual(Date.now());
  });

  it('refuses an anonymous subscription to a private channel with granted QoS 128', async () => {
    const { client, messages } = track(await connect(ctx.url));
    expect(await grantsOf(client, ['refresh_42', 'all_symbol_detail', 'unknown_topic', '#'])).toEqual([128, 0, 128, 128]);
    ctx.broker.publish('refresh_42', { secret: true });
    ctx.broker.publish('all_symbol_detail', { ok: true });
    await waitFor(() => messages.length >= 1);
    await sleep(100);
    expect(messages.map((message) => message.topic)).toEqual(['all_symbol_detail']);
  });

  it("lets user 42 read refresh_42 but not user 43's channel", async () => {
    const { client, messages } = track(await connect(ctx.url, { username: 'bearer', password: tokenFor('42') }));
    expect(await grantsOf(client, ['refresh_42', 'refresh_43'])).toEqual([0, 128]);
    ctx.broker.publish('refresh_43', { for: 43 });
    ctx.broker.publish('refresh_42', { for: 42 });
    await waitFor(() => messages.length >= 1);
    await sleep(100);
    expect(messages.map((message) => message.data)).toEqual([{ for: 42 }]);
  });

  it('takes the token from the username when the password is empty, with or without "bearer "', async () => {
    const { client } = track(await connect(ctx.url, { username: `Bearer ${tokenFor('42')}` }));
    const [grant] = await client.subscribeAsync('refresh_42');
    expect(grant.qos).toBe(0);
  });

  it('refuses a connection whose token is bad or expired', async () => {
    const forged = tokenFor('42').slice(0, -2) + 'xx';
    const expired = issueAccessToken({ kind: 'user', id: '42' }, SECRET, { nowSeconds: nowSeconds() - 100, lifetimeSeconds: 10 }).token;
    for (const password of [forged, expired, 'not-a-token']) {
      const attempt = mqtt.connectAsync(ctx.url, { reconnectPeriod: 0, username: 'bearer', password });
      await expect(attempt).rejects.toMatchObject({ code: 4 });
    }
    expect(ctx.broker.clientCount()).toBe(clients.filter((client) => client.connected).length);
  });

  it('drops what a client publishes and disconnects it', async () => {
    const reader = track(await connect(ctx.url));
    await reader.client.subscribeAsync('all_symbol_detail');
    const writer = track(await connect(ctx.url));
    const closed = new Promise<void>((resolve) => writer.client.once('close', () => resolve()));
    writer.client.publish('all_symbol_detail', JSON.stringify({ seq: 1, ts: 0, data: 'forged' }));
    await closed;
    await sleep(150);
    expect(reader.messages).toEqual([]);
  });

  it('conflates a burst into at most one message per interval, carrying the newest payload', async () => {
    const { client, messages } = track(await connect(ctx.url));
    await client.subscribeAsync('all_symbol_detail');
    await sleep(120); // any earlier send on this topic is more than one interval old
    const started = performance.now();
    for (let batch = 0; batch < 10; batch++) {
      for (let i = 0; i < 10; i++) ctx.broker.publish('all_symbol_detail', { n: batch * 10 + i }, { conflate: true });
      await sleep(5);
    }
    const elapsed = performance.now() - started;
    await sleep(250);
    // 100 publishes in ~50 ms: the first goes at once, the rest collapse into one trailing message.
    expect(messages.length).toBeLessThanOrEqual(1 + Math.ceil(elapsed / 100));
    expect(messages.length).toBeGreaterThanOrEqual(2);
    expect(messages.at(-1)!.data).toEqual({ n: 99 });
    const seqs = messages.map((message) => message.seq);
    expect(seqs).toEqual(seqs.map((_, index) => seqs[0] + index));
  });

  it('delivers every non-conflated message in order with seq 1..100', async () => {
    const { client, messages } = track(await connect(ctx.url, { username: 'bearer', password: tokenFor('77') }));
    await client.subscribeAsync('refresh_77');
    for (let n = 0; n < 100; n++) {
      ctx.broker.publish('refresh_77', { n });
      if (n % 10 === 9) await sleep(1);
    }
    await waitFor(() => messages.length === 100);
    expect(messages.map((message) => message.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(messages.map((message) => (message.data as { n: number }).n)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('accepts the "mqtt" subprotocol and disconnects a client that stops pinging after 1.5 x keepalive', async () => {
    const socket = new WebSocket(ctx.url, ['mqtt']);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    expect(socket.protocol).toBe('mqtt');
    const connack = new Promise<Buffer>((resolve) => socket.once('message', (data) => resolve(data as Buffer)));
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
    socket.send(connectPacket('silent-client', 1));
    expect([...(await connack)]).toEqual([0x20, 2, 0, 0]);
    const connectedAt = performance.now();
    const closedAfter = (await closed) - connectedAt;
    expect(closedAfter).toBeGreaterThanOrEqual(1400);
    expect(closedAfter).toBeLessThan(4000);
  });

  it('leaves other upgrade paths to other listeners', async () => {
    const other = new WebSocketServer({ noServer: true });
    const onUpgrade = (request: http.IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => {
      if (request.url === '/other') other.handleUpgrade(request, socket, head, (ws) => ws.send('from /other'));
    };
    ctx.server.on('upgrade', onUpgrade);
    try {
      const countBefore = ctx.broker.clientCount();
      const socket = new WebSocket(`ws://127.0.0.1:${ctx.port}/other`, ['mqtt']);
      const first = await new Promise<string>((resolve, reject) => {
        socket.once('message', (data) => resolve(String(data))).once('error', reject);
      });
      expect(first).toBe('from /other');
      expect(socket.protocol).toBe('mqtt');
      await sleep(50);
      expect(socket.readyState).toBe(WebSocket.OPEN);
      expect(ctx.broker.clientCount()).toBe(countBefore);
      socket.close();
    } finally {
      ctx.server.off('upgrade', onUpgrade);
      other.close();
    }
  });

  it('answers 404 to an upgrade on another path when nothing else takes upgrades', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${ctx.port}/not-mqtt`, ['mqtt']);
    const status = await new Promise<number>((resolve) => {
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('error', () => resolve(-1));
    });
    expect(status).toBe(404);
  });

  it('counts connected clients', async () => {
    const before = ctx.broker.clientCount();
    const { client } = await connect(ctx.url);
    expect(ctx.broker.clientCount()).toBe(before + 1);
    await client.endAsync();
    await waitFor(() => ctx.broker.clientCount() === before);
  });
});

describe('realtime broker shutdown', () => {
  it('close() disconnects clients, stops timers and frees the HTTP server', async () => {
    const ctx = await startBroker();
    const { client } = await connect(ctx.url);
    await client.subscribeAsync('index');
    // Leave a trailing conflated send pending, so close() has a timer to clear.
    ctx.broker.publish('index', 1, { conflate: true });
    ctx.broker.publish('index', 2, { conflate: true });
    const clientClosed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await ctx.broker.close();
    await clientClosed;
    expect(ctx.broker.clientCount()).toBe(0);
    await new Promise((resolve, reject) => ctx.server.close((error) => (error ? reject(error) : resolve(undefined))));
    expect(() => ctx.broker.publish('index', 3)).not.toThrow();
  });

  it('lets the process exit by itself after close()', async () => {
    const modules = {
      broker: pathToFileURL('core/server/realtime/index.ts').href,
      mqtt: pathToFileURL('node_modules/mqtt/build/index.js').href,
    };
    const script = `
      const http = await import('node:http');
      const { createRealtimeBroker } = await import(${JSON.stringify(modules.broker)});
      const mqtt = (await import(${JSON.stringify(modules.mqtt)})).default;
      const server = http.createServer();
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      const log = { info() {}, warn() {}, error() {} };
      const broker = createRealtimeBroker({ server, verifyToken: () => null, log });
      const client = await mqtt.connectAsync('ws://127.0.0.1:' + server.address().port + '/mqtt', { reconnectPeriod: 0 });
      await client.subscribeAsync('index');
      broker.publish('index', 1, { conflate: true });
      broker.publish('index', 2, { conflate: true });
      await broker.close();
      server.close();
      console.log('closed');
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exitCode = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 15_000);
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
    expect(output).toContain('closed');
    expect(exitCode).toBe(0);
  });
});
