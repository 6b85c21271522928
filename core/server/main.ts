// Process entry: `tsx core/server/main.ts [--build-if-needed]`. Settings come from the environment.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteConfig } from '../plugin-api';
import { createServer } from './app';
import { loadSiteConfig, REPO_ROOT } from './site-config-loader';
import { readSettings } from './settings';
import { resolveTokenSecret } from './token-secret';

const DIST_DIR = join(REPO_ROOT, 'dist');

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolvePromise() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/** The build of a site is current when its build-info records the hash of today's sources. */
async function isBuildCurrent(site: SiteConfig): Promise<boolean> {
  const infoPath = join(DIST_DIR, site.name, 'build-info.json');
  if (!existsSync(infoPath)) return false;
  const { sourceHash } = await import('../../scripts/source-hash');
  return JSON.parse(readFileSync(infoPath, 'utf8')).sourceHash === (await sourceHash(site, REPO_ROOT));
}

async function buildStaleSites(sites: SiteConfig[]): Promise<void> {
  for (const site of sites) {
    if (await isBuildCurrent(site)) continue;
    process.stdout.write(`dist/${site.name} is missing or older than its sources: building it now\n`);
    await run(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts', 'build.ts'), '--site', site.name]);
  }
}

async function main(): Promise<void> {
  const settings = readSettings(process.env, process.argv.slice(2));
  const site = await loadSiteConfig(settings.site);
  const consoleSite = settings.consoleSite ? await loadSiteConfig(settings.consoleSite) : undefined;
  if (settings.buildIfNeeded) await buildStaleSites(consoleSite ? [site, consoleSite] : [site]);

  const server = await createServer({
    site,
    consoleSite,
    dataDir: settings.dataDir,
    databaseUrl: settings.databaseUrl,
    port: settings.port,
    host: settings.host,
    tokenSecret: await resolveTokenSecret(settings.dataDir, settings.tokenSecret),
    logLevel: settings.logLevel,
    distDir: DIST_DIR,
    operatorPassword: settings.operatorPassword,
    trustProxy: settings.trustProxy,
  });
  const url = await server.listen();
  process.stdout.write(`Bourse (${site.name}) is listening on ${url}${site.basePath}\n`);

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    process.stdout.write(`${signal}: closing\n`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`error while closing: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`Bourse failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
