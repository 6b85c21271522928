/**
 * Orders over HTTP: spot limit orders through the real server (token check, body validation, the engine, durable
 * group commit on SQLite — or PostgreSQL with DATABASE_URL — and the answer), driven by autocannon on 127.0.0.1,
 * next to a validated no-op POST of the same server (same token check and body schema, no engine and no commit)
 * in the same run. Prints orders/s, p50/p99 latency, errors, the ratio to the no-op and the server's CPU time per
 * request (all its threads; steadier than the rates when other work shares the machine; on Linux also the main
 * thread's share and the busiest other thread's — the SQLite writer's under orders), per run and as medians,
 * what the server wrote to disk per order (Linux: /proc/PID/io write_bytes — the WAL and the checkpoints' copies),
 * wrk's own CPU time per order (the load generator shares the machine's cores with the server), with the server's
 * heap after a full collection, the load average and the share of the CPU the host took (steal); then the heap's
 * growth per order placed.
 *
 *   npx tsx tests/bench/orders-http.ts [--connections 64] [--seconds 10] [--runs 3] [--members 200] [--tool autocannon|wrk]
 *     [--rate 8000]
 *
 * The server runs in a child process, with `npm start`'s Node flags and log level (info), the load generator in this
 * one: autocannon (Node, in this process) or, with `--tool wrk`, wrk (C, one thread; Debian package `wrk`), which
 * leaves more of a small machine to the server. Orders are limit buys and sells of BTC/USDT within ±25 ticks of one
 * price, so about half cross and fill, the rest rest on the book.
 *
 * Those are closed loops: each connection sends its next request when the last is answered. With `--rate N`, each
 * run also offers orders at N a second in an open loop, at most --connections at once, each timed from when it was
 * due — from wrk with `--tool wrk` (loadAtRateWithWrk), else from Node's HTTP client in this process (loadAtRate) —;
 * it prints the share of a CPU the load generator took, which on a small machine the server does not get.
 */
import { execFile, fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import autocannon from 'autocannon';
import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';
import { createServer } from '../../core/server/app';
import { defineServerPlugin } from '../../core/server';
import { loadSiteConfig } from '../../core/server/site-config-loader';
import { createMember } from '../../plugins/identity/server/members';
import { PLACE_BODY } from '../../plugins/spot/server/member-routes';
import { WALLET_SERVICE, type WalletService } from '../../plugins/wallet/shared/service';
import { stealPercent, watchCpuSteal } from './cpu-steal';
import { serverNodeFlags } from './server-node-flags';

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'load' },
    connections: { type: 'string', default: '64' },
    seconds: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    members: { type: 'string', default: '200' },
    tool: { type: 'string', default: 'autocannon' },
    rate: { type: 'string', default: '0' },
  },
});
if (values.tool !== 'autocannon' && values.tool !== 'wrk') throw new Error(`--tool is autocannon or wrk, not ${values.tool}`);
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);
const RUNS = Number(values.runs);
const MEMBERS = Number(values.members);
const RATE = Number(values.rate);
if (!Number.isFinite(RATE) || RATE < 0) throw new Error(`--rate is a number of orders a second (0: none), not ${values.rate}`);
const NOOP_PATH = '/bench/noop';
const ORDER_PATH = '/coin/entrust/exchange/BTC_USDT';

type FromServer = { kind: 'ready'; base: string; head: string; tokens: string[] } | { kind: 'cpu'; micros: number; threads: ThreadCpu } | { kind: 'heap'; bytes: number };
/** CPU time (µs) of each of the server's threads by thread id, the main thread's id being the process id (Linux). */
type ThreadCpu = Record<string, number>;
type ToServer = { kind: 'cpu' } | { kind: 'heap' } | { kind: 'stop' };

// ---- server (child process) ---------------------------------------------------------------------

/** The same token check and body schema as the order call, and nothing else. */
const noopPlugin = {
  manifest: definePlugin({ id: 'bench-noop', apiVersion: PLUGIN_API_VERSION, parts: { web: false, server: true }, description: 'Validated no-op POST.' }),
  server: defineServerPlugin({
    id: 'bench-noop',
    register(registrar) {
      registrar.route({ method: 'POST', path: NOOP_PATH, auth: 'user', schema: { body: PLACE_BODY }, handler: () => ({}) });
    },
  }),
};

async function runServer(): Promise<void> {
  process.env.BOURSE_DEMO_MAKER = '0';
  const dataDir = await mkdtemp(join(tmpdir(), 'bourse-bench-orders-'));
  const site = await loadSiteConfig('default');
  const server = await createServer({
    site,
    consoleSite: undefined,
    dataDir,
    databaseUrl: process.env.DATABASE_URL,
    tokenSecret: 'o'.repeat(64),
    logLevel: 'info',
    port: 0,
    announce: () => {},
    extraPlugins: [noopPlugin],
  });
  const base = (await server.listen()).replace(/\/$/, '');
  const wallet = server.context.use<WalletService>(WALLET_SERVICE);
  const tokens: string[] = [];
  for (let index = 0; index < MEMBERS; index += 1) {
    const member = await createMember(server.context.db, {
      ref: { kind: 'email', email: `orders-bench-${index}@example.com` },
      passwordHash: 'no-password-login-in-this-benchmark',
      invitedBy: null,
      now: new Date(),
    });
    const id = String(member.id);
    for (const [currency, amount] of [['USDT', '1000000000'], ['BTC', '100000']] as const) {
      const result = await wallet.submit({ kind: 'depositCredit', id: `bench:${id}:${currency}`, at: Date.now(), userId: id, currency, amount });
      if (!result.ok) throw new Error(`credit refused: ${result.reason}`);
    }
    tokens.push(server.context.issueAccessToken({ kind: 'user', id }).token);
  }
  const stop = async (code: number) => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(code);
  };
  process.on('disconnect', () => void stop(1));
  v8.setFlagsFromString('--expose-gc');
  const collectGarbage = vm.runInNewContext('gc') as () => void;
  process.on('message', async (command: ToServer) => {
    if (command.kind === 'cpu') {
      const usage = process.cpuUsage();
      process.send!({ kind: 'cpu', micros: usage.user + usage.system, threads: await threadCpu() } satisfies FromServer);
    } else if (command.kind === 'heap') {
      collectGarbage();
      process.send!({ kind: 'heap', bytes: process.memoryUsage().heapUsed } satisfies FromServer);
    } else void stop(0);
  });
  process.send!({ kind: 'ready', base, head: site.api.head, tokens } satisfies FromServer);
}

/** The CPU time of each thread of this process from /proc (utime + stime, in clock ticks of 10 ms); none elsewhere. */
async function threadCpu(): Promise<ThreadCpu> {
  const threads: ThreadCpu = {};
  const tids = await readdir('/proc/self/task').catch(() => [] as string[]);
  for (const tid of tids) {
    const stat = await readFile(`/proc/self/task/${tid}/stat`, 'utf8').catch(() => '');
    // the fields after the command name, which is in parentheses and may hold spaces: utime and stime are 12th and 13th
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.length > 12) threads[tid] = (Number(fields[11]) + Number(fields[12])) * 10_000;
  }
  return threads;
}

// ---- load generator (this process) --------------------------------------------------------------

interface RunResult {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  serverCpu: number;
  /** Server CPU time (all threads) per answered request, µs: less sensitive than rates to other load on the machine. */
  cpuPerRequest: number;
  /** Of it, the main thread's and the busiest other thread's (the SQLite writer under orders); 0 where /proc is absent. */
  mainPerRequest: number;
  busiestPerRequest: number;
  loadCpu: number | undefined;
  /** The share of the machine's CPU its host took meanwhile (cpu-steal.ts). */
  stolen: number | undefined;
  /** What the server wrote to storage per answered request (its database: WAL, checkpoints), KB; undefined without /proc. */
  diskKbPerRequest: number | undefined;
}

/** The fields of T that always hold a number (what a median is taken of). */
type NumberField<T> = { [K in keyof T]: T[K] extends number ? K : never }[keyof T];

const cpuPerRequest = (run: RunResult) =>
  `${run.cpuPerRequest.toFixed(0)} µs a request: main thread ${run.mainPerRequest.toFixed(0)}, busiest other ${run.busiestPerRequest.toFixed(0)}`;

function orderBody(sequence: number): string {
  const side = sequence % 2 === 0 ? 'buy' : 'sell';
  // a price within ±25 ticks of 50000.00; a deterministic spread so both sides cross often
  const ticks = ((sequence * 7919) % 51) - 25;
  const price = (5_000_000 + ticks) / 100;
  return JSON.stringify({ side, type: 'limit', price: price.toFixed(2), num: '0.001' });
}

interface LoadResult {
  perSecond: number;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  /** The share of a CPU the load generator took, where it runs in this process. */
  loadCpu?: number;
}

/** As many requests as the connections make one after the other (a closed loop), from the chosen tool. */
function closedLoop(url: string, tokens: string[]): () => Promise<LoadResult> {
  return () => (values.tool === 'wrk' ? loadWithWrk(url, tokens) : loadWithAutocannon(url, tokens));
}

async function measure(child: ChildProcess, load: () => Promise<LoadResult>): Promise<RunResult> {
  const before = await serverCpu(child);
  const writtenBefore = await diskWrites(child);
  const steal = watchCpuSteal();
  const result = await load();
  const stolen = steal();
  const writtenAfter = await diskWrites(child);
  const after = await serverCpu(child);
  const cpu = after.micros - before.micros;
  const threads = Object.entries(after.threads).map(([tid, micros]) => ({ main: tid === String(child.pid), micros: micros - (before.threads[tid] ?? 0) }));
  const per = (micros: number) => (result.requests > 0 ? micros / result.requests : 0);
  return {
    perSecond: result.perSecond,
    p50: result.p50,
    p99: result.p99,
    errors: result.errors,
    requests: result.requests,
    loadCpu: result.loadCpu,
    serverCpu: cpu / 1e6 / SECONDS,
    cpuPerRequest: per(cpu),
    mainPerRequest: per(threads.find((thread) => thread.main)?.micros ?? 0),
    busiestPerRequest: per(Math.max(0, ...threads.filter((thread) => !thread.main).map((thread) => thread.micros))),
    stolen,
    diskKbPerRequest: writtenBefore === undefined || writtenAfter === undefined ? undefined : per(writtenAfter - writtenBefore) / 1024,
  };
}

async function loadWithAutocannon(url: string, tokens: string[]): Promise<LoadResult> {
  let sequence = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest(request) {
          sequence += 1;
          return { ...request, body: orderBody(sequence), headers: { ...request.headers, 'blade-auth': `bearer ${tokens[sequence % tokens.length]}` } };
        },
      },
    ],
  });
  return { perSecond: result.requests.average, requests: result.requests.total, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

/**
 * The orders offered at a fixed rate (--rate a second for --seconds), whatever the answers — an open loop, from this
 * process over keep-alive connections (as many as are busy at once) — each timed from when it was due, not from when
 * it was sent: a stall then counts for every request it held back, which a closed loop, sending nothing while it
 * waits, leaves out. The rate is what the server sustains if it answers them all in about --seconds.
 */
async function loadAtRate(url: string, tokens: string[]): Promise<LoadResult> {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const total = Math.round(RATE * SECONDS);
  const interval = 1000 / RATE;
  const latencies = new Float64Array(total);
  let errors = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await new Promise<void>((resolve) => {
    let sent = 0;
    let answered = 0;
    const answer = (k: number, ok: boolean) => {
      latencies[k] = performance.now() - (started + k * interval);
      if (!ok) errors += 1;
      if (++answered === total) resolve();
    };
    const send = (k: number) => {
      const body = orderBody(k);
      const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'blade-auth': `bearer ${tokens[k % tokens.length]}` };
      const request = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers }, (response) => {
        response.resume();
        response.on('end', () => answer(k, response.statusCode === 200));
      });
      request.on('error', () => answer(k, false));
      request.end(body);
    };
    const due = () => {
      const now = performance.now();
      while (sent < total && started + sent * interval <= now) send(sent++);
      if (sent < total) setTimeout(due, 1);
    };
    due();
  });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  latencies.sort();
  const at = (q: number) => Math.round(latencies[Math.min(total - 1, Math.floor(q * total))]! * 10) / 10;
  return { perSecond: total / seconds, requests: total, p50: at(0.5), p99: at(0.99), errors, loadCpu: (cpu.user + cpu.system) / 1e6 / seconds };
}

/**
 * wrk's Lua: the n-th request is built as orderBody does, signed with the members' tokens in turn. The requests
 * repeat every 2 × 51 × tokens: they are built once, in `init`, and `request` hands them out in turn — the same
 * requests in the same order, without Lua building each one again on a core the server shares (half of wrk's CPU
 * a request). With `stamp` (a Lua expression giving 16 characters), the body also carries a `clientOrderId` of
 * "d" and that stamp, put into the built request as it is sent. `globals` adds functions of its own; `done` prints
 * one JSON line of results.
 */
function wrkScript(tokens: string[], extra: { globals: string; stamp?: string; done: string }): string {
  const mark = '################';
  return `local tokens = { ${tokens.map((token) => JSON.stringify(token)).join(', ')} }
local sequence = 0
${extra.globals}
local function order(n)
  local side = (n % 2 == 0) and "buy" or "sell"
  local ticks = ((n * 7919) % 51) - 25
  local body = '{"side":"' .. side .. '","type":"limit","price":"' .. string.format("%.2f", (5000000 + ticks) / 100) .. '","num":"0.001"' .. ${extra.stamp ? `',"clientOrderId":"d${mark}"'` : "''"} .. '}'
  local headers = { ["content-type"] = "application/json", ["blade-auth"] = "bearer " .. tokens[(n % #tokens) + 1] }
  return wrk.format("POST", nil, headers, body)
end
local period = 2 * 51 * #tokens
local heads, tails = {}, {}
init = function()
  for n = 1, period do
    local built = order(n)
    local from, to = built:find("${mark}", 1, true)
    if from then heads[n], tails[n] = built:sub(1, from - 1), built:sub(to + 1) else heads[n] = built end
  end
end
request = function()
  sequence = sequence + 1
  local n = (sequence - 1) % period + 1
  ${extra.stamp ? `return heads[n] .. ${extra.stamp} .. tails[n]` : 'return heads[n]'}
end
done = function(summary, latency, requests)
${extra.done}
end
`;
}

/** Runs wrk (one thread, --connections) for --seconds with the script; its JSON line and the CPU time it took (s). */
async function runWrk(url: string, script: string): Promise<{ result: Record<string, number>; cpuSeconds: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'bourse-bench-wrk-'));
  const file = join(dir, 'orders.lua');
  await writeFile(file, script);
  try {
    // the shell's `times` prints the CPU time of its children (wrk) on its second line: "0m1.234s 0m0.567s"
    const output = await new Promise<string>((resolve, reject) => {
      execFile('bash', ['-c', 'wrk "$@" && times', 'wrk', '-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '-s', file, url], { maxBuffer: 1 << 20 }, (error, stdout, stderr) =>
        error ? reject(new Error(`wrk failed (the Debian package "wrk" provides it): ${error.message} ${stderr}`)) : resolve(stdout),
      );
    });
    const line = output.split('\n').find((text) => text.startsWith('{'));
    if (!line) throw new Error(`wrk printed no result:\n${output}`);
    const times = [...(output.trim().split('\n').at(-1) ?? '').matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
    return { result: JSON.parse(line) as Record<string, number>, cpuSeconds: times.reduce((sum, s) => sum + s, 0) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const ms = (us: number) => Math.round(us / 100) / 10;

/** The same requests from wrk, a closed loop; latency percentiles from wrk's own histogram (µs). */
async function loadWithWrk(url: string, tokens: string[]): Promise<LoadResult> {
  const { result, cpuSeconds } = await runWrk(
    url,
    wrkScript(tokens, {
      globals: '',
      done: `  local e = summary.errors
  io.write(string.format('{"requests":%d,"micros":%d,"p50":%d,"p99":%d,"errors":%d}\\n', summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.connect + e.read + e.write + e.timeout + e.status))`,
    }),
  );
  const seconds = result.micros! / 1e6;
  return { perSecond: result.requests! / seconds, requests: result.requests!, p50: ms(result.p50!), p99: ms(result.p99!), errors: result.errors!, loadCpu: cpuSeconds / seconds };
}

/**
 * The open loop from wrk (C and LuaJIT: a small share of a CPU where Node's client took nearly half of one): `delay`
 * gives each request that a connection is about to send the next slot of a schedule of --rate a second, and the
 * request carries in its clientOrderId the time it was due (or sent, if earlier), which the answer echoes; each
 * answer is timed from there, so a request held back because every connection was busy counts from when it was due.
 */
async function loadAtRateWithWrk(url: string, tokens: string[]): Promise<LoadResult> {
  const { result, cpuSeconds } = await runWrk(
    url,
    wrkScript(tokens, {
      globals: `local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clock, bench_timespec *t);
]]
local clock = ffi.new("bench_timespec")
local function now_ms()
  ffi.C.clock_gettime(1, clock)
  return tonumber(clock.tv_sec) * 1000 + tonumber(clock.tv_nsec) / 1e6
end
local interval = 1000 / ${RATE}
local started = nil
local scheduled = 0
local function due_ms(slot)
  -- wrk builds one request before any delay: the schedule starts with the first of either
  started = started or now_ms()
  return started + slot * interval
end
delay = function()
  local now = now_ms()
  local wait = due_ms(scheduled) - now
  scheduled = scheduled + 1
  return wait > 0 and math.ceil(wait) or 0
end
local function from_us()
  return string.format("%016d", math.min(due_ms(sequence - 1), now_ms()) * 1000)
end
latencies = {}
failures = 0
response = function(status, headers, body)
  local from = status == 200 and body:match('"clientOrderId":"d(%d+)"')
  if from then latencies[#latencies + 1] = now_ms() - tonumber(from) / 1000 else failures = failures + 1 end
end
local threads = {}
setup = function(thread) threads[#threads + 1] = thread end`,
      stamp: 'from_us()',
      done: `  local all = threads[1]:get("latencies")
  table.sort(all)
  local function at(q) return all[math.max(1, math.min(#all, math.floor(q * #all) + 1))] or 0 end
  io.write(string.format('{"requests":%d,"micros":%d,"p50":%.1f,"p99":%.1f,"errors":%d}\\n', #all, summary.duration, at(0.5), at(0.99), threads[1]:get("failures")))`,
    }),
  );
  const seconds = result.micros! / 1e6;
  return { perSecond: result.requests! / seconds, requests: result.requests!, p50: result.p50!, p99: result.p99!, errors: result.errors!, loadCpu: cpuSeconds / seconds };
}

async function runLoad(): Promise<void> {
  // BENCH_CPU_PROFILE=dir writes the server's CPU profiles there: one file per thread (the main thread, the SQLite writer thread, …);
  // BENCH_SERVER_FLAGS adds Node flags to the server's (e.g. --trace-gc)
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  const extra = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = fork(fileURLToPath(import.meta.url), ['--role', 'server', '--members', String(MEMBERS)], {
    stdio: 'inherit',
    execArgv: [...process.execArgv, ...serverNodeFlags(), ...profile, ...extra],
  });
  const ready = await nextMessage(child, 'ready');
  if (ready.kind !== 'ready') throw new Error('server did not start');
  const api = (path: string) => `${ready.base}/api/${ready.head}${path}`;
  const check = await fetch(api(ORDER_PATH), { method: 'POST', headers: { 'content-type': 'application/json', 'blade-auth': `bearer ${ready.tokens[0]}` }, body: orderBody(0) });
  if (check.status !== 200) throw new Error(`an order was refused: ${check.status} ${await check.text()}`);
  console.log(
    `${MEMBERS} funded members; ${RUNS} run(s) of ${SECONDS} s with ${CONNECTIONS} connections from ${values.tool}${process.env.DATABASE_URL ? ' on PostgreSQL' : ' on SQLite'}`,
  );

  const heapBefore = await serverHeap(child);
  const noop: RunResult[] = [];
  const orders: RunResult[] = [];
  const atRate: RunResult[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    noop.push(await measure(child, closedLoop(api(NOOP_PATH), ready.tokens)));
    orders.push(await measure(child, closedLoop(api(ORDER_PATH), ready.tokens)));
    if (RATE > 0) atRate.push(await measure(child, () => (values.tool === 'wrk' ? loadAtRateWithWrk : loadAtRate)(api(ORDER_PATH), ready.tokens)));
    const heap = await serverHeap(child);
    const [n, o] = [noop.at(-1)!, orders.at(-1)!];
    console.log(
      `run ${run}: orders ${o.perSecond.toFixed(0)}/s p50 ${o.p50} ms p99 ${o.p99} ms errors ${o.errors} server CPU ${(o.serverCpu * 100).toFixed(0)}% ` +
        `(${cpuPerRequest(o)}${o.diskKbPerRequest === undefined ? '' : `; disk writes ${o.diskKbPerRequest.toFixed(1)} KB an order`}` +
        `${o.loadCpu === undefined ? '' : `; load generator ${((o.loadCpu * 1e6) / o.perSecond).toFixed(0)} µs an order`}) | ` +
        `no-op ${n.perSecond.toFixed(0)}/s p99 ${n.p99} ms errors ${n.errors} (${cpuPerRequest(n)}) | ratio ${(o.perSecond / n.perSecond).toFixed(2)} | ` +
        `heap ${(heap / 2 ** 20).toFixed(0)} MB | load average ${loadavg()[0]!.toFixed(2)} | CPU stolen by the host ${stealPercent(o.stolen)} (orders), ${stealPercent(n.stolen)} (no-op)`,
    );
    const r = atRate.at(-1);
    if (r) console.log(`  orders offered at ${RATE}/s: answered ${r.perSecond.toFixed(0)}/s p50 ${r.p50} ms p99 ${r.p99} ms errors ${r.errors} (${cpuPerRequest(r)}) | load generator CPU ${((r.loadCpu ?? 0) * 100).toFixed(0)}% | CPU stolen by the host ${stealPercent(r.stolen)}`);
  }
  const median = (runs: RunResult[], key: NumberField<RunResult>) => runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  console.log(
    `median: orders ${median(orders, 'perSecond').toFixed(0)}/s p50 ${median(orders, 'p50')} ms p99 ${median(orders, 'p99')} ms; ` +
      `no-op ${median(noop, 'perSecond').toFixed(0)}/s p99 ${median(noop, 'p99')} ms; orders / no-op ${(median(orders, 'perSecond') / median(noop, 'perSecond')).toFixed(2)}; ` +
      `server CPU ${median(orders, 'cpuPerRequest').toFixed(0)} µs an order (main thread ${median(orders, 'mainPerRequest').toFixed(0)}, ` +
      `busiest other ${median(orders, 'busiestPerRequest').toFixed(0)}), ${median(noop, 'cpuPerRequest').toFixed(0)} µs a no-op` +
      (atRate.length === 0 ? '' : `; offered at ${RATE}/s: answered ${median(atRate, 'perSecond').toFixed(0)}/s p50 ${median(atRate, 'p50')} ms p99 ${median(atRate, 'p99')} ms`),
  );
  const placed = orders.reduce((sum, run) => sum + run.requests, 0);
  const heapAfter = await serverHeap(child);
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
  console.log(
    `server heap after a full collection: ${mb(heapBefore)} MB before the runs, ${mb(heapAfter)} MB after ${placed.toLocaleString('en-US')} orders ` +
      `(${((heapAfter - heapBefore) / placed).toFixed(0)} bytes an order)`,
  );
  child.send({ kind: 'stop' } satisfies ToServer);
}

function nextMessage(child: ChildProcess, kind: FromServer['kind']): Promise<FromServer> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`server exited (${code})`));
    const onMessage = (message: FromServer) => {
      if (message.kind !== kind) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function serverHeap(child: ChildProcess): Promise<number> {
  child.send({ kind: 'heap' } satisfies ToServer);
  const message = await nextMessage(child, 'heap');
  return message.kind === 'heap' ? message.bytes : 0;
}

/** Bytes the process has sent to the storage layer (/proc/PID/io write_bytes); undefined where that is not readable. */
async function diskWrites(child: ChildProcess): Promise<number | undefined> {
  const io = await readFile(`/proc/${child.pid}/io`, 'utf8').catch(() => '');
  const bytes = /^write_bytes:\s*(\d+)/m.exec(io)?.[1];
  return bytes === undefined ? undefined : Number(bytes);
}

async function serverCpu(child: ChildProcess): Promise<{ micros: number; threads: ThreadCpu }> {
  child.send({ kind: 'cpu' } satisfies ToServer);
  const message = await nextMessage(child, 'cpu');
  return message.kind === 'cpu' ? message : { micros: 0, threads: {} };
}

if (values.role === 'server') await runServer();
else await runLoad();
