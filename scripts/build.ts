// The web build: one rspack production build per site config, with a size report and budget.
// npx tsx scripts/build.ts [--site <name> | --all] [--budget-kb <n>]   (site also from SITE; default "default")
import { realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rspack, type Configuration, type Stats } from '@rspack/core';
import { createRspackConfig } from '../rspack.config';
import {
  checkBudget,
  findRouteChunks,
  formatBytes,
  formatChunkTable,
  INITIAL_JS_BUDGET_KB,
  measureFiles,
  type ChunkSize,
  type StatsChunk,
} from './bundle-report';
import { SiteBuildError } from './generate-site-entry';
import { precompressDir } from './precompress';
import { listSiteNames, prepareSite, runFormCompiler } from './prepare-site';
import { sourceHash } from './source-hash';

export { sourceHash } from './source-hash';

const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** dist/<site>/build-info.json */
export interface BuildInfo {
  site: string;
  /** Plugin ids in load order. */
  plugins: string[];
  builtAt: string;
  sourceHash: string;
  initialJsGzipBytes: number;
  routeChunks: ChunkSize[];
}

export interface BuildArgs {
  /** Site names, or "all" for every site config. */
  sites: string[] | 'all';
  budgetKb: number;
}

const USAGE = 'usage: tsx scripts/build.ts [--site <name> | --all] [--budget-kb <n>]';

export function parseBuildArgs(argv: string[], env: Record<string, string | undefined> = process.env): BuildArgs {
  let site: string | undefined;
  let all = false;
  let budgetKb = INITIAL_JS_BUDGET_KB;
  for (let index = 0; index < argv.length; index += 1) {
    const [flag, inline] = argv[index].split(/=(.*)/s, 2);
    const value = () => {
      const next = inline ?? argv[++index];
      if (next === undefined || next.startsWith('--')) throw new SiteBuildError(`${flag} needs a value\n${USAGE}`);
      return next;
    };
    if (flag === '--site') site = value();
    else if (flag === '--all') all = true;
    else if (flag === '--budget-kb') {
      const text = value();
      budgetKb = Number(text);
      if (!/^\d+(\.\d+)?$/.test(text) || budgetKb <= 0) throw new SiteBuildError(`--budget-kb must be a positive number, got "${text}"`);
    } else throw new SiteBuildError(`unknown argument "${argv[index]}"\n${USAGE}`);
  }
  if (all && site) throw new SiteBuildError(`--site and --all exclude each other\n${USAGE}`);
  return { sites: all ? 'all' : [site ?? env.SITE ?? 'default'], budgetKb };
}

function runRspack(config: Configuration): Promise<Stats> {
  const compiler = rspack(config);
  return new Promise((resolvePromise, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) reject(error);
        else resolvePromise(stats!);
      });
    });
  });
}

export interface BuildSiteOptions {
  root?: string;
  outDir?: string;
  budgetKb?: number;
  log?: (line: string) => void;
}

/** Builds one site into dist/<name>/; throws on a compile error or when the initial JS is over budget. */
export async function buildSite(name: string, options: BuildSiteOptions = {}): Promise<BuildInfo> {
  const root = resolve(options.root ?? PROJECT_ROOT);
  const log = options.log ?? console.log;
  const started = Date.now();
  const { site, plugins, entryFile } = await prepareSite(root, name);
  const outDir = options.outDir ?? join(root, 'dist', site.name);
  const hash = await sourceHash(site, root);
  log(`\n== ${site.name}: plugins ${plugins.map((plugin) => plugin.id).join(', ')}`);

  const stats = await runRspack(createRspackConfig({ site, entryFile, mode: 'production', root, outDir }));
  const json = stats.toJson({ all: false, errors: true, warnings: true, chunks: true, chunkOrigins: true, entrypoints: true, assets: true });
  for (const warning of json.warnings ?? []) log(`warning: ${warning.message}`);
  if (stats.hasErrors()) {
    const errors = (json.errors ?? []).map((error) => error.message).join('\n\n');
    throw new SiteBuildError(`${site.name}: the bundle failed:\n${errors}`);
  }

  const routeChunks = findRouteChunks((json.chunks ?? []) as StatsChunk[], realpathSync(root)).map((chunk) => ({
    name: chunk.name,
    ...measureFiles(outDir, chunk.files),
  }));
  const initialFiles = (json.entrypoints?.main?.assets ?? []).map((asset) => asset.name).filter((file) => file.endsWith('.js'));
  const initial = measureFiles(outDir, initialFiles);
  log('route chunks:');
  log(formatChunkTable(routeChunks));
  log(`initial JS of the home page: ${formatBytes(initial.bytes)} (gz ${formatBytes(initial.gzipBytes)}) in ${initialFiles.length} files`);

  const budget = checkBudget(initial.gzipBytes, options.budgetKb ?? INITIAL_JS_BUDGET_KB);
  if (!budget.ok) {
    // No build-info.json: a build over budget must not count as up to date.
    rmSync(join(outDir, 'build-info.json'), { force: true });
    throw new SiteBuildError(`${site.name}: ${budget.message}`);
  }
  log(budget.message);

  const info: BuildInfo = {
    site: site.name,
    plugins: plugins.map((plugin) => plugin.id),
    builtAt: new Date().toISOString(),
    sourceHash: hash,
    initialJsGzipBytes: initial.gzipBytes,
    routeChunks,
  };
  writeFileSync(join(outDir, 'build-info.json'), `${JSON.stringify(info, null, 2)}\n`);
  const compressed = precompressDir(outDir);
  log(`${site.name}: ${compressed} files precompressed (.gz, .br); built in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${outDir}`);
  return info;
}

async function main(): Promise<void> {
  const args = parseBuildArgs(process.argv.slice(2));
  const names = args.sites === 'all' ? listSiteNames(PROJECT_ROOT) : args.sites;
  runFormCompiler(PROJECT_ROOT);
  const failures: string[] = [];
  for (const name of names) {
    try {
      await buildSite(name, { budgetKb: args.budgetKb });
    } catch (error) {
      if (!(error instanceof SiteBuildError)) throw error;
      console.error(`\nerror: ${error.message}`);
      failures.push(name);
    }
  }
  if (failures.length > 0) {
    console.error(`\nbuild failed for: ${failures.join(', ')}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  main().catch((error: unknown) => {
    console.error(error instanceof SiteBuildError ? `error: ${error.message}` : error);
    process.exitCode = 1;
  });
}
