import { makeObservable, observable } from 'mobx';
import { vi } from 'vitest';
import type { SiteConfig, TopicListener } from '../../plugin-api';
import type { BootData } from '../boot/boot-query';
import type { ControlledRealtimeClient } from '../realtime';
import { buildRegistry, type PluginEntry } from '../registry/registry';
import { RootStore, type RootStoreOptions } from '../store/root-store';
import { bootData, testSite } from './fixtures';

/** A realtime client that records what the shell asks of it. */
export class FakeRealtime implements ControlledRealtimeClient {
  connected = false;
  interrupted = false;
  starts = 0;
  stops = 0;
  restarts = 0;
  readonly listeners = new Map<string, Set<TopicListener>>();
  constructor() {
    makeObservable(this, { interrupted: observable });
  }
  start() {
    this.starts += 1;
  }
  stop() {
    this.stops += 1;
  }
  restart() {
    this.restarts += 1;
  }
  subscribe(topic: string, listener: TopicListener) {
    const set = this.listeners.get(topic) ?? new Set();
    set.add(listener);
    this.listeners.set(topic, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(topic);
    };
  }
  get topics(): string[] {
    return [...this.listeners.keys()].sort();
  }
  emit(topic: string, payload: unknown) {
    for (const listener of this.listeners.get(topic) ?? []) listener(payload, topic);
  }
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export type FakeAnswer = unknown | ((request: RecordedRequest) => unknown | Promise<unknown>);

/**
 * A fetch that answers API paths (pathname without query) from a table with envelopes;
 * a function answer may return a Response or a promise (to hold a request open).
 */
export function fakeApi(answers: Record<string, FakeAnswer> = {}) {
  const requests: RecordedRequest[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const request: RecordedRequest = { method: init?.method ?? 'GET', url, headers: new Headers(init?.headers), body };
    requests.push(request);
    if (!(url.pathname in answers)) return Response.json({ code: 404, success: false, msg: 'Not found', data: null }, { status: 404 });
    const answer = answers[url.pathname];
    const value = typeof answer === 'function' ? await (answer as (r: RecordedRequest) => unknown)(request) : answer;
    if (value instanceof Response) return value;
    return Response.json({ code: 200, success: true, msg: 'success', data: value });
  });
  return { fetch: fetchImpl as unknown as typeof fetch, requests, answers, paths: () => requests.map((r) => r.url.pathname) };
}

export interface TestRootOptions extends Partial<Omit<RootStoreOptions, 'site'>> {
  site?: Partial<SiteConfig>;
  plugins?: PluginEntry[];
  boot?: Partial<BootData>;
}

/** A root store wired to fakes: fetch table, fake realtime, boot data from fixtures. */
export function createTestRoot(options: TestRootOptions = {}) {
  const site = testSite({ plugins: (options.plugins ?? []).map((entry) => entry.manifest.id), ...options.site });
  const registry = buildRegistry(site, options.plugins ?? []);
  const realtime = new FakeRealtime();
  const api = fakeApi();
  const fetchBoot = vi.fn(async (_site: string, language: string) => bootData({ ...options.boot, site: { ...bootData().site, language } }));
  const { site: _site, plugins: _plugins, boot: _boot, ...rest } = options;
  const root = new RootStore({
    fetch: api.fetch,
    fetchBoot,
    createRealtime: () => realtime,
    showError: vi.fn(),
    ...rest,
    site,
    registry,
  });
  return { root, realtime, api, fetchBoot, site };
}
