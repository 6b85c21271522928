import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME, openDatabase, type Database } from './connect';

describe('openDatabase on SQLite', () => {
  let dir: string;
  let database: Database | undefined;
  let other: BetterSqlite3.Database | undefined;
  afterEach(async () => {
    other?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A database with an empty table, and a connection of its own to the same file (as a writer thread has) that does not wait for the lock. */
  async function twoConnections() {
    dir = mkdtempSync(join(tmpdir(), 'bourse-connect-'));
    database = openDatabase({ dataDir: dir });
    const { db } = database;
    await db.schema.createTable('item').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text').execute();
    other = new BetterSqlite3(join(dir, SQLITE_FILE_NAME));
    other.pragma('busy_timeout = 0');
    const otherInsert = other.prepare('insert into item (name) values (?)');
    const count = async (from: typeof db) => Number((await from.selectFrom('item').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count);
    return { db, otherInsert, count };
  }

  it('commits a transaction that reads and then writes while another connection writes to the file', async () => {
    const { db, otherInsert, count } = await twoConnections();
    let otherResult = '';
    await db.transaction().execute(async (trx) => {
      expect(await count(trx)).toBe(0);
      // the other connection's commit between this transaction's read and its write: refused while it holds the lock
      try {
        otherInsert.run('other');
        otherResult = 'committed';
      } catch (error) {
        otherResult = (error as { code?: string }).code ?? String(error);
      }
      await trx.insertInto('item').values({ name: 'mine' }).execute();
    });
    expect(otherResult).toBe('SQLITE_BUSY');
    otherInsert.run('other');
    expect((await db.selectFrom('item').select('name').orderBy('id').execute()).map((row) => row.name)).toEqual(['mine', 'other']);
  });

  it('lets another connection write during a transaction that only reads, which keeps reading its snapshot', async () => {
    const { db, otherInsert, count } = await twoConnections();
    const seen = await db
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => {
        const first = await count(trx);
        otherInsert.run('other');
        return [first, await count(trx)];
      });
    expect(seen).toEqual([0, 0]);
    expect(await count(db)).toBe(1);
  });
});
