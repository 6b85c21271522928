import { describe, expect, it } from 'vitest';
import { Fanout } from './fanout';
import { encodePublishPacket } from './publish-packet';

interface Reader {
  name: string;
  received: Buffer[];
}

function setup() {
  const fanout = new Fanout<Reader>(
    (reader, bytes) => reader.received.push(bytes),
    () => 1_700_000_000_000,
  );
  const a: Reader = { name: 'a', received: [] };
  const b: Reader = { name: 'b', received: [] };
  const c: Reader = { name: 'c', received: [] };
  return { fanout, a, b, c };
}

const frame = (topic: string, seq: number, data: unknown) =>
  encodePublishPacket(topic, JSON.stringify({ seq, ts: 1_700_000_000_000, data }));

describe('Fanout', () => {
  it('frames the messages of a turn once and hands every reader the same buffer', () => {
    const { fanout, a, b } = setup();
    fanout.add(a, 'index');
    fanout.add(b, 'index');
    fanout.send('index', { n: 1 });
    fanout.send('index', { n: 2 });
    fanout.flush();
    expect(a.received).toHaveLength(1);
    expect(a.received[0]).toBe(b.received[0]);
    expect(a.received[0].equals(Buffer.concat([frame('index', 1, { n: 1 }), frame('index', 2, { n: 2 })]))).toBe(true);
  });

  it('numbers each topic separately and skips topics nobody reads without using a number', () => {
    const { fanout, a } = setup();
    fanout.send('index', 'nobody');
    fanout.add(a, 'index');
    fanout.add(a, 'all_symbol_detail');
    fanout.send('index', 'x');
    fanout.send('all_symbol_detail', 'y');
    fanout.send('index', 'z');
    fanout.flush();
    expect(a.received).toHaveLength(1);
    const joined = a.received[0];
    expect(
      joined.equals(
        Buffer.concat([frame('index', 1, 'x'), frame('index', 2, 'z'), frame('all_symbol_detail', 1, 'y')]),
      ),
    ).toBe(true);
  });

  it('writes once per reader and turn, sharing one joined buffer among readers of the same topics', () => {
    const { fanout, a, b, c } = setup();
    for (const reader of [a, b]) {
      fanout.add(reader, 'depth_BTC_USDT');
      fanout.add(reader, 'trades_BTC_USDT');
    }
    fanout.add(c, 'trades_BTC_USDT');
    fanout.add(c, 'refresh_7');
    fanout.send('depth_BTC_USDT', 'd');
    fanout.send('trades_BTC_USDT', 't');
    fanout.send('refresh_7', 'r');
    fanout.flush();
    expect([a.received.length, b.received.length, c.received.length]).toEqual([1, 1, 1]);
    expect(a.received[0]).toBe(b.received[0]);
    expect(a.received[0].equals(Buffer.concat([frame('depth_BTC_USDT', 1, 'd'), frame('trades_BTC_USDT', 1, 't')]))).toBe(true);
    expect(c.received[0].equals(Buffer.concat([frame('trades_BTC_USDT', 1, 't'), frame('refresh_7', 1, 'r')]))).toBe(true);
    fanout.flush();
    expect(a.received).toHaveLength(1);
  });

  it('stops delivering after unsubscribe and after the reader leaves', () => {
    const { fanout, a, b } = setup();
    fanout.add(a, 'index');
    fanout.add(a, 'refresh_1');
    fanout.add(b, 'index');
    fanout.remove(b, 'index');
    fanout.removeSubscriber(a);
    fanout.send('index', 1);
    fanout.send('refresh_1', 1);
    fanout.flush();
    expect(a.received).toEqual([]);
    expect(b.received).toEqual([]);
    expect(fanout.subscriberCount('index')).toBe(0);
  });

  it('flushes by itself at the end of the turn', async () => {
    const { fanout, a } = setup();
    fanout.add(a, 'index');
    fanout.send('index', 1);
    expect(a.received).toHaveLength(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(a.received).toHaveLength(1);
    fanout.stop();
  });
});
