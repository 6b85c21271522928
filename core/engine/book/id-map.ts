// Order id → object: open addressing with linear probing over a typed array of keys and backward-shift deletion (no
// tombstones). A JavaScript Map under constant insert/delete churn rehashes and allocates; this table keeps
// lookups at one or two probes and allocates only when it grows. Keys are safe integers ≥ 0.
const EMPTY = -1;

export class IdMap<T> {
  private keys: Float64Array;
  private vals: (T | undefined)[];
  private mask: number;
  private count = 0;

  constructor(capacity = 1024) {
    let cap = 16;
    while (cap < capacity * 2) cap *= 2;
    this.keys = new Float64Array(cap).fill(EMPTY);
    this.vals = new Array<T | undefined>(cap).fill(undefined);
    this.mask = cap - 1;
  }

  get size(): number {
    return this.count;
  }

  private slot(key: number): number {
    // mix the low and high 32 bits so that sequential and spread-out ids both scatter (short probe runs keep
    // backward-shift deletion cheap)
    const lo = key | 0;
    const hi = (key / 4294967296) | 0;
    let h = Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1);
    h ^= h >>> 15;
    return h & this.mask;
  }

  get(key: number): T | undefined {
    const keys = this.keys;
    let i = this.slot(key);
    for (;;) {
      const k = keys[i]!;
      if (k === key) return this.vals[i];
      if (k === EMPTY) return undefined;
      i = (i + 1) & this.mask;
    }
  }

  has(key: number): boolean {
    return this.get(key) !== undefined;
  }

  set(key: number, value: T): void {
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    let i = this.slot(key);
    for (;;) {
      const k = keys[i]!;
      if (k === key) {
        this.vals[i] = value;
        return;
      }
      if (k === EMPTY) {
        keys[i] = key;
        this.vals[i] = value;
        this.count++;
        return;
      }
      i = (i + 1) & this.mask;
    }
  }

  delete(key: number): boolean {
    const keys = this.keys;
    const vals = this.vals;
    const mask = this.mask;
    let i = this.slot(key);
    for (;;) {
      const k = keys[i]!;
      if (k === EMPTY) return false;
      if (k === key) break;
      i = (i + 1) & mask;
    }
    // backward shift: move later members of the probe run into the hole when their home slot allows it
    let hole = i;
    let j = i;
    for (;;) {
      j = (j + 1) & mask;
      const k = keys[j]!;
      if (k === EMPTY) break;
      const home = this.slot(k);
      const between = hole <= j ? hole < home && home <= j : hole < home || home <= j;
      if (!between) {
        keys[hole] = k;
        vals[hole] = vals[j];
        hole = j;
      }
    }
    keys[hole] = EMPTY;
    vals[hole] = undefined;
    this.count--;
    return true;
  }

  *values(): IterableIterator<T> {
    for (let i = 0; i < this.keys.length; i++) if (this.keys[i] !== EMPTY) yield this.vals[i]!;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldVals = this.vals;
    const cap = oldKeys.length * 2;
    this.keys = new Float64Array(cap).fill(EMPTY);
    this.vals = new Array<T | undefined>(cap).fill(undefined);
    this.mask = cap - 1;
    this.count = 0;
    for (let i = 0; i < oldKeys.length; i++) if (oldKeys[i] !== EMPTY) this.set(oldKeys[i]!, oldVals[i]!);
  }
}
