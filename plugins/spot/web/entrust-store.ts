import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { ShellRoot } from '../../../core/plugin-api';
import type { Page } from '../../../core/shared';
import type { OrderFilter, SpotFillView, SpotOrderView, SpotSymbol } from '../shared/types';
import { spotApi } from './spot-api';

export const ENTRUST_PAGE_SIZE = 10;

/** The epoch-ms bounds of a picked range of days: the first day's local midnight to the end of the last day. */
export function dayBounds(days: Date[] | null): Pick<OrderFilter, 'startTime' | 'endTime'> {
  if (!days || days.length !== 2) return { startTime: undefined, endTime: undefined };
  const start = new Date(days[0]!);
  start.setHours(0, 0, 0, 0);
  const end = new Date(days[1]!);
  end.setHours(23, 59, 59, 999);
  return { startTime: start.getTime(), endTime: end.getTime() };
}

/** The page to show when `current` is asked of a list of `pages` pages: the last page when `current` is past it, 1 when there is none. */
export function pageWithin(current: number, pages: number): number {
  return Math.min(current, Math.max(pages, 1));
}

/** The order history page: filters, the page of orders they select, the fills of the orders opened, cancels. */
export class EntrustStore {
  filter: OrderFilter = { current: 1, size: ENTRUST_PAGE_SIZE };
  page: Page<SpotOrderView> | null = null;
  markets: SpotSymbol[] = [];
  loading = false;
  fills = new Map<number, SpotFillView[]>();
  private asked = 0;

  constructor(private readonly root: ShellRoot) {
    makeObservable(this, { filter: observable, page: observableRef, markets: observableRef, loading: observable, fills: observable, refine: action, goTo: action });
  }

  async start(): Promise<void> {
    spotApi
      .goods(this.root)
      .then((markets) => runInAction(() => (this.markets = markets)))
      .catch(() => {});
    await this.load();
  }

  /** Changes filters and goes back to the first page. */
  refine(change: Partial<OrderFilter>): Promise<void> {
    this.filter = { ...this.filter, ...change, current: 1 };
    return this.load();
  }

  goTo(current: number): Promise<void> {
    this.filter = { ...this.filter, current };
    return this.load();
  }

  /** The filter without unset fields, as the server and the export take it. */
  get request(): OrderFilter {
    return Object.fromEntries(Object.entries(this.filter).filter(([, value]) => value !== undefined && value !== '')) as OrderFilter;
  }

  async load(): Promise<void> {
    const asked = ++this.asked;
    runInAction(() => (this.loading = true));
    try {
      const page = await spotApi.search(this.root, this.request);
      if (asked !== this.asked) return;
      const wanted = this.filter.current ?? 1;
      const current = pageWithin(wanted, page.pages);
      if (current < wanted) {
        // the page asked is gone (a cancel, or orders that left the filter, emptied it): show the last one there is
        runInAction(() => (this.filter = { ...this.filter, current }));
        return await this.load();
      }
      runInAction(() => (this.page = page));
    } catch {
      // The HTTP client has shown the error; the table keeps the last page.
    } finally {
      if (asked === this.asked) runInAction(() => (this.loading = false));
    }
  }

  /** Cancels a live order, then shows the page again with its new status (the last page left when it emptied its page). */
  async cancel(id: number): Promise<void> {
    await spotApi.cancel(this.root, id);
    await this.load();
  }

  async loadFills(id: number): Promise<void> {
    if (this.fills.has(id)) return;
    const fills = await spotApi.fills(this.root, id);
    runInAction(() => this.fills.set(id, fills));
  }
}
