import { resolve } from 'node:path';

/** Process settings from the environment and the command line (see main.ts). */
export interface Settings {
  port: number;
  host: string;
  site: string;
  consoleSite: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  tokenSecret: string | undefined;
  operatorPassword: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  buildIfNeeded: boolean;
}

export function readSettings(env: NodeJS.ProcessEnv, argv: string[]): Settings {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const consoleSite = env.CONSOLE_SITE ?? 'console';
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    site: env.SITE ?? 'default',
    // CONSOLE_SITE="" or "none" serves no console
    consoleSite: consoleSite === '' || consoleSite === 'none' ? undefined : consoleSite,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    tokenSecret: env.TOKEN_SECRET || undefined,
    operatorPassword: env.OPERATOR_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    buildIfNeeded: argv.includes('--build-if-needed'),
  };
}
