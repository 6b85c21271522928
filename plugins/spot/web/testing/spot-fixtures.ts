// Test doubles of the spot screens: markets, depth, trades, candles, orders, a manual clock and a realtime
// client that reports gaps.
import { observable } from 'mobx';
import { vi } from 'vitest';
import type { ShellRoot, SubscribeOptions, TopicListener } from '../../../../core/plugin-api';
import type { CandleView, DepthView, SpotOrderView, SpotSymbol, TradeView } from '../../shared/types';
import type { GuardClock } from '../request-guard';

export const BTC: SpotSymbol = {
  symbol_name: 'BTC/USDT',
  path_name: 'BTC_USDT',
  coin_symbol: 'BTC',
  quote_symbol: 'USDT',
  base_coin_scale: 2,
  coin_coin_scale: 6,
  tick_size: '0.01',
  lot_size: '0.000001',
  min_notional: '1',
  maker_fee_ppm: 1000,
  taker_fee_ppm: 1000,
  halted: false,
  close: '30000',
};
export const ETH: SpotSymbol = { ...BTC, symbol_name: 'ETH/USDT', path_name: 'ETH_USDT', coin_symbol: 'ETH', close: '2000' };

export const depth = (seq: number, bids: [string, string][] = [['29999', '1']], asks: [string, string][] = [['30001', '2']], symbol = 'BTC/USDT'): DepthView => ({
  symbol,
  seq,
  bids,
  asks,
  time: 1_700_000_000_000 + seq,
});

export const trade = (id: number, price = '30000', takerSide: 'buy' | 'sell' = 'buy'): TradeView => ({ id, price, qty: '0.1', quote: '3000', time: 1_700_000_000_000 + id, takerSide });

export const candle = (time: number, close = '30000', volume = '1'): CandleView => ({ time, open: '30000', high: close, low: '29990', close, volume, amount: '30000', buyVolume: volume, buyAmount: '30000', count: 1 });

export const order = (id: number, change: Partial<SpotOrderView> = {}): SpotOrderView => ({
  id,
  clientOrderId: null,
  symbol: 'BTC/USDT',
  side: 'buy',
  type: 'limit',
  status: 'open',
  price: '29000',
  num: '0.5',
  money: null,
  triggerPrice: null,
  takeProfit: null,
  stopLoss: null,
  filledNum: '0',
  filledMoney: '0',
  avgPrice: '0',
  fee: '0',
  feeCurrency: 'BTC',
  released: '0',
  releasedCurrency: 'USDT',
  reason: null,
  createTime: 1_700_000_000_000,
  updateTime: 1_700_000_000_000,
  ...change,
});

/** A clock whose timers run when the test moves time on. */
export class ManualClock implements GuardClock {
  time = 1_000_000;
  private timers: { at: number; run: () => void; id: number }[] = [];
  private next = 0;
  now = () => this.time;
  later = (run: () => void, ms: number) => {
    const id = ++this.next;
    this.timers.push({ at: this.time + ms, run, id });
    return id;
  };
  cancel = (handle: unknown) => {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  };
  advance(ms: number): void {
    this.time += ms;
    const due = this.timers.filter((timer) => timer.at <= this.time);
    this.timers = this.timers.filter((timer) => timer.at > this.time);
    for (const timer of due) timer.run();
  }
  get pending(): number {
    return this.timers.length;
  }
}

/** A realtime client that keeps listeners and gap handlers per topic. */
export class GapRealtime {
  connected = true;
  readonly listeners = new Map<string, Set<TopicListener>>();
  readonly gaps = new Map<string, Set<(topic: string) => void>>();
  subscribe(topic: string, listener: TopicListener, options?: SubscribeOptions) {
    const set = this.listeners.get(topic) ?? new Set();
    set.add(listener);
    this.listeners.set(topic, set);
    const onGap = options?.onGap;
    if (onGap) this.gaps.set(topic, (this.gaps.get(topic) ?? new Set()).add(onGap));
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(topic);
      if (onGap) this.gaps.get(topic)?.delete(onGap);
    };
  }
  get topics(): string[] {
    return [...this.listeners.keys()].sort();
  }
  emit(topic: string, payload: unknown): void {
    for (const listener of this.listeners.get(topic) ?? []) listener(payload, topic);
  }
  gap(topic: string): void {
    for (const handler of this.gaps.get(topic) ?? []) handler(topic);
  }
}

/** A root whose GET and POST answer from `answers` (path → value or function of the query/body). */
export function fakeRoot(answers: Record<string, unknown | ((input: unknown) => unknown)>, member: { id: string } | null = null) {
  const realtime = new GapRealtime();
  const session = observable({ isLogin: member !== null, user: member as ShellRoot['session']['user'] });
  const answer = (path: string, input: unknown) => {
    if (!(path in answers)) return Promise.reject(new Error(`unexpected call ${path}`));
    const value = answers[path];
    return Promise.resolve(typeof value === 'function' ? (value as (input: unknown) => unknown)(input) : value);
  };
  const http = {
    get: vi.fn((path: string, options?: { query?: unknown }) => answer(path, options?.query)),
    post: vi.fn((path: string, body?: unknown) => answer(path, body)),
    upload: vi.fn(),
    download: vi.fn(),
  };
  const root = { http, realtime, session, settings: { currency: { code: 'USD' } }, site: { features: { demo: false } } } as unknown as ShellRoot;
  return { root, http, realtime, session, calls: (path: string) => http.get.mock.calls.filter(([called]) => called === path).length };
}

/** Lets pending promise callbacks run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
