// Conditional orders resting off-book: stop-limits (triggerMoney) and the take-profit / stop-loss legs that an
// order leaves behind once it has filled. Each waits for the last trade price to reach its trigger, rising or
// falling, then enters the book as a limit order.
import type { OrderKind } from './types';

/**
 * A new stop-limit's direction: it waits for the price to rise to its trigger when the trigger is at or above the
 * last trade price (`last` in any one unit with `trigger`; 0 or null before the first trade: a buy rises).
 */
export function stopRises<P extends number | bigint>(trigger: P, last: P | null, isBuy: boolean): boolean {
  return last === null || last === 0 || last === 0n ? isBuy : trigger >= last;
}

export class StopOrder {
  live = true;
  ocoWith: StopOrder | null = null;
  constructor(
    readonly id: number,
    readonly userId: number,
    readonly isBuy: boolean,
    readonly kind: OrderKind,
    readonly trigger: number,
    readonly price: number,
    readonly qty: number,
    readonly feeTier: number,
    readonly time: number,
    /** Triggers when last ≥ trigger (true) or last ≤ trigger (false). */
    readonly rising: boolean,
    /** Arrival order in the book: ties between triggered orders go to the earlier one. */
    readonly arrival: number,
    readonly parentId: number | null,
  ) {}
}

export class StopStore {
  /** Rising stops by trigger ascending, then arrival. */
  private readonly rising: StopOrder[] = [];
  /** Falling stops by trigger descending, then arrival. */
  private readonly falling: StopOrder[] = [];
  readonly byId = new Map<number, StopOrder>();

  get size(): number {
    return this.byId.size;
  }

  add(stop: StopOrder): void {
    const list = stop.rising ? this.rising : this.falling;
    let i = list.length;
    while (i > 0 && ranksAfter(list[i - 1]!, stop)) i--;
    list.splice(i, 0, stop);
    this.byId.set(stop.id, stop);
  }

  remove(stop: StopOrder): void {
    const list = stop.rising ? this.rising : this.falling;
    const i = list.indexOf(stop);
    if (i >= 0) list.splice(i, 1);
    this.byId.delete(stop.id);
  }

  /** Removes and returns every stop the last price has reached, in arrival order. */
  takeTriggered(last: number): StopOrder[] {
    const out: StopOrder[] = [];
    let r = 0;
    while (r < this.rising.length && this.rising[r]!.trigger <= last) r++;
    let f = 0;
    while (f < this.falling.length && this.falling[f]!.trigger >= last) f++;
    if (r === 0 && f === 0) return out;
    for (const s of this.rising.splice(0, r)) out.push(s);
    for (const s of this.falling.splice(0, f)) out.push(s);
    for (const s of out) this.byId.delete(s.id);
    out.sort((a, b) => a.arrival - b.arrival);
    return out;
  }

  /** Canonical order for hashing and listing: rising then falling, each in trigger order. */
  all(): StopOrder[] {
    return [...this.rising, ...this.falling];
  }
}

function ranksAfter(a: StopOrder, b: StopOrder): boolean {
  if (a.trigger !== b.trigger) return a.rising ? a.trigger > b.trigger : a.trigger < b.trigger;
  return a.arrival > b.arrival;
}
