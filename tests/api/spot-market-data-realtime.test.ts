// The spot market topics over real MQTT over WebSocket: depth, trades and candles after orders, with sequence
// numbers; at most ten messages a second per topic through a burst of orders, the last one the final state and
// no trade lost.
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPOT_MARKET_PATHS, SPOT_TOPICS, type DepthView, type KlineMessage, type TradesMessage } from '../../plugins/spot/shared/types';
import { startWalletServer, type WalletMember, type WalletTestServer } from './wallet-harness';

process.env.BOURSE_DEMO_MAKER = '0';

const SITE = { plugins: ['identity', 'wallet', 'markets', 'api-keys', 'spot'] };
const DEPTH = SPOT_TOPICS.depth('BTC_USDT');
const TRADES = SPOT_TOPICS.trades('BTC_USDT');
const MINUTE = SPOT_TOPICS.kline('BTC_USDT', '1min');
const DAY = SPOT_TOPICS.kline('BTC_USDT', '1day');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Received {
  topic: string;
  seq: number;
  ts: number;
  data: any;
}

/** An anonymous MQTT client: the market topics are public. */
async function listen(server: WalletTestServer, topics: string[]) {
  const client: MqttClient = await mqtt.connectAsync(`${server.baseUrl.replace('http', 'ws')}/mqtt`, { reconnectPeriod: 0, connectTimeout: 5000 });
  const received: Received[] = [];
  client.on('message', (topic, payload) => received.push({ topic, ...JSON.parse(payload.toString()) }));
  const grants = await client.subscribeAsync(topics).then(
    (granted) => granted.map((grant) => grant.qos),
    (error: { packet?: { granted?: number[] } }) => error.packet?.granted ?? [],
  );
  const on = (topic: string) => received.filter((message) => message.topic === topic);
  return { client, received, grants, on };
}

async function until(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

describe('spot market topics', () => {
  let server: WalletTestServer;
  let seller: WalletMember;
  let buyer: WalletMember;
  const clients: MqttClient[] = [];
  const place = (member: WalletMember, body: Record<string, unknown>) => server.post('/coin/entrust/exchange/BTC_USDT', body, member.token);
  const rest = async (pathname: string) => (await server.get(pathname)).body.data;

  beforeAll(async () => {
    server = await startWalletServer('sqlite', { site: SITE });
    seller = await server.signUp();
    buyer = await server.signUp();
    await server.credit(seller.id, 'BTC', '10');
    await server.credit(buyer.id, 'USDT', '1000000');
  });
  afterAll(async () => {
    for (const client of clients) await client.endAsync();
    await server?.close();
  });

  it('sends depth with the book’s number, the new trades and the current candles after orders', async () => {
    const listener = await listen(server, [DEPTH, TRADES, MINUTE, DAY, `refresh_${buyer.id}`]);
    clients.push(listener.client);
    expect(listener.grants).toEqual([0, 0, 0, 0, 128]);

    expect((await place(seller, { side: 'sell', type: 'limit', price: '50000', num: '0.3' })).status).toBe(200);
    await until(() => listener.on(DEPTH).length === 1);
    const first = listener.on(DEPTH)[0]!.data as DepthView;
    expect(first).toMatchObject({ symbol: 'BTC/USDT', bids: [], asks: [['50000', '0.3']] });
    expect(first.seq).toBeGreaterThan(0);

    const taken = await place(buyer, { side: 'buy', type: 'limit', price: '50000', num: '0.1' });
    expect(taken.status).toBe(200);
    await until(() => listener.on(DEPTH).length === 2 && listener.on(TRADES).length === 1 && listener.on(MINUTE).length === 1 && listener.on(DAY).length === 1);
    const second = listener.on(DEPTH)[1]!;
    expect(second.data).toMatchObject({ asks: [['50000', '0.2']] });
    expect(second.data.seq).toBeGreaterThan(first.seq);
    expect(second.seq).toBe(listener.on(DEPTH)[0]!.seq + 1);
    const trades = listener.on(TRADES)[0]!.data as TradesMessage;
    expect(trades).toEqual({ symbol: 'BTC/USDT', trades: [{ id: expect.any(Number), price: '50000', qty: '0.1', quote: '5000', time: taken.body.data.updateTime, takerSide: 'buy' }] });
    for (const [topic, period] of [[MINUTE, '1min'], [DAY, '1day']] as const) {
      const message = listener.on(topic)[0]!.data as KlineMessage;
      expect(message).toMatchObject({ symbol: 'BTC/USDT', period, candle: { open: '50000', close: '50000', volume: '0.1', amount: '5000', count: 1 } });
      expect(message.candle).toEqual((await rest(`${SPOT_MARKET_PATHS.klineHistory}?symbol=BTC_USDT&period=${period}`)).at(-1));
    }
    // a cancel moves the book: depth only
    const resting = await place(buyer, { side: 'buy', type: 'limit', price: '40000', num: '0.1' });
    await until(() => listener.on(DEPTH).at(-1)!.data.bids.length === 1);
    await server.post('/coin/entrust/cancel/entrust', { id: resting.body.data.id }, buyer.token);
    await until(() => listener.on(DEPTH).at(-1)!.data.bids.length === 0);
    await sleep(150);
    expect(listener.on(TRADES)).toHaveLength(1);
    expect(listener.on(MINUTE)).toHaveLength(1);
  });

  it('sends at most ten messages a second per topic through 50 rapid orders, the last one the final state, no trade lost', async () => {
    const listener = await listen(server, [DEPTH, TRADES, MINUTE]);
    clients.push(listener.client);
    const before = new Set(((await rest(`/coin/open/transaction/BTC_USDT/100`)) as Array<{ id: number }>).map((trade) => trade.id));
    const started = Date.now();
    for (let i = 0; i < 25; i++) {
      const price = String(50000 + (i % 5));
      expect((await place(seller, { side: 'sell', type: 'limit', price, num: '0.01' })).status).toBe(200);
      expect((await place(buyer, { side: 'buy', type: 'limit', price: '50010', num: '0.01' })).status).toBe(200);
    }
    const elapsed = Date.now() - started;
    await sleep(400);

    for (const topic of [DEPTH, TRADES, MINUTE]) {
      const messages = listener.on(topic);
      expect(messages.length, topic).toBeGreaterThan(0);
      // at most ten a second: the server's stamps are at least ~100 ms apart
      expect(messages.length, `${topic}: ${messages.length} in ${elapsed} ms`).toBeLessThanOrEqual(Math.ceil(elapsed / 100) + 2);
      for (let i = 1; i < messages.length; i++) {
        expect(messages[i]!.ts - messages[i - 1]!.ts, topic).toBeGreaterThanOrEqual(95);
        expect(messages[i]!.seq, topic).toBe(messages[i - 1]!.seq + 1);
      }
    }
    const depth = await rest(`/coin/open/depth/BTC_USDT`);
    expect({ ...listener.on(DEPTH).at(-1)!.data, time: 0 }).toEqual({ ...depth, time: 0 });
    const candle = (await rest(`${SPOT_MARKET_PATHS.klineHistory}?symbol=BTC_USDT&period=1min`)).at(-1);
    expect(listener.on(MINUTE).at(-1)!.data.candle).toEqual(candle);

    const sent = listener.on(TRADES).flatMap((message) => (message.data as TradesMessage).trades);
    const made = ((await rest(`/coin/open/transaction/BTC_USDT/100`)) as Array<{ id: number }>).filter((trade) => !before.has(trade.id));
    expect(made).toHaveLength(25);
    // each message newest first, messages in order: together the trades newest last, none lost or repeated
    const inOrder = listener.on(TRADES).flatMap((message) => [...(message.data as TradesMessage).trades].reverse());
    expect(inOrder.map((trade) => trade.id)).toEqual(made.map((trade) => trade.id).reverse());
    expect(sent).toHaveLength(25);
  });

  it("tells the owner of a stop that other members' trade triggered, though the stop did not trade", async () => {
    const owner = await server.signUp();
    await server.credit(owner.id, 'BTC', '1');
    const stop = await place(owner, { side: 'sell', type: 'stop', triggerMoney: '30000', price: '30000', num: '0.01' });
    expect(stop.status).toBe(200);
    const published: string[] = [];
    const publish = server.context.realtime.publish;
    server.context.realtime.publish = (topic, payload, options) => {
      published.push(`${topic} ${(payload as { event?: string }).event ?? ''}`);
      publish(topic, payload, options);
    };
    try {
      expect((await place(buyer, { side: 'buy', type: 'limit', price: '30000', num: '0.01' })).status).toBe(200);
      expect((await place(seller, { side: 'sell', type: 'limit', price: '30000', num: '0.01' })).status).toBe(200);
    } finally {
      server.context.realtime.publish = publish;
    }
    expect(published).toContain(`refresh_${owner.id} order`);
    const open = (await server.get('/coin/entrust/get/myExchangeLog/BTC_USDT', owner.token)).body.data as Array<{ id: number; status: string }>;
    expect(open.find((order) => order.id === stop.body.data.id)?.status).toBe('open');
  });
});
