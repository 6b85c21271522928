/**
 * Which 32-bit hashes may have been added (a Bloom filter: two bits per hash, in one word). "No" is certain, "maybe"
 * is wrong for about 6 % of absent hashes at `capacity` hashes; it answers from 8 bits per hash of capacity, small
 * enough to stay in the processor's cache where the table it guards (a PackedStringIndex) does not: a look-up of an
 * absent key then reads no slot of that table. Nothing is removed; `clear` empties it.
 */
export class HashFilter {
  private readonly words: Int32Array;
  private readonly mask: number;

  constructor(capacity: number) {
    let words = 32;
    while (words * 4 < capacity) words *= 2;
    this.words = new Int32Array(words);
    this.mask = words - 1;
  }

  add(hash: number): void {
    this.words[(hash >>> 12) & this.mask]! |= bitsOf(hash);
  }

  mayHave(hash: number): boolean {
    const bits = bitsOf(hash);
    return (this.words[(hash >>> 12) & this.mask]! & bits) === bits;
  }

  clear(): void {
    this.words.fill(0);
  }
}

/** Two bits of a word, from hash bits the word's index does not use. */
function bitsOf(hash: number): number {
  return (1 << (hash & 31)) | (1 << ((hash >>> 5) & 31));
}
