import { action, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import type { ShellRoot } from '../../../core/plugin-api';
import type { Page } from '../../../core/shared';
import { refreshTopic } from '../../wallet/shared/types';
import { hasFilled } from '../shared/order-labels';
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

/** Whether a message of refresh_{userId} says the member's orders changed (a `balance` one always comes with one of these). */
function ordersChanged(payload: unknown): boolean {
  if (typeof payload !== 'object' || payload === null) return false;
  const { type, event } = payload as { type?: unknown; event?: unknown };
  return type === 'spot' && (event === 'order' || event === 'trade');
}

/**
 * The order history page: filters, the page of orders they select, the fills of the orders opened, cancels. While
 * started it follows the member's refresh_{userId} topic: a change of their orders (or a gap in the topic) reads the
 * page shown again, and the fills of the rows opened.
 */
export class EntrustStore {
  filter: OrderFilter = { current: 1, size: ENTRUST_PAGE_SIZE };
  page: Page<SpotOrderView> | null = null;
  markets: SpotSymbol[] = [];
  loading = false;
  fills = new Map<number, SpotFillView[]>();
  /** The ids of the rows opened to their fills. */
  expanded: number[] = [];
  private asked = 0;
  private refreshing: Promise<void> | null = null;
  private refreshAgain = false;
  private stopSession: (() => void) | null = null;
  private stopTopic: (() => void) | null = null;

  constructor(private readonly root: ShellRoot) {
    makeObservable(this, {
      filter: observable,
      page: observableRef,
      markets: observableRef,
      loading: observable,
      fills: observable,
      expanded: observableRef,
      refine: action,
      goTo: action,
      expand: action,
    });
  }

  async start(): Promise<void> {
    spotApi
      .goods(this.root)
      .then((markets) => runInAction(() => (this.markets = markets)))
      .catch(() => {});
    this.watch();
    await this.load();
  }

  /** Stops following the member's topic. */
  stop(): void {
    this.refreshAgain = false;
    this.stopSession?.();
    this.stopSession = null;
    this.stopTopic?.();
    this.stopTopic = null;
  }

  private watch(): void {
    if (this.stopSession) return;
    this.stopSession = reaction(
      () => this.root.session.user?.id ?? null,
      (userId) => {
        this.stopTopic?.();
        this.stopTopic = userId
          ? this.root.realtime.subscribe(
              refreshTopic(userId),
              (payload) => {
                if (ordersChanged(payload)) void this.refresh();
              },
              { onGap: () => void this.refresh() },
            )
          : null;
      },
      { fireImmediately: true },
    );
  }

  /**
   * Reads the page shown again (same filters and page) and the fills of its opened rows, quietly (no loading state).
   * Coalesced: while a read is under way, any number of calls make one more read after it.
   */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    const run = async () => {
      try {
        do {
          this.refreshAgain = false;
          await this.load(true);
          await this.reloadFills();
        } while (this.refreshAgain);
      } finally {
        this.refreshing = null;
      }
    };
    this.refreshing = run();
    return this.refreshing;
  }

  /** Opens or closes the rows showing fills: `ids` are those open now. */
  expand(ids: number[]): void {
    this.expanded = ids;
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

  /** Reads the page the filter asks for; `quiet`: without the loading state (a refresh the member did not ask for). */
  async load(quiet = false): Promise<void> {
    const asked = ++this.asked;
    if (!quiet) runInAction(() => (this.loading = true));
    try {
      const page = await spotApi.search(this.root, this.request);
      if (asked !== this.asked) return;
      const wanted = this.filter.current ?? 1;
      const current = pageWithin(wanted, page.pages);
      if (current < wanted) {
        // the page asked is gone (a cancel, or orders that left the filter, emptied it): show the last one there is
        runInAction(() => (this.filter = { ...this.filter, current }));
        return await this.load(quiet);
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

  /**
   * The fills again for the opened rows of the page that have fills (shown without a blink: replaced when they come);
   * those of other orders are forgotten, read again when their row opens.
   */
  private async reloadFills(): Promise<void> {
    const shown = new Set((this.page?.records ?? []).filter(hasFilled).map((order) => order.id));
    const open = this.expanded.filter((id) => shown.has(id));
    runInAction(() => {
      for (const id of [...this.fills.keys()]) if (!open.includes(id)) this.fills.delete(id);
    });
    await Promise.all(
      open.map((id) =>
        spotApi
          .fills(this.root, id)
          .then((fills) => runInAction(() => this.fills.set(id, fills)))
          .catch(() => {}),
      ),
    );
  }
}
