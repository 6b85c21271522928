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

  it('commits a transaction that reads and then writes while another connection writes to the file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'bourse-connect-'));
    database = openDatabase({ dataDir: dir });
    const { db } = database;
    await db.schema.createTable('item').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text').execute();
    // a connection of its own, as a writer thread has; it does not wait for the lock
    other = new BetterSqlite3(join(dir, SQLITE_FILE_NAME));
    other.pragma('busy_timeout = 0');
    const otherInsert = other.prepare('insert into item (name) values (?)');
    let otherResult = '';
    await db.transaction().execute(async (trx) => {
      const { count } = await trx.selectFrom('item').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      expect(Number(count)).toBe(0);
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
    dir = mkdtempSync(join(tmpdir(), 'bourse-connect-'));
    database = openDatabase({ dataDir: dir });
    const { db } = database;
    await db.schema.createTable('item').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text').execute();
    other = new BetterSqlite3(join(dir, SQLITE_FILE_NAME));
    other.pragma('busy_timeout = 0');
    const count = (trx: typeof db) => trx.selectFrom('item').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const seen = await db
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => {
        const first = Number((await count(trx)).count);
        other!.prepare('insert into item (name) values (?)').run('other');
        return [first, Number((await count(trx)).count)];
      });
    expect(seen).toEqual([0, 0]);
    expect(Number((await count(db)).count)).toBe(1);
  });
});
