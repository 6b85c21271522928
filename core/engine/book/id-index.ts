// Order id → slot of the resting orders. Ids are the engine's numbering, mostly increasing, so a direct-mapped
// array indexed by the id's low bits finds almost every order in one read, and the order's own row (which a cancel
// reads next anyway) confirms the id. An id whose entry is held by another live order with the same low bits goes
// to an IdMap beside it; the array is kept at ≤ 1/LOAD full so that few do. Compared with probing a hash table,
// a lookup computes no hash, a removal clears one entry instead of shifting a probe run back, and the array takes
// half the memory of the hash table's (four 4-byte entries a live id against two 16-byte key/value pairs).
import { ABSENT, IdMap } from './id-map';
import { NONE, type OrderTable } from './order-table';

/**
 * Entries per live id, at least (a power of two). In the benchmark about 1.5 % of the ids spill at 4 and almost
 * none at 8, but at 8 the array is twice as large (2 MB for 40k live ids, against a 1 MB L2 cache a core) and the
 * book measured about 10 % slower. Live ids spread far apart (long-resting orders) spill more, into the IdMap.
 */
const LOAD = 4;

export class IdIndex {
  private direct: Int32Array;
  private mask: number;
  /** The ids whose direct entry another live id holds. */
  private readonly spill = new IdMap(64);
  private count = 0;

  constructor(
    private readonly orders: OrderTable,
    capacity = 1 << 12,
  ) {
    this.direct = new Int32Array(capacity).fill(NONE);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.count;
  }

  /** The slot of the resting order with this id, or ABSENT. */
  get(id: number): number {
    const s = this.direct[id & this.mask]!;
    if (s !== NONE && this.orders.id(s) === id) return s;
    return this.spill.size === 0 ? ABSENT : this.spill.get(id);
  }

  has(id: number): boolean {
    return this.get(id) !== ABSENT;
  }

  /** Adds an id that is not in the index; s is its order's slot, whose row holds the id. */
  set(id: number, s: number): void {
    if ((this.count + 1) * LOAD > this.direct.length) this.grow();
    this.place(id, s);
    this.count++;
  }

  /** Removes id and returns its slot (ABSENT when absent). */
  take(id: number): number {
    const i = id & this.mask;
    const s = this.direct[i]!;
    if (s !== NONE && this.orders.id(s) === id) {
      this.direct[i] = NONE;
      this.count--;
      return s;
    }
    if (this.spill.size === 0) return ABSENT;
    const spilled = this.spill.take(id);
    if (spilled !== ABSENT) this.count--;
    return spilled;
  }

  delete(id: number): boolean {
    return this.take(id) !== ABSENT;
  }

  private place(id: number, s: number): void {
    const i = id & this.mask;
    if (this.direct[i] === NONE) this.direct[i] = s;
    else this.spill.set(id, s);
  }

  private grow(): void {
    const old = this.direct;
    const spilled = [...this.spill.values()];
    this.direct = new Int32Array(old.length * 2).fill(NONE);
    this.mask = this.direct.length - 1;
    for (const s of spilled) this.spill.delete(this.orders.id(s));
    for (const s of old) if (s !== NONE) this.place(this.orders.id(s), s);
    for (const s of spilled) this.place(this.orders.id(s), s);
  }
}
