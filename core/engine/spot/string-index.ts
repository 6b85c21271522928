const INITIAL_SLOTS = 1024;

/**
 * Strings numbered in the order they were added (0, 1, 2, …), found again by an open-addressing table that
 * keeps each slot's 32-bit hash and number side by side in one Int32Array: a look-up reads one slot (more only
 * on a collision) and touches a stored string only when the hashes agree. For the engine's large string sets
 * (accepted command ids, users), where a Map would read its bucket, its entry and the stored key for every
 * look-up of a new id. Strings are never removed.
 */
export class StringIndex {
  /** The strings by number. */
  readonly keys: string[] = [];
  /** Per slot: hash, number + 1 (0: empty). */
  private slots = new Int32Array(INITIAL_SLOTS * 2);
  private mask = INITIAL_SLOTS - 1;

  get size(): number {
    return this.keys.length;
  }

  /** The number of `key`, or −1. */
  get(key: string): number {
    return this.getHashed(key, hashOf(key));
  }

  /** `get` of a key whose `hashOf` the caller has. */
  getHashed(key: string, hash: number): number {
    const slots = this.slots;
    for (let i = hash & this.mask; ; i = (i + 1) & this.mask) {
      const stored = slots[2 * i + 1]!;
      if (stored === 0) return -1;
      if (slots[2 * i] === hash && this.keys[stored - 1] === key) return stored - 1;
    }
  }

  /** Adds a key that is not in the index yet; returns its number. */
  add(key: string): number {
    return this.addHashed(key, hashOf(key));
  }

  /** `add` of a key whose `hashOf` the caller has. */
  addHashed(key: string, hash: number): number {
    const n = this.keys.length;
    this.keys.push(key);
    if (2 * this.keys.length > this.mask + 1) this.grow();
    this.place(hash, n);
    return n;
  }

  private place(hash: number, n: number): void {
    const slots = this.slots;
    let i = hash & this.mask;
    while (slots[2 * i + 1] !== 0) i = (i + 1) & this.mask;
    slots[2 * i] = hash;
    slots[2 * i + 1] = n + 1;
  }

  /** Doubles the table and places every key already in it again with its stored hash. */
  private grow(): void {
    const old = this.slots;
    const size = (this.mask + 1) * 2;
    this.slots = new Int32Array(size * 2);
    this.mask = size - 1;
    for (let i = 0; i < old.length; i += 2) if (old[i + 1] !== 0) this.place(old[i]!, old[i + 1]! - 1);
  }
}

/** FNV-1a over the UTF-16 code units, then mixed (murmur3's finaliser) so that close ids spread over the table. */
export function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
