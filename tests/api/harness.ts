// Starts the real server for API tests: random port, temporary data dir, SQLite or a fresh PostgreSQL database.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { PluginManifest, Principal, ServerContext, ServerPlugin, SiteConfig } from '../../core/plugin-api';
import { createServer, type BourseServer } from '../../core/server/app';
import { issueAccessToken } from '../../core/server/auth/tokens';
import identityManifest from '../../plugins/identity/plugin';
import { createIdentityServer, type IdentityServerOptions } from '../../plugins/identity/server';
import defaultSite from '../../site-configs/default';

export type TestDialect = 'sqlite' | 'postgres';

// The demo market maker would trade on every demo-site test server; a test that wants it enables it explicitly.
process.env.BOURSE_DEMO_MAKER = '0';

const PG_ADMIN = { host: process.env.PGHOST ?? '127.0.0.1', port: Number(process.env.PGPORT ?? 5432), user: process.env.PGUSER ?? 'postgres', password: process.env.PGPASSWORD };

/** Cheap argon2id cost so login tests stay fast (production uses the default cost). */
export const TEST_PASSWORD_HASHING = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
export const TEST_OPERATOR_PASSWORD = 'test-operator-password';

/**
 * The identity plugin hashing member passwords at TEST_PASSWORD_HASHING unless `options.passwordCost` says otherwise:
 * at the production cost (32 MiB, 3 passes) the hashes of sign-ups and logins were most of the API tests' CPU time.
 */
export function testIdentityPlugin(options: IdentityServerOptions = {}): { manifest: PluginManifest; server: ServerPlugin } {
  return { manifest: identityManifest, server: createIdentityServer({ passwordCost: TEST_PASSWORD_HASHING, ...options }) };
}

let availability: Promise<boolean> | undefined;

/** True when a PostgreSQL server answers within 1 s (checked once per test file). */
export function postgresAvailable(): Promise<boolean> {
  availability ??= (async () => {
    const client = new pg.Client({ ...PG_ADMIN, database: 'postgres', connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return availability;
}

/** The dialects to run on: SQLite always, PostgreSQL when reachable (a notice is printed otherwise). */
export async function availableDialects(): Promise<TestDialect[]> {
  if (await postgresAvailable()) return ['sqlite', 'postgres'];
  if (process.env.REQUIRE_POSTGRES === '1') {
    throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL is not reachable at ${PG_ADMIN.host}:${PG_ADMIN.port}`);
  }
  console.warn(`PostgreSQL is not reachable at ${PG_ADMIN.host}:${PG_ADMIN.port}; skipping the PostgreSQL runs`);
  return ['sqlite'];
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ ...PG_ADMIN, database: 'postgres', connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bourse_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const auth = PG_ADMIN.password ? `${PG_ADMIN.user}:${encodeURIComponent(PG_ADMIN.password)}` : PG_ADMIN.user;
  return {
    url: `postgresql://${auth}@${PG_ADMIN.host}:${PG_ADMIN.port}/${name}`,
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export interface TestServerOptions {
  dialect?: TestDialect;
  /** Overrides of the default site config; `plugins` defaults to none (kernel only). */
  site?: Partial<SiteConfig>;
  consoleSite?: SiteConfig;
  extraPlugins?: Array<{ manifest: PluginManifest; server?: ServerPlugin }>;
  distDir?: string;
  now?: () => Date;
  /** Start on the data of an earlier server closed with keepData (restart tests); this one then owns it. */
  reuse?: TestServer;
  tokenSecret?: string;
  /** null: let the server generate the first operator's password. */
  operatorPassword?: string | null;
}

export interface TestServer {
  baseUrl: string;
  head: string;
  site: SiteConfig;
  context: ServerContext;
  server: BourseServer;
  dataDir: string;
  databaseUrl?: string;
  tokenSecret: string;
  /** Notices the server printed (the first-operator message). */
  announcements: string[];
  /** Errors that became 500 responses; a test run expects none. */
  unexpectedErrors: unknown[];
  /** URL of a kernel or plugin API path under /api/{head}. */
  api(path: string): string;
  mintToken(kind: Principal['kind'], id: string): string;
  /** Stops the server; keepData leaves the data dir / database for a restart. */
  close(options?: { keepData?: boolean }): Promise<void>;
  /** Removes the data dir and drops the PostgreSQL database. */
  dropData(): Promise<void>;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dialect = options.dialect ?? 'sqlite';
  const dataDir = options.reuse?.dataDir ?? (await mkdtemp(join(tmpdir(), 'bourse-api-')));
  let database: { url: string; drop(): Promise<void> } | undefined;
  let databaseUrl = options.reuse?.databaseUrl;
  if (dialect === 'postgres' && !databaseUrl) {
    database = await createPostgresDatabase();
    databaseUrl = database.url;
  }
  const cleanup =
    options.reuse?.dropData ??
    (async () => {
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    });
  const site: SiteConfig = { ...defaultSite, plugins: [], ...options.site };
  const extraPlugins = [...(options.extraPlugins ?? [])];
  const selected = [...site.plugins, ...(options.consoleSite?.plugins ?? [])];
  if (selected.includes('identity') && !extraPlugins.some((plugin) => plugin.manifest.id === 'identity')) extraPlugins.push(testIdentityPlugin());
  const tokenSecret = options.tokenSecret ?? randomBytes(32).toString('hex');
  const announcements: string[] = [];
  const unexpectedErrors: unknown[] = [];
  let server: BourseServer;
  try {
    server = await createServer({
      site,
      consoleSite: options.consoleSite,
      dataDir,
      databaseUrl,
      port: 0,
      host: '127.0.0.1',
      tokenSecret,
      now: options.now,
      logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
      distDir: options.distDir ?? join(dataDir, 'no-dist'),
      extraPlugins,
      operatorPassword: options.operatorPassword === null ? undefined : (options.operatorPassword ?? TEST_OPERATOR_PASSWORD),
      passwordHashing: TEST_PASSWORD_HASHING,
      announce: (text) => announcements.push(text),
      onUnexpectedError: (error) => unexpectedErrors.push(error),
      // lets tests act from several client IPs through X-Forwarded-For
      trustProxy: true,
    });
  } catch (error) {
    // a failed restart leaves the reused data to its owner
    if (!options.reuse) await cleanup();
    throw error;
  }
  const baseUrl = await server.listen();
  const head = site.api.head;
  return {
    baseUrl,
    head,
    site,
    context: server.context,
    server,
    dataDir,
    databaseUrl,
    tokenSecret,
    announcements,
    unexpectedErrors,
    api: (path) => `${baseUrl}/api/${head}${path}`,
    mintToken: (kind, id) => issueAccessToken({ kind, id }, tokenSecret, { nowSeconds: Math.floor(Date.now() / 1000) }).token,
    dropData: cleanup,
    async close(closeOptions) {
      await server.close();
      if (!closeOptions?.keepData) await cleanup();
    },
  };
}

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** fetch that parses the JSON body (the envelope). */
export async function fetchJson<T = any>(url: string, init?: RequestInit): Promise<JsonResponse<T>> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text for the assertion message
  }
  return { status: response.status, headers: response.headers, body };
}
