// bigint values of safe integers for the events, through a small direct-mapped cache. Making a bigint from a
// number allocates (about as much as the event object around it); the amounts of a busy market repeat a lot —
// round quantities, their fees, fill totals of equal orders — so most conversions find the value already made.
// A bigint is immutable, so handing the same one to several events is safe.
import { bigOfSafe } from './arithmetic';

const BITS = 12;
const SIZE = 1 << BITS;

export class BigCache {
  private readonly keys = new Float64Array(SIZE).fill(-1);
  private readonly values: bigint[] = new Array<bigint>(SIZE).fill(0n);

  /** BigInt(n) for a safe integer n ≥ 0. */
  of(n: number): bigint {
    // n | 0 keeps the low 32 bits, which is where small amounts and round multiples differ
    const i = Math.imul(n | 0, 0x9e3779b1) >>> (32 - BITS);
    if (this.keys[i] === n) return this.values[i]!;
    const b = bigOfSafe(n);
    this.keys[i] = n;
    this.values[i] = b;
    return b;
  }
}
