// A list reused from command to command: its items and an explicit count.

/**
 * Items gathered during one command in an array that is kept for the next: `clear` forgets them by the count
 * (and drops the references) where `array.length = 0` would drop the array's storage, so that the next command
 * allocates it again. What outlives the command leaves by `take`, an array of exactly the items.
 */
export class CountedList<T> {
  private readonly items: T[] = [];
  private count = 0;

  get length(): number {
    return this.count;
  }

  push(item: T): void {
    const items = this.items;
    if (this.count === items.length) items.push(item);
    else items[this.count] = item;
    this.count++;
  }

  /** Item `i` (0 ≤ i < length). */
  get(i: number): T {
    return this.items[i]!;
  }

  /**
   * The items as a new array of exactly their number (an array grown by push from empty keeps room for 17,
   * which a result kept by the caller would carry), or `none` when there are none; then clears.
   */
  take(none: T[]): T[] {
    const count = this.count;
    if (count === 0) return none;
    const items = this.items;
    const taken = count === 1 ? [items[0]!] : items.slice(0, count);
    this.clear();
    return taken;
  }

  /** Forgets the items, references included (they would keep the items alive until overwritten). */
  clear(): void {
    const items = this.items;
    for (let i = 0; i < this.count; i++) items[i] = undefined as T;
    this.count = 0;
  }
}
