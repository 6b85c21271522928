import { FNV_OFFSET, fnvStep, mixHash } from './string-index';

/** Entries a bucket holds; a full bucket's further entries go to the overflow map. */
const BUCKET_SIZE = 64;

/**
 * Strings of characters up to U+00FF (the engine's command ids are printable ASCII), numbered in the order they
 * were added, kept packed a byte a character in one array: no string object is kept. For the accepted-id window,
 * which adds a string a command — strings kept would each be a young object the collector copies, then an old one it
 * marks, for the window's life.
 *
 * They are found again by hash through buckets (by the hash's low bits) that fill from their start, each entry a
 * hash and a number side by side: adding writes at one of the buckets' ends, which together stay in the processor's
 * cache, where an open-addressing table of the same size would take a cache miss on most adds. A look-up scans one
 * bucket (about 32 entries at `capacity`) and compares bytes only when the hashes agree — the window looks up only
 * what its filter says it may hold. `clear` empties it for reuse, keeping its arrays.
 *
 * A key can be hashed and copied in one pass before it is known whether it will be added (`copyNext`, then
 * `addCopied`): reading a string's characters costs V8 a check of the string's representation per character, so
 * the window reads each command id once instead of twice.
 */
export class PackedStringIndex {
  private bytes: Uint8Array;
  private used = 0;
  /** Where string n's bytes start; they end where string n + 1's start (`starts[size]` is `used`). */
  private starts: Int32Array;
  private count = 0;
  /** BUCKET_SIZE entries a bucket: hash, number. */
  private readonly buckets: Int32Array;
  /** Entries in each bucket. */
  private readonly filled: Int32Array;
  private readonly bucketMask: number;
  /** The numbers of the strings a full bucket could not take, by hash. */
  private readonly overflow = new Map<number, number[]>();
  /** Where `copyNext` copied its key (−1: no copy, or it was overwritten since), and the key's length. */
  private copiedAt = -1;
  private copiedLength = 0;

  /** `capacity`: how many strings it is sized for (more still fit, looked up more slowly). */
  constructor(capacity = 512) {
    let count = 1;
    while (count * (BUCKET_SIZE / 2) < capacity) count *= 2;
    this.buckets = new Int32Array(count * BUCKET_SIZE * 2);
    this.filled = new Int32Array(count);
    this.bucketMask = count - 1;
    this.starts = new Int32Array(capacity + 1);
    this.bytes = new Uint8Array(capacity * 16);
  }

  get size(): number {
    return this.count;
  }

  /** The number of `key` (whose `hashOf` is `hash`), or −1. */
  getHashed(key: string, hash: number): number {
    const bucket = hash & this.bucketMask;
    const buckets = this.buckets;
    const first = bucket * BUCKET_SIZE * 2;
    const end = first + this.filled[bucket]! * 2;
    for (let i = first; i < end; i += 2) if (buckets[i] === hash && this.equals(buckets[i + 1]!, key)) return buckets[i + 1]!;
    if (end - first < BUCKET_SIZE * 2) return -1;
    for (const n of this.overflow.get(hash) ?? []) if (this.equals(n, key)) return n;
    return -1;
  }

  /** Adds a key that is not in the index yet (`hash`: its `hashOf`); returns its number. */
  addHashed(key: string, hash: number): number {
    const length = key.length;
    if (this.used + length > this.bytes.length) this.bytes = grown(this.bytes, this.used + length);
    const bytes = this.bytes;
    const start = this.used;
    for (let i = 0; i < length; i++) {
      const c = key.charCodeAt(i);
      if (c > 0xff) throw new RangeError('packed string index: a character above U+00FF');
      bytes[start + i] = c;
    }
    return this.place(length, hash);
  }

  /**
   * Copies `key` to where the next string added will start and returns its hash (`hashOf`), or undefined when a
   * character is outside `first`…`last` (at most U+00FF). Changes nothing the index answers.
   */
  copyNext(key: string, first: number, last: number): number | undefined {
    // an earlier copy is overwritten from here on, even if this one is refused
    this.copiedAt = -1;
    const length = key.length;
    const start = this.used;
    if (start + length > this.bytes.length) this.bytes = grown(this.bytes, start + length);
    const bytes = this.bytes;
    let h = FNV_OFFSET;
    for (let i = 0; i < length; i++) {
      const c = key.charCodeAt(i);
      if (c < first || c > last) return undefined;
      bytes[start + i] = c;
      h = fnvStep(h, c);
    }
    this.copiedAt = start;
    this.copiedLength = length;
    return mixHash(h);
  }

  /** Whether the key `copyNext` copied last is still there to add (nothing added nor cleared since). */
  get hasCopy(): boolean {
    return this.copiedAt === this.used;
  }

  /** Adds the key `copyNext` copied last (not in the index yet; `hasCopy`), whose hash it returned; returns its number. */
  addCopied(hash: number): number {
    if (!this.hasCopy) throw new Error('packed string index: no copied key to add');
    return this.place(this.copiedLength, hash);
  }

  /** Numbers the string of `length` bytes at the end of the used bytes and files it under `hash`. */
  private place(length: number, hash: number): number {
    const n = this.count++;
    if (n + 2 > this.starts.length) this.starts = grown(this.starts, n + 2);
    this.used = this.starts[n + 1] = this.used + length;
    this.copiedAt = -1;
    const bucket = hash & this.bucketMask;
    const filled = this.filled[bucket]!;
    if (filled < BUCKET_SIZE) {
      const at = (bucket * BUCKET_SIZE + filled) * 2;
      this.buckets[at] = hash;
      this.buckets[at + 1] = n;
      this.filled[bucket] = filled + 1;
    } else {
      const same = this.overflow.get(hash);
      if (same) same.push(n);
      else this.overflow.set(hash, [n]);
    }
    return n;
  }

  /** String number `n`, built again. */
  key(n: number): string {
    return String.fromCharCode(...this.bytes.subarray(this.starts[n]!, this.starts[n + 1]!));
  }

  clear(): void {
    this.filled.fill(0);
    this.overflow.clear();
    this.count = 0;
    this.used = 0;
    this.copiedAt = -1;
  }

  private equals(n: number, key: string): boolean {
    const start = this.starts[n]!;
    const length = key.length;
    if (this.starts[n + 1]! - start !== length) return false;
    const bytes = this.bytes;
    for (let i = 0; i < length; i++) if (bytes[start + i] !== key.charCodeAt(i)) return false;
    return true;
  }
}

/** A copy of `array` with room for at least `needed` elements (twice its length, or more). */
function grown<A extends Uint8Array | Int32Array>(array: A, needed: number): A {
  let length = Math.max(16, 2 * array.length);
  while (length < needed) length *= 2;
  const copy = new (array.constructor as new (length: number) => A)(length);
  copy.set(array);
  return copy;
}
