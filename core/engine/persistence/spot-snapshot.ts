import { createHash } from 'node:crypto';
import type { BookSnapshot, RestingOrderRecord } from '../book/types';
import type { Balance } from '../ledger/balances';
import type { Currency } from '../ledger/currency';
import { LedgerEngine } from '../ledger/engine';
import type { CommandResult, RejectionCode } from '../ledger/events';
import { SpotEngine, type SpotSnapshotSource } from '../spot/engine';
import { DEFAULT_GENERATION, type AcceptedIdsState } from '../spot/accepted-ids';
import type { OrderStatus, SpotAccepted, SpotMarketConfig, SpotOrder } from '../spot/types';
import { decodeJson, encodeJson } from './codec';
import { RecordReader, RecordWriter } from './record-codec';
import type { StoredSnapshot } from './spot-store';

const VERSION = 2;
/** A chunk is closed once it holds about this many bytes: each is one row, far below the databases' value limits. */
const CHUNK_BYTES = 16 << 20;

/** A market's book without its resting orders (those are in the chunks, bids then asks, in priority order). */
type BookHead = Omit<BookSnapshot, 'bids' | 'asks'> & { bids: number; asks: number };

/**
 * The head row's body (JSON): the small parts of the state, how many records each section of the chunks holds,
 * and each chunk's sha-256, so that the head's checksum covers the whole snapshot.
 */
interface SnapshotHead {
  version: number;
  /** The accepted-id window (absent from snapshots written before it: their ids are restored into the default one). */
  ids?: AcceptedIdsState;
  seq: number;
  nextOrderId: number;
  markets: Array<{ config: SpotMarketConfig; halted: boolean; book: BookHead }>;
  counts: { balances: number; ledgerResults: number; users: number; results: number; orders: number };
  chunks: string[];
}

export class SnapshotUnusable extends Error {
  constructor(message: string) {
    super(`spot snapshot: ${message}`);
    this.name = 'SnapshotUnusable';
  }
}

/** How one kind of record is written to and read from the chunks. */
interface Section<T> {
  write(w: RecordWriter, item: T): void;
  read(r: RecordReader): T;
}

const BALANCES: Section<[string, Balance]> = {
  write(w, [key, balance]) {
    w.str(key);
    w.big(balance.available);
    w.big(balance.frozen);
    w.big(balance.bonus);
  },
  read: (r) => [r.str(), { available: r.big(), frozen: r.big(), bonus: r.big() }],
};

/** The ledger's thin results (no events): a repeated id is still recognised after a restart. */
const LEDGER_RESULTS: Section<CommandResult> = {
  write(w, result) {
    const field = result.ok ? undefined : result.field;
    w.uint((result.ok ? 1 : 0) | (result.duplicate ? 2 : 0) | (field !== undefined ? 4 : 0));
    w.uint(result.seq);
    w.str(result.id);
    w.word(result.kind);
    if (result.ok) return;
    w.word(result.reason);
    if (field !== undefined) w.word(field);
  },
  read(r) {
    const flags = r.uint();
    const seq = r.uint();
    const id = r.str();
    const kind = r.word() as CommandResult['kind'];
    const duplicate = (flags & 2) !== 0;
    if (flags & 1) return { ok: true, seq, id, kind, duplicate, events: [] };
    const reason = r.word() as RejectionCode;
    return { ok: false, seq, id, kind, duplicate, reason, ...(flags & 4 ? { field: r.word() } : {}) };
  },
};

const USERS: Section<string> = { write: (w, user) => w.str(user), read: (r) => r.str() };

/** The spot engine's thin results (no trades nor order updates). */
const SPOT_RESULTS: Section<SpotAccepted> = {
  write(w, result) {
    w.uint((result.duplicate ? 1 : 0) | (result.orderId !== undefined ? 2 : 0));
    w.uint(result.seq);
    w.str(result.id);
    w.word(result.kind);
    if (result.orderId !== undefined) w.uint(result.orderId);
    w.uint(result.ledgerFrom);
    w.uint(result.ledgerTo - result.ledgerFrom);
  },
  read(r) {
    const flags = r.uint();
    const seq = r.uint();
    const id = r.str();
    const kind = r.word() as SpotAccepted['kind'];
    const orderId = flags & 2 ? r.uint() : undefined;
    const ledgerFrom = r.uint();
    const result: SpotAccepted = { ok: true, seq, id, kind, duplicate: (flags & 1) !== 0, trades: [], orders: [], ledgerFrom, ledgerTo: ledgerFrom + r.uint() };
    if (orderId !== undefined) result.orderId = orderId;
    return result;
  },
};

/** Open and conditional orders as the spot engine tracks them. */
const ORDERS: Section<SpotOrder> = {
  write(w, o) {
    w.uint((o.side === 'buy' ? 1 : 0) | (o.clientOrderId !== null ? 2 : 0) | (o.price !== null ? 4 : 0) | (o.qty !== null ? 8 : 0) | (o.ocoWith !== null ? 16 : 0));
    w.uint(o.id);
    if (o.clientOrderId !== null) w.str(o.clientOrderId);
    w.word(o.userId);
    w.word(o.symbol);
    w.word(o.kind);
    if (o.price !== null) w.big(o.price);
    if (o.qty !== null) w.big(o.qty);
    w.word(o.status);
    w.big(o.filledQty);
    w.big(o.filledQuote);
    w.big(o.held);
    w.word(o.heldCurrency);
    if (o.ocoWith !== null) w.uint(o.ocoWith);
    w.int(o.createdAt);
  },
  read(r) {
    const flags = r.uint();
    return {
      id: r.uint(),
      clientOrderId: flags & 2 ? r.str() : null,
      userId: r.word(),
      symbol: r.word(),
      side: flags & 1 ? 'buy' : 'sell',
      kind: r.word() as SpotOrder['kind'],
      price: flags & 4 ? r.big() : null,
      qty: flags & 8 ? r.big() : null,
      status: r.word() as OrderStatus,
      filledQty: r.big(),
      filledQuote: r.big(),
      held: r.big(),
      heldCurrency: r.word(),
      ocoWith: flags & 16 ? r.uint() : null,
      createdAt: r.int(),
    };
  },
};

/** A resting order of a book, with its take-profit / stop-loss exits. */
const RESTING: Section<RestingOrderRecord> = {
  write(w, o) {
    w.uint((o.side === 'buy' ? 1 : 0) | (o.takeProfit ? 2 : 0) | (o.stopLoss ? 4 : 0));
    w.uint(o.id);
    w.uint(o.userId);
    w.big(o.price);
    w.big(o.qty);
    w.big(o.filledQty);
    w.big(o.filledQuote);
    w.big(o.baseFeesPaid);
    w.int(o.feeTier);
    w.int(o.time);
    for (const exit of [o.takeProfit, o.stopLoss]) {
      if (!exit) continue;
      w.uint(exit.id);
      w.big(exit.price);
    }
  },
  read(r) {
    const flags = r.uint();
    return {
      id: r.uint(),
      userId: r.uint(),
      side: flags & 1 ? 'buy' : 'sell',
      price: r.big(),
      qty: r.big(),
      filledQty: r.big(),
      filledQuote: r.big(),
      baseFeesPaid: r.big(),
      feeTier: r.int(),
      time: r.int(),
      takeProfit: flags & 2 ? { id: r.uint(), price: r.big() } : null,
      stopLoss: flags & 4 ? { id: r.uint(), price: r.big() } : null,
    };
  },
};

/** Writes records into chunks of about `chunkBytes`, each closed at a record's end. */
class ChunkWriter {
  readonly chunks: Buffer[] = [];
  private writer = new RecordWriter();

  constructor(private readonly chunkBytes: number) {}

  all<T>(items: Iterable<T>, section: Section<T>): number {
    let count = 0;
    for (const item of items) {
      section.write(this.writer, item);
      count++;
      if (this.writer.size >= this.chunkBytes) this.close();
    }
    return count;
  }

  finish(): Buffer[] {
    if (this.writer.size > 0) this.close();
    return this.chunks;
  }

  private close(): void {
    this.chunks.push(this.writer.finish());
    this.writer = new RecordWriter();
  }
}

/** Reads the records back in the order they were written, chunk after chunk. */
class ChunkReader {
  private next = 0;
  private reader: RecordReader | null = null;
  /** Records handed out (read, or to be read lazily), and read so far. */
  private position = 0;
  private consumed = 0;

  constructor(private readonly chunks: readonly Buffer[]) {}

  read<T>(count: number, section: Section<T>): T[] {
    if (this.consumed !== this.position) throw new Error('records read before the lazily read ones before them');
    const items = new Array<T>(count);
    for (let i = 0; i < count; i++) items[i] = section.read(this.current());
    this.position = this.consumed += count;
    return items;
  }

  /**
   * The next `count` records, read when iterated: once, in the order of the sections (what is handed out before
   * must have been read by then). Each record can then die young instead of living until the last one is read.
   */
  lazily<T>(count: number, section: Section<T>): Iterable<T> & { readonly length: number } {
    const start = this.position;
    this.position += count;
    return { length: count, [Symbol.iterator]: () => this.records(start, count, section) };
  }

  private *records<T>(start: number, count: number, section: Section<T>): Generator<T> {
    if (this.consumed !== start) throw new Error(`records ${start} to ${start + count} read out of order`);
    // being read: until the last record, nothing else is
    this.consumed = -1;
    for (let i = 0; i < count; i++) yield section.read(this.current());
    this.consumed = start + count;
  }

  /** Throws unless every chunk was read to its end. */
  end(): void {
    if (this.consumed !== this.position) throw new Error('lazily read records were not read');
    if ((this.reader && !this.reader.done) || this.next < this.chunks.length) throw new Error('records left over after the last section');
  }

  private current(): RecordReader {
    while (!this.reader || this.reader.done) {
      const chunk = this.chunks[this.next++];
      if (!chunk) throw new Error('the chunks end before the last section');
      this.reader = new RecordReader(chunk);
    }
    return this.reader;
  }
}

/**
 * Both engines' state, taken when they hold exactly the committed state: a small JSON head (markets, books'
 * counters, stop orders, record counts, chunk checksums) and the bulk — balances, the ledger's and the spot
 * engine's thin results, users, open orders and every book's resting orders — as compact records in chunks.
 */
export function encodeSnapshot(ledger: LedgerEngine, spot: SpotEngine, chunkBytes = CHUNK_BYTES): StoredSnapshot {
  const state = spot.snapshotView();
  const out = new ChunkWriter(chunkBytes);
  const counts = {
    balances: out.all(ledger.entries(), BALANCES),
    ledgerResults: out.all(ledger.thinResults(), LEDGER_RESULTS),
    users: out.all(state.users, USERS),
    results: out.all(state.results, SPOT_RESULTS),
    orders: out.all(state.orders, ORDERS),
  };
  const markets = state.markets.map(({ config, halted, book }) => {
    const bids = out.all(book.bids, RESTING);
    const asks = out.all(book.asks, RESTING);
    return { config, halted, book: { ...book, bids, asks } };
  });
  const chunks = out.finish();
  const head: SnapshotHead = { version: VERSION, ids: state.ids, seq: state.seq, nextOrderId: state.nextOrderId, markets, counts, chunks: chunks.map(checksumOf) };
  const body = Buffer.from(encodeJson(head), 'utf8');
  return { spotSeq: spot.lastSeq, ledgerSeq: ledger.lastSeq, checksum: checksumOf(body), body, chunks };
}

/** Engines at the snapshot's sequence numbers; SnapshotUnusable when the head or a chunk does not check out. */
export function decodeSnapshot(stored: StoredSnapshot, currencies: Currency[]): { ledger: LedgerEngine; spot: SpotEngine } {
  const at = `at spot seq ${stored.spotSeq}`;
  if (checksumOf(stored.body) !== stored.checksum) throw new SnapshotUnusable(`checksum mismatch ${at}`);
  let head: SnapshotHead;
  try {
    head = decodeJson<SnapshotHead>(stored.body.toString('utf8'));
  } catch (error) {
    throw new SnapshotUnusable(`unreadable ${at}: ${(error as Error).message}`);
  }
  if (head?.version !== VERSION) throw new SnapshotUnusable(`version ${String(head?.version)} is not ${VERSION}`);
  if (stored.chunks.length !== head.chunks.length) throw new SnapshotUnusable(`${stored.chunks.length} chunks ${at}, the head lists ${head.chunks.length}`);
  stored.chunks.forEach((chunk, i) => {
    if (checksumOf(chunk) !== head.chunks[i]) throw new SnapshotUnusable(`checksum mismatch in chunk ${i} ${at}`);
  });
  const input = new ChunkReader(stored.chunks);
  let snap: SpotSnapshotSource;
  let balances: Array<[string, Balance]>;
  let ledgerResults: CommandResult[];
  try {
    const { counts } = head;
    balances = input.read(counts.balances, BALANCES);
    ledgerResults = input.read(counts.ledgerResults, LEDGER_RESULTS);
    const users = input.read(counts.users, USERS);
    const results = input.read(counts.results, SPOT_RESULTS);
    const orders = input.read(counts.orders, ORDERS);
    // the books' resting orders (the bulk of a large snapshot) are read as the books take them
    const markets = head.markets.map(({ config, halted, book }) => ({
      config,
      halted,
      book: { ...book, bids: input.lazily(book.bids, RESTING), asks: input.lazily(book.asks, RESTING) },
    }));
    snap = { ids: head.ids ?? { generation: DEFAULT_GENERATION, staleThrough: -1, previousMaxAt: -1, currentMaxAt: -1 }, seq: head.seq, nextOrderId: head.nextOrderId, users, markets, orders, results };
  } catch (error) {
    throw new SnapshotUnusable(`unreadable ${at}: ${(error as Error).message}`);
  }
  const ledger = new LedgerEngine(currencies);
  ledger.restore(balances, ledgerResults);
  let spot: SpotEngine;
  try {
    spot = SpotEngine.restore(ledger, snap, true);
    input.end();
  } catch (error) {
    throw new SnapshotUnusable(`unreadable ${at}: ${(error as Error).message}`);
  }
  if (ledger.lastSeq !== stored.ledgerSeq || spot.lastSeq !== stored.spotSeq) {
    throw new SnapshotUnusable(`holds ledger seq ${ledger.lastSeq} / spot seq ${spot.lastSeq}, the row says ${stored.ledgerSeq} / ${stored.spotSeq}`);
  }
  return { ledger, spot };
}

function checksumOf(buffer: Buffer): string {
  return createHash('sha256').update(buffer).digest('hex');
}
