import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteConfig } from '../core/plugin-api';
import { loadSiteConfig } from '../core/server/site-config-loader';

const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));

const SKIPPED_DIRS = new Set(['node_modules', '.generated', 'dist', '__fixtures__']);
/** A plugin's server part never reaches the browser bundle. */
const PLUGIN_SERVER_DIR = /^plugins[\\/][^\\/]+[\\/]server$/;
const TEST_FILE = /\.test\.(ts|tsx)$/;

function collect(root: string, path: string, out: string[]): void {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return;
  if (!statSync(absolute).isDirectory()) {
    if (!TEST_FILE.test(path)) out.push(path);
    return;
  }
  for (const entry of readdirSync(absolute, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory() && (SKIPPED_DIRS.has(entry.name) || PLUGIN_SERVER_DIR.test(child))) continue;
    collect(root, child, out);
  }
}

/**
 * The files a site's web build reads, relative to the root: the shell and the contracts, the selected
 * plugins (without their server/ part), every plugin's shared/ (plugins may import another's), the
 * site config, locales, schemas, the build scripts and the dependency lock. Tests are left out.
 */
export function siteSourceFiles(root: string, siteName: string, pluginIds: string[]): string[] {
  const files: string[] = [];
  const pluginsDir = join(root, 'plugins');
  const allPlugins = existsSync(pluginsDir) ? readdirSync(pluginsDir) : [];
  const roots = [
    'core/web',
    'core/plugin-api',
    'core/shared',
    ...pluginIds.map((id) => `plugins/${id}`),
    ...allPlugins.filter((id) => !pluginIds.includes(id)).map((id) => `plugins/${id}/shared`),
    `site-configs/${siteName}.ts`,
    'locales',
    'schemas',
    'scripts',
    'rspack.config.ts',
    'package.json',
    'package-lock.json',
  ];
  for (const path of roots) collect(root, path, files);
  return [...new Set(files.map((file) => file.split(sep).join(posix.sep)))].sort();
}

/** SHA-256 over the names and contents of the given files. */
export function hashFiles(root: string, files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file).update('\0');
    hash.update(createHash('sha256').update(readFileSync(join(root, file))).digest()).update('\n');
  }
  return hash.digest('hex');
}

/**
 * Hash of the sources that go into a site's web build; dist/<site>/build-info.json records it, so a
 * different value means the build is out of date.
 */
export async function sourceHash(site: string | Pick<SiteConfig, 'name' | 'plugins'>, root: string = PROJECT_ROOT): Promise<string> {
  const config = typeof site === 'string' ? await loadSiteConfig(site, join(root, 'site-configs')) : site;
  return hashFiles(root, siteSourceFiles(root, config.name, config.plugins));
}
