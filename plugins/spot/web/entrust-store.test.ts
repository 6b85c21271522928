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
