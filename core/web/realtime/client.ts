import { action, makeObservable, observable } from 'mobx';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { RealtimeClient, SubscribeOptions, TopicListener } from '../../plugin-api';
import { WS_KEEPALIVE_S } from '../../shared/constants';

export type MqttFactory = (url: string, options: IClientOptions) => MqttClient;

export interface RealtimeClientOptions {
  /** ws(s)://host/mqtt, see realtimeUrl(). */
  url: string;
  /** The current access token, read at every (re)connect; null connects anonymously (public topics only). */
  getToken: () => string | null;
  /**
   * Whom the current token names (e.g. the member's id; null: anonymous); by default the token itself. The broker
   * authenticates a connection once, at CONNECT, so a connection opened for someone else takes no new
   * subscription: it waits for the connection of the new principal, which restart() opens.
   */
  getPrincipal?: () => string | null;
  keepaliveSeconds?: number;
  /**
   * Called when messages of a topic may have been missed: a sequence jump, or a new connection after an
   * earlier one (reconnect or restart). A market page reloads its REST snapshot here.
   */
  onGap?: (topic: string) => void;
  /** Creates the MQTT connection; tests pass a fake. */
  mqttFactory?: MqttFactory;
}

export interface ControlledRealtimeClient extends RealtimeClient {
  /** Opens the connection (no-op when already started). */
  start(): void;
  /** Closes the connection; subscriptions are kept and renewed by the next start(). */
  stop(): void;
  /** A new connection with a fresh token: the shell calls it whenever the token's principal changes (login, logout). */
  restart(): void;
  /**
   * The connection came up once and is down now while the client runs (it is retrying): what the pages show may be
   * out of date. False after stop(), and again on the next connect.
   */
  readonly interrupted: boolean;
}

const RECONNECT_PERIOD_MS = 3_000;
const utf8 = new TextDecoder();
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The shell's one realtime connection (MQTT over WebSocket), shared by every plugin. Listeners are counted
 * per topic: the broker subscription is made for the first listener and dropped with the last one.
 * Messages arrive as {seq, ts, data}; listeners get `data`.
 *
 * `connected` is a MobX observable, so observer components and reactions follow the connection state.
 */
export class MqttRealtimeClient implements ControlledRealtimeClient {
  connected = false;
  interrupted = false;

  private client: MqttClient | null = null;
  /** The principal the current connection authenticates as. */
  private connectionPrincipal: string | null = null;
  private readonly listeners = new Map<string, Set<TopicListener>>();
  private readonly lastSeq = new Map<string, number>();
  private readonly gapHandlers = new Map<string, Set<(topic: string) => void>>();
  /** Whether any connection has come up before: the next one may have missed messages. */
  private connectedBefore = false;
  private readonly factory: MqttFactory;

  constructor(private readonly options: RealtimeClientOptions) {
    this.factory = options.mqttFactory ?? ((url, clientOptions) => mqtt.connect(url, clientOptions));
    makeObservable<MqttRealtimeClient, 'setConnected'>(this, {
      connected: observable,
      interrupted: observable,
      setConnected: action,
    });
  }

  start(): void {
    if (this.client) return;
    const client = this.factory(this.options.url, {
      ...this.connectCredentials(),
      keepalive: this.options.keepaliveSeconds ?? WS_KEEPALIVE_S,
      protocolVersion: 4,
      clean: true,
      // Subscriptions are renewed here on every connect, from the listener table.
      resubscribe: false,
      reconnectPeriod: RECONNECT_PERIOD_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      // mqtt.js traces every packet through `debug` unless given a logger; that costs ~10% per message.
      log: () => {},
    });
    this.client = client;
    // After stop() or restart() the old connection's late events are ignored.
    const current = () => client === this.client;
    client.on('connect', () => current() && this.onConnect(client));
    client.on('close', () => current() && this.setConnected(false, this.connectedBefore));
    client.on('offline', () => current() && this.setConnected(false, this.connectedBefore));
    // The token may have been refreshed (or dropped) since the last attempt.
    client.on('reconnect', () => current() && Object.assign(client.options, this.connectCredentials()));
    client.on('message', (topic, payload) => current() && this.onMessage(topic, payload));
    // Connection errors (refused CONNECT, network) end in 'close' and a retry; nothing else to do.
    client.on('error', () => {});
  }

  stop(): void {
    const client = this.client;
    if (!client) return;
    this.client = null;
    client.end(true);
    this.setConnected(false);
  }

  restart(): void {
    this.stop();
    this.start();
  }

  subscribe(topic: string, listener: TopicListener, options?: SubscribeOptions): () => void {
    let topicListeners = this.listeners.get(topic);
    if (!topicListeners) {
      topicListeners = new Set();
      this.listeners.set(topic, topicListeners);
      if (this.client?.connected && this.principal() === this.connectionPrincipal) this.client.subscribe(topic, { qos: 0 }, warnIfRefused);
    }
    // A wrapper per call, so the same function subscribed twice needs two unsubscribes.
    const entry: TopicListener = (payload, from) => listener(payload, from);
    topicListeners.add(entry);
    const onGap = options?.onGap && ((from: string) => options.onGap!(from));
    if (onGap) {
      const handlers = this.gapHandlers.get(topic) ?? new Set();
      handlers.add(onGap);
      this.gapHandlers.set(topic, handlers);
    }

    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      topicListeners.delete(entry);
      if (onGap) {
        const handlers = this.gapHandlers.get(topic);
        handlers?.delete(onGap);
        if (handlers?.size === 0) this.gapHandlers.delete(topic);
      }
      if (topicListeners.size > 0 || this.listeners.get(topic) !== topicListeners) return;
      this.listeners.delete(topic);
      this.lastSeq.delete(topic);
      if (this.client?.connected) this.client.unsubscribe(topic);
    };
  }

  private principal(): string | null {
    return (this.options.getPrincipal ?? this.options.getToken)();
  }

  /** The CONNECT credentials of the current token; notes whom the connection is for. */
  private connectCredentials(): Pick<IClientOptions, 'username' | 'password'> {
    this.connectionPrincipal = this.principal();
    return credentials(this.options.getToken());
  }

  private setConnected(value: boolean, interrupted = false): void {
    this.connected = value;
    this.interrupted = interrupted;
  }

  private onConnect(client: MqttClient): void {
    this.setConnected(true);
    const topics = [...this.listeners.keys()];
    if (topics.length > 0) client.subscribe(topics, { qos: 0 }, warnIfRefused);
    if (this.connectedBefore) {
      this.lastSeq.clear();
      for (const topic of topics) this.reportGap(topic);
    }
    this.connectedBefore = true;
  }

  private onMessage(topic: string, payload: Uint8Array): void {
    const topicListeners = this.listeners.get(topic);
    if (!topicListeners) return;
    let message: unknown;
    try {
      message = JSON.parse(utf8.decode(payload));
    } catch {
      return;
    }
    let data = message;
    if (isEnvelope(message)) {
      const previous = this.lastSeq.get(topic);
      this.lastSeq.set(topic, message.seq);
      if (previous !== undefined && message.seq !== previous + 1) this.reportGap(topic);
      data = message.data;
    }
    for (const listener of [...topicListeners]) {
      try {
        listener(data, topic);
      } catch (error) {
        console.error(`Realtime listener for "${topic}" failed`, error);
      }
    }
  }

  private reportGap(topic: string): void {
    const handlers = [this.options.onGap, ...(this.gapHandlers.get(topic) ?? [])];
    for (const handler of handlers) {
      try {
        handler?.(topic);
      } catch (error) {
        console.error(`Realtime gap handler for "${topic}" failed`, error);
      }
    }
  }
}

export function createRealtimeClient(options: RealtimeClientOptions): MqttRealtimeClient {
  return new MqttRealtimeClient(options);
}

/** The token travels as the CONNECT password; MQTT 3.1.1 needs a username alongside it. */
function credentials(token: string | null): Pick<IClientOptions, 'username' | 'password'> {
  return token ? { username: 'bearer', password: token } : { username: undefined, password: undefined };
}

/** The broker refuses topics the principal may not read (SUBACK 128); say so instead of staying silent. */
function warnIfRefused(
  error: Error | null | undefined,
  requested?: Array<{ topic: string }>,
  suback?: { granted?: Array<number | object> },
): void {
  if (!error) return;
  const refused = (requested ?? []).filter((_, index) => suback?.granted?.[index] === 128).map(({ topic }) => topic);
  console.warn(`Realtime subscription refused: ${refused.join(', ') || error.message}`);
}

function isEnvelope(message: unknown): message is { seq: number; ts: number; data: unknown } {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as { seq?: unknown }).seq === 'number' &&
    'data' in message
  );
}
