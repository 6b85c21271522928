import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { REALTIME_PATH, attachWebSocketGateway, writeToConnection, type WebSocketGateway } from './websocket';

let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** A gateway on a fresh server; resolves each accepted connection's stream in order. */
async function startGateway() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const streams: Duplex[] = [];
  const waiting: Array<(stream: Duplex) => void> = [];
  const gateway: WebSocketGateway = attachWebSocketGateway(server, (stream) => {
    const next = waiting.shift();
    if (next) next(stream);
    else streams.push(stream);
  });
  cleanup.push(
    () => gateway.close(),
    () => new Promise<void>((resolve) => server.close(() => resolve())),
  );
  const accepted = () => new Promise<Duplex>((resolve) => (streams.length ? resolve(streams.shift()!) : waiting.push(resolve)));
  return { port: (server.address() as AddressInfo).port, accepted };
}

describe('writeToConnection', () => {
  it('sends the bytes as binary frames, after what the stream already queued', async () => {
    const { port, accepted } = await startGateway();
    const client = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, 'mqtt');
    cleanup.push(() => client.terminate());
    const frames: Buffer[] = [];
    client.on('message', (data: Buffer) => frames.push(data));
    const stream = await accepted();
    await new Promise((resolve) => client.once('open', resolve));

    stream.write(Buffer.from('connack'));
    expect(writeToConnection(stream, Buffer.from('first'), 1024)).toBe(true);
    expect(writeToConnection(stream, Buffer.from('second'), 1024)).toBe(true);
    await waitUntil(() => Buffer.concat(frames).length === 'connackfirstsecond'.length);
    expect(Buffer.concat(frames).toString()).toBe('connackfirstsecond');

    const before = frames.length;
    expect(writeToConnection(stream, Buffer.from('alone'), 1024)).toBe(true);
    await waitUntil(() => frames.length > before);
    expect(frames.slice(before).map(String)).toEqual(['alone']);
  });

  it('refuses writes once a client that does not read has more than the limit waiting', async () => {
    const { port, accepted } = await startGateway();
    const stalled = await upgradeAndStopReading(port);
    cleanup.push(() => void stalled.destroy());
    const stream = await accepted();

    const chunk = Buffer.alloc(64 * 1024, 1);
    let written = 0;
    while (written < 256 * 1024 * 1024 && writeToConnection(stream, chunk, 512 * 1024)) written += chunk.length;
    expect(written).toBeLessThan(256 * 1024 * 1024);
    expect(writeToConnection(stream, Buffer.from('x'), 512 * 1024)).toBe(false);
  });

  it('writes nothing to a closed connection', async () => {
    const { port, accepted } = await startGateway();
    const client = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, 'mqtt');
    const frames: Buffer[] = [];
    client.on('message', (data: Buffer) => frames.push(data));
    const stream = await accepted();
    await new Promise((resolve) => client.once('open', resolve));
    client.close();
    await new Promise((resolve) => client.once('close', resolve));
    expect(() => writeToConnection(stream, Buffer.from('late'), 1024)).not.toThrow();
    expect(frames).toEqual([]);
  });
});

/** A WebSocket upgrade on a raw socket that then stops reading, so the server's writes pile up. */
function upgradeAndStopReading(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `GET ${REALTIME_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: mqtt\r\n\r\n',
      );
    });
    socket.once('data', (head: Buffer) => {
      socket.pause();
      if (head.toString('latin1').startsWith('HTTP/1.1 101')) resolve(socket);
      else reject(new Error(head.toString('latin1')));
    });
    socket.once('error', reject);
  });
}

async function waitUntil(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
