// SpotService snapshots on both dialects: a store of a few thousand orders closed with a snapshot (head row plus
// chunk rows) reopens from it with an equal state; a damaged or missing chunk is passed over for the whole logs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerCommand, SpotCommand } from '../../core/engine';
import { LEDGER_MIGRATIONS, SPOT_MIGRATIONS, SpotService } from '../../core/engine/persistence';
import { BTCUSDT } from '../../core/engine/spot/test-support';
import { openDatabase, type Database } from '../../core/server/db/connect';
import { runMigrations } from '../../core/server/db/migrate';
import { availableDialects, createPostgresDatabase } from './harness';

const CURRENCIES = [
  { code: 'BTC', scale: 8 },
  { code: 'USDT', scale: 6 },
];
const AT = 1_700_000_000_000;
const USERS = 50;
const ORDERS = 3000;

function* commands(): Generator<LedgerCommand | SpotCommand> {
  for (let u = 0; u < USERS; u++) {
    yield { kind: 'depositCredit', id: `db${u}`, at: AT, userId: `u${u}`, currency: 'BTC', amount: '100' };
    yield { kind: 'depositCredit', id: `du${u}`, at: AT, userId: `u${u}`, currency: 'USDT', amount: '1000000' };
  }
  yield { kind: 'addMarket', id: 'm', at: AT, market: BTCUSDT };
  for (let i = 0; i < ORDERS; i++) {
    const buy = i % 2 === 0;
    const away = 1 + (i % 300);
    yield {
      kind: 'placeOrder',
      id: `o${i}`,
      at: AT + i,
      userId: `u${i % USERS}`,
      symbol: 'BTCUSDT',
      side: buy ? 'buy' : 'sell',
      type: 'limit',
      price: ((buy ? 10_000 - away : 10_000 + away) / 100).toFixed(2),
      qty: '0.05',
      ...(i % 7 === 0 ? { clientOrderId: `c${i}` } : {}),
    };
  }
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

for (const dialect of await availableDialects()) {
  describe(`spot snapshot on ${dialect}`, () => {
    async function store() {
      const dataDir = await mkdtemp(join(tmpdir(), 'bourse-spot-snapshot-'));
      const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
      const open: Database[] = [];
      cleanups.push(async () => {
        for (const database of open) await database.close();
        await new Promise((resolve) => setTimeout(resolve, 50));
        await postgres?.drop();
        await rm(dataDir, { recursive: true, force: true });
      });
      const connect = async () => {
        const database = openDatabase({ dataDir, databaseUrl: postgres?.url });
        await runMigrations(database.db, database.dialect, [{ owner: 'ledger', migrations: LEDGER_MIGRATIONS }, { owner: 'spot', migrations: SPOT_MIGRATIONS }], () => new Date());
        open.push(database);
        return database;
      };
      const service = async (options: { snapshotOnClose?: boolean } = {}) => {
        const database = await connect();
        return SpotService.open({ db: database.db, dialect: database.dialect, currencies: CURRENCIES, ...options });
      };
      return { connect, service };
    }

    it('reopens a few thousand orders from the snapshot; a damaged or missing chunk falls back to the logs', async () => {
      const { connect, service } = await store();
      const first = await service();
      const results = await Promise.all([...commands()].map((command) => first.submit(command as SpotCommand)));
      expect(results.every((result) => result.ok)).toBe(true);
      const hash = first.stateHash();
      const open = first.spot.openOrders();
      expect(open).toHaveLength(ORDERS);
      await first.close();
      const db = (await connect()).db;
      expect(Number((await sql<{ n: number }>`select count(*) as n from spot_snapshot_chunk`.execute(db)).rows[0]!.n)).toBeGreaterThan(0);

      const fromSnapshot = await service({ snapshotOnClose: false });
      expect(fromSnapshot.rebuiltFrom.snapshot).toBe(fromSnapshot.spot.lastSeq);
      expect(fromSnapshot.stateHash()).toBe(hash);
      expect(fromSnapshot.spot.openOrders()).toEqual(open);
      await fromSnapshot.close();

      const garbage = Buffer.from('not a chunk');
      await sql`update spot_snapshot_chunk set body = ${garbage} where part = 0`.execute(db);
      const damaged = await service({ snapshotOnClose: false });
      expect(damaged.rebuiltFrom).toMatchObject({ snapshot: null, skipped: expect.stringMatching(/checksum mismatch in chunk 0/) });
      expect(damaged.stateHash()).toBe(hash);
      await damaged.close();

      await sql`delete from spot_snapshot_chunk`.execute(db);
      const missing = await service();
      expect(missing.rebuiltFrom).toMatchObject({ snapshot: null, skipped: expect.stringMatching(/0 chunks/) });
      expect(missing.stateHash()).toBe(hash);
      // closing it stores a whole snapshot again
      await missing.submit({ kind: 'cancelOrder', id: 'x1', at: AT, userId: 'u0', symbol: 'BTCUSDT', orderId: open[0]!.id });
      const after = missing.stateHash();
      await missing.close();
      const again = await service({ snapshotOnClose: false });
      expect(again.rebuiltFrom.snapshot).toBe(again.spot.lastSeq);
      expect(again.stateHash()).toBe(after);
      expect(again.spot.openOrders()).toHaveLength(ORDERS - 1);
      await again.close();
    });
  });
}
