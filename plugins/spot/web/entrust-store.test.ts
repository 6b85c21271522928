import { describe, expect, it } from 'vitest';
import { SPOT_MARKET_PATHS, SPOT_PATHS } from '../shared/types';
import { dayBounds, EntrustStore } from './entrust-store';
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
