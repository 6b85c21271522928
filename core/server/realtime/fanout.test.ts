import { describe, expect, it } from 'vitest';
import { Fanout } from './fanout';
import { encodePublishPacket } from './publish-packet';

interface Reader {
  name: string;
  received: Buffer[];
}

function setup() {
  const turns = { ended: 0 };
  const fanout = new Fanout<Reader>(
    (reader, bytes) => reader.received.push(bytes),
    () => turns.ended++,
    () => 1_700_000_000_000,
  );
  const a: Reader = { name: 'a', received: [] };
  const b: Reader = { name: 'b', received: [] };
  return { fanout, a, b, turns };
}

const frame = (topic: string, seq: number, data: unknown) =>
  encodePublishPacket(topic, JSON.stringify({ seq, ts: 1_700_000_000_000, data }));

describe('Fanout', () => {
  it('frames the messages of a turn once and hands every reader the same buffer', () => {
    const { fanout, a, b, turns } = setup();
    fanout.add(a, 'index');
    fanout.add(b, 'index');
    fanout.send('index', { n: 1 });
    fanout.send('index', { n: 2 });
    fanout.flush();
    expect(a.received).toHaveLength(1);
    expect(turns.ended).toBe(1);
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
    const joined = Buffer.concat(a.received);
    expect(
      joined.equals(
        Buffer.concat([frame('index', 1, 'x'), frame('index', 2, 'z'), frame('all_symbol_detail', 1, 'y')]),
      ),
    ).toBe(true);
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
