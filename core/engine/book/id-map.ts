// Safe integer ≥ 0 → integer ≥ 0 (order id → order slot, price → level index): open addressing with linear
// probing and backward-shift deletion (no tombstones). A JavaScript Map under constant insert/delete churn
// rehashes and allocates; this table keeps lookups at one or two probes and allocates only when it grows.
//
// Keys and values share one Float64Array, each key next to its value, so a lookup reads one cache line where
// separate key and value arrays would read two (with a deep book the table is far larger than the CPU caches),
// and the garbage collector has nothing in it to trace.
const EMPTY = -1;
/** What get and take return for a key that is not in the table. */
export const ABSENT = -1;
/** Consecutive ids that land in consecutive slots (a power of two). */
const GROUP = 4;

export class IdMap {
  /** [key, value, key, value, …]; an EMPTY key marks a free slot. */
  private table: Float64Array;
  /** Slot count − 1 (a power of two minus one). */
  private mask: number;
  /** 32 − log2(slot count / GROUP): a hash shifted right by it is a group number in the table. */
  private shift: number;
  private count = 0;

  constructor(capacity = 1024) {
    let cap = 16;
    while (cap < capacity * 2) cap *= 2;
    this.table = emptyTable(cap);
    this.mask = cap - 1;
    this.shift = shiftFor(cap);
  }

  get size(): number {
    return this.count;
  }

  private slot(key: number): number {
    // Ids come mostly in sequence, so GROUP consecutive ids share neighbouring slots (one or two cache lines: an
    // insert right after another finds its line cached) while the groups scatter: the group number's low and
    // high 32 bits are mixed, so that sequential and spread-out ids both keep probe runs (and backward-shift
    // deletion) short.
    const low = key & (GROUP - 1);
    const group = (key - low) / GROUP;
    const lo = group | 0;
    const hi = (group / 4294967296) | 0;
    // the top bits of a multiplicative hash are its well-mixed ones (the low bits of the product depend only on
    // the low bits of the group number), so the group's slot comes from them
    return ((Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1) >>> this.shift) * GROUP) | low;
  }

  get(key: number): number {
    const table = this.table;
    const mask = this.mask;
    let i = this.slot(key);
    for (;;) {
      const k = table[2 * i];
      if (k === EMPTY) return ABSENT; // first, so that a key of −1 is never found
      if (k === key) return table[2 * i + 1]!;
      i = (i + 1) & mask;
    }
  }

  has(key: number): boolean {
    return this.get(key) !== ABSENT;
  }

  set(key: number, value: number): void {
    if ((this.count + 1) * 2 > this.mask + 1) this.grow();
    const table = this.table;
    let i = this.slot(key);
    for (;;) {
      const k = table[2 * i];
      if (k === key) {
        table[2 * i + 1] = value;
        return;
      }
      if (k === EMPTY) {
        table[2 * i] = key;
        table[2 * i + 1] = value;
        this.count++;
        return;
      }
      i = (i + 1) & this.mask;
    }
  }

  delete(key: number): boolean {
    return this.take(key) !== ABSENT;
  }

  /** Removes key and returns its value (ABSENT when absent): a lookup and a delete in one probe. */
  take(key: number): number {
    const table = this.table;
    const mask = this.mask;
    let i = this.slot(key);
    for (;;) {
      const k = table[2 * i];
      if (k === EMPTY) return ABSENT;
      if (k === key) break;
      i = (i + 1) & mask;
    }
    const value = table[2 * i + 1]!;
    // backward shift: move later members of the probe run into the hole when their home slot allows it
    let hole = i;
    let j = i;
    for (;;) {
      j = (j + 1) & mask;
      const k = table[2 * j]!;
      if (k === EMPTY) break;
      const home = this.slot(k);
      const between = hole <= j ? hole < home && home <= j : hole < home || home <= j;
      if (!between) {
        table[2 * hole] = k;
        table[2 * hole + 1] = table[2 * j + 1]!;
        hole = j;
      }
    }
    table[2 * hole] = EMPTY;
    table[2 * hole + 1] = ABSENT;
    this.count--;
    return value;
  }

  *values(): IterableIterator<number> {
    const table = this.table;
    for (let i = 0; i < table.length; i += 2) if (table[i] !== EMPTY) yield table[i + 1]!;
  }

  /** Makes room for `count` keys in all (a restore knows how many): the table then grows at most once. */
  reserve(count: number): void {
    let cap = this.mask + 1;
    while (count * 2 > cap) cap *= 2;
    if (cap !== this.mask + 1) this.rehash(cap);
  }

  private grow(): void {
    this.rehash((this.mask + 1) * 2);
  }

  private rehash(cap: number): void {
    const old = this.table;
    this.table = emptyTable(cap);
    this.mask = cap - 1;
    this.shift = shiftFor(cap);
    this.count = 0;
    for (let i = 0; i < old.length; i += 2) if (old[i] !== EMPTY) this.set(old[i]!, old[i + 1]!);
  }
}

function emptyTable(slots: number): Float64Array {
  return new Float64Array(2 * slots).fill(EMPTY);
}

function shiftFor(slots: number): number {
  return 32 - Math.log2(slots / GROUP);
}
