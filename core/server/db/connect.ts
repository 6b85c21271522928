import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig, type TransactionSettings } from 'kysely';
import pg from 'pg';
import type { Dialect } from '../../plugin-api';
import { lockDataFile } from './data-dir-lock';

export interface Database {
  db: Kysely<any>;
  dialect: Dialect;
  /** Where the data lives, for log lines (the PostgreSQL URL without its password). */
  location: string;
  close(): Promise<void>;
}

export const SQLITE_FILE_NAME = 'bourse.sqlite';

/**
 * PostgreSQL when a database URL is given, else the embedded SQLite file <dataDir>/bourse.sqlite
 * (WAL journal, synchronous FULL so a committed transaction survives a power cut), which one process at a time may
 * open (bourse.sqlite.lock: see lockDataFile).
 */
export function openDatabase(options: { dataDir: string; databaseUrl?: string; onIdleError?: (error: Error) => void }): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the database ended (restart, failover, administrator) is dropped by the pool and the next
    // query opens a new one; without a listener the pool's 'error' event would crash the process.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', location: redactUrl(options.databaseUrl), close: () => db.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, SQLITE_FILE_NAME);
  const unlock = lockDataFile(`${file}.lock`, file);
  let sqlite: BetterSqlite3.Database;
  try {
    sqlite = new BetterSqlite3(file);
  } catch (error) {
    unlock();
    throw error;
  }
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<any>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', location: file, close: () => db.destroy().finally(unlock) };
}

/**
 * SQLite whose transactions take the write lock when they begin (`BEGIN IMMEDIATE`), except those that say they only
 * read (`setAccessMode('read only')`: a deferred snapshot that blocks no writer). The engines' writer threads commit
 * through connections of their own; a deferred transaction that reads and then writes cannot take the lock once
 * one of them has committed since its read (SQLITE_BUSY at once, the busy timeout not waited), where an immediate
 * one waits its turn at the start.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection, settings?: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(settings?.accessMode === 'read only' ? 'begin' : 'begin immediate'));
  }
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgresql';
  }
}
