import type { Kysely } from 'kysely';
import type { Dialect, Migration } from '../../plugin-api';

export interface OwnedMigrations {
  /** "core" or a plugin id; recorded names are "<owner>:<migration name>". */
  owner: string;
  migrations: Migration[];
}

export interface MigrationReport {
  applied: string[];
}

/**
 * Applies every migration not yet recorded, owners in the given order and each owner's list in array
 * order. Each migration and its record commit in one transaction, so a failing one leaves nothing behind.
 */
export async function runMigrations(
  db: Kysely<any>,
  dialect: Dialect,
  owners: OwnedMigrations[],
  now: () => Date,
): Promise<MigrationReport> {
  await db.schema
    .createTable('migrations')
    .ifNotExists()
    .addColumn('name', 'varchar(200)', (column) => column.primaryKey())
    .addColumn('applied_at', 'varchar(40)', (column) => column.notNull())
    .execute();
  const rows = await db.selectFrom('migrations').select('name').execute();
  const done = new Set(rows.map((row) => String(row.name)));
  const applied: string[] = [];
  for (const owner of owners) {
    const names = new Set<string>();
    for (const migration of owner.migrations) {
      if (names.has(migration.name)) throw new Error(`${owner.owner} declares migration "${migration.name}" twice`);
      names.add(migration.name);
      const recorded = `${owner.owner}:${migration.name}`;
      if (done.has(recorded)) continue;
      try {
        await db.transaction().execute(async (trx) => {
          await migration.up(trx, dialect);
          await trx.insertInto('migrations').values({ name: recorded, applied_at: now().toISOString() }).execute();
        });
      } catch (error) {
        throw new Error(`migration ${recorded} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(recorded);
    }
  }
  return { applied };
}
