// The engine's open and conditional orders by id.
import { ABSENT, IdMap } from '../book/id-map';
import type { SpotOrder } from './types';

/**
 * Orders by id, as a Map of them would keep them, in slots of an array found through an IdMap (open addressing
 * over a typed array): under the constant insert and delete of orders a Map rehashes and allocates; this
 * allocates only when it grows. Freed slots are reused. Iteration order is by slot, not by insertion.
 */
export class OpenOrders {
  private readonly slots = new IdMap();
  private readonly bySlot: Array<SpotOrder | undefined> = [];
  private readonly free: number[] = [];

  get size(): number {
    return this.slots.size;
  }

  /** The order with this id (any value: what is not an order id finds nothing). */
  get(id: unknown): SpotOrder | undefined {
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return undefined;
    const slot = this.slots.get(id);
    return slot === ABSENT ? undefined : this.bySlot[slot];
  }

  has(id: unknown): boolean {
    return this.get(id) !== undefined;
  }

  /** Makes room for `count` orders in all (a restore knows how many). */
  reserve(count: number): void {
    this.slots.reserve(count);
  }

  /** Adds the order under its id (a safe integer ≥ 0), or replaces the one with that id. */
  set(order: SpotOrder): void {
    const known = this.slots.get(order.id);
    if (known !== ABSENT) {
      this.bySlot[known] = order;
      return;
    }
    const slot = this.free.length > 0 ? this.free.pop()! : this.bySlot.length;
    if (slot === this.bySlot.length) this.bySlot.push(order);
    else this.bySlot[slot] = order;
    this.slots.set(order.id, slot);
  }

  delete(id: number): boolean {
    if (!Number.isSafeInteger(id) || id < 0) return false;
    const slot = this.slots.take(id);
    if (slot === ABSENT) return false;
    this.bySlot[slot] = undefined;
    this.free.push(slot);
    return true;
  }

  *values(): IterableIterator<SpotOrder> {
    const bySlot = this.bySlot;
    for (let slot = 0; slot < bySlot.length; slot++) {
      const order = bySlot[slot];
      if (order !== undefined) yield order;
    }
  }
}
