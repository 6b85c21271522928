import type { Kysely } from 'kysely';
import type { Language } from '../shared/constants';
import type { SiteConfig } from './site-config';

export type Dialect = 'sqlite' | 'postgres';
export type JsonSchema = Record<string, unknown>;

export interface Migration {
  /** Unique within the plugin; applied once, in array order, recorded as "<pluginId>:<name>". */
  name: string;
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

/** Who made the request, once the kernel has checked the Blade-Auth token. */
export interface Principal {
  kind: 'user' | 'operator';
  /** Internal id of the member or operator. */
  id: string;
  /** Token family / device, for revocation. */
  sessionId?: string;
}

export interface ApiRequest<Q = any, B = any, P = any> {
  query: Q;
  body: B;
  params: P;
  /** The query string as sent, without "?" ("" when none): what request signatures cover. */
  rawQuery: string;
  /** An application/x-www-form-urlencoded body as sent; "" for other bodies. */
  rawBody: string;
  /** Present when the route requires it (auth: 'user' | 'operator') or a valid token came along. */
  principal: Principal | null;
  /** The user's language from the mj-lang header (falls back to the site default). */
  language: Language;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
  /** Translates a key of the core or a plugin namespace ("ns:key") into the request language. */
  t(key: string, params?: Record<string, unknown>): string;
}

export interface RouteDefinition<Q = any, B = any, P = any, R = unknown> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under /api/{head} (e.g. "/coin/open/getSpotSymbols"); a path starting with "/api/" is taken as is. */
  path: string;
  auth?: 'public' | 'user' | 'operator';
  /**
   * For operator routes: a permission of the console catalogue (console-permissions.ts). The kernel checks the
   * operator's current role and answers 403 without it.
   */
  permission?: string;
  /** JSON Schemas (from schemas/) the kernel validates with; a mismatch is a 400 envelope naming the field. */
  schema?: { querystring?: JsonSchema; body?: JsonSchema; params?: JsonSchema };
  /** Returns the envelope's data (or a FileResult / RawJsonResult); throw ApiError (core/shared) for a 4xx envelope. */
  handler(request: ApiRequest<Q, B, P>): Promise<R> | R;
}

/** A file download: the handler returns the bytes and the kernel sets the headers. */
export interface FileResult {
  kind: 'file';
  fileName: string;
  contentType: string;
  body: Buffer | string;
}

/**
 * A JSON answer sent as is, outside the envelope (e.g. the OAuth token grant, whose shape clients expect).
 * Sent with `Cache-Control: no-store`.
 */
export interface RawJsonResult {
  kind: 'raw-json';
  body: unknown;
  /** HTTP status; default 200. */
  status?: number;
}

export interface RealtimePublisher {
  /**
   * Publishes a JSON payload. Market topics pass `conflate` so at most ~10 updates/s leave per topic;
   * every message carries a per-topic sequence number `seq`.
   */
  publish(topic: string, payload: unknown, options?: { conflate?: boolean }): void;
}

export interface AuditEntry {
  operatorId: string;
  action: string;
  target?: string;
  before?: unknown;
  after?: unknown;
  ip?: string;
}

/** A file someone uploaded through POST /cgform-api/upload/file (type checked by its bytes). */
export interface StoredUpload {
  id: string;
  mime: string;
  bytes: Buffer;
}

export interface ServerContext {
  db: Kysely<any>;
  dialect: Dialect;
  site: SiteConfig;
  realtime: RealtimePublisher;
  audit: { record(entry: AuditEntry): Promise<void> };
  log: { info(message: string, extra?: object): void; warn(message: string, extra?: object): void; error(message: string, extra?: object): void };
  /** Wall-clock time; tests may replace it. */
  now(): Date;
  /** Data directory (uploads, SQLite file). */
  dataDir: string;
  /** The PostgreSQL URL the site runs on (undefined: the SQLite file in dataDir), for a worker thread's own connection. */
  databaseUrl?: string;
  /** The server's own base URL (http://127.0.0.1:8080) once it listens, for clients inside the process; undefined before. */
  listeningUrl(): string | undefined;
  /** Signs an access token for the principal with the server's secret (lifetime default: 7 days). */
  issueAccessToken(principal: Principal, options?: { lifetimeSeconds?: number }): { token: string; claims: { iat: number; exp: number; sid: string } };
  /** Ends a session (token family) now: its access tokens stop working on every request and realtime connect. */
  sessions: { revoke(sessionId: string, expiresAt: Date): Promise<void> };
  /**
   * Uploads a plugin takes over (e.g. KYC images): read one of the owner's, then discard it from the public
   * upload area once the plugin has stored its own copy.
   */
  uploads: {
    read(owner: Principal, uploadId: string): Promise<StoredUpload | null>;
    discard(uploadIds: string[]): Promise<void>;
  };
  /**
   * A service another plugin provided (registrar.provide). Its type lives in the provider's shared/ folder.
   * Services are provided during register, in dependency order: list the provider in dependsOn.
   */
  use<T>(name: string): T;
}

/** What a server plugin uses while registering. */
export interface ServerRegistrar {
  readonly context: ServerContext;
  route<Q = any, B = any, P = any, R = unknown>(definition: RouteDefinition<Q, B, P, R>): void;
  /** Offers a service to the plugins that depend on this one (context.use(name)); a name is provided once. */
  provide(name: string, service: unknown): void;
  /** A subscribe rule for private topics: return true when the principal may read the topic. */
  topicAccess(prefix: string, allow: (principal: Principal | null, topic: string) => boolean | Promise<boolean>): void;
}

export interface ServerPlugin {
  id: string;
  migrations?: Migration[];
  /** Runs after migrations on every start; must be idempotent (insert what is missing). */
  seed?(context: ServerContext): Promise<void>;
  register(registrar: ServerRegistrar): void | Promise<void>;
  bootstrap?(context: ServerContext): Promise<void>;
  close?(): Promise<void>;
}

export function defineServerPlugin(plugin: ServerPlugin): ServerPlugin {
  return plugin;
}
