import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Principal } from '../../plugin-api';
import { Conflator } from './conflator';
import { Fanout } from './fanout';
import { TopicRules, addBuiltInRules, type TopicRule } from './topic-rules';
import { attachWebSocketGateway, writeToConnection } from './websocket';

export type { RealtimeEnvelope } from './fanout';
export { REALTIME_PATH } from './websocket';

export interface RealtimeLog {
  info(message: string, extra?: object): void;
  warn(message: string, extra?: object): void;
  error(message: string, extra?: object): void;
}

export interface RealtimeBrokerOptions {
  /** The HTTP server to take WebSocket upgrades on /mqtt from. */
  server: Server;
  /** The principal of an access token, or null when the token is not valid. */
  verifyToken: (token: string) => Principal | null;
  log: RealtimeLog;
  /** Minimum time between two messages of a conflated topic (default 100 ms, i.e. at most ~10/s). */
  conflateIntervalMs?: number;
}

export interface RealtimeBroker {
  publish(topic: string, payload: unknown, options?: { conflate?: boolean }): void;
  /** Adds a subscribe rule; the longest matching prefix decides, a topic without a rule is denied. */
  topicAccess(prefix: string, allow: TopicRule): void;
  clientCount(): number;
  close(): Promise<void>;
}

const DEFAULT_CONFLATE_INTERVAL_MS = 100;
/** Writes waiting on one client beyond this are dropped for it; it sees a sequence gap and resyncs. */
const MAX_CLIENT_BACKLOG_BYTES = 1024 * 1024;
/** CONNECT must arrive this soon after the WebSocket opens. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Clients must ping: keepalive 0 (never) and anything above this many seconds is refused at CONNECT. */
const KEEPALIVE_LIMIT_S = 120;

/** CONNACK return code 4 of MQTT 3.1.1. */
const BAD_USERNAME_OR_PASSWORD = 4;

/**
 * The in-process MQTT-over-WebSocket broker. Clients only subscribe (subject to the topic rules); the server
 * is the only publisher. Every message is JSON {seq, ts, data}, framed once for all readers of its topic.
 */
export function createRealtimeBroker(options: RealtimeBrokerOptions): RealtimeBroker {
  const { log } = options;
  const rules = new TopicRules();
  addBuiltInRules(rules);
  const principals = new WeakMap<Client, Principal | null>();

  const fanout = new Fanout<Client>((client, bytes) => {
    if (client.connected && !client.closed) writeToConnection(client.conn as Duplex, bytes, MAX_CLIENT_BACKLOG_BYTES);
  });
  const conflator = new Conflator(options.conflateIntervalMs ?? DEFAULT_CONFLATE_INTERVAL_MS, (topic, payload) =>
    fanout.send(topic, payload),
  );

  const aedes = new Aedes({
    connectTimeout: CONNECT_TIMEOUT_MS,
    keepaliveLimit: KEEPALIVE_LIMIT_S,
    preConnect(_client, packet, done) {
      // The broker keeps no sessions: a persistent session would bring back subscriptions without checking them.
      packet.clean = true;
      done(null, true);
    },
    authenticate(client, username, password, done) {
      const token = credentialToken(username, password);
      if (token === null) {
        principals.set(client, null);
        return done(null, true);
      }
      let principal: Principal | null = null;
      try {
        principal = options.verifyToken(token);
      } catch (error) {
        log.error('realtime token check failed', { error: String(error) });
      }
      if (!principal) {
        const error = Object.assign(new Error('Access token not valid'), { returnCode: BAD_USERNAME_OR_PASSWORD });
        return done(error as AuthenticateError, false);
      }
      principals.set(client, principal);
      done(null, true);
    },
    authorizePublish(_client, _packet, done) {
      done(new Error('Clients may not publish'));
    },
    authorizeSubscribe(client, subscription, done) {
      const principal = principals.get(client) ?? null;
      rules.allows(principal, subscription.topic).then(
        (allowed) => done(null, allowed ? subscription : null),
        (error: unknown) => {
          log.error('realtime topic rule failed', { topic: subscription.topic, error: String(error) });
          done(null, null);
        },
      );
    },
  });

  aedes.on('subscribe', (subscriptions, client) => {
    if (client.closed) return;
    for (const { topic, qos } of subscriptions) if ((qos as number) !== 128) fanout.add(client, topic);
  });
  aedes.on('unsubscribe', (topics, client) => {
    for (const topic of topics) fanout.remove(client, topic);
  });
  aedes.on('clientDisconnect', (client) => fanout.removeSubscriber(client));
  aedes.on('connectionError', (client, error) => {
    log.info('realtime connection failed before CONNACK', { clientId: client?.id, reason: error.message });
  });

  const listening = aedes.listen();
  listening.catch((error: unknown) => log.error('realtime broker failed to start', { error: String(error) }));

  const gateway = attachWebSocketGateway(options.server, (stream, request) => {
    listening.then(
      () => {
        if (aedes.closed) stream.destroy();
        else aedes.handle(stream, request);
      },
      () => stream.destroy(),
    );
  });

  let closing: Promise<void> | null = null;
  return {
    publish(topic, payload, publishOptions) {
      if (publishOptions?.conflate) conflator.offer(topic, payload);
      else fanout.send(topic, payload);
    },
    topicAccess(prefix, allow) {
      rules.add(prefix, allow);
    },
    clientCount() {
      return aedes.connectedClients ?? 0;
    },
    close() {
      closing ??= (async () => {
        conflator.stop();
        fanout.stop();
        await listening.catch(() => undefined);
        await new Promise<void>((resolve) => aedes.close(() => resolve()));
        await gateway.close();
      })();
      return closing;
    },
  };
}

/** The token from CONNECT: the password, or the username when the password is empty; "bearer " is optional. */
function credentialToken(username: string | undefined, password: Buffer | undefined): string | null {
  const raw = password && password.length > 0 ? password.toString('utf8') : (username ?? '');
  const token = raw.replace(/^bearer\s+/i, '').trim();
  return token ? token : null;
}
