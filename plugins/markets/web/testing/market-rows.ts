// Rows and handlers for the plugin's tests (msw answers the shell's HTTP client).
import { http, HttpResponse } from 'msw';
import type { SubscribeOptions, TopicListener } from '../../../../core/plugin-api';
import { toTickerRow, type TickerMessage } from '../../shared/service';
import { WATCHLIST_PATHS, type MarketInitData, type MarketRow, type WatchlistItem } from '../../shared/types';

export function marketRow(symbol: string, overrides: Partial<MarketRow> = {}): MarketRow {
  const [base, quote] = symbol.split('/');
  return {
    symbol_name: symbol,
    coin_symbol: base!,
    quote_symbol: quote!,
    contract_type: 0,
    close: '1',
    zdf: '0',
    high: '1',
    low: '1',
    amount: '1000',
    vol: '1000',
    avatar: `/static/coins/${base!.toLowerCase()}.svg`,
    part_cou: `/static/coins/${base!.toLowerCase()}.svg`,
    full_cou: `/static/coins/${base!.toLowerCase()}.svg`,
    is_new: 0,
    hot: 0,
    price_scale: 2,
    qty_scale: 4,
    demo: false,
    halted: false,
    ...overrides,
  };
}

export const SPOT_ROWS: MarketRow[] = [
  marketRow('BTC/USDT', { close: '67250.15', zdf: '2.35', high: '67980', low: '65412.3', amount: '1240925390.11', hot: 1, demo: true }),
  marketRow('ETH/USDT', { close: '3521.42', zdf: '9.9', hot: 1, demo: true }),
  marketRow('DOGE/USDT', { close: '0.15872', zdf: '10.5', hot: 1, demo: true }),
  marketRow('XRP/USDT', { close: '0.5234', zdf: '-1.12', demo: true }),
  marketRow('TON/USDT', { close: '6.852', zdf: '3.97', is_new: 1, demo: true }),
  marketRow('AVAX/USDT', { close: '36.452', zdf: '-3.18', is_new: 1, demo: true }),
  marketRow('LTC/USDT', { close: null, zdf: null, high: null, low: null, amount: null, vol: null, demo: false }),
];

export const CONTRACT_ROWS: MarketRow[] = [
  marketRow('BTC/USDT', { contract_type: 1, close: '67262.4', zdf: '2.41', hot: 1, demo: true }),
  marketRow('BTC/USD', { contract_type: 2, close: '67245.8', zdf: '-0.5', demo: true }),
];

export function initData(type: 'spot' | 'contract', spot: MarketRow[] = SPOT_ROWS): MarketInitData {
  return {
    type,
    symbols: type === 'spot' ? spot : CONTRACT_ROWS,
    contracts: CONTRACT_ROWS.map((row) => ({ symbol_name: row.symbol_name, contract_type: row.contract_type, symbolName: row.symbol_name.replace('/', '_') })),
    serverTime: '2025-01-01T00:00:00.000Z',
  };
}

export const envelope = (data: unknown, code = 200, msg = 'success') => ({ code, success: code === 200, msg, data });

/** initData for both types (the spot rows given, or SPOT_ROWS); counts the requests per type. */
export function initDataHandler(counts: Record<string, number> = {}, spot?: MarketRow[]) {
  return http.get('*/api/mjkj-web/coin/open/market/initData', ({ request }) => {
    const type = new URL(request.url).searchParams.get('type') as 'spot' | 'contract';
    counts[type] = (counts[type] ?? 0) + 1;
    return HttpResponse.json(envelope(initData(type, spot)));
  });
}

/**
 * The member's watchlist as the server keeps it: `items` is the list, changed in place by add and cancel, which answer
 * the new list.
 */
export function watchlistHandlers(items: WatchlistItem[]) {
  const change = (add: boolean) => ({ params }: { params: Record<string, unknown> }) => {
    const market = { symbol_name: String(params.a).replace('_', '/'), contract_type: Number(params.b) as WatchlistItem['contract_type'] };
    const others = items.filter((item) => item.symbol_name !== market.symbol_name || item.contract_type !== market.contract_type);
    items.splice(0, items.length, ...others, ...(add ? [market] : []));
    return HttpResponse.json(envelope(items));
  };
  return [
    http.get(`*/api/mjkj-web${WATCHLIST_PATHS.list}`, () => HttpResponse.json(envelope(items))),
    http.post(`*/api/mjkj-web${WATCHLIST_PATHS.add}`, change(true)),
    http.post(`*/api/mjkj-web${WATCHLIST_PATHS.cancel}`, change(false)),
  ];
}

/** A realtime client for the store: records subscriptions with their gap handlers and delivers messages. */
export class GapRealtime {
  readonly subscriptions: Array<{ topic: string; listener: TopicListener; onGap?: (topic: string) => void; active: boolean }> = [];

  subscribe(topic: string, listener: TopicListener, options?: SubscribeOptions): () => void {
    const subscription = { topic, listener, onGap: options?.onGap, active: true };
    this.subscriptions.push(subscription);
    return () => void (subscription.active = false);
  }

  /** Topics subscribed now, one entry per subscription. */
  get topics(): string[] {
    return this.subscriptions.filter((entry) => entry.active).map((entry) => entry.topic);
  }

  emit(topic: string, message: TickerMessage): void {
    for (const entry of this.subscriptions) if (entry.active && entry.topic === topic) entry.listener(message, topic);
  }

  gap(topic: string): void {
    for (const entry of this.subscriptions) if (entry.active && entry.topic === topic) entry.onGap?.(topic);
  }
}

/** A ticker message with the given rows' tickers (symbol and type as in the rows). */
export function tickerMessage(rows: MarketRow[]): TickerMessage {
  return {
    rows: rows.map(toTickerRow),
    time: Date.parse('2025-01-01T00:00:01.000Z'),
  };
}
