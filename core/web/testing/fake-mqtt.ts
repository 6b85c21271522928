import { EventEmitter } from 'node:events';
import type { IClientOptions, MqttClient } from 'mqtt';
import type { MqttFactory } from '../realtime';

/** Stands in for mqtt.js: records what the realtime client asks of the broker and lets a test drive events. */
export class FakeMqtt extends EventEmitter {
  connected = false;
  ended = false;
  readonly calls: Array<['subscribe' | 'unsubscribe', string[]]> = [];

  constructor(
    readonly url: string,
    public options: IClientOptions,
  ) {
    super();
  }

  subscribe(topics: string | string[]) {
    this.calls.push(['subscribe', [topics].flat()]);
    return this;
  }

  unsubscribe(topics: string | string[]) {
    this.calls.push(['unsubscribe', [topics].flat()]);
    return this;
  }

  end() {
    this.ended = true;
    this.connected = false;
    return this;
  }

  connect() {
    this.connected = true;
    this.emit('connect');
  }

  drop() {
    this.connected = false;
    this.emit('offline');
    this.emit('close');
  }

  reconnect() {
    this.emit('reconnect');
    this.connect();
  }

  deliver(topic: string, seq: number, data: unknown) {
    this.emit('message', topic, Buffer.from(JSON.stringify({ seq, ts: Date.now(), data })));
  }

  /** The topics this connection was asked to subscribe, in order. */
  get subscribed(): string[] {
    return this.calls.filter(([kind]) => kind === 'subscribe').flatMap(([, topics]) => topics);
  }
}

/** An mqtt factory handing out FakeMqtt connections, newest last. */
export function fakeMqttFactory(): { factory: MqttFactory; connections: FakeMqtt[] } {
  const connections: FakeMqtt[] = [];
  const factory: MqttFactory = (url, options) => {
    const fake = new FakeMqtt(url, options);
    connections.push(fake);
    return fake as unknown as MqttClient;
  };
  return { factory, connections };
}
