import type { IClientOptions, MqttClient } from 'mqtt';
import { realtimeUrl } from '../../../core/web';
import { WS_KEEPALIVE_S } from '../../../core/shared';
import { DESK_TOPIC, type DeskEvent } from '../../chat/shared/types';

export interface DeskFeedOptions {
  /** The operator's access token, read at every (re)connect. */
  token: () => string;
  onEvent: (event: DeskEvent) => void;
  /** Messages may have been missed (a reconnect, a sequence gap): reload what is shown. */
  onGap: () => void;
  /** Opens the connection; tests pass a fake. Default: mqtt.js, loaded when first needed. */
  connect?: (url: string, options: IClientOptions) => MqttClient | Promise<MqttClient>;
}

const RECONNECT_PERIOD_MS = 3_000;

const defaultConnect = async (url: string, options: IClientOptions): Promise<MqttClient> => (await import('mqtt')).default.connect(url, options);

/**
 * The desk's live feed: its own MQTT connection with the operator's token (the shell's connection carries the
 * member token, which the console does not have), subscribed to the desk topic. Returns a function that closes it.
 */
export function openDeskFeed(options: DeskFeedOptions): () => void {
  const credentials = () => ({ username: 'bearer', password: options.token() });
  let client: MqttClient | null = null;
  let closed = false;
  let connectedBefore = false;
  let lastSeq: number | null = null;

  void Promise.resolve(
    (options.connect ?? defaultConnect)(realtimeUrl(window.location), {
      ...credentials(),
      keepalive: WS_KEEPALIVE_S,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: RECONNECT_PERIOD_MS,
      log: () => {},
    }),
  ).then(
    (connection) => {
      if (closed) {
        connection.end(true);
        return;
      }
      client = connection;
      connection.on('connect', () => {
        connection.subscribe(DESK_TOPIC, { qos: 0 });
        lastSeq = null;
        if (connectedBefore) options.onGap();
        connectedBefore = true;
      });
      connection.on('reconnect', () => Object.assign(connection.options, credentials()));
      connection.on('message', (topic, payload) => {
        if (topic !== DESK_TOPIC) return;
        let envelope: { seq: number; data: DeskEvent };
        try {
          envelope = JSON.parse(new TextDecoder().decode(payload));
        } catch {
          return;
        }
        if (lastSeq !== null && envelope.seq !== lastSeq + 1) options.onGap();
        lastSeq = envelope.seq;
        options.onEvent(envelope.data);
      });
      // refused connections and network errors end in 'close' and a retry
      connection.on('error', () => {});
    },
    (error: unknown) => console.error('the desk feed could not start', error),
  );

  return () => {
    closed = true;
    client?.end(true);
  };
}
