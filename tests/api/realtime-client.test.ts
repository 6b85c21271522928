import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken, verifyAccessToken } from '../../core/server/auth/tokens';
import { createRealtimeBroker, type RealtimeBroker } from '../../core/server/realtime';
import { createRealtimeClient } from '../../core/web/realtime';

const SECRET = 'realtime-client-secret';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

describe('the web realtime client against the broker', () => {
  let server: http.Server;
  let broker: RealtimeBroker;
  let url: string;

  beforeAll(async () => {
    server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    broker = createRealtimeBroker({
      server,
      verifyToken: (token) => verifyAccessToken(token, SECRET, nowSeconds()),
      log: { info() {}, warn() {}, error() {} },
    });
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/mqtt`;
  });
  afterAll(async () => {
    await broker.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('shares one connection, unwraps data, and reads a private channel after a restart with a token', async () => {
    let token: string | null = null;
    const gaps: string[] = [];
    const realtime = createRealtimeClient({ url, getToken: () => token, onGap: (topic) => gaps.push(topic) });
    const index: unknown[] = [];
    const refresh: unknown[] = [];
    realtime.subscribe('index', (data) => index.push(data));
    realtime.subscribe('refresh_42', (data) => refresh.push(data));
    realtime.start();
    try {
      await waitFor(() => realtime.connected && broker.clientCount() === 1);
      await sleep(100); // SUBACKs
      broker.publish('index', { close: '1.5' });
      broker.publish('refresh_42', { type: 'otc' });
      await waitFor(() => index.length === 1);
      await sleep(100);
      expect(index).toEqual([{ close: '1.5' }]);
      expect(refresh).toEqual([]); // anonymous: the broker refused refresh_42

      token = issueAccessToken({ kind: 'user', id: '42' }, SECRET, { nowSeconds: nowSeconds() }).token;
      realtime.restart();
      await waitFor(() => realtime.connected);
      expect(gaps.sort()).toEqual(['index', 'refresh_42']);
      await sleep(100);
      broker.publish('refresh_42', { type: 'otc', isNew: true });
      await waitFor(() => refresh.length === 1);
      expect(refresh).toEqual([{ type: 'otc', isNew: true }]);
      expect(broker.clientCount()).toBe(1);
    } finally {
      realtime.stop();
    }
    await waitFor(() => broker.clientCount() === 0);
  });
});
