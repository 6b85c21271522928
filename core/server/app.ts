import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { PluginManifest, Principal, ServerContext, RouteDefinition, ServerPlugin, ServerRegistrar, SiteConfig } from '../plugin-api';
import { createAuditLog } from './audit';
import { RevokedSessions } from './auth/revoked-sessions';
import { ServiceRegistry } from './plugins/services';
import { UploadStore } from './cgform/upload-store';
import { createTokenVerifier, issueAccessToken } from './auth/tokens';
import { parseFormBody, serializeRequest } from './http/log-redaction';
import { seedForms } from './cgform/seed';
import { FORM_SEEDS } from './cgform/seed-data';
import { cgformReadRoutes } from './cgform/routes';
import { CgformStore } from './cgform/store';
import { registerUploadRoutes } from './cgform/upload';
import { configRoutes } from './config/routes';
import { OperatorAccess } from './console/access';
import { consoleRoutes } from './console/routes';
import { DEFAULT_PASSWORD_HASHING, ensureFirstOperator, type PasswordHashing } from './console/operators';
import { openDatabase } from './db/connect';
import { CORE_MIGRATIONS } from './db/core-migrations';
import { runMigrations } from './db/migrate';
import { registerBootGraphql } from './graphql/boot';
import { describeError, errorEnvelopeOf } from './http/envelope';
import { installRequestContext, requestTranslator } from './http/request-context';
import { HandlersInFlight } from './http/in-flight';
import { DebugRequestLog } from './http/request-log';
import { mountRoute } from './http/routes';
import { installValidation } from './http/validation';
import { createTranslator, DEFAULT_LOCALES_DIR } from './i18n/translator';
import { loadPlugins, type LoadedPlugin } from './plugins/host';
import { createRealtimeBroker, type RealtimeBroker } from './realtime/index';
import { REPO_ROOT } from './site-config-loader';
import { registerStaticSites } from './static/serve';

/** How long closing waits for route handlers still running before it closes the plugins anyway. */
const HANDLERS_CLOSE_LIMIT_MS = 10_000;

export interface CreateServerOptions {
  site: SiteConfig;
  /** The operator console, served at its basePath when built; its plugins load too. */
  consoleSite?: SiteConfig;
  dataDir: string;
  /** postgres://… selects PostgreSQL; otherwise SQLite at <dataDir>/bourse.sqlite. */
  databaseUrl?: string;
  port?: number;
  host?: string;
  tokenSecret: string;
  now?: () => Date;
  /** pino level: 'info', 'warn', 'silent' … */
  logLevel?: string;
  /** Holds <site.name>/ folders; default <repo>/dist. */
  distDir?: string;
  /** Holds <id>/plugin.ts; default <repo>/plugins. */
  pluginsDir?: string;
  localesDir?: string;
  /** Plugins given in code (tests); loaded besides the selected ones. */
  extraPlugins?: Array<{ manifest: PluginManifest; server?: ServerPlugin }>;
  /** Password of the first operator; random when not set. */
  operatorPassword?: string;
  passwordHashing?: PasswordHashing;
  /** Where the one-time first-operator notice goes (default: stdout). */
  announce?: (text: string) => void;
  /** Largest JSON body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Behind a reverse proxy: trust X-Forwarded-For for the client IP (fastify's trustProxy). */
  trustProxy?: boolean | string;
  /** Called with every error that became a 500 (tests assert that bad input never gets here). */
  onUnexpectedError?: (error: unknown) => void;
}

export interface BourseServer {
  app: FastifyInstance;
  context: ServerContext;
  plugins: LoadedPlugin[];
  /** The routes the kernel and the plugins mounted, in mounting order (full paths are under /api/{head} unless they start with /api/). */
  routes: readonly RouteDefinition[];
  /** Starts listening; resolves with the base URL (http://host:port). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** Builds the whole server: database and migrations, seeds, kernel routes, plugins, realtime, static sites. */
export async function createServer(options: CreateServerOptions): Promise<BourseServer> {
  const now = options.now ?? (() => new Date());
  const hashing = options.passwordHashing ?? DEFAULT_PASSWORD_HASHING;
  const sites = options.consoleSite && options.consoleSite.name !== options.site.name ? [options.site, options.consoleSite] : [options.site];
  const head = options.site.api.head;
  const translate = createTranslator(options.localesDir ?? DEFAULT_LOCALES_DIR);

  const plugins = await loadPlugins({
    selected: sites.flatMap((site) => site.plugins),
    pluginsDir: options.pluginsDir ?? join(REPO_ROOT, 'plugins'),
    extra: options.extraPlugins,
  });

  const database = openDatabase({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    // called only after queries have run, when the app below exists
    onIdleError: (error) => app.log.warn({ error: error.message }, 'database: an idle connection ended'),
  });
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info', serializers: { req: serializeRequest } },
    logController: new DebugRequestLog(),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    forceCloseConnections: true,
    trustProxy: options.trustProxy ?? false,
  });
  let broker: RealtimeBroker | undefined;
  const closers: Array<() => Promise<void>> = [];
  const inFlight = new HandlersInFlight();
  const closeAll = async () => {
    const errors: unknown[] = [];
    const steps = [async () => broker?.close(), () => app.close(), () => inFlight.settled(HANDLERS_CLOSE_LIMIT_MS), ...closers.reverse(), () => database.close()];
    for (const step of steps) {
      try {
        await step();
      } catch (error) {
        errors.push(error);
      }
    }
    closers.length = 0;
    if (errors.length > 0) throw errors[0];
  };

  try {
    const log: ServerContext['log'] = {
      info: (message, extra) => app.log.info(extra ?? {}, message),
      warn: (message, extra) => app.log.warn(extra ?? {}, message),
      error: (message, extra) => app.log.error(extra ?? {}, message),
    };
    const audit = createAuditLog(database.db, now);
    const nowSeconds = () => Math.floor(now().getTime() / 1000);
    const services = new ServiceRegistry();
    const revokedSessions = new RevokedSessions(database.db, nowSeconds);
    const verifySignedToken = createTokenVerifier(options.tokenSecret);
    const verifyToken = (token: string | undefined): Principal | null => revokedSessions.admit(verifySignedToken(token, nowSeconds()));
    let listeningUrl: string | undefined;
    const context: ServerContext = {
      db: database.db,
      dialect: database.dialect,
      site: options.site,
      realtime: { publish: (topic, payload, publishOptions) => broker?.publish(topic, payload, publishOptions) },
      audit: { record: audit.record },
      log,
      now,
      dataDir: options.dataDir,
      databaseUrl: options.databaseUrl,
      listeningUrl: () => listeningUrl,
      issueAccessToken: (principal, tokenOptions) =>
        issueAccessToken(principal, options.tokenSecret, { nowSeconds: nowSeconds(), lifetimeSeconds: tokenOptions?.lifetimeSeconds }),
      sessions: { revoke: (sessionId, expiresAt) => revokedSessions.revoke(sessionId, expiresAt) },
      use: (name) => services.use(name),
      uploads: new UploadStore(database.db, options.dataDir),
    };

    const migrated = await runMigrations(database.db, database.dialect, [
      { owner: 'core', migrations: CORE_MIGRATIONS },
      ...plugins.filter((plugin) => plugin.server).map((plugin) => ({ owner: plugin.manifest.id, migrations: plugin.server!.migrations ?? [] })),
    ], now);
    if (migrated.applied.length > 0) log.info(`applied migrations: ${migrated.applied.join(', ')}`);
    await revokedSessions.load();

    const store = new CgformStore(database.db, database.dialect, now);
    await seedForms(database.db, store, FORM_SEEDS);
    const firstOperator = await ensureFirstOperator(database.db, { password: options.operatorPassword, hashing, now });
    for (const plugin of plugins) await plugin.server?.seed?.(context);

    installRequestContext(app, { verify: verifyToken, siteLanguage: options.site.language });
    installValidation(app);
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
      (request as { rawBody?: string }).rawBody = body as string;
      done(null, parseFormBody(body as string));
    });
    // Binance clients send "Content-Type: application/json" with an empty body on signed /api/v3 calls (the
    // parameters travel in the query string); Binance reads that as no body, and so does this server.
    app.addHook('onRequest', (request, _reply, done) => {
      const empty = (request.headers['content-length'] ?? '0') === '0' && !request.headers['transfer-encoding'];
      if (empty && request.url.startsWith('/api/v3/')) delete request.headers['content-type'];
      done();
    });
    app.setErrorHandler((error, request, reply) => {
      const description = describeError(error);
      if (description.unexpected) {
        request.log.error({ err: error }, 'request failed unexpectedly');
        options.onUnexpectedError?.(error);
      }
      const status = description.status >= 400 && description.status <= 599 ? description.status : 500;
      return reply.code(status).send(errorEnvelopeOf(description, requestTranslator(request, translate)));
    });
    let historyFallback: Awaited<ReturnType<typeof registerStaticSites>> | undefined;
    app.setNotFoundHandler(async (request, reply) => {
      if (historyFallback && (await historyFallback(request, reply))) return reply;
      return reply.code(404).send(errorEnvelopeOf({ status: 404, msgKey: 'errors.notFound' }, requestTranslator(request, translate)));
    });
    // answers compressed when asked and worth it; request bodies are taken as sent (no client here compresses them,
    // and a decompression hook would run on every request)
    await app.register(fastifyCompress, { global: true, globalDecompression: false, threshold: 1024 });

    const operatorAccess = new OperatorAccess(database.db, now);
    const routes: RouteDefinition[] = [];
    const mount = (definition: RouteDefinition, owner = 'core') => {
      try {
        mountRoute(app, head, translate, definition, (principal, route) => operatorAccess.check(principal, route), inFlight);
        routes.push(definition);
      } catch (error) {
        throw new Error(`${owner}: cannot mount ${definition.method} ${definition.path}: ${(error as Error).message}`, { cause: error });
      }
    };
    mount({ method: 'GET', path: '/api/health', handler: () => ({ status: 'ok' }) });
    for (const route of [...cgformReadRoutes(store), ...configRoutes(store)]) mount(route);
    const consoleIssuer = `${options.site.title} Console`;
    for (const route of consoleRoutes({ db: database.db, audit, access: operatorAccess, tokenSecret: options.tokenSecret, hashing, issuer: consoleIssuer, now, store, sites, sessions: context.sessions })) {
      mount(route);
    }
    await registerUploadRoutes(app, { head, db: database.db, dataDir: options.dataDir, now });
    await registerBootGraphql(app, { store, sites, now });

    broker = createRealtimeBroker({ server: app.server, verifyToken, log });
    const realtime = broker;

    for (const plugin of plugins) {
      const server = plugin.server;
      if (!server) continue;
      const registrar: ServerRegistrar = {
        context,
        route: (definition) => mount(definition, `plugin "${server.id}"`),
        topicAccess: (prefix, allow) => realtime.topicAccess(prefix, allow),
        provide: (name, service) => services.provide(name, service, server.id),
      };
      await server.register(registrar);
      if (server.close) closers.push(() => server.close!());
    }

    historyFallback = await registerStaticSites(app, options.distDir ?? join(REPO_ROOT, 'dist'), sites);
    await app.ready();
    for (const plugin of plugins) await plugin.server?.bootstrap?.(context);

    const announce = options.announce ?? ((text: string) => process.stdout.write(`${text}\n`));
    return {
      app,
      context,
      plugins,
      routes,
      async listen() {
        const address = await app.listen({ port: options.port ?? 8080, host: options.host ?? '127.0.0.1' });
        const origin = address.replace('[::1]', 'localhost');
        // a wildcard address is reached through the loopback
        listeningUrl = origin.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//localhost:');
        if (firstOperator) {
          const consolePath = options.consoleSite?.basePath ?? '/console/';
          announce(
            [
              'First start: an operator account was created.',
              `  Sign in to the console at ${origin}${consolePath}`,
              `  username: ${firstOperator.username}`,
              firstOperator.generated ? `  password: ${firstOperator.password}` : '  password: the value of OPERATOR_PASSWORD',
              '  Change it after signing in. This notice is shown only once.',
            ].join('\n'),
          );
        }
        return origin;
      },
      close: closeAll,
    };
  } catch (error) {
    await closeAll().catch(() => undefined);
    throw error;
  }
}
