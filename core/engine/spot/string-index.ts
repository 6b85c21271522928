const INITIAL_SLOTS = 1024;
/** Words per slot: hash, number + 1 (0: empty), then the key's own characters when it is short. */
const SLOT = 4;
/** The longest key kept in its slot: seven one-byte characters and the length in the slot's last two words. */
const SHORT_KEY = 7;
/** The last word of a slot whose key is not kept in it (a short key's last word has its length, ≤ 7, on top). */
const LONG = -1;

/**
 * Strings numbered in the order they were added (0, 1, 2, …), found again by an open-addressing table whose slots
 * (four Int32s, a quarter of a cache line) keep each key's 32-bit hash and number and, for a key of up to seven
 * one-byte characters (user ids such as `10482`), the key itself: a look-up of such a key reads one slot and no
 * stored string. A longer key is compared with the stored string when the hashes agree. For the engine's user
 * index, looked up on every order, where a Map would read its bucket, its entry and the stored key. Strings are
 * never removed.
 */
export class StringIndex {
  /** The strings by number. */
  readonly keys: string[] = [];
  private slots = new Int32Array(INITIAL_SLOTS * SLOT);
  private mask = INITIAL_SLOTS - 1;
  /** The key being looked up or added, as its slot keeps it (`read`). */
  private low = 0;
  private high = LONG;

  get size(): number {
    return this.keys.length;
  }

  /** The number of `key`, or −1. */
  get(key: string): number {
    const hash = this.read(key);
    const { slots, low, high } = this;
    for (let i = hash & this.mask; ; i = (i + 1) & this.mask) {
      const at = SLOT * i;
      const stored = slots[at + 1]!;
      if (stored === 0) return -1;
      if (slots[at] === hash && slots[at + 3] === high && (high === LONG ? this.keys[stored - 1] === key : slots[at + 2] === low)) return stored - 1;
    }
  }

  /** Adds a key that is not in the index yet; returns its number. */
  add(key: string): number {
    const n = this.keys.length;
    this.keys.push(key);
    if (2 * this.keys.length > this.mask + 1) this.grow();
    this.place(this.read(key), n + 1, this.low, this.high);
    return n;
  }

  /**
   * The key's hash (hashOf), and `low` and `high` set to a short key's characters and length or `high` to LONG:
   * one pass over the characters for both.
   */
  private read(key: string): number {
    const length = key.length;
    let hash = FNV_OFFSET;
    let low = 0;
    let high = length << 24;
    let short = length <= SHORT_KEY;
    for (let i = 0; i < length; i++) {
      const c = key.charCodeAt(i);
      hash = fnvStep(hash, c);
      if (c > 0xff) short = false;
      else if (i < 4) low |= c << (8 * i);
      else if (i < SHORT_KEY) high |= c << (8 * (i - 4));
    }
    this.low = low;
    this.high = short ? high : LONG;
    return mixHash(hash);
  }

  private place(hash: number, stored: number, low: number, high: number): void {
    const slots = this.slots;
    let i = hash & this.mask;
    while (slots[SLOT * i + 1] !== 0) i = (i + 1) & this.mask;
    const at = SLOT * i;
    slots[at] = hash;
    slots[at + 1] = stored;
    slots[at + 2] = low;
    slots[at + 3] = high;
  }

  /** Doubles the table and places every key already in it again with its stored words. */
  private grow(): void {
    const old = this.slots;
    const size = (this.mask + 1) * 2;
    this.slots = new Int32Array(size * SLOT);
    this.mask = size - 1;
    for (let at = 0; at < old.length; at += SLOT) if (old[at + 1] !== 0) this.place(old[at]!, old[at + 1]!, old[at + 2]!, old[at + 3]!);
  }
}

/** FNV-1a over the UTF-16 code units, then mixed (murmur3's finaliser) so that close ids spread over the table. */
export function hashOf(key: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < key.length; i++) h = fnvStep(h, key.charCodeAt(i));
  return mixHash(h);
}

/** hashOf's start, its step per code unit and its end, for loops that read a key's characters for more than its hash. */
export const FNV_OFFSET = 0x811c9dc5;

export function fnvStep(h: number, c: number): number {
  return Math.imul(h ^ c, 0x01000193);
}

export function mixHash(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
