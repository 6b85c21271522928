import { autorun } from 'mobx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMqttFactory } from '../testing/fake-mqtt';
import { createRealtimeClient, type RealtimeClientOptions } from './client';

function setup(overrides: Partial<RealtimeClientOptions> = {}) {
  const { factory, connections } = fakeMqttFactory();
  let token: string | null = null;
  const onGap = vi.fn();
  const realtime = createRealtimeClient({
    url: 'ws://example.test/mqtt',
    getToken: () => token,
    onGap,
    mqttFactory: factory,
    ...overrides,
  });
  return {
    realtime,
    onGap,
    connections,
    setToken: (value: string | null) => (token = value),
    get mqtt() {
      return connections.at(-1)!;
    },
  };
}

describe('realtime client', () => {
  afterEach(() => vi.restoreAllMocks());

  it('connects once with the keepalive and the token as password', () => {
    const t = setup({ keepaliveSeconds: 7 });
    t.setToken('abc.def.ghi');
    t.realtime.start();
    t.realtime.start();
    expect(t.connections).toHaveLength(1);
    expect(t.mqtt.url).toBe('ws://example.test/mqtt');
    expect(t.mqtt.options).toMatchObject({ keepalive: 7, clean: true, username: 'bearer', password: 'abc.def.ghi' });
  });

  it('defaults to the 5 s keepalive and connects anonymously without a token', () => {
    const t = setup();
    t.realtime.start();
    expect(t.mqtt.options.keepalive).toBe(5);
    expect(t.mqtt.options.password).toBeUndefined();
  });

  it('subscribes a topic on its first listener and unsubscribes on its last', () => {
    const t = setup();
    t.realtime.start();
    t.mqtt.connect();
    const offA = t.realtime.subscribe('index', () => {});
    const offB = t.realtime.subscribe('index', () => {});
    expect(t.mqtt.calls).toEqual([['subscribe', ['index']]]);
    offA();
    offA();
    expect(t.mqtt.calls).toHaveLength(1);
    offB();
    expect(t.mqtt.calls).toEqual([
      ['subscribe', ['index']],
      ['unsubscribe', ['index']],
    ]);
  });

  it('subscribes what was asked for while offline once connected, and everything again after a reconnect', () => {
    const t = setup();
    t.realtime.start();
    t.realtime.subscribe('index', () => {});
    t.realtime.subscribe('refresh_42', () => {});
    const off = t.realtime.subscribe('all_symbol_detail', () => {});
    off();
    expect(t.mqtt.calls).toEqual([]);
    t.mqtt.connect();
    expect(t.mqtt.calls).toEqual([['subscribe', ['index', 'refresh_42']]]);
    t.mqtt.drop();
    t.mqtt.reconnect();
    expect(t.mqtt.calls.at(-1)).toEqual(['subscribe', ['index', 'refresh_42']]);
  });

  it('reads a fresh token on every reconnect attempt', () => {
    const t = setup();
    t.setToken('old');
    t.realtime.start();
    t.mqtt.connect();
    t.mqtt.drop();
    t.setToken('new');
    t.mqtt.reconnect();
    expect(t.mqtt.options.password).toBe('new');
    t.mqtt.drop();
    t.setToken(null);
    t.mqtt.reconnect();
    expect(t.mqtt.options.password).toBeUndefined();
  });

  it('sends no subscription on a connection opened for another principal; the connection restart() opens makes it', () => {
    let principal: string | null = null;
    const t = setup({ getPrincipal: () => principal });
    t.realtime.start();
    t.mqtt.connect();
    // signing in: the token and its member are known before the shell restarts the connection
    t.setToken('token-of-7');
    principal = '7';
    t.realtime.subscribe('refresh_7', () => {});
    expect(t.mqtt.calls).toEqual([]);
    t.realtime.restart();
    t.mqtt.connect();
    expect(t.mqtt.calls).toEqual([['subscribe', ['refresh_7']]]);
    // a refreshed token names the same member: the connection stays good for new topics
    t.setToken('refreshed-token-of-7');
    t.realtime.subscribe('index', () => {});
    expect(t.mqtt.calls.at(-1)).toEqual(['subscribe', ['index']]);
  });

  it('without getPrincipal, takes each token for a principal of its own', () => {
    const t = setup();
    t.realtime.start();
    t.mqtt.connect();
    t.setToken('token');
    t.realtime.subscribe('refresh_7', () => {});
    expect(t.mqtt.calls).toEqual([]);
  });

  it('hands listeners the data of the envelope', () => {
    const t = setup();
    t.realtime.start();
    t.mqtt.connect();
    const received: unknown[] = [];
    t.realtime.subscribe('index', (data, topic) => received.push([topic, data]));
    t.mqtt.deliver('index', 1, { close: '101.5' });
    t.mqtt.deliver('other', 1, { close: '1' });
    expect(received).toEqual([['index', { close: '101.5' }]]);
  });

  it('reports a gap on a sequence jump, not on consecutive messages', () => {
    const t = setup();
    t.realtime.start();
    t.mqtt.connect();
    t.realtime.subscribe('index', () => {});
    t.mqtt.deliver('index', 7, 'a');
    t.mqtt.deliver('index', 8, 'b');
    expect(t.onGap).not.toHaveBeenCalled();
    t.mqtt.deliver('index', 10, 'c');
    expect(t.onGap).toHaveBeenCalledTimes(1);
    expect(t.onGap).toHaveBeenCalledWith('index');
    t.mqtt.deliver('index', 11, 'd');
    expect(t.onGap).toHaveBeenCalledTimes(1);
  });

  it('tells the subscription that asked for it about a gap of its topic, until it unsubscribes', () => {
    const t = setup();
    t.realtime.start();
    t.mqtt.connect();
    const depthGaps = vi.fn();
    const indexGaps = vi.fn();
    const off = t.realtime.subscribe('depth_BTC_USDT', () => {}, { onGap: depthGaps });
    t.realtime.subscribe('index', () => {}, { onGap: indexGaps });
    t.mqtt.deliver('depth_BTC_USDT', 1, 'a');
    t.mqtt.deliver('depth_BTC_USDT', 3, 'b');
    expect(depthGaps).toHaveBeenCalledWith('depth_BTC_USDT');
    expect(indexGaps).not.toHaveBeenCalled();
    off();
    t.realtime.subscribe('depth_BTC_USDT', () => {});
    t.mqtt.deliver('depth_BTC_USDT', 5, 'c');
    t.mqtt.deliver('depth_BTC_USDT', 9, 'd');
    expect(depthGaps).toHaveBeenCalledTimes(1);
  });

  it('reports a gap for every topic after a reconnect and takes the next sequence as the new start', () => {
    const t = setup();
    t.realtime.start();
    t.mqtt.connect();
    t.realtime.subscribe('index', () => {});
    t.realtime.subscribe('refresh_42', () => {});
    t.mqtt.deliver('index', 3, 'a');
    expect(t.onGap).not.toHaveBeenCalled();
    t.mqtt.drop();
    t.mqtt.reconnect();
    expect(t.onGap.mock.calls).toEqual([['index'], ['refresh_42']]);
    t.mqtt.deliver('index', 1, 'after a server restart');
    expect(t.onGap).toHaveBeenCalledTimes(2);
  });

  it('keeps delivering to other listeners when one throws', () => {
    const t = setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    t.realtime.start();
    t.mqtt.connect();
    const received: unknown[] = [];
    t.realtime.subscribe('index', () => {
      throw new Error('broken listener');
    });
    t.realtime.subscribe('index', (data) => received.push(data));
    t.mqtt.deliver('index', 1, 'x');
    expect(received).toEqual(['x']);
    expect(console.error).toHaveBeenCalledTimes(1);
  });

  it('ignores payloads that are not JSON', () => {
    const t = setup();
    t.realtime.start();
    t.mqtt.connect();
    const listener = vi.fn();
    t.realtime.subscribe('index', listener);
    t.mqtt.emit('message', 'index', Buffer.from('not json'));
    expect(listener).not.toHaveBeenCalled();
  });

  it('makes `connected` observable', () => {
    const t = setup();
    const seen: boolean[] = [];
    const dispose = autorun(() => seen.push(t.realtime.connected));
    t.realtime.start();
    t.mqtt.connect();
    t.mqtt.drop();
    dispose();
    expect(seen).toEqual([false, true, false]);
  });

  it('is `interrupted` while a connection that was up is down, not before the first connect and not after stop', () => {
    const t = setup();
    const seen: boolean[] = [];
    const dispose = autorun(() => seen.push(t.realtime.interrupted));
    t.realtime.start();
    t.mqtt.drop();
    expect(t.realtime.interrupted).toBe(false);
    t.mqtt.connect();
    t.mqtt.drop();
    expect(t.realtime.interrupted).toBe(true);
    t.mqtt.reconnect();
    expect(t.realtime.interrupted).toBe(false);
    t.mqtt.drop();
    t.realtime.stop();
    dispose();
    expect(seen).toEqual([false, true, false, true, false]);
  });

  it('restart opens a new connection with the current token, keeps the listeners and reports the gap', () => {
    const t = setup();
    t.realtime.start();
    t.mqtt.connect();
    const received: unknown[] = [];
    t.realtime.subscribe('refresh_42', (data) => received.push(data));
    const first = t.mqtt;
    t.setToken('after-login');
    t.realtime.restart();
    expect(first.ended).toBe(true);
    expect(t.connections).toHaveLength(2);
    expect(t.mqtt.options.password).toBe('after-login');
    expect(t.realtime.connected).toBe(false);
    t.mqtt.connect();
    expect(t.mqtt.calls).toEqual([['subscribe', ['refresh_42']]]);
    expect(t.onGap).toHaveBeenCalledWith('refresh_42');
    // Events of the old connection no longer reach anyone.
    first.deliver('refresh_42', 1, 'stale');
    t.mqtt.deliver('refresh_42', 1, 'fresh');
    expect(received).toEqual(['fresh']);
  });

  it('stop closes the connection and a later start subscribes again', () => {
    const t = setup();
    t.realtime.start();
    t.mqtt.connect();
    t.realtime.subscribe('index', () => {});
    t.realtime.stop();
    expect(t.mqtt.ended).toBe(true);
    expect(t.realtime.connected).toBe(false);
    t.realtime.start();
    t.mqtt.connect();
    expect(t.mqtt.calls).toEqual([['subscribe', ['index']]]);
  });
});
