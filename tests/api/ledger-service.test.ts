import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNTS, isSystemKey, mayGoNegative, systemAccountKey, type AppliedCommand, type BalanceChange, type LedgerCommand } from '../../core/engine';
import { LedgerStore, SpotService, SpotStore, SqliteWorkerStore, type TableShape } from '../../core/engine/persistence';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { SQLITE_FILE_NAME, type Database } from '../../core/server/db/connect';
import { availableDialects } from './harness';
import { LEDGER_CURRENCIES, createLedgerDatabase, type LedgerDatabase } from './ledger-harness';

const dialects = await availableDialects();
let counter = 0;
const at = 1_700_000_000_000;
const deposit = (userId: string, amount: string, id = `d${++counter}`): LedgerCommand => ({ id, at, kind: 'depositCredit', userId, currency: 'USDT', amount });
const transfer = (userId: string, amount: string, id = `t${++counter}`): LedgerCommand => ({ id, at, kind: 'transfer', userId, currency: 'USDT', amount, from: 'coin', to: 'contract' });
const hold = (userId: string, amount: string, id = `w${++counter}`): LedgerCommand => ({ id, at, kind: 'withdrawalHold', userId, currency: 'USDT', amount });

/** A store whose commits can be made to fail, and which records what it committed. */
class ObservedStore extends LedgerStore {
  failNext = 0;
  commits = 0;
  readonly committedIds = new Set<string>();
  delayMs = 0;

  override async commit(records: readonly AppliedCommand[], changes: readonly BalanceChange[]): Promise<void> {
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('disk full (simulated)');
    }
    await super.commit(records, changes);
    this.commits++;
    for (const record of records) this.committedIds.add(record.result.id);
  }
}

function expectInvariants(service: SpotService): void {
  const sums = new Map<string, bigint>();
  for (const [key, balance] of service.ledger.entries()) {
    if (!mayGoNegative(key)) {
      expect(balance.available >= 0n && balance.frozen >= 0n, key).toBe(true);
    }
    if (isSystemKey(key)) expect(balance.frozen).toBe(0n);
    const currency = key.split('/')[2]!;
    sums.set(currency, (sums.get(currency) ?? 0n) + balance.available + balance.frozen);
  }
  for (const sum of sums.values()) expect(sum).toBe(0n);
}

// the wallet's ledger commands alone through SpotService, which runs the ledger's group commit
describe.each(dialects)('ledger commands through the spot service on %s', (dialect) => {
  let data: LedgerDatabase;
  let database: Database;

  beforeAll(async () => {
    data = await createLedgerDatabase(dialect);
    database = await data.connect();
  });
  afterAll(async () => {
    await database?.close();
    await data?.drop();
  });

  // without a snapshot at close, a restart replays the whole log (full results: a repeat answers with its postings)
  async function open(ledger?: LedgerStore): Promise<SpotService> {
    const store = ledger && new SpotStore(database.db, database.dialect, ledger);
    return SpotService.open({ db: database.db, dialect: database.dialect, currencies: LEDGER_CURRENCIES, store, snapshotOnClose: false });
  }

  it('acknowledges a command only once its batch is committed, many commands per commit', async () => {
    const store = new ObservedStore(database.db, database.dialect);
    const service = await open(store);
    const commands = Array.from({ length: 300 }, (_, i) => deposit(`g${i % 7}`, '1.5'));
    const acknowledged = await Promise.all(
      commands.map((command) =>
        service.submit(command).then((result) => {
          // at the moment a promise resolves, its command is already in a committed batch
          expect(store.committedIds.has(command.id)).toBe(true);
          return result;
        }),
      ),
    );
    expect(acknowledged.every((result) => result.ok)).toBe(true);
    expect(store.commits).toBeLessThan(commands.length / 10);
    const rows = await database.db.selectFrom('ledger_command').select(database.db.fn.countAll().as('n')).where('id', 'in', commands.map((c) => c.id)).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(300);
    await service.close();
  });

  it('a failing commit rejects every promise of its batch, rolls the state back, and re-applies what came after', async () => {
    const store = new ObservedStore(database.db, database.dialect);
    const service = await open(store);
    await service.submit(deposit('f1', '10'));
    const hashBefore = service.stateHash();
    store.failNext = 1;
    store.delayMs = 30;
    const doomedCommands = [hold('f1', '4'), hold('f1', '4'), transfer('f1', '1')];
    const doomed = doomedCommands.map((command) => service.submit(command));
    // these arrive while the doomed batch is being written, on top of its (not yet durable) state
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = [hold('f1', '9'), hold('f1', '2')];
    const laterResults = later.map((command) => service.submit(command));
    const outcomes = await Promise.allSettled(doomed);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    // after the rollback the 9 fits again (it was refused on top of the doomed holds)
    const after = await Promise.all(laterResults);
    expect(after.map((r) => r.ok)).toEqual([true, false]);
    expect(service.ledger.userBalance('f1', 'coin', 'USDT')).toEqual({ available: 1_000_000n, frozen: 9_000_000n, bonus: 0n });
    await service.close();
    // the database holds exactly what the service holds, and the doomed ids are free again
    const reopened = await open();
    expect(reopened.stateHash()).toBe(service.stateHash());
    expect(service.stateHash()).not.toBe(hashBefore);
    const retried = await reopened.submit(doomedCommands[2]!);
    expect(retried).toMatchObject({ ok: true, duplicate: false });
    expect(reopened.ledger.userBalance('f1', 'contract', 'USDT').available).toBe(1_000_000n);
    await reopened.close();
  });

  it('a restart rebuilds the same state hash and keeps idempotency', async () => {
    const service = await open();
    const results = await Promise.all([
      service.submit(deposit('r1', '100')),
      service.submit(transfer('r1', '30', 'restart-transfer')),
      service.submit({ id: `b${++counter}`, at, kind: 'bonusCredit', userId: 'r1', currency: 'USDT', amount: '5' }),
      service.submit(hold('r1', '80')),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false]);
    const hash = service.stateHash();
    await service.close();
    const reopened = await open();
    expect(reopened.stateHash()).toBe(hash);
    expect(reopened.ledger.userBalance('r1', 'contract', 'USDT')).toEqual({ available: 35_000_000n, frozen: 0n, bonus: 5_000_000n });
    const repeat = await reopened.submit(transfer('r1', '30', 'restart-transfer'));
    expect(repeat).toEqual({ ...results[1], duplicate: true });
    expect(reopened.stateHash()).toBe(hash);
    expectInvariants(reopened);
    await reopened.close();
  });

  it('100 concurrent withdrawal holds and transfers against one balance: exactly the affordable ones succeed', async () => {
    const service = await open();
    await service.submit(deposit('race', '37'));
    const attempts = Array.from({ length: 100 }, (_, i) => (i % 4 === 0 ? transfer('race', '1') : hold('race', '1')));
    const results = await Promise.all(attempts.map((command) => service.submit(command)));
    expect(results.filter((r) => r.ok)).toHaveLength(37);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'insufficientFunds')).toBe(true);
    const coin = service.ledger.userBalance('race', 'coin', 'USDT');
    const contract = service.ledger.userBalance('race', 'contract', 'USDT');
    expect(coin.available).toBe(0n);
    expect(coin.frozen + contract.available).toBe(37_000_000n);
    const hash = service.stateHash();
    await service.close();
    const reopened = await open();
    expect(reopened.stateHash()).toBe(hash);
    expect(reopened.ledger.balance(systemAccountKey(SYSTEM_ACCOUNTS.depositClearing, 'USDT')).available).toBeLessThan(0n);
    expectInvariants(reopened);
    await reopened.close();
  });

  it.runIf(dialect === 'sqlite')('the SQLite writer thread commits batches that a restart reads back', async () => {
    const store = await SqliteWorkerStore.start(database.db, join(data.dataDir, SQLITE_FILE_NAME));
    const service = await open(store);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => service.submit(i % 2 ? transfer('wt', '1') : deposit('wt', '2'))));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(service.ledger.userBalance('wt', 'contract', 'USDT').available).toBe(100_000_000n);
    const hash = service.stateHash();
    await service.close();
    await store.close();
    const reopened = await open();
    expect(reopened.stateHash()).toBe(hash);
    await reopened.close();
  });

  it.runIf(dialect === 'sqlite')('the writer thread checkpoints between its commits, which keeps the WAL bounded; the main connection does not checkpoint', async () => {
    const file = join(data.dataDir, SQLITE_FILE_NAME);
    const autocheckpoint = async () => (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db)).rows[0]!.wal_autocheckpoint;
    // the checkpoint thread never runs here: what reaches the database file goes through the writer's checkpoints
    const store = await SqliteWorkerStore.start(database.db, file, { checkpointEveryMs: 1e9, restartEveryMs: 100 });
    expect(await autocheckpoint()).toBe(0);
    const service = await open(store);
    const databaseBefore = statSync(file).size;
    const until = Date.now() + 1_000;
    let batches = 0;
    const writing = Array.from({ length: 4 }, async () => {
      while (Date.now() < until) {
        const results = await Promise.all(Array.from({ length: 100 }, (_, i) => service.submit(deposit(`ck${batches}-${i}`, '1'))));
        batches++;
        expect(results.every((r) => r.ok)).toBe(true);
      }
    });
    await Promise.all(writing);
    const grown = statSync(file).size - databaseBefore;
    expect(batches).toBeGreaterThan(5);
    // without those checkpoints the file would not grow and the WAL would hold every batch written
    expect(grown).toBeGreaterThan(500_000);
    expect(statSync(`${file}-wal`).size).toBeLessThan(grown);
    await service.close();
    await store.close();
    expect(await autocheckpoint()).toBe(1000);
  });

  it.runIf(dialect === 'sqlite')('the writer store does not start on a file its threads cannot open', async () => {
    await expect(SqliteWorkerStore.start(database.db, join(data.dataDir, 'no-such-directory', SQLITE_FILE_NAME))).rejects.toThrow(/directory|open/i);
    // returned at once: its `ready` rejects, and closing it does not wait for threads that are gone
    const starting = SqliteWorkerStore.starting(database.db, join(data.dataDir, 'no-such-directory', SQLITE_FILE_NAME));
    await expect(starting.ready).rejects.toThrow(/directory|open/i);
    await starting.close();
  });

  it.runIf(dialect === 'sqlite')('a writer store still starting takes writes at once: they are committed once its threads run', async () => {
    await sql`create table starting_probe (body text not null)`.execute(database.db);
    const store = SqliteWorkerStore.starting(database.db, join(data.dataDir, SQLITE_FILE_NAME));
    let ready = false;
    void store.ready.then(() => (ready = true));
    // sent before anything was awaited: the threads cannot be running yet
    const written = store.writeTables([{ table: { name: 'starting_probe', columns: ['body'], pgTypes: ['text'], suffix: '' }, rows: ['a', 'b', 'c'] }]);
    expect(ready).toBe(false);
    await written;
    expect(ready).toBe(true);
    expect((await sql<{ n: number }>`select count(*) as n from starting_probe`.execute(database.db)).rows[0]!.n).toBe(3);
    await sql`drop table starting_probe`.execute(database.db);
    await store.close();
  });

  it.runIf(dialect === 'sqlite')('the checkpoint thread copies the WAL into the database, rows of the main connection too', async () => {
    const file = join(data.dataDir, SQLITE_FILE_NAME);
    // the writer thread's own checkpoints never run here
    const store = await SqliteWorkerStore.start(database.db, file, { checkpointEveryMs: 20, restartEveryMs: 1e9 });
    const service = await open(store);
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => service.submit(deposit(`cp${i}`, '1'))));
    expect(results.every((r) => r.ok)).toBe(true);
    await sql`create table checkpoint_probe (body text not null)`.execute(database.db);
    const before = statSync(file).size;
    await sql`insert into checkpoint_probe (body) select printf('%.1000c', 'x') from (with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000) select i from n)`.execute(database.db);
    const deadline = Date.now() + 5_000;
    while (statSync(file).size < before + 1_000_000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(statSync(file).size).toBeGreaterThanOrEqual(before + 1_000_000);
    await sql`drop table checkpoint_probe`.execute(database.db);
    await service.close();
    await store.close();
  });

  it.runIf(dialect === 'sqlite')('the writer thread: a failed commit rejects its batch and re-applies the next one, whose rows were already sent', async () => {
    const store = await SqliteWorkerStore.start(database.db, join(data.dataDir, SQLITE_FILE_NAME));
    const service = await open(store);
    // the batch holding this id fails in the writer thread
    await sql`create trigger refuse_collide before insert on ledger_command when new.id = 'wt-collide' begin select raise(abort, 'disk full (simulated)'); end`.execute(database.db);
    const doomed = [service.submit(deposit('wtf', '5')), service.submit(deposit('wtf', '7', 'wt-collide'))];
    // let that batch go to the writer, then send more than one staged part of the next batch behind it
    await new Promise((resolve) => setImmediate(resolve));
    const later = Array.from({ length: 1200 }, (_, i) => service.submit(i % 2 ? transfer('wtf', '1') : deposit('wtf', '2')));
    const outcomes = await Promise.allSettled(doomed);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    const results = await Promise.all(later);
    // without the doomed 12 the first transfer had 2 to move: every one of the 600 transfers succeeds
    expect(results.every((r) => r.ok)).toBe(true);
    expect(service.ledger.userBalance('wtf', 'contract', 'USDT').available).toBe(600_000_000n);
    expect(service.ledger.userBalance('wtf', 'coin', 'USDT').available).toBe(600_000_000n);
    const hash = service.stateHash();
    await service.close();
    await store.close();
    await sql`drop trigger refuse_collide`.execute(database.db);
    expect(await database.db.selectFrom('ledger_command').select('id').where('id', '=', 'wt-collide').execute()).toEqual([]);
    const reopened = await open();
    expect(reopened.stateHash()).toBe(hash);
    await reopened.close();
  });

  describe('rows of derived views, written with writeTables', () => {
    const VIEW_ROWS: TableShape = { name: 'view_rows', columns: ['k', 'v'], pgTypes: ['varchar', 'bigint'], suffix: ' on conflict ("k") do update set "v" = excluded."v"' };
    const VIEW_MARK: TableShape = { name: 'view_mark', columns: ['k', 'v'], pgTypes: ['varchar', 'bigint'], suffix: ' on conflict ("k") do update set "v" = excluded."v"' };
    const rowsOf = async (table: string) =>
      (await database.db.selectFrom(table).select(['k', 'v']).orderBy('k').execute()).map((row) => `${row.k}=${Number(row.v)}`);

    beforeAll(async () => {
      for (const table of [VIEW_ROWS.name, VIEW_MARK.name]) {
        await database.db.schema.createTable(table).ifNotExists().addColumn('k', 'varchar(40)', (c) => c.primaryKey()).addColumn('v', 'bigint', (c) => c.notNull()).execute();
      }
    });

    const stores: Array<[string, () => Promise<LedgerStore & { close?(): Promise<void> }>]> = [
      ['the store', async () => new LedgerStore(database.db, dialect)],
      ...(dialect === 'sqlite' ? [['the writer thread', () => SqliteWorkerStore.start(database.db, join(data.dataDir, SQLITE_FILE_NAME))] as [string, () => Promise<SqliteWorkerStore>]] : []),
    ];
    it.each(stores)('%s writes every table in one transaction, and nothing when one insert fails', async (name, start) => {
      const store = await start();
      const prefix = name.replace(/\W/g, '');
      const many = Array.from({ length: 450 }, (_, i) => [`${prefix}-${String(i).padStart(3, '0')}`, i]).flat();
      await store.writeTables([
        { table: VIEW_ROWS, rows: many },
        { table: VIEW_MARK, rows: [prefix, 1] },
      ]);
      await store.writeTables([
        { table: VIEW_ROWS, rows: [`${prefix}-000`, 7] },
        { table: VIEW_MARK, rows: [prefix, 2] },
      ]);
      expect((await rowsOf(VIEW_ROWS.name)).filter((row) => row.startsWith(`${prefix}-`))).toHaveLength(450);
      expect(await rowsOf(VIEW_ROWS.name)).toContain(`${prefix}-000=7`);
      // a value the column refuses: the first table's rows of that write are not kept either
      await expect(
        store.writeTables([
          { table: VIEW_ROWS, rows: [`${prefix}-new`, 1, `${prefix}-000`, 8] },
          { table: VIEW_MARK, rows: [prefix, null] },
        ]),
      ).rejects.toThrow();
      expect(await rowsOf(VIEW_ROWS.name)).not.toContain(`${prefix}-new=1`);
      expect(await rowsOf(VIEW_ROWS.name)).toContain(`${prefix}-000=7`);
      expect(await rowsOf(VIEW_MARK.name)).toContain(`${prefix}=2`);
      await store.close?.();
    });
  });

  it('stores awkward ids and large amounts exactly: command log, bills lines and balances', async () => {
    const service = await open();
    const id = `q"uote\\back'slash {json} 😀 ${++counter}`;
    // 10^20 + 1 minor units: beyond a double's exact integers
    const result = await service.submit(deposit('exact', '100000000000000.000001', id));
    expect(result.ok).toBe(true);
    const command = await database.db.selectFrom('ledger_command').select(['id', 'seq']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(command.seq)).toBe(result.seq);
    const entry = await database.db.selectFrom('ledger_entry').select(['amount', 'account_type', 'bucket']).where('owner', '=', 'exact').executeTakeFirstOrThrow();
    expect({ ...entry, amount: String(entry.amount) }).toEqual({ amount: '100000000000000000001', account_type: 'coin', bucket: 'available' });
    const balance = await database.db.selectFrom('ledger_balance').select('available').where('account', '=', 'exact/coin/USDT').executeTakeFirstOrThrow();
    expect(String(balance.available)).toBe('100000000000000000001');
    const hash = service.stateHash();
    await service.close();
    const reopened = await open();
    expect(reopened.stateHash()).toBe(hash);
    expect(await reopened.submit(deposit('exact', '1', id))).toEqual({ ...result, duplicate: true });
    await reopened.close();
  });

  it('refuses to start when the stored balances disagree with the command log', async () => {
    const service = await open();
    await service.submit(deposit('tamper', '1'));
    await service.close();
    await database.db.updateTable('ledger_balance').set({ available: '2000000' }).where('account', '=', 'tamper/coin/USDT').execute();
    await expect(open()).rejects.toThrow(/differ from the replayed command log/);
    await database.db.updateTable('ledger_balance').set({ available: '1000000' }).where('account', '=', 'tamper/coin/USDT').execute();
    await expect(open()).resolves.toBeInstanceOf(SpotService);
  });
});

