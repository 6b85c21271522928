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

  /** Makes room for indexes below `capacity` (never shrinks). */
  reserve(capacity: number): void {
    if (capacity <= this.values.length) return;
    const values = new BigInt64Array(capacity);
    values.set(this.values);
    this.values = values;
  }
}
