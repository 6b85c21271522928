/**
 * Ledger benchmark: postings per second through the engine alone, and through the engine with durable
 * group commit (SpotService, which runs the ledger: ledger commands alone) on SQLite (WAL, synchronous FULL) and
 * on PostgreSQL when reachable.
 * Each figure is the median of 3 runs on a fresh database.
 *
 *   npx tsx tests/bench/ledger.ts [--engine 300000] [--durable 100000] [--in-flight 20000] [--runs 3]
 *     [--only engine,sqlite,sqlite-writer,postgres]
 *
 * Commands arrive open-loop in chunks of 500 per event-loop turn (as from many clients), at most
 * --in-flight unacknowledged. The load alternates deposits and transfers over 1,000 users (every command is one posting).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LedgerEngine, type LedgerCommand } from '../../core/engine';
import { LEDGER_MIGRATIONS, SPOT_MIGRATIONS, SpotService, SpotStore, SqliteWorkerStore, type LedgerStore } from '../../core/engine/persistence';
import { SQLITE_FILE_NAME, openDatabase, type Database } from '../../core/server/db/connect';
import { runMigrations } from '../../core/server/db/migrate';
import { createPostgresDatabase, postgresAvailable } from '../api/harness';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: '300000' },
    durable: { type: 'string', default: '100000' },
    'in-flight': { type: 'string', default: '20000' },
    runs: { type: 'string', default: '3' },
    // comma-separated subset of: engine, sqlite, sqlite-writer, postgres
    only: { type: 'string', default: 'engine,sqlite,sqlite-writer,postgres' },
  },
});
const ENGINE_COMMANDS = Number(values.engine);
const DURABLE_COMMANDS = Number(values.durable);
const IN_FLIGHT = Number(values['in-flight']);
const RUNS = Number(values.runs);
const ONLY = new Set(values.only.split(','));
const CURRENCIES = [{ code: 'USDT', scale: 6 }];
const USERS = 1000;
const CHUNK = 500;

function command(n: number, prefix: string): LedgerCommand {
  const userId = `u${n % USERS}`;
  const id = `${prefix}${n}`;
  if (n < USERS * 2 || n % 2 === 0) return { id, at: n, kind: 'depositCredit', userId, currency: 'USDT', amount: '10.5' };
  const out = Math.floor(n / USERS) % 2 === 0;
  return { id, at: n, kind: 'transfer', userId, currency: 'USDT', amount: '0.25', from: out ? 'coin' : 'contract', to: out ? 'contract' : 'coin' };
}

function engineRun(run: number): number {
  const engine = new LedgerEngine(CURRENCIES);
  const commands = Array.from({ length: ENGINE_COMMANDS }, (_, n) => command(n, `e${run}-`));
  const started = process.hrtime.bigint();
  let accepted = 0;
  for (const each of commands) if (engine.apply(each).ok) accepted++;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (accepted !== ENGINE_COMMANDS) throw new Error(`only ${accepted} of ${ENGINE_COMMANDS} accepted`);
  return ENGINE_COMMANDS / seconds;
}

interface DurableRun {
  rate: number;
  commits: number;
  /** Postings per CPU-second of this process (all threads): less sensitive to other load on the machine. */
  perCpuSecond: number;
}

async function durableRun(database: Database, store?: LedgerStore): Promise<DurableRun> {
  const service = await SpotService.open({
    db: database.db,
    dialect: database.dialect,
    currencies: CURRENCIES,
    store: new SpotStore(database.db, database.dialect, store),
    snapshotOnClose: false,
  });
  let commits = 0;
  const commit = service.store.commit.bind(service.store);
  service.store.commit = async (...args) => {
    commits++;
    await commit(...args);
  };
  // open loop, like many independent clients: commands keep arriving in small chunks while earlier
  // batches are being written, up to IN_FLIGHT unacknowledged
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  let accepted = 0;
  let outstanding = 0;
  const acknowledged: Array<Promise<unknown>> = [];
  for (let next = 0; next < DURABLE_COMMANDS; ) {
    const end = Math.min(DURABLE_COMMANDS, next + CHUNK);
    while (outstanding < IN_FLIGHT && next < end) {
      outstanding++;
      acknowledged.push(
        service.submit(command(next++, 'd')).then((result) => {
          outstanding--;
          if (result.ok) accepted++;
        }),
      );
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(acknowledged);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  if (accepted !== DURABLE_COMMANDS) throw new Error(`only ${accepted} of ${DURABLE_COMMANDS} accepted`);
  await service.close();
  return { rate: DURABLE_COMMANDS / seconds, commits, perCpuSecond: DURABLE_COMMANDS / ((cpu.user + cpu.system) / 1e6) };
}

async function migrate(database: Database): Promise<void> {
  await runMigrations(database.db, database.dialect, [
    { owner: 'ledger', migrations: LEDGER_MIGRATIONS },
    { owner: 'spot', migrations: SPOT_MIGRATIONS },
  ], () => new Date());
}

async function sqliteRun(writerThread: boolean): Promise<DurableRun> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bourse-bench-ledger-'));
  const database = openDatabase({ dataDir });
  await migrate(database);
  const store = writerThread ? await SqliteWorkerStore.start(database.db, join(dataDir, SQLITE_FILE_NAME)) : undefined;
  try {
    return await durableRun(database, store);
  } finally {
    await store?.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function postgresRun(): Promise<DurableRun> {
  const created = await createPostgresDatabase();
  const database = openDatabase({ dataDir: tmpdir(), databaseUrl: created.url });
  try {
    await migrate(database);
    return await durableRun(database);
  } finally {
    await database.close();
    await created.drop();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

async function measure(name: string, once: () => Promise<DurableRun>, count: number): Promise<void> {
  const runs: DurableRun[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once());
  const rates = runs.map((r) => r.rate);
  const batch = median(runs.map((r) => count / r.commits));
  const perCpu = median(runs.map((r) => r.perCpuSecond));
  console.log(
    `${name.padEnd(34)} median ${fmt(median(rates)).padStart(10)} postings/s  (runs: ${rates.map(fmt).join(', ')}; ` +
      `~${fmt(batch)} commands per commit; ${fmt(perCpu)} postings per CPU-second)`,
  );
}

console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} on ${cpus().length} cores (other work on the machine lowers the wall-clock figures)`);
if (ONLY.has('engine')) {
  const engineRates = Array.from({ length: RUNS }, (_, i) => engineRun(i));
  console.log(`${'engine alone'.padEnd(34)} median ${fmt(median(engineRates)).padStart(10)} postings/s  (runs: ${engineRates.map(fmt).join(', ')}; ${fmt(ENGINE_COMMANDS)} commands)`);
}
if (ONLY.has('sqlite')) await measure(`engine + group commit, SQLite`, () => sqliteRun(false), DURABLE_COMMANDS);
if (ONLY.has('sqlite-writer')) await measure(`… SQLite writer thread`, () => sqliteRun(true), DURABLE_COMMANDS);
if (ONLY.has('postgres')) {
  if (await postgresAvailable()) await measure(`engine + group commit, PostgreSQL`, postgresRun, DURABLE_COMMANDS);
  else console.log('PostgreSQL not reachable: skipped');
}
