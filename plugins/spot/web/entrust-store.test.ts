import { describe, expect, it } from 'vitest';
import { SPOT_MARKET_PATHS, SPOT_PATHS } from '../shared/types';
import { dayBounds, EntrustStore, pageWithin } from './entrust-store';
import { BTC, fakeRoot, order, settle } from './testing/spot-fixtures';

const page = (ids: number[], current = 1) => ({ records: ids.map((id) => order(id)), total: 25, size: 10, current, pages: 3 });

describe('EntrustStore', () => {
  it('sends only the filters set, and a new filter goes back to page 1', async () => {
    const bodies: unknown[] = [];
    const { root } = fakeRoot({
      [SPOT_MARKET_PATHS.goods]: [BTC],
      [SPOT_PATHS.search]: (body: unknown) => {
        bodies.push(body);
        return page([1, 2], (body as { current: number }).current);
      },
    });
    const store = new EntrustStore(root);
    await store.start();
    await settle();
    expect(store.markets).toEqual([BTC]);
    await store.goTo(3);
    await store.refine({ side: 'sell', symbol: undefined });
    expect(bodies).toEqual([
      { current: 1, size: 10 },
      { current: 3, size: 10 },
      { current: 1, size: 10, side: 'sell' },
    ]);
    expect(store.page?.records.map((row) => row.id)).toEqual([1, 2]);
  });

  it('keeps the answer of the latest request when an older one arrives after it', async () => {
    const answers: ((value: unknown) => void)[] = [];
    const { root } = fakeRoot({ [SPOT_PATHS.search]: () => new Promise((resolve) => answers.push(resolve)) });
    const store = new EntrustStore(root);
    const first = store.load();
    const second = store.refine({ status: 'filled' });
    answers[1]!(page([9]));
    answers[0]!(page([1]));
    await Promise.all([first, second]);
    expect(store.page?.records.map((row) => row.id)).toEqual([9]);
    expect(store.loading).toBe(false);
  });

  it('a cancel that empties the last page shows the last page left', async () => {
    const bodies: { current: number }[] = [];
    let open = 21;
    const { root } = fakeRoot({
      [SPOT_PATHS.search]: (body: unknown) => {
        const { current } = body as { current: number };
        bodies.push({ current });
        const ids = Array.from({ length: open }, (_, index) => index + 1).slice((current - 1) * 10, current * 10);
        return { records: ids.map((id) => order(id)), total: open, size: 10, current, pages: Math.ceil(open / 10) };
      },
      [SPOT_PATHS.cancel]: () => ((open -= 1), order(21, { status: 'cancelled' })),
    });
    const store = new EntrustStore(root);
    await store.goTo(3);
    expect(store.page?.records.map((row) => row.id)).toEqual([21]);
    await store.cancel(21);
    expect(bodies.map((body) => body.current)).toEqual([3, 3, 2]);
    expect(store.filter.current).toBe(2);
    expect(store.page).toMatchObject({ current: 2, pages: 2 });
    expect(store.page?.records.map((row) => row.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(store.loading).toBe(false);

    // nothing left at all: page 1
    open = 0;
    await store.load();
    expect(bodies.map((body) => body.current).slice(3)).toEqual([2, 1]);
    expect(store.page).toMatchObject({ current: 1, records: [] });
  });

  it('reads the page shown again, quietly, when the member\'s orders change or the topic has a gap', async () => {
    const bodies: unknown[] = [];
    let filled = '0';
    const { root, realtime } = fakeRoot(
      {
        [SPOT_MARKET_PATHS.goods]: [BTC],
        [SPOT_PATHS.search]: (body: unknown) => {
          bodies.push(body);
          return { ...page([1, 2], 2), records: [order(1, { side: 'sell', filledNum: filled })] };
        },
      },
      { id: 'm1' },
    );
    const store = new EntrustStore(root);
    await store.start();
    await store.refine({ side: 'sell' });
    await store.goTo(2);
    expect(realtime.topics).toEqual(['refresh_m1']);
    filled = '0.2';
    const loading: boolean[] = [];
    realtime.emit('refresh_m1', { type: 'spot', event: 'trade', symbol: 'BTC/USDT', orderId: 1 });
    loading.push(store.loading);
    await settle();
    expect(bodies).toHaveLength(4);
    expect(bodies[3]).toEqual({ current: 2, size: 10, side: 'sell' });
    expect(store.page?.records[0]?.filledNum).toBe('0.2');
    expect(loading).toEqual([false]);

    // a balance (it comes with an order or trade message) and another member's news read nothing
    realtime.emit('refresh_m1', { type: 'spot', event: 'balance', symbol: 'BTC/USDT' });
    realtime.emit('refresh_m1', { type: 'wallet', event: 'deposit' });
    await settle();
    expect(bodies).toHaveLength(4);

    realtime.gap('refresh_m1');
    await settle();
    expect(bodies).toHaveLength(5);

    store.stop();
    expect(realtime.topics).toEqual([]);
  });

  it('fifty messages make at most two reads: the one under way and one after it', async () => {
    const answers: (() => void)[] = [];
    let reads = 0;
    const { root, realtime } = fakeRoot(
      {
        [SPOT_PATHS.search]: () => {
          reads += 1;
          return new Promise((resolve) => answers.push(() => resolve(page([1]))));
        },
      },
      { id: 'm1' },
    );
    const store = new EntrustStore(root);
    const started = store.start();
    answers.shift()!();
    await started;
    reads = 0;
    for (let index = 0; index < 50; index += 1) realtime.emit('refresh_m1', { type: 'spot', event: index % 2 ? 'order' : 'trade', symbol: 'BTC/USDT' });
    expect(reads).toBe(1);
    answers.shift()!();
    await settle();
    expect(reads).toBe(2);
    answers.shift()!();
    await settle();
    expect(reads).toBe(2);
    expect(answers).toHaveLength(0);
  });

  it('keeps the opened rows open through a refresh and reads their fills again', async () => {
    let fillsAsked = 0;
    const fill = { tradeId: 7, symbol: 'BTC/USDT', side: 'buy', maker: false, price: '29000', num: '0.1', money: '2900', fee: '0', feeCurrency: 'BTC', time: 1 };
    const { root, realtime } = fakeRoot(
      {
        [SPOT_PATHS.search]: () => ({ records: [order(1, { filledNum: '0.1' }), order(2, { filledNum: '0.1' }), order(3)], total: 3, size: 10, current: 1, pages: 1 }),
        '/coin/entrust/transaction/details/1': () => ((fillsAsked += 1), fillsAsked === 1 ? [fill] : [fill, { ...fill, tradeId: 8 }]),
        '/coin/entrust/transaction/details/2': () => [fill],
      },
      { id: 'm1' },
    );
    const store = new EntrustStore(root);
    await store.start();
    store.expand([1]);
    await store.loadFills(1);
    await store.loadFills(2);
    realtime.emit('refresh_m1', { type: 'spot', event: 'trade', symbol: 'BTC/USDT', orderId: 1 });
    await settle();
    await settle();
    expect(store.expanded).toEqual([1]);
    expect(store.fills.get(1)?.map((row) => row.tradeId)).toEqual([7, 8]);
    // a closed row's fills are read again when it opens
    expect(store.fills.has(2)).toBe(false);
  });

  it('keeps the page asked while it exists; past the last page goes to the last, 1 when there is none', () => {
    expect(pageWithin(2, 3)).toBe(2);
    expect(pageWithin(3, 3)).toBe(3);
    expect(pageWithin(3, 2)).toBe(2);
    expect(pageWithin(3, 0)).toBe(1);
    expect(pageWithin(1, 0)).toBe(1);
  });

  it('loads the fills of an order once', async () => {
    let asked = 0;
    const { root } = fakeRoot({ '/coin/entrust/transaction/details/4': () => (asked += 1, []) });
    const store = new EntrustStore(root);
    await store.loadFills(4);
    await store.loadFills(4);
    expect(asked).toBe(1);
    expect(store.fills.get(4)).toEqual([]);
  });

  it('turns a range of days into bounds from the first midnight to the end of the last day', () => {
    const { startTime, endTime } = dayBounds([new Date(2026, 0, 5, 15), new Date(2026, 0, 6, 9)]);
    expect(startTime).toBe(new Date(2026, 0, 5).getTime());
    expect(endTime).toBe(new Date(2026, 0, 7).getTime() - 1);
    expect(dayBounds(null)).toEqual({ startTime: undefined, endTime: undefined });
  });
});
