import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, posix, relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The home page's initial JavaScript may not exceed this (gzip, KiB). */
export const INITIAL_JS_BUDGET_KB = 250;

export interface ChunkSize {
  name: string;
  bytes: number;
  gzipBytes: number;
}

/** The parts of an rspack stats chunk the report reads. */
export interface StatsChunk {
  initial: boolean;
  files?: string[];
  origins?: { moduleIdentifier?: string; moduleName?: string; request?: string }[];
}

export interface RouteChunk {
  /** The page file relative to plugins/, e.g. "home/web/HomePage.tsx". */
  name: string;
  /** JS of every async chunk the page's import loads (the page chunk and the vendor chunks split off it). */
  files: string[];
}

const SOURCE_EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether `source` loads `request` as a route page: `page: () => import('<request>')`. */
export function isRoutePageImport(source: string, request: string): boolean {
  const pattern = new RegExp(
    `\\bpage\\s*:\\s*(?:async\\s*)?\\(\\s*\\)\\s*=>\\s*import\\(\\s*(?:/\\*[^]*?\\*/\\s*)?(['"\`])${escapeRegExp(request)}\\1`,
  );
  return pattern.test(source);
}

/** The origin module's file: rspack identifiers may carry loader prefixes ("builtin:swc-loader??...!/abs/file.ts"). */
export function originFile(identifier: string): string {
  const file = identifier.slice(identifier.lastIndexOf('!') + 1);
  const query = file.search(/[?#]/);
  return query === -1 ? file : file.slice(0, query);
}

/** Resolves a relative import to its source file, trying the extensions the build resolves. */
export function resolveSourceRequest(fromFile: string, request: string, exists: (file: string) => boolean = existsSync): string | null {
  if (!request.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), request);
  for (const extension of SOURCE_EXTENSIONS) {
    if (exists(base + extension) && (extension !== '' || extname(base) !== '')) return base + extension;
  }
  return null;
}

/**
 * Finds the async chunks that a plugin route loads with `page: () => import(...)`, one entry per page:
 * chunks split off a page share its origin, so they count towards it.
 */
export function findRouteChunks(
  chunks: StatsChunk[],
  root: string,
  io: { readSource: (file: string) => string; exists: (file: string) => boolean } = {
    readSource: (file) => readFileSync(file, 'utf8'),
    exists: existsSync,
  },
): RouteChunk[] {
  const pluginsDir = join(root, 'plugins');
  const routes = new Map<string, Set<string>>();
  for (const chunk of chunks) {
    if (chunk.initial) continue;
    for (const origin of chunk.origins ?? []) {
      if (!origin.moduleIdentifier || !origin.request) continue;
      const from = originFile(origin.moduleIdentifier);
      const fromPlugins = relative(pluginsDir, from);
      if (!isAbsolute(from) || fromPlugins.startsWith('..') || isAbsolute(fromPlugins)) continue;
      if (!fromPlugins.split(sep).includes('web')) continue;
      if (!isRoutePageImport(io.readSource(from), origin.request)) continue;
      const target = resolveSourceRequest(from, origin.request, io.exists) ?? resolve(dirname(from), origin.request);
      const name = relative(pluginsDir, target).split(sep).join(posix.sep);
      const files = routes.get(name) ?? new Set<string>();
      for (const file of chunk.files ?? []) if (file.endsWith('.js')) files.add(file);
      routes.set(name, files);
    }
  }
  return [...routes]
    .map(([name, files]) => ({ name, files: [...files].sort() }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function gzipSize(content: Buffer | string): number {
  return gzipSync(content, { level: 9 }).length;
}

/** Raw and gzip size of files under `dir` (each file gzipped on its own, as the server sends it). */
export function measureFiles(dir: string, files: string[]): { bytes: number; gzipBytes: number } {
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = readFileSync(join(dir, file));
    bytes += content.length;
    gzipBytes += gzipSize(content);
  }
  return { bytes, gzipBytes };
}

/** "12.3 KB" (KiB, one decimal); bytes below 1 KiB as "512 B". */
export function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** One line per route chunk, names padded to one column: "home/web/HomePage.tsx  12.3 KB (gz 4.1 KB)". */
export function formatChunkTable(rows: ChunkSize[]): string {
  if (rows.length === 0) return '  (no route chunks)';
  const width = Math.max(...rows.map((row) => row.name.length));
  return rows
    .map((row) => `  ${row.name.padEnd(width)}  ${formatBytes(row.bytes).padStart(9)} (gz ${formatBytes(row.gzipBytes)})`)
    .join('\n');
}

export interface BudgetResult {
  ok: boolean;
  message: string;
}

/** Compares the initial JS (gzip bytes) with the budget (KiB). */
export function checkBudget(initialJsGzipBytes: number, budgetKb: number = INITIAL_JS_BUDGET_KB): BudgetResult {
  const limit = budgetKb * 1024;
  const figure = `initial JS ${formatBytes(initialJsGzipBytes)} gzip, budget ${budgetKb} KB`;
  return initialJsGzipBytes <= limit
    ? { ok: true, message: figure }
    : { ok: false, message: `${figure}: over by ${formatBytes(initialJsGzipBytes - limit)}` };
}
