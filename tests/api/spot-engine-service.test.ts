import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppliedSpotCommand, LedgerCommand, PlaceSpotOrder, SpotCommand, SpotResult } from '../../core/engine';
import { LEDGER_MIGRATIONS, SPOT_MIGRATIONS, SnapshotWorker, SpotReplayMismatch, SpotService, SpotStore, SqliteWorkerStore, decodeSnapshot, sha256, snapshotFromStore, type BatchSink, type DatabaseAddress } from '../../core/engine/persistence';
import type { AppliedCommand, BalanceChange } from '../../core/engine';
import { SQLITE_FILE_NAME, openDatabase, type Database } from '../../core/server/db/connect';
import { runMigrations } from '../../core/server/db/migrate';
import { BTCUSDT } from '../../core/engine/spot/test-support';
import { isSystemKey } from '../../core/engine';
import { availableDialects, createPostgresDatabase } from './harness';

const CURRENCIES = [
  { code: 'BTC', scale: 8 },
  { code: 'USDT', scale: 6 },
];
const at = 1_700_000_000_000;
let counter = 0;
const deposit = (userId: string, currency: string, amount: string): LedgerCommand => ({ kind: 'depositCredit', id: `d${++counter}`, at, userId, currency, amount });
const place = (userId: string, fields: Partial<PlaceSpotOrder>): SpotCommand => ({
  kind: 'placeOrder',
  id: `o${++counter}`,
  at,
  userId,
  symbol: 'BTCUSDT',
  side: 'buy',
  type: 'limit',
  ...fields,
});

/** A store whose commits can be delayed or made to fail, and which records the ids it committed. */
class ObservedStore extends SpotStore {
  failNext = 0;
  delayMs = 0;
  readonly committed = new Set<string>();
  /** The ids of each commit's records, as each commit starts. */
  readonly started: string[][] = [];

  override async commit(records: readonly AppliedCommand[], changes: readonly BalanceChange[], spot: readonly AppliedSpotCommand[], sink?: BatchSink): Promise<void> {
    this.started.push([...records, ...spot].map((record) => record.result.id));
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('disk full (simulated)');
    }
    await super.commit(records, changes, spot, sink);
    for (const record of records) this.committed.add(record.result.id);
    for (const record of spot) this.committed.add(record.result.id);
  }
}

/** Commits without the batch's sink (as a caller of SpotStore.commit outside SpotService may). */
class SinklessStore extends SpotStore {
  override commit(records: readonly AppliedCommand[], changes: readonly BalanceChange[], spot: readonly AppliedSpotCommand[]): Promise<void> {
    return super.commit(records, changes, spot);
  }
}

/** Writes the steps' command rows too, as builds did before the steps left the ledger log. */
class StepLoggingStore extends SpotStore {
  /** A sink that is not the ledger store's own: its commit then builds every record's rows (batchRows). */
  override openBatch(): BatchSink {
    return { add: () => {}, discard: () => {} };
  }
}

async function createSpotDatabase(dialect: 'sqlite' | 'postgres') {
  const dataDir = await mkdtemp(join(tmpdir(), 'bourse-spot-'));
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const open: Database[] = [];
  return {
    dataDir,
    /** Where a thread of its own connects to this database. */
    address: (postgres ? { dialect: 'postgres', url: postgres.url } : { dialect: 'sqlite', file: join(dataDir, SQLITE_FILE_NAME) }) as DatabaseAddress,
    async connect(): Promise<Database> {
      const database = openDatabase({ dataDir, databaseUrl: postgres?.url });
      await runMigrations(database.db, database.dialect, [
        { owner: 'ledger', migrations: LEDGER_MIGRATIONS },
        { owner: 'spot', migrations: SPOT_MIGRATIONS },
      ], () => new Date());
      open.push(database);
      return database;
    },
    async drop() {
      for (const database of open) await database.close();
      // let the pool's sockets finish closing before the database is dropped
      await new Promise((resolve) => setTimeout(resolve, 50));
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A service on a fresh database (dropped after the test) whose commits go through an ObservedStore. */
async function observedService(dialect: 'sqlite' | 'postgres') {
  const database = await createSpotDatabase(dialect);
  cleanups.push(database.drop);
  const db = await database.connect();
  const store = new ObservedStore(db.db, db.dialect);
  return { database, db, store, service: await openService(db, store) };
}

async function openService(database: Database, store?: SpotStore, snapshotOnClose?: boolean): Promise<SpotService> {
  return SpotService.open({
    db: database.db,
    dialect: database.dialect,
    currencies: CURRENCIES,
    ...(store ? { store } : {}),
    ...(snapshotOnClose !== undefined ? { snapshotOnClose } : {}),
  });
}

/** A day on one market: deposits, resting orders, fills, a stop, take-profit / stop-loss legs, a cancel. */
async function trade(service: SpotService): Promise<SpotResult[]> {
  await Promise.all([deposit('alice', 'BTC', '5'), deposit('bob', 'USDT', '10000'), deposit('carol', 'USDT', '10000'), deposit('carol', 'BTC', '2')].map((c) => service.submit(c)));
  await service.submit({ kind: 'addMarket', id: `m${++counter}`, at, market: BTCUSDT });
  return Promise.all([
    service.submit(place('alice', { side: 'sell', price: '100', qty: '1' })),
    service.submit(place('alice', { side: 'sell', price: '101', qty: '1' })),
    service.submit(place('bob', { side: 'buy', price: '101', qty: '1.5', takeProfit: '130', stopLoss: '95' })),
    service.submit(place('carol', { side: 'buy', price: '99', qty: '0.5' })),
    service.submit(place('carol', { side: 'sell', type: 'stopLimit', trigger: '98', price: '97', qty: '0.2' })),
    service.submit(place('bob', { side: 'buy', type: 'market', quote: '20' })),
  ]);
}

const dialects = await availableDialects();
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

for (const dialect of dialects) {
  describe(`spot service on ${dialect}`, () => {
    it('rebuilds orders, stops and balances from the database with an equal state hash', async () => {
      const database = await createSpotDatabase(dialect);
      cleanups.push(database.drop);
      const service = await openService(await database.connect());
      const results = await trade(service);
      expect(results.every((r) => r.ok)).toBe(true);
      const hash = service.stateHash();
      const open = service.spot.openOrders();
      expect(open.map((o) => o.kind).sort()).toEqual(['limit', 'limit', 'stopLimit', 'stopLoss', 'takeProfit']);
      await service.close();

      const reopened = await openService(await database.connect());
      expect(reopened.stateHash()).toBe(hash);
      expect(reopened.spot.openOrders()).toEqual(open);
      expect(reopened.spot.lastPrice('BTCUSDT')).toBe(10100n);
      // the rebuilt engine goes on alike: the stop triggers on a trade at 98
      const next = await reopened.submit(place('carol', { side: 'sell', price: '98', qty: '0.5' }));
      expect(next).toMatchObject({ ok: true });
      await reopened.close();
    });

    it('acknowledges only after the batch is committed, rejections included', async () => {
      const { db, store, service } = await observedService(dialect);
      await service.submit(deposit('bob', 'USDT', '100'));
      await service.submit({ kind: 'addMarket', id: 'm-ack', at, market: BTCUSDT });
      store.delayMs = 30;
      const accepted = place('bob', { price: '100', qty: '0.5' });
      const refused = place('bob', { price: '100', qty: '5' });
      const seen = await Promise.all([
        service.submit(accepted).then((result) => ({ result, durable: store.committed.has(accepted.id) })),
        service.submit(refused).then((result) => ({ result, durable: store.committed.has(accepted.id) })),
      ]);
      expect(seen[0]).toMatchObject({ result: { ok: true }, durable: true });
      expect(seen[1]).toMatchObject({ result: { ok: false, reason: 'insufficientFunds' }, durable: true });
      expect(store.committed.has(refused.id)).toBe(false);
      const rows = await db.db.selectFrom('spot_command').select(['id', 'ledger_from', 'ledger_to']).where('id', '=', accepted.id).execute();
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]!.ledger_to) - Number(rows[0]!.ledger_from)).toBe(1);
      await service.close();
    });

    it('applies the commands of one turn of the event loop together at its end, in arrival order', async () => {
      const { service } = await observedService(dialect);
      await service.submit(deposit('bob', 'USDT', '100'));
      const before = service.ledger.lastSeq;
      const submitted = [service.submit(deposit('bob', 'USDT', '1')), service.submit(deposit('bob', 'USDT', '2'))];
      expect(service.ledger.lastSeq).toBe(before);
      await new Promise((resolve) => setImmediate(resolve));
      expect(service.ledger.lastSeq).toBe(before + 2);
      expect((await Promise.all(submitted)).map((result) => result.seq)).toEqual([before + 1, before + 2]);
      expect(service.ledger.userBalance('bob', 'coin', 'USDT').available).toBe(103_000_000n);
      await service.close();
    });

    it('splits commands arriving together beyond 32 in two batches, in arrival order; fewer stay one batch', async () => {
      const { store, service } = await observedService(dialect);
      await service.submit(deposit('bob', 'USDT', '100'));
      const before = service.ledger.lastSeq;
      store.started.length = 0;
      const clump = Array.from({ length: 100 }, () => deposit('bob', 'USDT', '1'));
      const results = await Promise.all(clump.map((command) => service.submit(command)));
      // half of the outstanding each: one half's commit overlaps the answers of the other
      expect(store.started).toEqual([clump.slice(0, 50).map((c) => c.id), clump.slice(50).map((c) => c.id)]);
      expect(results.map((result) => result.seq)).toEqual(clump.map((_, i) => before + 1 + i));
      store.started.length = 0;
      await Promise.all(Array.from({ length: 32 }, () => service.submit(deposit('bob', 'USDT', '1'))));
      expect(store.started.map((ids) => ids.length)).toEqual([32]);
      expect(service.ledger.userBalance('bob', 'coin', 'USDT').available).toBe(232_000_000n);
      await service.close();
    });

    it('sends the next batch to the store before it answers the callers of the one committed', async () => {
      const { store, service } = await observedService(dialect);
      store.delayMs = 30;
      const first = deposit('bob', 'USDT', '100');
      const second = deposit('bob', 'USDT', '1');
      const answered = service.submit(first).then(() => store.started.map((ids) => ids.join()));
      // arrives while the first batch is being committed: the next batch
      await new Promise((resolve) => setTimeout(resolve, 10));
      const last = service.submit(second);
      expect(await answered).toEqual([first.id, second.id]);
      expect(await last).toMatchObject({ ok: true, id: second.id });
      await service.close();
    });

    it('a failed commit rejects its batch, rebuilds the state before it, and later commands apply on that state', async () => {
      const { database, store, service } = await observedService(dialect);
      await trade(service);
      const before = service.stateHash();
      store.failNext = 1;
      store.delayMs = 20;
      const failing = service.submit(place('bob', { price: '100', qty: '1' }));
      // arrives while the failing batch is written: not acknowledged, applied again after the rebuild
      await new Promise((resolve) => setTimeout(resolve, 5));
      const later = service.submit(place('carol', { price: '99', qty: '0.1' }));
      await expect(failing).rejects.toThrow('disk full');
      await expect(later).resolves.toMatchObject({ ok: true });
      store.delayMs = 0;
      expect(service.spot.openOrders().some((o) => o.userId === 'bob' && o.price === 10000n && o.qty === 1_000_000n)).toBe(false);
      const after = service.stateHash();
      expect(after).not.toBe(before);
      await service.close();
      const reopened = await openService(await database.connect());
      expect(reopened.stateHash()).toBe(after);
      await reopened.close();
    });

    it.runIf(dialect === 'sqlite')('the SQLite writer thread commits ledger and spot rows of a batch together', async () => {
      const database = await createSpotDatabase(dialect);
      cleanups.push(database.drop);
      const db = await database.connect();
      const writer = await SqliteWorkerStore.start(db.db, join(database.dataDir, SQLITE_FILE_NAME));
      const service = await openService(db, new SpotStore(db.db, db.dialect, writer));
      const results = await trade(service);
      expect(results.every((r) => r.ok)).toBe(true);
      // more than one staged part of a batch (every 512 ledger records) goes to the writer before its commit
      const deposits = await Promise.all(Array.from({ length: 1200 }, () => service.submit(deposit('dave', 'USDT', '1'))));
      expect(deposits.every((r) => r.ok)).toBe(true);
      const hash = service.stateHash();
      const open = service.spot.openOrders();
      await service.close();
      await writer.close();
      const stored = await db.db.selectFrom('spot_command').select('id').execute();
      expect(stored).toHaveLength(results.length + 1);
      const reopened = await openService(await database.connect());
      expect(reopened.stateHash()).toBe(hash);
      expect(reopened.spot.openOrders()).toEqual(open);
      expect(reopened.ledger.userBalance('dave', 'coin', 'USDT').available).toBe(1_200_000_000n);
      await reopened.close();
    });

    it.runIf(dialect === 'sqlite')('the writer thread: a failed commit rejects its batch, rebuilds, and applies the next one again', async () => {
      const database = await createSpotDatabase(dialect);
      cleanups.push(database.drop);
      const db = await database.connect();
      const writer = await SqliteWorkerStore.start(db.db, join(database.dataDir, SQLITE_FILE_NAME));
      const service = await openService(db, new SpotStore(db.db, db.dialect, writer));
      await trade(service);
      const before = service.stateHash();
      // the writer's transaction fails on the spot row, after the batch's ledger rows were inserted
      await sql`create trigger refuse before insert on spot_command when new.id = 'collide' begin select raise(abort, 'disk full (simulated)'); end`.execute(db.db);
      const lost = deposit('erin', 'USDT', '50');
      const doomed = [service.submit(lost), service.submit({ ...place('bob', { price: '100', qty: '1' }), id: 'collide' })];
      // let that batch go to the writer, then stage more than one part of the next batch behind it
      await new Promise((resolve) => setImmediate(resolve));
      const later = Array.from({ length: 1200 }, () => service.submit(deposit('erin', 'USDT', '1')));
      const outcomes = await Promise.allSettled(doomed);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
      await expect(doomed[0]).rejects.toThrow('disk full');
      expect((await Promise.all(later)).every((r) => r.ok)).toBe(true);
      expect(service.ledger.userBalance('erin', 'coin', 'USDT').available).toBe(1_200_000_000n);
      expect(service.spot.openOrders().some((o) => o.userId === 'bob' && o.price === 10000n && o.qty === 1_000_000n)).toBe(false);
      const after = service.stateHash();
      expect(after).not.toBe(before);
      await service.close();
      await writer.close();
      // nothing of the failed batch is in the database: neither its ledger rows nor its spot row
      expect(await db.db.selectFrom('ledger_command').select('id').where('id', '=', lost.id).execute()).toEqual([]);
      expect(await db.db.selectFrom('spot_command').select('id').where('id', '=', 'collide').execute()).toEqual([]);
      const reopened = await openService(await database.connect());
      expect(reopened.stateHash()).toBe(after);
      await reopened.close();
    });

    it('a snapshot and the logs after it rebuild the same state as the whole logs', async () => {
      const database = await createSpotDatabase(dialect);
      cleanups.push(database.drop);
      const service = await openService(await database.connect(), undefined, false);
      const first = await trade(service);
      await service.snapshot();
      const snapshotSeq = service.spot.lastSeq;
      // the tail: a deposit, an order that fills against a resting one, a cancel
      await service.submit(deposit('dave', 'BTC', '1'));
      const tail = await Promise.all([
        service.submit(place('dave', { side: 'sell', price: '99', qty: '0.3' })),
        service.submit(place('dave', { side: 'sell', price: '120', qty: '0.1' })),
      ]);
      expect(tail.every((r) => r.ok)).toBe(true);
      expect(tail[0]!.ok && tail[0]!.trades.length).toBe(1);
      const cancelled = await service.submit({ kind: 'cancelOrder', id: `x${++counter}`, at, userId: 'dave', symbol: 'BTCUSDT', orderId: tail[1]!.ok ? tail[1]!.orderId : 0 });
      expect(cancelled.ok).toBe(true);
      const hash = service.stateHash();
      const open = service.spot.openOrders();
      await service.close();

      const db = await database.connect();
      const fromSnapshot = await openService(db, undefined, false);
      expect(fromSnapshot.rebuiltFrom).toEqual({ snapshot: snapshotSeq });
      expect(fromSnapshot.stateHash()).toBe(hash);
      expect(fromSnapshot.spot.openOrders()).toEqual(open);
      // an id from before the snapshot is still known: its repeat changes nothing
      const again = await fromSnapshot.submit(first[0]!.ok ? { ...place('alice', { side: 'sell', price: '100', qty: '1' }), id: first[0]!.id } : place('alice', {}));
      expect(again).toMatchObject({ ok: true, duplicate: true, seq: first[0]!.ok ? first[0]!.seq : -1 });
      expect(fromSnapshot.stateHash()).toBe(hash);
      await fromSnapshot.close();

      await sql`delete from spot_snapshot`.execute(db.db);
      const fromLogs = await openService(await database.connect(), undefined, false);
      expect(fromLogs.rebuiltFrom).toEqual({ snapshot: null });
      expect(fromLogs.stateHash()).toBe(hash);
      await fromLogs.close();
    });

    it.each(dialect === 'sqlite' ? ['the main connection', 'the writer thread', 'the writer thread, made by the snapshot thread'] : ['the pool', 'the pool, made by the snapshot thread'])(
      'stores a snapshot every 5 spot commands while running (%s); a start after a crash replays only what follows it',
      async (writerKind) => {
        const database = await createSpotDatabase(dialect);
        cleanups.push(database.drop);
        const db = await database.connect();
        const writer = writerKind.startsWith('the writer thread') ? await SqliteWorkerStore.start(db.db, join(database.dataDir, SQLITE_FILE_NAME)) : undefined;
        const snapshots = writerKind.endsWith('the snapshot thread') ? new SnapshotWorker(database.address) : undefined;
        const store = new SpotStore(db.db, db.dialect, writer);
        const errors: Error[] = [];
        const made: number[] = [];
        let making = 0;
        const snapshotMaker =
          snapshots &&
          ((...args: Parameters<SnapshotWorker['make']>) => {
            making++;
            return snapshots.make(...args).then((snapshot) => (made.push('storedAt' in snapshot ? snapshot.storedAt : snapshot.spotSeq), snapshot)).finally(() => making--);
          });
        const service = await SpotService.open({
          db: db.db, dialect: db.dialect, currencies: CURRENCIES, store, snapshotOnClose: false, snapshotEvery: 5, onSnapshotError: (error) => errors.push(error),
          ...(snapshotMaker ? { snapshotMaker } : {}),
        });
        await trade(service);
        for (let i = 0; i < 12; i++) expect((await service.submit(place('carol', { side: 'buy', price: '90', qty: '0.1' }))).ok).toBe(true);
        await service.flush();
        const stored = async () => (await store.loadSnapshot())?.spotSeq ?? 0;
        const deadline = Date.now() + 15_000;
        while ((await stored()) < service.spot.lastSeq - 5 && Date.now() < deadline) {
          // one falls due when a batch is written: a snapshot thread still busy when the orders stopped needs one more
          if (snapshots && making === 0) expect((await service.submit(place('carol', { side: 'buy', price: '90', qty: '0.1' }))).ok).toBe(true);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // on PostgreSQL the thread stores a snapshot before its answer comes back: the answer is waited for
        while (making > 0) await new Promise((resolve) => setTimeout(resolve, 10));
        const snapshotSeq = await stored();
        // taken between two batches while commands kept coming: within 5 commands and a batch of the end
        expect(snapshotSeq).toBeGreaterThanOrEqual(service.spot.lastSeq - 5);
        expect(errors).toEqual([]);
        // the snapshot thread made them (and the last one stored is its)
        if (snapshots) expect(made).toContain(snapshotSeq);
        // one snapshot kept, the older ones replaced
        expect(Number((await sql<{ n: number }>`select count(*) as n from spot_snapshot`.execute(db.db)).rows[0]!.n)).toBe(1);
        const hash = service.stateHash();
        const open = service.spot.openOrders();
        // a crash: the service is never closed
        const restarted = await openService(await database.connect(), undefined, false);
        expect(restarted.rebuiltFrom).toEqual({ snapshot: snapshotSeq });
        expect(restarted.stateHash()).toBe(hash);
        expect(restarted.spot.openOrders()).toEqual(open);
        await restarted.close();
        await service.close();
        await snapshots?.close();
        await writer?.close();
      },
    );

    it('a snapshot made from the store at a past point holds the state the engines had there', async () => {
      const database = await createSpotDatabase(dialect);
      cleanups.push(database.drop);
      const db = await database.connect();
      const service = await openService(db, undefined, false);
      const point = () => ({ spotSeq: service.spot.lastSeq, ledgerSeq: service.ledger.lastSeq });
      await trade(service);
      await service.flush();
      const early = { point: point(), hash: service.stateHash() };
      await service.submit(place('carol', { side: 'buy', price: '99.5', qty: '0.2' }));
      await service.snapshot();
      await service.submit(deposit('alice', 'USDT', '7'));
      await service.submit(place('alice', { side: 'sell', price: '99', qty: '0.3' }));
      await service.submit(deposit('bob', 'BTC', '1'));
      await service.flush();
      const late = { point: point(), hash: service.stateHash() };
      await service.submit(place('bob', { side: 'sell', price: '120', qty: '0.1' }));
      await service.flush();

      const store = new SpotStore(db.db, db.dialect);
      // after the stored snapshot (from it and the logs up to the point), then before it (from the whole logs)
      for (const { point: at, hash } of [late, early]) {
        const { spot } = decodeSnapshot(await snapshotFromStore(store, CURRENCIES, at), CURRENCIES);
        expect(spot.lastSeq).toBe(at.spotSeq);
        expect(spot.ledger.lastSeq).toBe(at.ledgerSeq);
        expect(spot.stateHash(sha256)).toBe(hash);
      }
      // a point the logs do not reach yet
      await expect(snapshotFromStore(store, CURRENCIES, { spotSeq: service.spot.lastSeq + 1, ledgerSeq: service.ledger.lastSeq })).rejects.toThrow(SpotReplayMismatch);
      await service.close();
    });

    it('the snapshot thread answers a point past the logs with an error, and the next request still', async () => {
      const database = await createSpotDatabase(dialect);
      cleanups.push(database.drop);
      const service = await openService(await database.connect(), undefined, false);
      await trade(service);
      await service.flush();
      const snapshots = new SnapshotWorker(database.address);
      await expect(snapshots.make({ spotSeq: service.spot.lastSeq + 3, ledgerSeq: service.ledger.lastSeq }, CURRENCIES)).rejects.toThrow(/logs end at spot seq/);
      const made = await snapshots.make({ spotSeq: service.spot.lastSeq, ledgerSeq: service.ledger.lastSeq }, CURRENCIES);
      // on SQLite it comes back (for the writer thread to store), on PostgreSQL the thread stored it
      const snapshot = 'storedAt' in made ? await service.store.loadSnapshot() : made;
      expect('storedAt' in made).toBe(dialect === 'postgres');
      expect(snapshot!.spotSeq).toBe(service.spot.lastSeq);
      expect(Buffer.isBuffer(snapshot!.body) && snapshot!.chunks.every((chunk) => Buffer.isBuffer(chunk))).toBe(true);
      const { spot } = decodeSnapshot(snapshot!, CURRENCIES);
      expect(spot.openOrders()).toEqual(service.spot.openOrders());
      await snapshots.close();
      await service.close();
    });

    it('a snapshot thread that cannot reach its database fails each request', async () => {
      const address: DatabaseAddress = dialect === 'sqlite' ? { dialect, file: join(tmpdir(), 'no-such-folder', 'x.sqlite') } : { dialect, url: 'postgres://nobody@127.0.0.1:1/none' };
      const snapshots = new SnapshotWorker(address);
      for (let i = 0; i < 2; i++) await expect(snapshots.make({ spotSeq: 1, ledgerSeq: 1 }, CURRENCIES)).rejects.toThrow();
      await snapshots.close();
    });

    it('a corrupt or unreadable snapshot is passed over: the whole logs are replayed', async () => {
      const database = await createSpotDatabase(dialect);
      cleanups.push(database.drop);
      const db = await database.connect();
      const service = await openService(db);
      await trade(service);
      const hash = service.stateHash();
      await service.close();
      const count = async () => Number((await sql<{ n: number }>`select count(*) as n from spot_snapshot`.execute(db.db)).rows[0]!.n);
      expect(await count()).toBe(1);

      await sql`update spot_snapshot set checksum = ${'0'.repeat(64)}`.execute(db.db);
      const corrupt = await openService(await database.connect(), undefined, false);
      expect(corrupt.rebuiltFrom.snapshot).toBeNull();
      expect(corrupt.rebuiltFrom.skipped).toMatch(/checksum/);
      expect(corrupt.stateHash()).toBe(hash);
      await corrupt.close();

      const garbage = Buffer.from('not a snapshot');
      const { createHash } = await import('node:crypto');
      await sql`update spot_snapshot set body = ${garbage}, checksum = ${createHash('sha256').update(garbage).digest('hex')}`.execute(db.db);
      const unreadable = await openService(await database.connect());
      expect(unreadable.rebuiltFrom.snapshot).toBeNull();
      expect(unreadable.rebuiltFrom.skipped).toMatch(/unreadable|version/);
      expect(unreadable.stateHash()).toBe(hash);
      // closing stores a fresh snapshot in place of the bad one
      await unreadable.submit(deposit('erin', 'USDT', '1'));
      await unreadable.submit(place('erin', { price: '50', qty: '0.01' }));
      const after = unreadable.stateHash();
      await unreadable.close();
      expect(await count()).toBe(1);
      const reopened = await openService(await database.connect());
      expect(reopened.rebuiltFrom.snapshot).toBe(reopened.spot.lastSeq);
      expect(reopened.stateHash()).toBe(after);
      await reopened.close();
    });

    it('logs the spot steps as bills lines only; their replay books them again, with the same balances and lines', async () => {
      const database = await createSpotDatabase(dialect);
      cleanups.push(database.drop);
      const db = await database.connect();
      const service = await openService(db, undefined, false);
      await trade(service);
      const hash = service.stateHash();
      const lastSeq = service.ledger.lastSeq;
      const balances = [...service.ledger.entries()].filter(([account]) => !isSystemKey(account));
      await service.close();

      // the ledger log holds the four deposits; every spot step took a ledger seq all the same
      const commands = await db.db.selectFrom('ledger_command').select('id').execute();
      expect(commands).toHaveLength(4);
      expect(commands.some((row) => String(row.id).startsWith('s:'))).toBe(false);
      // every seq (deposits, holds, settles, releases) has its user lines, and they add up to the balances
      const entries = await db.db.selectFrom('ledger_entry').select(['seq', 'owner', 'account_type', 'currency', 'bucket', 'amount']).execute();
      expect(new Set(entries.map((row) => Number(row.seq))).size).toBe(lastSeq);
      const sums = new Map<string, bigint>();
      for (const row of entries) {
        const key = `${row.owner}/${row.account_type}/${row.currency}/${row.bucket}`;
        sums.set(key, (sums.get(key) ?? 0n) + BigInt(String(row.amount)));
      }
      expect(balances.length).toBeGreaterThan(4);
      for (const [account, balance] of balances) {
        expect(sums.get(`${account}/available`) ?? 0n).toBe(balance.available);
        expect(sums.get(`${account}/frozen`) ?? 0n).toBe(balance.frozen);
      }

      const reopened = await openService(await database.connect(), undefined, false);
      expect(reopened.rebuiltFrom.snapshot).toBeNull();
      expect(reopened.stateHash()).toBe(hash);
      await reopened.close();

      // a ledger command missing between its neighbours is noticed, not stepped over
      await db.db.deleteFrom('ledger_command').where('seq', '=', 2).execute();
      await expect(openService(await database.connect(), undefined, false)).rejects.toThrow(/ledger seq 2 is missing/);
    });

    it('a commit given no sink tells the steps by the ledger ranges of the spot commands in its batch', async () => {
      const database = await createSpotDatabase(dialect);
      cleanups.push(database.drop);
      const db = await database.connect();
      const service = await openService(db, new SinklessStore(db.db, db.dialect), false);
      await trade(service);
      const hash = service.stateHash();
      const lastSeq = service.ledger.lastSeq;
      await service.close();
      const commands = await db.db.selectFrom('ledger_command').select('id').execute();
      expect(commands.map((row) => String(row.id)).filter((id) => id.startsWith('s:'))).toEqual([]);
      expect(commands).toHaveLength(4);
      const seqs = await db.db.selectFrom('ledger_entry').select('seq').distinct().execute();
      expect(seqs).toHaveLength(lastSeq);
      const reopened = await openService(await database.connect(), undefined, false);
      expect(reopened.stateHash()).toBe(hash);
      await reopened.close();
    });

    it('a database whose ledger log holds copies of the spot steps (earlier builds) replays them checked by id', async () => {
      const database = await createSpotDatabase(dialect);
      cleanups.push(database.drop);
      const db = await database.connect();
      // the steps' command rows written as an earlier build did
      const service = await openService(db, new StepLoggingStore(db.db, db.dialect), false);
      await trade(service);
      const hash = service.stateHash();
      await service.close();
      const steps = await db.db.selectFrom('ledger_command').select(['seq', 'id']).where('id', 'like', 's:%').orderBy('seq').execute();
      expect(steps.length).toBeGreaterThan(5);

      const reopened = await openService(await database.connect(), undefined, false);
      expect(reopened.stateHash()).toBe(hash);
      await reopened.close();

      // a logged step that is not what the replay books is refused
      const step = steps[Math.floor(steps.length / 2)]!;
      const row = await db.db.selectFrom('ledger_command').select('body').where('seq', '=', step.seq).executeTakeFirstOrThrow();
      const tampered = String(row.body).replaceAll(`"${String(step.id)}"`, `"${String(step.id)}x"`);
      expect(tampered).not.toBe(String(row.body));
      await db.db.updateTable('ledger_command').set({ body: tampered }).where('seq', '=', step.seq).execute();
      await expect(openService(await database.connect(), undefined, false)).rejects.toThrow(/differs from its log/);
    });

    it('refuses to start when stored balances differ from the replayed logs', async () => {
      const database = await createSpotDatabase(dialect);
      cleanups.push(database.drop);
      const db = await database.connect();
      const service = await openService(db);
      await trade(service);
      await service.close();
      await sql`update ledger_balance set available = '1' where account = 'alice/coin/USDT'`.execute(db.db);
      await expect(openService(await database.connect())).rejects.toThrow(/differ/);
    });
  });
}
