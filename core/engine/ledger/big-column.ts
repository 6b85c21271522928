// A column of exact bigints kept as 64-bit values.

/** Values at or outside these bounds are kept aside; MIN itself marks such an index in the typed array. */
const MIN = -(2n ** 63n);
const MAX = 2n ** 63n - 1n;

/**
 * Bigints by index below `capacity` (0 until set), stored in a BigInt64Array: the value lives in the column
 * itself, where a bigint[] holds a pointer to a heap object — one more cache miss to read it, and every new
 * value written a young object that the collector must then copy out of the young generation. A value that
 * does not fit in 64 bits (beyond ±9.2·10^18) is kept exact in a map beside it.
 */
export class BigColumn {
  private values: BigInt64Array;
  /** The values that do not fit, by index; their slots hold MIN. */
  private readonly wide = new Map<number, bigint>();

  constructor(capacity: number) {
    this.values = new BigInt64Array(capacity);
  }

  get capacity(): number {
    return this.values.length;
  }

  get(i: number): bigint {
    const value = this.values[i]!;
    return this.wide.size !== 0 && value === MIN ? this.wide.get(i)! : value;
  }

  set(i: number, value: bigint): void {
    if (value > MIN && value <= MAX) {
      if (this.wide.size !== 0) this.wide.delete(i);
      this.values[i] = value;
    } else {
      this.wide.set(i, value);
      this.values[i] = MIN;
    }
  }

  /** Reads the value at `i` and returns 1 or 0 from it (see `LedgerEngine.prefetch`), without making a heap bigint. */
  prefetch(i: number): number {
    return this.values[i]! >= 0n ? 1 : 0;
  }

  /** Whether the value at `i` is at least `amount` (without making a heap bigint of it, as `get` would). */
  atLeast(i: number, amount: bigint): boolean {
    return this.wide.size === 0 ? this.values[i]! >= amount : this.get(i) >= amount;
  }

  /**
   * Adds `delta` to the value at `i`. The usual case — no wide value in the column, the sum within 64 bits — is
   * a 64-bit add that V8 keeps unboxed (`BigInt.asIntN(64, …)`, checked by the sign of the change), where
   * `set(i, get(i) + delta)` makes heap bigints of the read and of the sum. Only relational comparisons keep
   * them unboxed (`===` on a bigint, or with a literal beyond 32 bits, makes one), hence the forms below.
   */
  add(i: number, delta: bigint): void {
    if (this.wide.size === 0) {
      const value = this.values[i]!;
      const sum = BigInt.asIntN(64, value + delta);
      if ((delta >= 0n ? delta <= MAX && sum >= value : delta > MIN && sum < value) && notMin(sum)) {
        this.values[i] = sum;
        return;
      }
    }
    this.set(i, this.get(i) + delta);
  }

  /** Subtracts `delta` from the value at `i` (as `add`, without making `-delta`). */
  subtract(i: number, delta: bigint): void {
    if (this.wide.size === 0) {
      const value = this.values[i]!;
      const difference = BigInt.asIntN(64, value - delta);
      if ((delta >= 0n ? delta <= MAX && difference <= value : delta > MIN && difference > value) && notMin(difference)) {
        this.values[i] = difference;
        return;
      }
    }
    this.set(i, this.get(i) - delta);
  }

  /** Makes room for indexes below `capacity` (never shrinks). */
  reserve(capacity: number): void {
    if (capacity <= this.values.length) return;
    const values = new BigInt64Array(capacity);
    values.set(this.values);
    this.values = values;
  }
}

/** Whether a 64-bit value is not −2^63 (the wide marker): only there does subtracting 1 wrap upwards. */
function notMin(value: bigint): boolean {
  return BigInt.asIntN(64, value - 1n) < value;
}
