/**
 * Restart benchmark (npm run bench:restart): a SQLite store with --orders resting orders built through the real
 * SpotService (writer thread, big batches: --batch commands per event-loop turn), closed (which stores a
 * snapshot of both engines), then reopened --runs times: the time from SpotService.open to ready — snapshot
 * checked and restored, the logs after it replayed, stored balances compared — median of the runs.
 *
 *   npx tsx tests/bench/spot-restart.ts [--orders 1000000] [--users 10000] [--batch 20000] [--runs 3] [--full-replay] [--store DIR]
 *
 * Each open also times encoding a snapshot of the opened engines on this thread (what a snapshot taken while running
 * would stall it for), and making the same snapshot in the snapshot thread (SnapshotWorker: from the stored snapshot
 * and the logs) with the longest wait of this thread's event loop meanwhile.
 * --full-replay also times one open without the snapshot (the whole logs replayed), for comparison.
 * Each timed open runs in a fresh process (as a restart does): the heap of the previous one does not slow it down.
 * --store DIR keeps the store in DIR (built there on the first run, reused by later ones: building 1M orders takes
 * minutes); the snapshot is then written by one open and close before the timed runs, so a store built with
 * another snapshot format is measured with a fresh one.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { sql } from 'kysely';
import type { LedgerCommand, SpotCommand } from '../../core/engine';
import { LEDGER_MIGRATIONS, SPOT_MIGRATIONS, SnapshotWorker, SpotService, SpotStore, SqliteWorkerStore, type SnapshotPoint } from '../../core/engine/persistence';
import { encodeSnapshot } from '../../core/engine/persistence/spot-snapshot';
import { BTCUSDT } from '../../core/engine/spot/test-support';
import { SQLITE_FILE_NAME, openDatabase, type Database } from '../../core/server/db/connect';
import { runMigrations } from '../../core/server/db/migrate';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    users: { type: 'string', default: '10000' },
    batch: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '3' },
    'full-replay': { type: 'boolean', default: false },
    store: { type: 'string' },
    /** Internal: open the store in `store` once, check it against this state hash, print the times as JSON. */
    'open-once': { type: 'string' },
  },
});
const ORDERS = Number(values.orders);
const USERS = Number(values.users);
const BATCH = Number(values.batch);
const BASES = ['BTC', 'ETH', 'SOL'];
const CURRENCIES = [...BASES.map((code) => ({ code, scale: 8 })), { code: 'USDT', scale: 6 }];
const MARKETS = BASES.map((base) => ({ ...BTCUSDT, symbol: `${base}USDT`, base }));
const AT = 1_700_000_000_000;
/** Mid price in ticks of 0.01; orders rest 1..LEVELS ticks away on their own side, so none of them trade. */
const MID = 100_000;
const LEVELS = 5_000;
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

async function connect(dataDir: string): Promise<Database> {
  const database = openDatabase({ dataDir });
  await runMigrations(database.db, database.dialect, [
    { owner: 'ledger', migrations: LEDGER_MIGRATIONS },
    { owner: 'spot', migrations: SPOT_MIGRATIONS },
  ], () => new Date());
  return database;
}

function* setup(): Generator<LedgerCommand | SpotCommand> {
  for (let u = 0; u < USERS; u++) {
    for (const { code } of CURRENCIES) {
      yield { kind: 'depositCredit', id: `d${code}${u}`, at: AT, userId: `u${u}`, currency: code, amount: code === 'USDT' ? '100000000' : '1000000' };
    }
  }
  for (const market of MARKETS) yield { kind: 'addMarket', id: `m${market.symbol}`, at: AT, market };
}

function* orders(): Generator<SpotCommand> {
  for (let i = 0; i < ORDERS; i++) {
    const buy = i % 2 === 0;
    const away = 1 + (Math.imul(i, 2654435761) >>> 0) % LEVELS;
    yield {
      kind: 'placeOrder',
      id: `o${i}`,
      at: AT + i,
      userId: `u${i % USERS}`,
      symbol: MARKETS[i % MARKETS.length]!.symbol,
      side: buy ? 'buy' : 'sell',
      type: 'limit',
      price: ((buy ? MID - away : MID + away) / 100).toFixed(2),
      qty: (((i % 20) + 1) / 100).toFixed(2),
    };
  }
}

/** Submits the commands BATCH at a time, each batch waited for: group commit makes each one a few transactions. */
async function submitAll(service: SpotService, commands: Iterable<LedgerCommand | SpotCommand>): Promise<number> {
  let pending: Array<Promise<{ ok: boolean }>> = [];
  let refused = 0;
  const drain = async () => {
    for (const result of await Promise.all(pending)) if (!result.ok) refused++;
    pending = [];
  };
  for (const command of commands) {
    pending.push(service.submit(command as SpotCommand));
    if (pending.length >= BATCH) await drain();
  }
  await drain();
  return refused;
}

/** Builds the store; with `snapshot` false it is closed without a snapshot (prepare() writes it). */
async function build(dataDir: string, snapshot = true): Promise<string> {
  const database = await connect(dataDir);
  const writer = await SqliteWorkerStore.start(database.db, join(dataDir, SQLITE_FILE_NAME));
  const service = await SpotService.open({ db: database.db, dialect: database.dialect, currencies: CURRENCIES, store: new SpotStore(database.db, database.dialect, writer), snapshotOnClose: snapshot });
  const started = performance.now();
  if ((await submitAll(service, setup())) > 0) throw new Error('setup refused');
  const refused = await submitAll(service, orders());
  if (refused > 0) throw new Error(`${refused} orders refused`);
  const built = (performance.now() - started) / 1000;
  const hash = service.stateHash();
  const closing = performance.now();
  await service.close();
  console.log(`built: ${fmt(ORDERS)} resting orders of ${fmt(USERS)} users on ${MARKETS.length} markets in ${built.toFixed(1)} s; closing${snapshot ? ' with a snapshot' : ''} ${((performance.now() - closing) / 1000).toFixed(1)} s`);
  await writer.close();
  await database.close();
  return hash;
}

interface Opened {
  seconds: number;
  cpuSeconds: number;
  /** Encoding a snapshot of the opened engines. */
  encodeSeconds: number;
  /** Making it in the snapshot thread, and the longest event-loop delay of this thread meanwhile. */
  madeSeconds: number;
  loopDelayMs: number;
}

/** Opens the store and times SpotService.open to ready (wall and CPU time of this process). */
async function reopen(dataDir: string, hash: string, dropSnapshot = false): Promise<Opened> {
  const database = await connect(dataDir);
  if (dropSnapshot) await sql`delete from spot_snapshot`.execute(database.db);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const service = await SpotService.open({ db: database.db, dialect: database.dialect, currencies: CURRENCIES, snapshotOnClose: false });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const resting = MARKETS.reduce((sum, market) => sum + service.spot.book(market.symbol)!.restingCount, 0);
  if (resting !== ORDERS) throw new Error(`${resting} resting orders after open, expected ${ORDERS}`);
  if (service.rebuiltFrom.snapshot === null && !dropSnapshot) throw new Error(`the snapshot was not used: ${service.rebuiltFrom.skipped}`);
  const equal = service.stateHash() === hash;
  // made in the thread first: the garbage of the encoding here would be collected while this thread waits
  const { madeSeconds, loopDelayMs } = await makeInThread(dataDir, { spotSeq: service.spot.lastSeq, ledgerSeq: service.spot.ledger.lastSeq });
  const encoding = performance.now();
  encodeSnapshot(service.spot.ledger, service.spot);
  const encodeSeconds = (performance.now() - encoding) / 1000;
  console.log(
    `open → ready ${dropSnapshot ? '(whole logs, no snapshot)' : '(snapshot + logs after it)'}: ${seconds.toFixed(2)} s (${cpuSeconds.toFixed(2)} CPU-s); ${fmt(resting)} resting; state hash equal to before: ${equal}; ` +
      `a snapshot encoded in ${encodeSeconds.toFixed(2)} s, made in the snapshot thread in ${madeSeconds.toFixed(2)} s (event loop delayed ≤ ${loopDelayMs.toFixed(0)} ms)`,
  );
  if (!equal) throw new Error('state hash differs after restart');
  await service.close();
  await database.close();
  return { seconds, cpuSeconds, encodeSeconds, madeSeconds, loopDelayMs };
}

/** The snapshot at `point` made by a SnapshotWorker, timed, with the longest event-loop delay of this thread meanwhile. */
async function makeInThread(dataDir: string, point: SnapshotPoint): Promise<{ madeSeconds: number; loopDelayMs: number }> {
  const worker = new SnapshotWorker({ dialect: 'sqlite', file: join(dataDir, SQLITE_FILE_NAME) });
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const made = await worker.make(point, CURRENCIES);
  const madeSeconds = (performance.now() - started) / 1000;
  delay.disable();
  await worker.close();
  const at = 'storedAt' in made ? made.storedAt : made.spotSeq;
  if (at !== point.spotSeq) throw new Error(`the snapshot thread made one at spot seq ${at}, not ${point.spotSeq}`);
  return { madeSeconds, loopDelayMs: delay.max / 1e6 };
}

/** reopen() in a fresh process (this script with --open-once). */
async function restart(dataDir: string, hash: string): Promise<Opened> {
  const args = [...process.execArgv, process.argv[1]!, '--store', dataDir, '--orders', String(ORDERS), '--open-once', hash];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 1 << 20 });
  const lines = stdout.trim().split('\n');
  console.log(lines.slice(0, -1).join('\n'));
  return JSON.parse(lines[lines.length - 1]!) as Opened;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Opens the kept store once: from its snapshot when this code reads it; else from the whole logs, and then closing
 * it writes a snapshot in this code's format.
 */
async function prepare(dataDir: string): Promise<void> {
  const database = await connect(dataDir);
  const started = performance.now();
  const service = await SpotService.open({ db: database.db, dialect: database.dialect, currencies: CURRENCIES });
  const opened = performance.now();
  const from = service.rebuiltFrom.snapshot === null ? `whole logs (${service.rebuiltFrom.skipped ?? 'no snapshot'})` : 'its snapshot';
  await service.close();
  console.log(`prepared: opened from ${from} in ${((opened - started) / 1000).toFixed(1)} s, closed in ${((performance.now() - opened) / 1000).toFixed(1)} s`);
  await database.close();
}

/** The kept store's state hash, building the store first when DIR has none of this size. */
async function kept(dataDir: string): Promise<string> {
  const meta = join(dataDir, 'bench.json');
  const known = await readFile(meta, 'utf8').then((text) => JSON.parse(text) as { orders: number; users: number; hash: string }, () => undefined);
  if (known && known.orders === ORDERS && known.users === USERS) {
    await prepare(dataDir);
    return known.hash;
  }
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const hash = await build(dataDir, false);
  await writeFile(meta, JSON.stringify({ orders: ORDERS, users: USERS, hash }));
  await prepare(dataDir);
  return hash;
}

if (values['open-once']) {
  console.log(JSON.stringify(await reopen(values.store!, values['open-once'])));
} else {
  const dataDir = values.store ?? (await mkdtemp(join(tmpdir(), 'bourse-spot-restart-')));
  try {
    const hash = values.store ? await kept(dataDir) : await build(dataDir);
    const runs: Opened[] = [];
    for (let run = 0; run < Number(values.runs); run++) runs.push(await restart(dataDir, hash));
    const times = runs.map((run) => run.seconds);
    console.log(
      `restart with ${fmt(ORDERS)} resting orders: median ${median(times).toFixed(2)} s, ${median(runs.map((run) => run.cpuSeconds)).toFixed(2)} CPU-s ` +
        `(runs: ${times.map((t) => t.toFixed(2)).join(', ')}; target ≤ 10 s); a snapshot encoded in ${median(runs.map((run) => run.encodeSeconds)).toFixed(2)} s, ` +
        `made in the snapshot thread in ${median(runs.map((run) => run.madeSeconds)).toFixed(2)} s (event loop delayed ≤ ${median(runs.map((run) => run.loopDelayMs)).toFixed(0)} ms); load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`,
    );
    if (values['full-replay']) await reopen(dataDir, hash, true);
  } finally {
    if (!values.store) await rm(dataDir, { recursive: true, force: true });
  }
}
