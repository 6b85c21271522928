// The ids of the spot engine's recently accepted commands and what each one did, in a window of bounded size.
import type { SpotCommand } from './types';
import { COMMAND_ID } from './command-fields';
import { HashFilter } from './hash-filter';
import { PackedStringIndex } from './packed-string-index';
import { hashOf } from './string-index';

/** Seqs per generation unless the engine is given another size. */
export const DEFAULT_GENERATION = 1 << 17;

const KINDS: ReadonlyArray<SpotCommand['kind']> = ['addMarket', 'updateMarket', 'haltMarket', 'placeOrder', 'cancelOrder'];

const PLACE_ORDER = KINDS.indexOf('placeOrder');
const CANCEL_ORDER = KINDS.indexOf('cancelOrder');

// The window's times, by index in `AcceptedIds.times`.
const PREVIOUS_MAX_AT = 0;
const CURRENT_MAX_AT = 1;
const STALE = 2;

/** A kind's index in KINDS, orders first: `indexOf` is a call of a builtin on every command. */
function kindNumber(kind: SpotCommand['kind']): number {
  if (kind === 'placeOrder') return PLACE_ORDER;
  if (kind === 'cancelOrder') return CANCEL_ORDER;
  return KINDS.indexOf(kind);
}

/** What the window remembers beyond its ids (SpotSnapshot.ids). */
export interface AcceptedIdsState {
  /** Seqs per generation. */
  generation: number;
  /** Commands at or before this time are refused as stale: every forgotten command is that old or older (−1: none forgotten). */
  staleThrough: number;
  /** The latest time of a command in the previous and in the current generation (−1: none). */
  previousMaxAt: number;
  currentMaxAt: number;
}

/**
 * Accepted command ids in two generations of `generation` consecutive seqs each: generation g holds the seqs
 * g·size + 1 … (g + 1)·size. When the first seq of a new generation is accepted the older generation is forgotten,
 * so the window holds the last `size` to 2·`size` commands, whatever the engine's age, and which ids it holds
 * depends only on the seqs (a restored engine forgets exactly what the original would have).
 *
 * A forgotten id cannot be told from a new one, so the window also keeps the latest time (`at`) of any forgotten
 * command: a command at or before it is refused as stale. A repeat carries its original's time, so no forgotten
 * command is ever applied twice; a fresh command is refused only if it is older than commands 1 to 2 windows back.
 *
 * Per seq it keeps the command's kind, the order it placed or cancelled and its ledger range, in typed arrays
 * indexed by seq modulo 2·size. The ids are kept packed (PackedStringIndex), and a forgotten generation's tables
 * serve the next one: adding an id allocates nothing.
 */
export class AcceptedIds {
  private current: PackedStringIndex;
  /** Empty while no generation precedes the current one. */
  private previous: PackedStringIndex;
  /**
   * The hashes of `current`'s and `previous`'s ids: a new id — nearly every id looked up — is told absent without
   * reading either table, which is too large for the processor's cache (two misses a command).
   */
  private currentHashes: HashFilter;
  private previousHashes: HashFilter;
  /** The seq of each id of `current` / `previous`, by its number there. */
  private currentSeqs: Float64Array;
  private previousSeqs: Float64Array;
  /** The generation `current` holds (−1: none yet) and its last seq. */
  private currentGeneration = -1;
  private currentEnd = 0;
  /**
   * The latest time in the previous and in the current generation and the stale limit (−1: none, nothing forgotten:
   * 0 is a valid time). Kept in a Float64Array, not in fields: a field that held −1 (a small integer) and then a
   * millisecond time (a double) changed representation, and with it the window's hidden class, at the first two
   * generation changes, which threw away the engine's optimised code each time.
   */
  private readonly times = new Float64Array([-1, -1, -1]);
  /** Seqs in the record arrays (two generations): a seq's record is at seq modulo ring. */
  private readonly ring: number;
  private readonly kinds: Uint8Array;
  private readonly orderIds: Float64Array;
  private readonly ledgerFroms: Float64Array;
  private readonly ledgerTos: Float64Array;

  constructor(readonly generation = DEFAULT_GENERATION) {
    if (!Number.isSafeInteger(generation) || generation < 1) throw new RangeError(`accepted ids: generation ${generation} is not a positive integer`);
    const ring = (this.ring = 2 * generation);
    this.current = new PackedStringIndex(generation);
    this.previous = new PackedStringIndex(generation);
    this.currentSeqs = new Float64Array(generation);
    this.previousSeqs = new Float64Array(generation);
    this.currentHashes = new HashFilter(generation);
    this.previousHashes = new HashFilter(generation);
    this.kinds = new Uint8Array(ring);
    this.orderIds = new Float64Array(ring);
    this.ledgerFroms = new Float64Array(ring);
    this.ledgerTos = new Float64Array(ring);
  }

  get staleThrough(): number {
    return this.times[STALE]!;
  }

  get size(): number {
    return this.current.size + this.previous.size;
  }

  /** The seq of an id in the window, or −1. */
  seqOf(id: string): number {
    return this.seqOfHashed(id, hashOf(id));
  }

  /** `seqOf` of an id whose `hashOf` the caller has. */
  seqOfHashed(id: string, hash: number): number {
    const n = this.currentHashes.mayHave(hash) ? this.current.getHashed(id, hash) : -1;
    if (n >= 0) return this.currentSeqs[n]!;
    const m = this.previousHashes.mayHave(hash) ? this.previous.getHashed(id, hash) : -1;
    return m >= 0 ? this.previousSeqs[m]! : -1;
  }

  /** Adds an id not in the window with its record; seqs come in ascending order. */
  add(id: string, seq: number, at: number, kind: SpotCommand['kind'], orderId: number, ledgerFrom: number, ledgerTo: number): void {
    if (seq > this.currentEnd) this.advance(Math.floor((seq - 1) / this.generation));
    const hash = hashOf(id);
    this.record(this.current.addHashed(id, hash), hash, seq, at, kind, orderId, ledgerFrom, ledgerTo);
  }

  /**
   * The hash (`hashOf`) of a command id — 1 to 100 printable ASCII characters without space — or undefined when
   * `id` is not one. Its characters are copied in the same pass, so that `addStaged` of this id need not read them
   * again.
   */
  stage(id: string): number | undefined {
    const length = id.length;
    if (length === 0 || length > COMMAND_ID.maxLength) return undefined;
    return this.current.copyNext(id, COMMAND_ID.first, COMMAND_ID.last);
  }

  /** `add` of the id `stage` took last (hash: what it returned), with nothing added to the window since. */
  addStaged(id: string, hash: number, seq: number, at: number, kind: SpotCommand['kind'], orderId: number, ledgerFrom: number, ledgerTo: number): void {
    if (seq > this.currentEnd) this.advance(Math.floor((seq - 1) / this.generation));
    // a new generation's table is empty: the copy went to the table before it
    this.record(this.current.hasCopy ? this.current.addCopied(hash) : this.current.addHashed(id, hash), hash, seq, at, kind, orderId, ledgerFrom, ledgerTo);
  }

  /** Files what the command of `seq` did, its id number `n` in the current generation. */
  private record(n: number, hash: number, seq: number, at: number, kind: SpotCommand['kind'], orderId: number, ledgerFrom: number, ledgerTo: number): void {
    this.currentSeqs[n] = seq;
    this.currentHashes.add(hash);
    if (at > this.times[CURRENT_MAX_AT]!) this.times[CURRENT_MAX_AT] = at;
    const slot = seq % this.ring;
    this.kinds[slot] = kindNumber(kind);
    this.orderIds[slot] = orderId;
    this.ledgerFroms[slot] = ledgerFrom;
    this.ledgerTos[slot] = ledgerTo;
  }

  // the record of a seq in the window (what is read for a seq outside it is meaningless)
  kind(seq: number): SpotCommand['kind'] {
    return KINDS[this.kinds[seq % this.ring]!]!;
  }

  orderId(seq: number): number {
    return this.orderIds[seq % this.ring]!;
  }

  ledgerFrom(seq: number): number {
    return this.ledgerFroms[seq % this.ring]!;
  }

  ledgerTo(seq: number): number {
    return this.ledgerTos[seq % this.ring]!;
  }

  /** The window's ids with their seqs, oldest first. */
  *entries(): IterableIterator<[string, number]> {
    for (let n = 0; n < this.previous.size; n++) yield [this.previous.key(n), this.previousSeqs[n]!];
    for (let n = 0; n < this.current.size; n++) yield [this.current.key(n), this.currentSeqs[n]!];
  }

  state(): AcceptedIdsState {
    const times = this.times;
    return { generation: this.generation, staleThrough: times[STALE]!, previousMaxAt: times[PREVIOUS_MAX_AT]!, currentMaxAt: times[CURRENT_MAX_AT]! };
  }

  /** Sets what the ids of a restored window do not tell (their times), once they are added again. */
  restoreTimes(state: AcceptedIdsState): void {
    this.times[STALE] = state.staleThrough;
    this.times[PREVIOUS_MAX_AT] = state.previousMaxAt;
    this.times[CURRENT_MAX_AT] = state.currentMaxAt;
  }

  /** Makes `generation` the current one: the one before it stays as the previous, anything older is forgotten. */
  private advance(generation: number): void {
    const keepsCurrent = generation === this.currentGeneration + 1;
    const times = this.times;
    this.forget(times[PREVIOUS_MAX_AT]!);
    if (!keepsCurrent) this.forget(times[CURRENT_MAX_AT]!);
    // the forgotten generation's tables, emptied, serve the new one
    if (keepsCurrent) {
      [this.previous, this.current] = [this.current, this.previous];
      [this.previousSeqs, this.currentSeqs] = [this.currentSeqs, this.previousSeqs];
      [this.previousHashes, this.currentHashes] = [this.currentHashes, this.previousHashes];
    } else {
      this.previous.clear();
      this.previousHashes.clear();
    }
    times[PREVIOUS_MAX_AT] = keepsCurrent ? times[CURRENT_MAX_AT]! : -1;
    this.current.clear();
    this.currentHashes.clear();
    times[CURRENT_MAX_AT] = -1;
    this.currentGeneration = generation;
    this.currentEnd = (generation + 1) * this.generation;
  }

  private forget(maxAt: number): void {
    if (maxAt > this.times[STALE]!) this.times[STALE] = maxAt;
  }
}
