import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteConfig } from '../core/plugin-api';
import { loadSiteConfig } from '../core/server/site-config-loader';
import { resolveSitePlugins, SiteBuildError, writeSiteEntry, type SitePlugin } from './generate-site-entry';

export interface PreparedSite {
  site: SiteConfig;
  plugins: SitePlugin[];
  /** .generated/sites/<site>/entry.tsx */
  entryFile: string;
}

/** Site names: every site-configs/*.ts except tests and declaration files. */
export function listSiteNames(root: string): string[] {
  return readdirSync(join(root, 'site-configs'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}

/** Loads and validates the site config, checks its plugins and writes the generated entry. */
export async function prepareSite(root: string, name: string): Promise<PreparedSite> {
  let site: SiteConfig;
  try {
    site = await loadSiteConfig(name, join(root, 'site-configs'));
  } catch (error) {
    throw new SiteBuildError((error as Error).message, { cause: error });
  }
  const plugins = await resolveSitePlugins(root, name, site.plugins);
  return { site, plugins, entryFile: writeSiteEntry(root, name, plugins) };
}

/** Generates .generated/forms/ (precompiled form validators) when the project has the form compiler. */
export function runFormCompiler(root: string, log: (line: string) => void = console.log): void {
  const script = join(root, 'scripts', 'compile-forms.ts');
  if (!existsSync(script)) {
    log('warning: scripts/compile-forms.ts does not exist; forms are not compiled');
    return;
  }
  // Same as `npx tsx scripts/compile-forms.ts`, without npx's start-up.
  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
  const result = spawnSync(process.execPath, [tsxCli, script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new SiteBuildError(`scripts/compile-forms.ts failed (exit ${result.status ?? result.signal})`);
}
