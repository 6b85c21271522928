// Crash test: a child process applies deposits and transfers through the spot service (which runs the ledger) and prints every
// acknowledged command id; it is killed with SIGKILL at a random moment, restarted, killed again… Then no
// acknowledged movement may be missing and the invariants must hold.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSystemKey, mayGoNegative } from '../../core/engine';
import { SpotService } from '../../core/engine/persistence';
import { runUntilKilled } from './crash-child';
import { availableDialects } from './harness';
import { LEDGER_CURRENCIES, createLedgerDatabase, type LedgerDatabase } from './ledger-harness';

const ROUNDS = 4;
const ENGINE = resolve(__dirname, '../../core/engine/persistence/index.ts');
const CONNECT = resolve(__dirname, '../../core/server/db/connect.ts');

const CHILD = `
import { join } from 'node:path';
import { SpotService, SpotStore, SqliteWorkerStore } from ${JSON.stringify(ENGINE)};
import { SQLITE_FILE_NAME, openDatabase } from ${JSON.stringify(CONNECT)};
const { DATA_DIR, DATABASE_URL, ROUND, CURRENCIES } = process.env;
const database = openDatabase({ dataDir: DATA_DIR, databaseUrl: DATABASE_URL || undefined });
// on SQLite the batches are written by the writer thread, as the embedded server does
const writer = database.dialect === 'sqlite' ? await SqliteWorkerStore.start(database.db, join(DATA_DIR, SQLITE_FILE_NAME)) : undefined;
const store = new SpotStore(database.db, database.dialect, writer);
const service = await SpotService.open({ db: database.db, dialect: database.dialect, currencies: JSON.parse(CURRENCIES), store });
process.stdout.write('ready ' + service.stateHash() + '\\n');
let i = 0;
const users = ['c0', 'c1', 'c2', 'c3'];
function next() {
  const n = i++;
  const userId = users[n % users.length];
  const id = 'r' + ROUND + '-' + n;
  const command = n % 3 === 0
    ? { id, at: n, kind: 'depositCredit', userId, currency: 'USDT', amount: '1.25' }
    : { id, at: n, kind: 'transfer', userId, currency: 'USDT', amount: '0.5', from: n % 2 ? 'coin' : 'contract', to: n % 2 ? 'contract' : 'coin' };
  service.submit(command).then((result) => {
    process.stdout.write('ack ' + id + ' ' + (result.ok ? 1 : 0) + '\\n');
    next();
  });
}
for (let k = 0; k < 64; k++) next();
`;

function runChild(data: LedgerDatabase, round: number, killAfterMs: number) {
  const env = { DATA_DIR: data.dataDir, DATABASE_URL: data.databaseUrl ?? '', ROUND: String(round), CURRENCIES: JSON.stringify(LEDGER_CURRENCIES) };
  return runUntilKilled(CHILD, env, { killAfterMs, guardMs: 20_000 });
}

const dialects = await availableDialects();

describe.each(dialects)('ledger crash test on %s', (dialect) => {
  let data: LedgerDatabase;
  beforeAll(async () => {
    data = await createLedgerDatabase(dialect);
    const database = await data.connect();
    await database.close();
  });
  afterAll(async () => {
    await data?.drop();
  });

  it('loses no acknowledged movement when killed with SIGKILL at random moments', { timeout: 90_000 }, async () => {
    const acknowledged = new Map<string, boolean>();
    for (let round = 0; round < ROUNDS; round++) {
      const outcome = await runChild(data, round, 150 + Math.floor(Math.random() * 500));
      for (const [id, ok] of outcome.acknowledged) acknowledged.set(id, ok);
      expect(outcome.readyInfo).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(acknowledged.size).toBeGreaterThan(ROUNDS * 10);

    const database = await data.connect();
    try {
      // open() replays the whole log and refuses to start if it disagrees with the stored balances
      const service = await SpotService.open({ db: database.db, dialect: database.dialect, currencies: LEDGER_CURRENCIES, snapshotOnClose: false });
      const missing = [...acknowledged].filter(([id, ok]) => service.ledger.resultOf(id)?.ok !== ok);
      expect(missing).toEqual([]);
      const sums = new Map<string, bigint>();
      for (const [key, balance] of service.ledger.entries()) {
        if (!mayGoNegative(key)) expect(balance.available >= 0n && balance.frozen >= 0n, key).toBe(true);
        if (isSystemKey(key)) expect(balance.frozen).toBe(0n);
        sums.set(key.split('/')[2]!, (sums.get(key.split('/')[2]!) ?? 0n) + balance.available + balance.frozen);
      }
      for (const sum of sums.values()) expect(sum).toBe(0n);
      await service.close();
    } finally {
      await database.close();
    }
  });
});
