import { action, makeObservable, observableRef } from 'mobx';
import type { SubscribeOptions, TopicListener } from '../../plugin-api';
import type { ControlledRealtimeClient } from '../realtime';

export type RealtimeFactory = () => Promise<ControlledRealtimeClient>;

interface PendingSubscription {
  topic: string;
  listener: TopicListener;
  options: SubscribeOptions | undefined;
  unsubscribe: (() => void) | null;
  cancelled: boolean;
}

/**
 * The realtime client behind a dynamic import: the MQTT library stays out of the first-paint bundle.
 * Subscriptions made before the client has loaded are handed over once it has.
 */
export class LazyRealtimeClient implements ControlledRealtimeClient {
  private client: ControlledRealtimeClient | null = null;
  private loading: Promise<ControlledRealtimeClient> | null = null;
  private running = false;
  private pending: PendingSubscription[] = [];

  constructor(private readonly load: RealtimeFactory) {
    makeObservable<LazyRealtimeClient, 'client' | 'attach'>(this, { client: observableRef, attach: action });
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  get interrupted(): boolean {
    return this.client?.interrupted ?? false;
  }

  start(): void {
    this.running = true;
    if (this.client) {
      this.client.start();
      return;
    }
    this.ensureLoaded();
  }

  stop(): void {
    this.running = false;
    this.client?.stop();
  }

  restart(): void {
    if (this.client) {
      this.running = true;
      this.client.restart();
    } else {
      this.start();
    }
  }

  subscribe(topic: string, listener: TopicListener, options?: SubscribeOptions): () => void {
    if (this.client) return this.client.subscribe(topic, listener, options);
    const entry: PendingSubscription = { topic, listener, options, unsubscribe: null, cancelled: false };
    this.pending.push(entry);
    return () => {
      entry.cancelled = true;
      entry.unsubscribe?.();
      entry.unsubscribe = null;
    };
  }

  private ensureLoaded(): void {
    if (this.loading) return;
    this.loading = this.load();
    this.loading.then(
      (client) => this.attach(client),
      (error) => {
        this.loading = null;
        console.error('the realtime client failed to load', error);
      },
    );
  }

  private attach(client: ControlledRealtimeClient): void {
    this.client = client;
    for (const entry of this.pending) {
      if (!entry.cancelled) entry.unsubscribe = client.subscribe(entry.topic, entry.listener, entry.options);
    }
    this.pending = [];
    if (this.running) client.start();
  }
}
