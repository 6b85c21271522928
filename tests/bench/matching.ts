/**
 * Matching-core benchmark: the same deep-book workload through core/engine/book and through nodejs-order-book
 * (npm), in one process run. A deep book (≈30k resting orders around the mid) is built first, untimed; then
 * the timed operations: 60 % limit adds around the mid, 30 % cancels of resting orders, 10 % market orders. The sequence comes from a seeded
 * generator, so both engines get identical commands. Each engine's command objects are built in chunks of
 * CHUNK outside the timer (prebuilding all of them would put a million long-lived objects on the heap and
 * measure the garbage collector walking them); a minor collection after each build, untimed, sweeps the building's
 * garbage and the previous chunk's events, so that each engine's timed region pays only for its own allocations.
 * Prints ops/s (wall clock) per run, the medians and their ratio, and beside them ops per CPU-second of the
 * process, which other load on the machine disturbs less.
 *
 *   npx tsx tests/bench/matching.ts [--ops 1000000] [--depth 30000] [--levels 500] [--runs 3] [--seed 42]
 *                                   [--only core/engine/book | --only nodejs-order-book]
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { OrderBook as PeerBook, Side as PeerSide } from 'nodejs-order-book';
import { OrderBook, type BookEvent, type MarketSpec, type PlaceOrder } from '../../core/engine/book';
import { stealPercent, watchCpuSteal } from './cpu-steal';
import { seededRandom } from './seeded-random';

const { values } = parseArgs({
  options: {
    ops: { type: 'string', default: '1000000' },
    depth: { type: 'string', default: '30000' },
    runs: { type: 'string', default: '3' },
    seed: { type: 'string', default: '42' },
    levels: { type: 'string', default: '500' },
    only: { type: 'string' },
  },
});
const OPS = Number(values.ops);
const DEPTH = Number(values.depth);
const RUNS = Number(values.runs);
const SEED = Number(values.seed);

const MID = 100_000; // in ticks
/** Adds land 1..SPREAD_LEVELS ticks away from the mid on their own side (≈30 orders per level by default). */
const SPREAD_LEVELS = Number(values.levels);
const TICK = 1_000_000n; // price minor units per tick (0.01 at price scale 8)
const LOT = 1_000_000n; // base minor units per lot (0.01 at qty scale 8)

const market: MarketSpec = {
  symbol: 'BTC/USDT',
  priceScale: 8,
  qtyScale: 8,
  quoteScale: 8,
  tickSize: TICK,
  lotSize: LOT,
  minNotional: 0n,
  feeTiers: [{ makerPpm: 1000, takerPpm: 1000 }],
  selfTrade: 'cancelResting',
};


const MAX_BUDGET = BigInt(Number.MAX_SAFE_INTEGER);

const enum Op {
  Limit,
  Cancel,
  Market,
}

/** The workload as flat columns: op, side (1 = buy), price in ticks, size in lots, order id. */
interface Workload {
  n: number;
  op: Uint8Array;
  buy: Uint8Array;
  ticks: Int32Array;
  lots: Int32Array;
  id: Int32Array;
}

/**
 * Generates the workload while replaying it on a reference book, so that every cancel names an order that is
 * resting at that moment. Orders have distinct owners: self-trade prevention never acts, as in the peer.
 */
function workload(seed: number, depth: number, ops: number): Workload {
  const r = seededRandom(seed);
  const n = depth + ops;
  const w: Workload = { n, op: new Uint8Array(n), buy: new Uint8Array(n), ticks: new Int32Array(n), lots: new Int32Array(n), id: new Int32Array(n) };
  const reference = new OrderBook(market);
  const live: number[] = [];
  const slot = new Map<number, number>();
  const drop = (id: number) => {
    const k = slot.get(id);
    if (k === undefined) return;
    const last = live.pop()!;
    if (last !== id) {
      live[k] = last;
      slot.set(last, k);
    }
    slot.delete(id);
  };
  let nextId = 1;
  for (let i = 0; i < n; i++) {
    const x = i < depth ? 0 : r();
    const buy = r() < 0.5;
    w.buy[i] = buy ? 1 : 0;
    if (x < 0.6 || live.length === 0) {
      w.op[i] = Op.Limit;
      const away = 1 + Math.floor(r() * SPREAD_LEVELS);
      w.ticks[i] = buy ? MID - away : MID + away;
      w.lots[i] = 1 + Math.floor(r() * 20);
      w.id[i] = nextId++;
    } else if (x < 0.9) {
      w.op[i] = Op.Cancel;
      w.id[i] = live[Math.floor(r() * live.length)]!;
    } else {
      w.op[i] = Op.Market;
      w.lots[i] = 1 + Math.floor(r() * 60); // ≈ 3 resting orders: adds, cancels and fills balance, the book stays deep
      w.id[i] = nextId++;
    }
    const events = w.op[i] === Op.Cancel ? reference.cancel({ orderId: w.id[i]!, time: i }) : reference.place(bourseCommand(w, i) as PlaceOrder);
    let rests = w.op[i] === Op.Limit;
    for (const e of events) {
      if (e.type === 'done' || e.type === 'cancelled') {
        if (e.orderId === w.id[i]) rests = false;
        drop(e.orderId);
      }
    }
    if (rests) {
      slot.set(w.id[i]!, live.length);
      live.push(w.id[i]!);
    }
  }
  return w;
}

function bourseCommand(w: Workload, i: number): PlaceOrder | { orderId: number; time: number } {
  const side = w.buy[i] ? 'buy' : 'sell';
  const id = w.id[i]!;
  if (w.op[i] === Op.Limit) return { type: 'limit', id, userId: id, side, price: BigInt(w.ticks[i]!) * TICK, qty: BigInt(w.lots[i]!) * LOT, time: i };
  if (w.op[i] === Op.Cancel) return { orderId: id, time: i };
  return { type: 'market', id, userId: id, side, qty: BigInt(w.lots[i]!) * LOT, budget: side === 'buy' ? MAX_BUDGET : undefined, time: i };
}

const CHUNK = 4096;

interface Engine {
  name: string;
  /** A fresh engine over the workload: build(from, to) makes that range's commands, run() executes them. */
  prepare(w: Workload): { build: (from: number, to: number) => void; run: () => void; resting: () => number };
}

const bourse: Engine = {
  name: 'core/engine/book',
  prepare(w) {
    const book = new OrderBook(market);
    const cmds: (PlaceOrder | { orderId: number; time: number })[] = [];
    const cancel: boolean[] = [];
    // events of a chunk go to one array, as an engine collects a batch's events before persisting them
    const events: BookEvent[] = [];
    return {
      build(from, to) {
        cmds.length = cancel.length = events.length = 0;
        for (let i = from; i < to; i++) {
          cmds.push(bourseCommand(w, i));
          cancel.push(w.op[i] === Op.Cancel);
        }
      },
      run() {
        for (let i = 0; i < cmds.length; i++) {
          if (cancel[i]) book.cancel(cmds[i] as { orderId: number; time: number }, events);
          else book.place(cmds[i] as PlaceOrder, events);
        }
      },
      resting: () => Number(book.restingQty() / LOT),
    };
  },
};

type PeerLimit = { id: string; side: PeerSide; size: number; price: number };
type PeerMarket = { side: PeerSide; size: number };

const peer: Engine = {
  name: 'nodejs-order-book',
  prepare(w) {
    const book = new PeerBook();
    const cmds: (PeerLimit | PeerMarket | string)[] = [];
    const ops: Op[] = [];
    return {
      build(from, to) {
        cmds.length = ops.length = 0;
        for (let i = from; i < to; i++) {
          const side = w.buy[i] ? PeerSide.BUY : PeerSide.SELL;
          ops.push(w.op[i] as Op);
          if (w.op[i] === Op.Limit) cmds.push({ id: String(w.id[i]), side, size: w.lots[i]!, price: w.ticks[i]! });
          else if (w.op[i] === Op.Cancel) cmds.push(String(w.id[i]));
          else cmds.push({ side, size: w.lots[i]! });
        }
      },
      run() {
        for (let i = 0; i < cmds.length; i++) {
          const c = cmds[i]!;
          if (ops[i] === Op.Limit) book.limit(c as PeerLimit);
          else if (ops[i] === Op.Cancel) book.cancel(c as string);
          else book.market(c as PeerMarket);
        }
      },
      resting: () => {
        const [asks, bids] = book.depth();
        let orders = 0;
        for (const [, size] of [...asks, ...bids]) orders += size;
        return orders; // total resting size in lots, printed as a cross-check of equal outcomes
      },
    };
  },
};

// A full collection before each measured run, so that neither engine pays for the garbage the other left.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;

interface Measured {
  /** Operations per wall-clock second: the figure the targets are about. */
  opsPerSec: number;
  /** Operations per second of process CPU time (all threads, GC helpers included); less disturbed by other load. */
  opsPerCpuSec: number;
  resting: number;
}

function measure(engine: Engine, w: Workload): Measured {
  collectGarbage();
  const e = engine.prepare(w);
  e.build(0, DEPTH); // the deep book, untimed
  e.run();
  let ns = 0n;
  let cpuMicros = 0;
  for (let from = DEPTH; from < w.n; from += CHUNK) {
    e.build(from, Math.min(from + CHUNK, w.n));
    collectGarbage({ type: 'minor' }); // the building's own garbage is swept before the clock starts
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    e.run();
    ns += process.hrtime.bigint() - t0;
    const c = process.cpuUsage(c0);
    cpuMicros += c.user + c.system;
  }
  return { opsPerSec: (OPS / Number(ns)) * 1e9, opsPerCpuSec: (OPS / cpuMicros) * 1e6, resting: e.resting() };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

const w = workload(SEED, DEPTH, OPS);
console.log(`workload: ${fmt(DEPTH)} resting orders over ${SPREAD_LEVELS} price levels a side, then ${fmt(OPS)} operations (60% limit, 30% cancel, 10% market), seed ${SEED}`);
// warm the JIT on a smaller copy of the workload so the first measured run is not the interpreter's
{
  const warm = bourse.prepare(workload(SEED + 1, DEPTH, 200_000));
  warm.build(0, DEPTH + 200_000);
  warm.run();
}

const results: Record<string, Measured[]> = { [bourse.name]: [], [peer.name]: [] };
const steal = watchCpuSteal();
for (let r = 1; r <= RUNS; r++) {
  for (const engine of [bourse, peer]) {
    if (values.only !== undefined && values.only !== engine.name) continue;
    const m = measure(engine, w);
    results[engine.name]!.push(m);
    console.log(`run ${r}  ${engine.name.padEnd(18)} ${fmt(m.opsPerSec).padStart(12)} ops/s  ${fmt(m.opsPerCpuSec).padStart(12)} ops/CPU-s  (resting at end: ${fmt(m.resting)} lots)`);
  }
}
if (values.only !== undefined) process.exit(0);
const wall = (name: string) => median(results[name]!.map((m) => m.opsPerSec));
const cpu = (name: string) => median(results[name]!.map((m) => m.opsPerCpuSec));
console.log(`\nmedian of ${RUNS} runs             ops/s    ops/CPU-s`);
console.log(`  ${bourse.name.padEnd(18)} ${fmt(wall(bourse.name)).padStart(12)} ${fmt(cpu(bourse.name)).padStart(12)}   (target ≥ 2,000,000 ops/s)`);
console.log(`  ${peer.name.padEnd(18)} ${fmt(wall(peer.name)).padStart(12)} ${fmt(cpu(peer.name)).padStart(12)}`);
console.log(`  ratio              ${(wall(bourse.name) / wall(peer.name)).toFixed(1).padStart(11)}× ${(cpu(bourse.name) / cpu(peer.name)).toFixed(1).padStart(11)}×   (target ≥ 20×)`);
console.log(`  load average while running: ${loadavg().map((x) => x.toFixed(2)).join(' ')} on ${cpus().length} CPUs; CPU stolen by the host ${stealPercent(steal())}`);
