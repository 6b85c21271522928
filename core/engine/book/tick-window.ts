// A window of consecutive ticks [base, base + size) of one side of the book: the level index at each tick offset
// and a two-level bitmap of the occupied offsets (a bit per offset, and a bit per 32-offset word), so that a
// lookup is one array read and the next occupied offset above or below any offset is found with a few clz32.
// BookSide keeps the levels near the top of the book here and any price outside the window in a sorted list.
import { ABSENT } from './id-map';

export class TickWindow {
  /** Tick number (price / tick) of offset 0. */
  base = 0;
  /** Offsets in the window, a power of two ≥ 1024. */
  size: number;
  /** Occupied offsets. */
  count = 0;
  /** Level index at each offset, ABSENT where no level is open. */
  private slots: Int32Array;
  /** Bit per offset. */
  private words: Int32Array;
  /** Bit per word of words that is not 0. */
  private groups: Int32Array;

  constructor(size: number) {
    this.size = size;
    this.slots = new Int32Array(size).fill(ABSENT);
    this.words = new Int32Array(size >> 5);
    this.groups = new Int32Array(size >> 10);
  }

  /** The offset of a tick number in the window, or −1 when it lies outside (or is not a whole tick). */
  offsetOf(tick: number): number {
    const off = tick - this.base;
    return (off | 0) === off && off >= 0 && off < this.size ? off : -1;
  }

  get(off: number): number {
    return this.slots[off]!;
  }

  set(off: number, levelIndex: number): void {
    this.slots[off] = levelIndex;
    const w = off >> 5;
    this.words[w]! |= 1 << (off & 31);
    this.groups[w >> 5]! |= 1 << (w & 31);
    this.count++;
  }

  clear(off: number): void {
    this.slots[off] = ABSENT;
    const w = off >> 5;
    const bits = this.words[w]! & ~(1 << (off & 31));
    this.words[w] = bits;
    if (bits === 0) this.groups[w >> 5]! &= ~(1 << (w & 31));
    this.count--;
  }

  /** The highest occupied offset below off (0 ≤ off ≤ size), or −1. */
  below(off: number): number {
    const words = this.words;
    let w = off >> 5;
    if (w < words.length) {
      const bits = words[w]! & ((1 << (off & 31)) - 1);
      if (bits !== 0) return (w << 5) | (31 - Math.clz32(bits));
    }
    const groups = this.groups;
    let g = w >> 5;
    let gb = g < groups.length ? groups[g]! & ((1 << (w & 31)) - 1) : 0;
    while (gb === 0) {
      if (--g < 0) return -1;
      gb = groups[g]!;
    }
    w = (g << 5) | (31 - Math.clz32(gb));
    return (w << 5) | (31 - Math.clz32(words[w]!));
  }

  /** The lowest occupied offset above off (−1 ≤ off < size), or −1. */
  above(off: number): number {
    const words = this.words;
    const from = off + 1;
    let w = from >> 5;
    if (w >= words.length) return -1;
    const bits = words[w]! & ~((1 << (from & 31)) - 1);
    if (bits !== 0) return (w << 5) | lowestBit(bits);
    const groups = this.groups;
    let g = w >> 5;
    let gb = groups[g]! & ~((2 << (w & 31)) - 1);
    while (gb === 0) {
      if (++g >= groups.length) return -1;
      gb = groups[g]!;
    }
    w = (g << 5) | lowestBit(gb);
    return (w << 5) | lowestBit(words[w]!);
  }

  /** Empties the window and moves it to [base, base + size). */
  reset(base: number, size: number): void {
    this.base = base;
    this.count = 0;
    if (size !== this.size) {
      this.size = size;
      this.slots = new Int32Array(size).fill(ABSENT);
      this.words = new Int32Array(size >> 5);
      this.groups = new Int32Array(size >> 10);
    } else {
      this.slots.fill(ABSENT);
      this.words.fill(0);
      this.groups.fill(0);
    }
  }
}

function lowestBit(bits: number): number {
  return 31 - Math.clz32(bits & -bits);
}
