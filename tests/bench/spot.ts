/**
 * Spot benchmark (npm run bench:engine): commands per second through SpotEngine.apply alone (median of --runs
 * runs: three markets, --engine-users users, holds, fills, fees and events; untimed, a deep book of --depth resting
 * orders, then --warmup commands of the timed mix and limit orders until --depth rest again; commands built in
 * chunks outside the timer), and durable through SpotService on SQLite (group commit, WAL, synchronous FULL; the
 * writer thread unless --main-thread), then the time to reopen that database; and the wallet's load through
 * SpotService: durable ledger-only postings (median of --runs runs, open loop as in tests/bench/ledger.ts).
 *
 *   npx tsx tests/bench/spot.ts [--engine 500000] [--depth 30000] [--warmup 393216] [--engine-users 10000]
 *     [--durable 50000] [--users 1000] [--postings 100000] [--runs 3] [--main-thread]
 *     [--only engine,durable,postings] [--node-defaults]
 *
 * Each run is a new engine, whose objects get hidden classes of their own (the previous engine's went with it), and
 * building the book only places limit orders: without a warm-up the timed commands were the first to run the cancel
 * and market paths and the accepted-id window's first turnover (after 131,072 commands) on the new classes, each a
 * deoptimisation of the engine's code, which then ran unoptimised until the JIT had compiled it again — a server's
 * engine does that once in its life, not in every 500,000 commands. The warm-up is as many commands as three
 * generations of that window (WARMUP_GENERATIONS × DEFAULT_GENERATION), so that these happen before the timer, and
 * with them the window's first forgetting (its second turnover) and the first order to find its home slot among the
 * open orders taken (OpenOrders: a path first run there, after about 262,000 orders, which threw away a dozen
 * optimised functions in every timed run while the warm-up was one generation).
 *
 * It runs under the Node flags the server runs with (`npm start`, e.g. its 64 MB young generation), in a child
 * process of its own if it was not started with them; `--node-defaults` measures under Node's defaults instead.
 *
 * The durable spot load is seeded: 60 % limit orders around the mid (about half of them cross), 30 % cancels of
 * the user's oldest open order, 10 % market orders by quote.
 *
 * Commands are object literals, one hidden class per kind of command as the server's are: V8 can give every
 * object built by `{ ...base, key: value }` a class of its own, which makes each read of a command slow.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { LedgerEngine, SpotEngine, type LedgerCommand, type SpotCommand, type SpotResult } from '../../core/engine';
import { LEDGER_MIGRATIONS, SPOT_MIGRATIONS, SpotService, SpotStore, SqliteWorkerStore } from '../../core/engine/persistence';
import { DEFAULT_GENERATION } from '../../core/engine/spot/accepted-ids';
import { BTCUSDT } from '../../core/engine/spot/test-support';
import { SQLITE_FILE_NAME, openDatabase, type Database } from '../../core/server/db/connect';
import { runMigrations } from '../../core/server/db/migrate';
import { stealPercent, watchCpuSteal } from './cpu-steal';
import { seededRandom } from './seeded-random';
import { rerunWithServerFlags } from './server-node-flags';

/** Generations of the accepted-id window the default warm-up spans (see the header). */
const WARMUP_GENERATIONS = 3;

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: '500000' },
    depth: { type: 'string', default: '30000' },
    warmup: { type: 'string', default: String(WARMUP_GENERATIONS * DEFAULT_GENERATION) },
    'engine-users': { type: 'string', default: '10000' },
    durable: { type: 'string', default: '50000' },
    users: { type: 'string', default: '1000' },
    postings: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    'main-thread': { type: 'boolean', default: false },
    only: { type: 'string', default: 'engine,durable,postings' },
    'node-defaults': { type: 'boolean', default: false },
  },
});
const ONLY = new Set(values.only.split(','));
const CURRENCIES = [
  { code: 'BTC', scale: 8 },
  { code: 'USDT', scale: 6 },
];
const USERS = Number(values.users);
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
// a full collection before each engine run, so that a run does not pay for the garbage of the one before
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
const AT = 1_700_000_000_000;

function* setup(): Generator<LedgerCommand | SpotCommand> {
  for (let u = 0; u < USERS; u++) {
    yield { kind: 'depositCredit', id: `db${u}`, at: AT, userId: `u${u}`, currency: 'BTC', amount: '1000000' };
    yield { kind: 'depositCredit', id: `dq${u}`, at: AT, userId: `u${u}`, currency: 'USDT', amount: '100000000' };
  }
  yield { kind: 'addMarket', id: 'market', at: AT, market: BTCUSDT };
}

/** Seeded load; `open` lists each user's order ids (approximate: finished orders are skipped when cancelled). */
function* load(count: number, open: (user: string) => number | undefined): Generator<SpotCommand> {
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < count; i++) {
    const userId = `u${Math.floor(random() * USERS)}`;
    const id = `c${i}`;
    const at = AT + i;
    const symbol = BTCUSDT.symbol;
    const pick = random();
    const side = random() < 0.5 ? ('buy' as const) : ('sell' as const);
    if (pick < 0.6) {
      const offset = Math.floor(random() * 200) - (side === 'buy' ? 180 : 20);
      yield { id, at, userId, symbol, kind: 'placeOrder', type: 'limit', side, price: (100 + offset / 100).toFixed(2), qty: (0.01 * (1 + Math.floor(random() * 50))).toFixed(2) };
    } else if (pick < 0.9) {
      const orderId = open(userId);
      yield { id, at, userId, symbol, kind: 'cancelOrder', orderId: orderId ?? 1 };
    } else {
      yield { id, at, userId, symbol, kind: 'placeOrder', type: 'market', side: 'buy', quote: '5' };
    }
  }
}

// ---- the engine alone: several markets, a deep book, many users ----

const ENGINE_USERS = Number(values['engine-users']);
const DEPTH = Number(values.depth);
const WARMUP = Number(values.warmup);
const SYMBOLS = ['BTC', 'ETH', 'SOL'];
const ENGINE_CURRENCIES = [...SYMBOLS.map((code) => ({ code, scale: 8 })), { code: 'USDT', scale: 6 }];
const ENGINE_MARKETS = SYMBOLS.map((base) => ({ ...BTCUSDT, symbol: `${base}USDT`, base }));
/** Mid price in ticks of 0.01; limit adds rest 1..SPREAD ticks away on their own side. */
const MID = 100_000;
const SPREAD = 500;
const ENGINE_CHUNK = 4096;


/**
 * The engine's workload, built chunk by chunk outside the timer: 60 % limit adds (one in ten priced through the
 * mid, so it takes), 30 % cancels of a resting order (its owner cancels it), 10 % market orders (a buy by quote
 * or a sell by quantity, each about three resting orders' worth). Resting orders are learnt from each chunk's
 * results, so a cancel names an order that rested when its chunk was built.
 */
class EngineLoad {
  private readonly random = seededRandom(42);
  /**
   * The resting orders as numbers (id, owner's number, market's index), in flat arrays: objects and strings of the
   * benchmark's own, alive for as long as the orders, would add to the collector's work charged to the engine.
   */
  private readonly live: number[] = [];
  private readonly liveOwners: number[] = [];
  private readonly liveMarkets: number[] = [];
  private readonly slot = new Map<number, number>();
  private n = 0;

  command(op: 'limit' | 'cancel' | 'market'): SpotCommand {
    const r = this.random;
    const i = this.n++;
    const symbol = ENGINE_MARKETS[Math.floor(r() * ENGINE_MARKETS.length)]!.symbol;
    const userId = `u${Math.floor(r() * ENGINE_USERS)}`;
    const side = r() < 0.5 ? ('buy' as const) : ('sell' as const);
    const id = `c${i}`;
    const at = AT + i;
    if (op === 'cancel' && this.live.length > 0) {
      const k = Math.floor(r() * this.live.length);
      return { id, at, kind: 'cancelOrder', userId: `u${this.liveOwners[k]}`, symbol: ENGINE_MARKETS[this.liveMarkets[k]!]!.symbol, orderId: this.live[k]! };
    }
    if (op === 'market') {
      const lots = 1 + Math.floor(r() * 60);
      if (side === 'buy') return { id, at, kind: 'placeOrder', userId, symbol, side, type: 'market', quote: String(lots * 10) };
      return { id, at, kind: 'placeOrder', userId, symbol, side, type: 'market', qty: (lots / 100).toFixed(2) };
    }
    const through = r() < 0.1;
    const away = through ? -(1 + Math.floor(r() * 5)) : 1 + Math.floor(r() * SPREAD);
    const ticks = side === 'buy' ? MID - away : MID + away;
    const qty = ((1 + Math.floor(r() * 20)) / 100).toFixed(2);
    return { id, at, kind: 'placeOrder', userId, symbol, side, type: 'limit', price: (ticks / 100).toFixed(2), qty };
  }

  next(): SpotCommand {
    const x = this.random();
    return this.command(x < 0.6 ? 'limit' : x < 0.9 ? 'cancel' : 'market');
  }

  /** What a chunk did: finished orders leave the resting set, placed orders that still rest join it. */
  learn(spot: SpotEngine, commands: SpotCommand[], results: SpotResult[]): void {
    for (const result of results) {
      if (!result.ok) continue;
      for (const update of result.orders) this.drop(update.orderId);
    }
    for (let i = 0; i < results.length; i++) {
      const result = results[i]!;
      const command = commands[i]!;
      if (!result.ok || command.kind !== 'placeOrder' || result.orderId === undefined || !spot.order(result.orderId)) continue;
      this.slot.set(result.orderId, this.live.length);
      this.live.push(result.orderId);
      this.liveOwners.push(Number(command.userId.slice(1)));
      this.liveMarkets.push(ENGINE_MARKETS.findIndex((market) => market.symbol === command.symbol));
    }
  }

  get resting(): number {
    return this.live.length;
  }

  private drop(id: number): void {
    const k = this.slot.get(id);
    if (k === undefined) return;
    const last = this.live.pop()!;
    const lastOwner = this.liveOwners.pop()!;
    const lastMarket = this.liveMarkets.pop()!;
    if (last !== id) {
      this.live[k] = last;
      this.liveOwners[k] = lastOwner;
      this.liveMarkets[k] = lastMarket;
      this.slot.set(last, k);
    }
    this.slot.delete(id);
  }
}

function engineSetup(): SpotEngine {
  const spot = new SpotEngine(new LedgerEngine(ENGINE_CURRENCIES));
  for (let u = 0; u < ENGINE_USERS; u++) {
    for (const { code } of ENGINE_CURRENCIES) {
      const amount = code === 'USDT' ? '10000000' : '100000';
      const result = spot.ledger.apply({ kind: 'depositCredit', id: `d${code}${u}`, at: AT, userId: `u${u}`, currency: code, amount });
      if (!result.ok) throw new Error(`deposit refused: ${result.reason}`);
    }
  }
  for (const market of ENGINE_MARKETS) {
    const result = spot.apply({ kind: 'addMarket', id: `m${market.symbol}`, at: AT, market });
    if (!result.ok) throw new Error(`addMarket refused: ${result.reason} ${result.field ?? ''}`);
  }
  return spot;
}

interface EngineRun {
  perSec: number;
  perCpuSec: number;
  accepted: number;
  trades: number;
  /** Resting orders when the timed commands began, and at the end. */
  restingAtStart: number;
  resting: number;
}

// what a chunk adds up, by index (engineRun)
const CPU_MICROS = 0;
const ACCEPTED = 1;
const TRADES = 2;

/** One run: a fresh engine, the deep book built and the warm-up applied untimed, then `count` commands timed chunk by chunk. */
function engineRun(count: number): EngineRun {
  collectGarbage();
  const spot = engineSetup();
  const load = new EngineLoad();
  const commands: SpotCommand[] = [];
  const results: SpotResult[] = [];
  // what the untimed and the timed chunks did (CPU microseconds, accepted commands, trades), summed alike: a path
  // first taken by the first timed chunk would throw away this function's optimised code there (so would a field
  // changing from integers to doubles: typed arrays, not objects)
  const untimed = new Float64Array(3);
  const timed = new Float64Array(3);
  /** Applies a chunk of commands; returns the nanoseconds it took. */
  const chunk = (size: number, make: () => SpotCommand, sums: Float64Array): number => {
    commands.length = results.length = 0;
    for (let i = 0; i < size; i++) commands.push(make());
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < size; i++) results.push(spot.apply(commands[i]!));
    const ns = Number(process.hrtime.bigint() - t0);
    const cpu = process.cpuUsage(c0);
    sums[CPU_MICROS] += cpu.user + cpu.system;
    load.learn(spot, commands, results);
    for (const result of results) {
      if (!result.ok) continue;
      sums[ACCEPTED]++;
      sums[TRADES] += result.trades.length;
    }
    return ns;
  };
  // limit orders until DEPTH rest, before the warm-up and again after it (which takes some away)
  const deepen = () => {
    while (load.resting < DEPTH) {
      const before = load.resting;
      chunk(Math.min(ENGINE_CHUNK, DEPTH - before), () => load.command('limit'), untimed);
      if (load.resting === before) throw new Error(`engine bench: the book stays at ${before} resting orders, short of --depth ${DEPTH}`);
    }
  };
  deepen();
  for (let done = 0; done < WARMUP; done += ENGINE_CHUNK) chunk(Math.min(ENGINE_CHUNK, WARMUP - done), () => load.next(), untimed);
  deepen();
  const restingAtStart = load.resting;
  let ns = 0;
  for (let done = 0; done < count; done += ENGINE_CHUNK) ns += chunk(Math.min(ENGINE_CHUNK, count - done), () => load.next(), timed);
  return { perSec: (count / ns) * 1e9, perCpuSec: (count / timed[CPU_MICROS]!) * 1e6, accepted: timed[ACCEPTED]!, trades: timed[TRADES]!, restingAtStart, resting: load.resting };
}

async function pure(): Promise<void> {
  const count = Number(values.engine);
  const runs: EngineRun[] = [];
  const steal = watchCpuSteal();
  for (let run = 1; run <= Number(values.runs); run++) {
    const m = engineRun(count);
    runs.push(m);
    console.log(
      `engine alone, run ${run}: ${fmt(m.perSec)} commands/s (${fmt(m.perCpuSec)} per CPU-second); ${fmt(m.accepted)} accepted, ${fmt(m.trades)} trades, ${fmt(m.restingAtStart)} resting at the start, ${fmt(m.resting)} at the end`,
    );
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `engine alone (${ENGINE_MARKETS.length} markets, ${fmt(DEPTH)} resting at the start after ${fmt(WARMUP)} warm-up commands untimed, ${fmt(ENGINE_USERS)} users, ${fmt(count)} commands: 60 % limit, 30 % cancel, 10 % market): ` +
      `median ${fmt(median(runs.map((m) => m.perSec)))} commands/s, ${fmt(median(runs.map((m) => m.perCpuSec)))} per CPU-second (target ≥ 500,000); Node flags: ${nodeFlags()}; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}; CPU stolen by the host ${stealPercent(steal())}`,
  );
}

/** The Node and V8 flags this process runs with (not tsx's loader). */
function nodeFlags(): string {
  const flags = process.execArgv.filter((flag) => flag.startsWith('--') && flag !== '--require' && flag !== '--import');
  return flags.join(' ') || 'defaults';
}

async function connect(dataDir: string): Promise<Database> {
  const database = openDatabase({ dataDir });
  await runMigrations(database.db, database.dialect, [
    { owner: 'ledger', migrations: LEDGER_MIGRATIONS },
    { owner: 'spot', migrations: SPOT_MIGRATIONS },
  ], () => new Date());
  return database;
}

/** The service's store: SQLite's writer thread unless --main-thread. */
async function storeFor(database: Database, dataDir: string): Promise<{ store: SpotStore; close(): Promise<void> }> {
  if (values['main-thread']) return { store: new SpotStore(database.db, database.dialect), close: async () => {} };
  const writer = await SqliteWorkerStore.start(database.db, join(dataDir, SQLITE_FILE_NAME));
  return { store: new SpotStore(database.db, database.dialect, writer), close: () => writer.close() };
}

const THREAD = values['main-thread'] ? 'main thread' : 'writer thread';

async function durable(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bourse-spot-bench-'));
  const database = await connect(dataDir);
  const writer = await storeFor(database, dataDir);
  let service = await SpotService.open({ db: database.db, dialect: database.dialect, currencies: CURRENCIES, store: writer.store });
  await Promise.all([...setup()].map((command) => service.submit(command as SpotCommand)));
  const byUser = new Map<string, number[]>();
  const count = Number(values.durable);
  const started = performance.now();
  const pending: Promise<unknown>[] = [];
  let i = 0;
  for (const command of load(count, (user) => byUser.get(user)?.shift())) {
    pending.push(
      service.submit(command).then((result) => {
        if (result.ok && command.kind === 'placeOrder' && service.spot.order(result.orderId!)) (byUser.get(command.userId) ?? byUser.set(command.userId, []).get(command.userId)!).push(result.orderId!);
      }),
    );
    // open loop: 500 commands per event-loop turn
    if (++i % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  console.log(`durable, SQLite ${THREAD}: ${count} commands in ${seconds.toFixed(2)} s = ${Math.round(count / seconds)} commands/s`);
  const hash = service.stateHash();
  const open = service.spot.openOrders().length;
  await service.close();
  await writer.close();
  await database.close();
  const again = await connect(dataDir);
  const reopenStarted = performance.now();
  service = await SpotService.open({ db: again.db, dialect: again.dialect, currencies: CURRENCIES });
  const reopen = (performance.now() - reopenStarted) / 1000;
  console.log(`restart (replay of both logs, ${open} open orders): ${reopen.toFixed(2)} s, equal hash: ${service.stateHash() === hash}`);
  await again.close();
  await rm(dataDir, { recursive: true, force: true });
}

const POSTINGS = Number(values.postings);
const IN_FLIGHT = 20_000;
const CHUNK = 500;

/** Deposits and transfers over 1,000 users, each command one posting (the load of tests/bench/ledger.ts). */
function posting(n: number): LedgerCommand {
  const userId = `u${n % 1000}`;
  if (n < 2000 || n % 2 === 0) return { id: `p${n}`, at: n, kind: 'depositCredit', userId, currency: 'USDT', amount: '10.5' };
  const out = Math.floor(n / 1000) % 2 === 0;
  return { id: `p${n}`, at: n, kind: 'transfer', userId, currency: 'USDT', amount: '0.25', from: out ? 'coin' : 'contract', to: out ? 'contract' : 'coin' };
}

/** The wallet's postings through SpotService on a fresh SQLite database, open loop: postings/s. */
async function postingsRun(): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bourse-spot-bench-'));
  const database = await connect(dataDir);
  const writer = await storeFor(database, dataDir);
  try {
    const service = await SpotService.open({ db: database.db, dialect: database.dialect, currencies: CURRENCIES, store: writer.store });
    const started = performance.now();
    let accepted = 0;
    let outstanding = 0;
    const acknowledged: Array<Promise<unknown>> = [];
    for (let next = 0; next < POSTINGS; ) {
      const end = Math.min(POSTINGS, next + CHUNK);
      while (outstanding < IN_FLIGHT && next < end) {
        outstanding++;
        acknowledged.push(
          service.submit(posting(next++)).then((result) => {
            outstanding--;
            if (result.ok) accepted++;
          }),
        );
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(acknowledged);
    const seconds = (performance.now() - started) / 1000;
    if (accepted !== POSTINGS) throw new Error(`only ${accepted} of ${POSTINGS} accepted`);
    await service.close();
    return POSTINGS / seconds;
  } finally {
    await writer.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function postings(): Promise<void> {
  const rates: number[] = [];
  for (let run = 0; run < Number(values.runs); run++) rates.push(await postingsRun());
  const median = [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)]!;
  console.log(`wallet postings, durable, SQLite ${THREAD}: median ${fmt(median)} postings/s (runs: ${rates.map(fmt).join(', ')}; ${fmt(POSTINGS)} commands)`);
}

if (values['node-defaults'] || !(await rerunWithServerFlags())) {
  if (ONLY.has('engine')) await pure();
  if (ONLY.has('durable')) await durable();
  if (ONLY.has('postings')) await postings();
}
