// Crash test of the wallet at server level, after tests/api/ledger-crash.test.ts (which covers the ledger service
// alone): a child process runs the real server with identity and wallet; it credits members through the wallet
// service and moves money through the transfer endpoint, printing every answer it got. It is killed with SIGKILL
// at a random moment, restarted, killed again… Then the server must start (the ledger replays its log and compares
// it with the stored balances), every answered command must be in the log with the answer's outcome, and the
// invariants must hold.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDecimal } from '../../core/shared';
import { WALLET_PATHS } from '../../plugins/wallet/shared/types';
import { runUntilKilled } from './crash-child';
import { availableDialects, createPostgresDatabase, TEST_PASSWORD_HASHING, type TestDialect, type TestServer } from './harness';
import { startWalletServer } from './wallet-harness';

/** Kills per dialect: a few in CI; `npm run bench:crash` runs many more (CRASH_ROUNDS). */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 4);
const APP = resolve(__dirname, '../../core/server/app.ts');
const SITE = resolve(__dirname, '../../site-configs/default.ts');

const CHILD = `
import { join } from 'node:path';
import { createServer } from ${JSON.stringify(APP)};
import site from ${JSON.stringify(SITE)};
const { DATA_DIR, DATABASE_URL, ROUND, HASHING } = process.env;
const server = await createServer({
  site: { ...site, plugins: ['identity', 'wallet'] },
  dataDir: DATA_DIR,
  databaseUrl: DATABASE_URL || undefined,
  port: 0,
  host: '127.0.0.1',
  tokenSecret: 'wallet-crash-test',
  logLevel: 'silent',
  distDir: join(DATA_DIR, 'no-dist'),
  operatorPassword: 'wallet-crash-operator',
  passwordHashing: JSON.parse(HASHING),
  announce: () => undefined,
});
const origin = await server.listen();
const wallet = server.context.use('wallet');
const users = ['c0', 'c1', 'c2', 'c3'];
const tokens = users.map((id) => server.context.issueAccessToken({ kind: 'user', id }).token);
process.stdout.write('ready\\n');
let i = 0;
async function step() {
  const n = i++;
  const u = n % users.length;
  const name = 'r' + ROUND + '-' + n;
  if (n % 3 === 0) {
    const id = 'credit:' + name;
    const result = await wallet.submit({ kind: 'depositCredit', id, at: Date.now(), userId: users[u], currency: 'USDT', amount: '1.25' });
    process.stdout.write('ack ' + id + ' ' + (result.ok ? 1 : 0) + '\\n');
  } else {
    const out = n % 2 === 1;
    const query = new URLSearchParams({ from: out ? '1' : '4', to: out ? '4' : '1', currency: 'USDT', amount: '0.5', clientId: name });
    const response = await fetch(origin + '/api/' + site.api.head + ${JSON.stringify(WALLET_PATHS.transfer)} + '?' + query, { headers: { 'Blade-Auth': 'bearer ' + tokens[u] } });
    const id = 'trans:' + users[u] + ':' + name;
    // 200: applied; 400: refused (not enough money): both answers come only once the command is durable
    process.stdout.write((response.status === 200 || response.status === 400 ? 'ack ' : 'odd ') + id + ' ' + (response.status === 200 ? 1 : 0) + '\\n');
  }
  step();
}
for (let k = 0; k < 32; k++) step();
`;

function runChild(dataDir: string, databaseUrl: string | undefined, round: number, killAfterMs: number) {
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', ROUND: String(round), HASHING: JSON.stringify(TEST_PASSWORD_HASHING) };
  return runUntilKilled(CHILD, env, { killAfterMs, guardMs: 60_000 });
}

const dialects = await availableDialects();

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('wallet crash test on %s', (dialect) => {
  let dataDir: string;
  let postgres: { url: string; drop(): Promise<void> } | undefined;
  let server: TestServer | undefined;
  const dropData = async () => {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'bourse-wallet-crash-'));
    postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  });
  afterAll(async () => {
    // the restarted server owns the data and removes it on close
    if (server) await server.close();
    else await dropData();
  });

  it('loses no answered credit or transfer when the server is killed with SIGKILL at random moments', { timeout: 60_000 + ROUNDS * 30_000 }, async () => {
    const acknowledged = new Map<string, boolean>();
    for (let round = 0; round < ROUNDS; round++) {
      const outcome = await runChild(dataDir, postgres?.url, round, 300 + Math.floor(Math.random() * 700));
      expect(outcome.odd).toEqual([]);
      for (const [id, ok] of outcome.acknowledged) acknowledged.set(id, ok);
    }
    const transfers = [...acknowledged.keys()].filter((id) => id.startsWith('trans:'));
    expect(transfers.length).toBeGreaterThan(ROUNDS * 10);
    expect([...acknowledged.values()].filter((ok) => !ok).length, 'some transfers found too little money').toBeGreaterThan(0);

    // the server only starts when the replayed command log gives the stored balances
    const reuse = { dataDir, databaseUrl: postgres?.url, dropData } as TestServer;
    const restarted = await startWalletServer(dialect, { reuse });
    server = restarted;
    const rows = await restarted.context.db.selectFrom('ledger_command').select(['id', 'ok']).execute();
    const logged = new Map(rows.map((row) => [String(row.id), Number(row.ok) === 1]));
    const missing = [...acknowledged].filter(([id, ok]) => logged.get(id) !== ok);
    expect(missing).toEqual([]);

    const sums = new Map<string, bigint>();
    for (const row of await restarted.context.db.selectFrom('ledger_balance').selectAll().execute()) {
      const available = BigInt(String(row.available));
      const frozen = BigInt(String(row.frozen));
      if (row.account_type !== 'system') expect(available >= 0n && frozen >= 0n, String(row.account)).toBe(true);
      sums.set(String(row.currency), (sums.get(String(row.currency)) ?? 0n) + available + frozen);
      if (row.owner === 'c0' && row.account_type === 'coin') {
        expect(restarted.wallet.balance('c0', 'coin', 'USDT').available).toBe(formatDecimal(available, 8));
      }
    }
    for (const sum of sums.values()) expect(sum).toBe(0n);
    console.info(`[crash] ${dialect}: ${ROUNDS} kills, ${acknowledged.size} acknowledged commands, all in the log, invariants hold`);
  });
});
