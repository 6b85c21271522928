// The engine's open and conditional orders by id.

/** Home slots per order, at least. */
const LOAD = 4;
/** How many times the home slots multiply when too few (each growth re-homes every order). */
const GROWTH = 4;
const INITIAL_SLOTS = 1024;

/**
 * Orders by id, each in its home slot — the id's low bits index an array of orders — or, when an older live order
 * holds that slot, in a Map beside it. The engine numbers orders in sequence and the live ones are mostly recent,
 * so few find their home slot taken. A look-up reads the slot and the order it holds, which the caller reads anyway;
 * an IdMap of slot numbers beside an array of orders read two more places first, each a cache miss with a deep
 * book. The home slots are kept at least LOAD times as many as the orders: growing multiplies them by GROWTH and
 * re-homes every order (a pass over the orders, at growths far apart). Iteration order is by slot, not by insertion.
 */
export class OpenOrders<Order extends { readonly id: number }> {
  private home: Array<Order | undefined> = emptySlots(INITIAL_SLOTS);
  private mask = INITIAL_SLOTS - 1;
  /** The orders whose home slot another order held when they were added. */
  private readonly spilled = new Map<number, Order>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** The order with this id (any value: what is not an order id finds nothing). */
  get(id: unknown): Order | undefined {
    if (typeof id !== 'number') return undefined;
    const order = this.home[id & this.mask];
    if (order !== undefined && order.id === id) return order;
    return this.spilled.size === 0 ? undefined : this.spilled.get(id);
  }

  /** Reads the home slot of `id` and returns 1 when it holds an order, 0 if not (for the caller to keep). */
  prefetch(id: number): number {
    return this.home[id & this.mask] === undefined ? 0 : 1;
  }

  has(id: unknown): boolean {
    return this.get(id) !== undefined;
  }

  /** Makes room for `count` orders in all (a restore knows how many). */
  reserve(count: number): void {
    let slots = this.home.length;
    while (slots < LOAD * count) slots *= GROWTH;
    if (slots > this.home.length) this.rehome(slots);
  }

  /** Adds the order under its id (a safe integer ≥ 0), or replaces the one with that id. */
  set(order: Order): void {
    const id = order.id;
    const slot = id & this.mask;
    const held = this.home[slot];
    if (held !== undefined && held.id === id) {
      this.home[slot] = order;
      return;
    }
    if (this.spilled.size !== 0 && this.spilled.has(id)) {
      this.spilled.set(id, order);
      return;
    }
    this.count++;
    if (LOAD * this.count > this.home.length) this.rehome(this.home.length * GROWTH);
    this.place(order);
  }

  delete(id: number): boolean {
    if (typeof id !== 'number') return false;
    const slot = id & this.mask;
    const held = this.home[slot];
    if (held !== undefined && held.id === id) {
      this.home[slot] = undefined;
    } else if (this.spilled.size === 0 || !this.spilled.delete(id)) {
      return false;
    }
    this.count--;
    return true;
  }

  *values(): IterableIterator<Order> {
    for (const order of this.home) if (order !== undefined) yield order;
    yield* this.spilled.values();
  }

  private place(order: Order): void {
    const slot = order.id & this.mask;
    if (this.home[slot] === undefined) this.home[slot] = order;
    else this.spilled.set(order.id, order);
  }

  private rehome(slots: number): void {
    const orders = [...this.values()];
    this.home = emptySlots(slots);
    this.mask = slots - 1;
    this.spilled.clear();
    for (const order of orders) this.place(order);
  }
}

function emptySlots<Order>(count: number): Array<Order | undefined> {
  return new Array<Order | undefined>(count).fill(undefined);
}
