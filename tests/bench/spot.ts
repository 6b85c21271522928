/**
 * Spot benchmark: commands per second through SpotEngine alone, and durable through SpotService on SQLite
 * (group commit, WAL, synchronous FULL; the writer thread unless --main-thread), then the time to reopen that
 * database (replay of both logs); and the wallet's load through SpotService: durable ledger-only postings
 * (median of --runs runs, open loop as in tests/bench/ledger.ts).
 *
 *   npx tsx tests/bench/spot.ts [--engine 200000] [--durable 50000] [--users 1000] [--postings 100000]
 *     [--runs 3] [--main-thread] [--only engine,durable,postings]
 *
 * The spot load is seeded: 60 % limit orders around the mid (about half of them cross), 30 % cancels of the
 * user's oldest open order, 10 % market orders by quote.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LedgerEngine, SpotEngine, type LedgerCommand, type SpotCommand } from '../../core/engine';
import { LEDGER_MIGRATIONS, SPOT_MIGRATIONS, SpotService, SpotStore, SqliteWorkerStore } from '../../core/engine/persistence';
import { BTCUSDT } from '../../core/engine/spot/test-support';
import { SQLITE_FILE_NAME, openDatabase, type Database } from '../../core/server/db/connect';
import { runMigrations } from '../../core/server/db/migrate';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: '200000' },
    durable: { type: 'string', default: '50000' },
    users: { type: 'string', default: '1000' },
    postings: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    'main-thread': { type: 'boolean', default: false },
    only: { type: 'string', default: 'engine,durable,postings' },
  },
});
const ONLY = new Set(values.only.split(','));
const CURRENCIES = [
  { code: 'BTC', scale: 8 },
  { code: 'USDT', scale: 6 },
];
const USERS = Number(values.users);
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
    const base = { id: `c${i}`, at: AT + i, userId, symbol: BTCUSDT.symbol };
    const pick = random();
    const side = random() < 0.5 ? ('buy' as const) : ('sell' as const);
    if (pick < 0.6) {
      const offset = Math.floor(random() * 200) - (side === 'buy' ? 180 : 20);
      yield { ...base, kind: 'placeOrder', type: 'limit', side, price: (100 + offset / 100).toFixed(2), qty: (0.01 * (1 + Math.floor(random() * 50))).toFixed(2) };
    } else if (pick < 0.9) {
      const orderId = open(userId);
      yield { ...base, kind: 'cancelOrder', orderId: orderId ?? 1 };
    } else {
      yield { ...base, kind: 'placeOrder', type: 'market', side: 'buy', quote: '5' };
    }
  }
}

async function pure(): Promise<void> {
  const spot = new SpotEngine(new LedgerEngine(CURRENCIES));
  for (const command of setup()) {
    if (command.kind === 'addMarket') spot.apply(command);
    else spot.ledger.apply(command as LedgerCommand);
  }
  // openOrders(user) scans every open order: keep a per-user list for the load instead
  const byUser = new Map<string, number[]>();
  const count = Number(values.engine);
  const started = performance.now();
  let accepted = 0;
  for (const command of load(count, (user) => byUser.get(user)?.shift())) {
    const result = spot.apply(command);
    if (result.ok) {
      accepted++;
      if (command.kind === 'placeOrder' && spot.order(result.orderId!)) (byUser.get(command.userId) ?? byUser.set(command.userId, []).get(command.userId)!).push(result.orderId!);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`engine alone: ${count} commands (${accepted} accepted) in ${seconds.toFixed(2)} s = ${Math.round(count / seconds)} commands/s; ${spot.openOrders().length} open orders`);
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
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  const median = [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)]!;
  console.log(`wallet postings, durable, SQLite ${THREAD}: median ${fmt(median)} postings/s (runs: ${rates.map(fmt).join(', ')}; ${fmt(POSTINGS)} commands)`);
}

if (ONLY.has('engine')) await pure();
if (ONLY.has('durable')) await durable();
if (ONLY.has('postings')) await postings();
