/**
 * Whole-server restart benchmark (npm run bench:server-restart): the default site (spot, wallet, identity, … and
 * the console) on a SQLite data directory holding --orders resting orders of --users members on BTC/USDT and
 * ETH/USDT, then started again --runs times as `npm start` does, each in a fresh process: the time from spawning
 * `core/server/main.ts` to its "is listening" line — migrations checked, the engines restored from the snapshot
 * and the log after it, the spot plugin's views rebuilt, the market lists filled, the HTTP server listening.
 *
 *   npx tsx tests/bench/server-restart.ts [--orders 1000000] [--users 10000] [--batch 20000] [--runs 3] [--store DIR]
 *
 * The store is built in this process through the running server's own spot service (commands submitted directly,
 * --batch at a time), then the server is closed (which writes the snapshot) and started and closed once more, which
 * stores the spot views (order history, market data) as a server that had run those orders would have. --store DIR keeps the data directory
 * for later runs. Each timed server is killed once listening (as a crash would), so every run restores the same
 * snapshot. The same is timed on an empty store (the start itself: process, modules, plugins) for comparison.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { LedgerCommand, SpotCommand } from '../../core/engine';
import { createServer } from '../../core/server/app';
import { loadSiteConfig, REPO_ROOT } from '../../core/server/site-config-loader';
import { resolveTokenSecret } from '../../core/server/token-secret';
import { SQLITE_FILE_NAME } from '../../core/server/db/connect';
import { WALLET_SERVICE, type WalletService } from '../../plugins/wallet/shared/service';
import { serverNodeFlags } from './server-node-flags';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    users: { type: 'string', default: '10000' },
    batch: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '3' },
    store: { type: 'string' },
  },
});
const ORDERS = Number(values.orders);
const USERS = Number(values.users);
const BATCH = Number(values.batch);
const RUNS = Number(values.runs);
const SYMBOLS = ['BTC/USDT', 'ETH/USDT'];
/** Mid price in cents; orders rest 1..LEVELS cents away on their own side, so none of them trade. */
const MID = 3_000_000;
const LEVELS = 5_000;
const AT = Date.now();
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const SERVER_ENV = { BOURSE_DEMO_MAKER: '0', PORT: '0', LOG_LEVEL: 'warn', SITE: 'default' };

function* deposits(): Generator<LedgerCommand> {
  for (let u = 0; u < USERS; u++) {
    for (const [currency, amount] of [['USDT', '100000000'], ['BTC', '100000'], ['ETH', '100000']] as const) {
      yield { kind: 'depositCredit', id: `bench:d:${currency}:${u}`, at: AT, userId: `bench-${u}`, currency, amount };
    }
  }
}

function* orders(): Generator<SpotCommand> {
  for (let i = 0; i < ORDERS; i++) {
    const buy = i % 2 === 0;
    const away = 1 + ((Math.imul(i, 2654435761) >>> 0) % LEVELS);
    yield {
      kind: 'placeOrder',
      id: `bench:o:${i}`,
      at: AT + i,
      userId: `bench-${i % USERS}`,
      symbol: SYMBOLS[i % SYMBOLS.length]!,
      side: buy ? 'buy' : 'sell',
      type: 'limit',
      price: ((buy ? MID - away : MID + away) / 100).toFixed(2),
      qty: (((i % 20) + 1) / 1000).toFixed(3),
    };
  }
}

/** Submits BATCH commands at a time and waits for each batch; any refusal stops the build. */
async function submitAll<C>(submit: (command: C) => Promise<{ ok: boolean }>, commands: Iterable<C>): Promise<void> {
  let pending: Array<Promise<{ ok: boolean }>> = [];
  const drain = async () => {
    const refused = (await Promise.all(pending)).filter((result) => !result.ok).length;
    if (refused > 0) throw new Error(`${refused} commands refused`);
    pending = [];
  };
  for (const command of commands) {
    pending.push(submit(command));
    if (pending.length >= BATCH) await drain();
  }
  await drain();
}

async function startInProcess(dataDir: string) {
  Object.assign(process.env, { BOURSE_DEMO_MAKER: '0' });
  return createServer({
    site: await loadSiteConfig('default'),
    dataDir,
    port: 0,
    tokenSecret: await resolveTokenSecret(dataDir, undefined),
    logLevel: 'warn',
    announce: () => undefined,
  });
}

/** Builds the data directory: the site's first start, the deposits and the orders, then a clean close. */
async function build(dataDir: string, count: number): Promise<void> {
  const started = performance.now();
  const server = await startInProcess(dataDir);
  const wallet = server.context.use<WalletService>(WALLET_SERVICE);
  if (count > 0) {
    await submitAll((command: LedgerCommand) => wallet.submit(command), deposits());
    await submitAll((command: SpotCommand) => wallet.spot().submit(command), orders());
  }
  const resting = SYMBOLS.reduce((sum, symbol) => sum + (wallet.spot().engine().book(symbol)?.restingCount ?? 0), 0);
  if (resting !== count) throw new Error(`${resting} resting orders, expected ${count}`);
  const closing = performance.now();
  await server.close();
  console.log(`built ${fmt(count)} resting orders in ${((closing - started) / 1000).toFixed(1)} s, closed (snapshot) in ${((performance.now() - closing) / 1000).toFixed(1)} s`);
  // the orders went to the engine directly: one start and clean close lets the spot views store them, as a
  // server that ran them would have (its later starts read the views' checkpoints instead of rebuilding them)
  const settling = performance.now();
  await (await startInProcess(dataDir)).close();
  console.log(`views stored by a first start and close in ${((performance.now() - settling) / 1000).toFixed(1)} s`);
}

/** Spawns `core/server/main.ts` on the data directory: seconds until it says it is listening, then kills it. */
function timeStart(dataDir: string): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...serverNodeFlags(), '--import', 'tsx', join(REPO_ROOT, 'core', 'server', 'main.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...SERVER_ENV, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(' is listening on ')) {
        const seconds = (performance.now() - started) / 1000;
        child.kill('SIGKILL');
        resolvePromise(seconds);
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`the server exited (${signal ?? code}) before listening:\n${output.slice(-2000)}`));
    });
  });
}

async function measure(label: string, dataDir: string, count: number): Promise<number> {
  if (!existsSync(join(dataDir, SQLITE_FILE_NAME))) await build(dataDir, count);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) times.push(await timeStart(dataDir));
  const middle = median(times);
  console.log(`${label}: start → listening ${times.map((t) => t.toFixed(1)).join(', ')} s — median ${middle.toFixed(1)} s`);
  return middle;
}

const base = await mkdtemp(join(tmpdir(), 'bourse-server-restart-'));
try {
  console.log(`whole-server restart: ${fmt(ORDERS)} resting orders, ${fmt(USERS)} members, ${RUNS} runs; load average ${loadavg()[0]!.toFixed(1)}`);
  const empty = await measure('empty store', join(base, 'empty'), 0);
  const full = await measure(`${fmt(ORDERS)} orders`, values.store ?? join(base, 'full'), ORDERS);
  console.log(`the orders add ${(full - empty).toFixed(1)} s to a start of ${empty.toFixed(1)} s; load average ${loadavg()[0]!.toFixed(1)}`);
} finally {
  await rm(base, { recursive: true, force: true });
}
