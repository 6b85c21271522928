import { formatDecimal } from '../../shared/money';
import type { DepthLevel, DepthSnapshot } from '../book/types';
import { Ring } from './candles';

/** What the feed reads: an order book's aggregated depth. */
export interface DepthSource {
  depth(levels: number): DepthSnapshot;
}

export interface DepthFeedOptions {
  priceScale: number;
  qtyScale: number;
  /** Levels per side. */
  levels: number;
  /** Changes kept for diffs (default 200); a client further behind resyncs from a snapshot. */
  history?: number;
  /**
   * The sequence number of the state at start (default 0). A feed started again should begin above every
   * number it gave out before — the start time × 1000, say — so that a client's old number never matches.
   */
  firstSeq?: number;
}

/** A level on the wire; in a diff, qty '0' (and 0 orders) means the level left the top `levels`. */
export interface DepthLevelView {
  price: string;
  qty: string;
  orders: number;
}

export interface DepthView {
  seq: number;
  bids: DepthLevelView[];
  asks: DepthLevelView[];
}

/** The levels that changed from state `from` to state `seq`, best first. */
export interface DepthDiff extends DepthView {
  from: number;
}

export type DepthSince = ({ kind: 'diff' } & DepthDiff) | { kind: 'resync'; snapshot: DepthView };

interface Change {
  seq: number;
  bids: DepthLevel[];
  asks: DepthLevel[];
}

/**
 * Numbers the states of a book's top levels: update() after every command that may have changed the book
 * gives the next number and the diff when the depth changed. A client that missed a message asks since(seq)
 * for the diff from its state, or is told to resync from a snapshot.
 */
export class DepthFeed {
  private current: { bids: DepthLevel[]; asks: DepthLevel[] };
  private currentSeq: number;
  private readonly changes: Ring<Change>;

  constructor(
    private readonly source: DepthSource,
    private readonly options: DepthFeedOptions,
  ) {
    if (!Number.isSafeInteger(options.levels) || options.levels < 1) throw new RangeError(`levels must be a positive integer: ${options.levels}`);
    this.currentSeq = options.firstSeq ?? 0;
    this.changes = new Ring(options.history ?? 200);
    this.current = this.read();
  }

  get seq(): number {
    return this.currentSeq;
  }

  /** Reads the book; when its top levels changed, numbers the new state and returns the diff, else null. */
  update(): DepthDiff | null {
    const next = this.read();
    const bids = bestFirst(changedLevels(this.current.bids, next.bids), 'bids');
    const asks = bestFirst(changedLevels(this.current.asks, next.asks), 'asks');
    if (bids.length === 0 && asks.length === 0) return null;
    this.current = next;
    this.currentSeq++;
    this.changes.push({ seq: this.currentSeq, bids, asks });
    return { from: this.currentSeq - 1, seq: this.currentSeq, bids: this.views(bids), asks: this.views(asks) };
  }

  snapshot(): DepthView {
    return { seq: this.currentSeq, bids: this.views(this.current.bids), asks: this.views(this.current.asks) };
  }

  /** The diff from state `seq` to now, or a resync when `seq` is not a state this feed still has diffs from. */
  since(seq: number): DepthSince {
    const oldest = this.changes.fromNewest(this.changes.size - 1);
    const reachable = seq === this.currentSeq || (oldest !== undefined && seq >= oldest.seq - 1 && seq < this.currentSeq);
    if (!Number.isSafeInteger(seq) || !reachable) return { kind: 'resync', snapshot: this.snapshot() };
    const bids = new Map<bigint, DepthLevel>();
    const asks = new Map<bigint, DepthLevel>();
    for (let i = this.currentSeq - seq - 1; i >= 0; i--) {
      const change = this.changes.fromNewest(i)!;
      for (const level of change.bids) bids.set(level.price, level);
      for (const level of change.asks) asks.set(level.price, level);
    }
    const merged = { bids: bestFirst([...bids.values()], 'bids'), asks: bestFirst([...asks.values()], 'asks') };
    return { kind: 'diff', from: seq, seq: this.currentSeq, bids: this.views(merged.bids), asks: this.views(merged.asks) };
  }

  private read(): { bids: DepthLevel[]; asks: DepthLevel[] } {
    const { bids, asks } = this.source.depth(this.options.levels);
    return { bids, asks };
  }

  private views(levels: DepthLevel[]): DepthLevelView[] {
    return levels.map((level) => ({
      price: formatDecimal(level.price, this.options.priceScale),
      qty: formatDecimal(level.qty, this.options.qtyScale),
      orders: level.orders,
    }));
  }
}

/** Highest bid first, lowest ask first. */
function bestFirst(levels: DepthLevel[], side: 'bids' | 'asks'): DepthLevel[] {
  const sign = side === 'bids' ? -1 : 1;
  return levels.sort((a, b) => (a.price === b.price ? 0 : a.price < b.price ? -sign : sign));
}

/** The levels of `after` that differ from `before`, and `before`'s levels gone from `after` with quantity 0. */
function changedLevels(before: DepthLevel[], after: DepthLevel[]): DepthLevel[] {
  const previous = new Map(before.map((level) => [level.price, level]));
  const out: DepthLevel[] = [];
  for (const level of after) {
    const old = previous.get(level.price);
    previous.delete(level.price);
    if (old === undefined || old.qty !== level.qty || old.orders !== level.orders) out.push(level);
  }
  for (const gone of previous.values()) out.push({ price: gone.price, qty: 0n, orders: 0 });
  return out;
}
