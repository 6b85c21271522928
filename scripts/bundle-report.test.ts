import { describe, expect, it } from 'vitest';
import {
  checkBudget,
  findRouteChunks,
  formatBytes,
  formatChunkTable,
  INITIAL_JS_BUDGET_KB,
  isRoutePageImport,
  originFile,
  type StatsChunk,
} from './bundle-report';

describe('isRoutePageImport', () => {
  it('matches a route page loader and nothing else', () => {
    expect(isRoutePageImport("{ name: 'home', path: '/', page: () => import('./HomePage') }", './HomePage')).toBe(true);
    expect(isRoutePageImport('page: async () =>\n  import(/* webpackChunkName: "x" */ "./pages/List")', './pages/List')).toBe(true);
    expect(isRoutePageImport("component: () => import('./HomePage')", './HomePage')).toBe(false);
    expect(isRoutePageImport("page: () => import('./HomePage2')", './HomePage')).toBe(false);
    expect(isRoutePageImport("locales: (lng) => import(`../locales/${lng}.json`)", '../locales')).toBe(false);
  });
});

describe('originFile', () => {
  it('strips loader prefixes and queries from a module identifier', () => {
    expect(originFile('builtin:swc-loader??ruleSet[1].rules[0]!/repo/plugins/home/web/index.ts')).toBe('/repo/plugins/home/web/index.ts');
    expect(originFile('/repo/plugins/home/web/index.ts?raw')).toBe('/repo/plugins/home/web/index.ts');
  });
});

describe('findRouteChunks', () => {
  const root = '/repo';
  const sources: Record<string, string> = {
    '/repo/plugins/home/web/index.ts':
      "export default { routes: [{ name: 'home', path: '/', page: () => import('./HomePage') }], components: [{ component: () => import('./Hero') }] };",
    '/repo/core/web/router.ts': "const page = () => import('./NotFound');",
  };
  const files = new Set(['/repo/plugins/home/web/HomePage.tsx', '/repo/plugins/home/web/Hero.tsx', '/repo/core/web/NotFound.tsx']);
  const io = { readSource: (file: string) => sources[file] ?? '', exists: (file: string) => files.has(file) };
  const origin = (file: string, request: string) => ({ moduleIdentifier: `builtin:swc-loader!${file}`, request });

  it('collects the async chunks a plugin page loader imports under the page, named by plugin and file', () => {
    const chunks: StatsChunk[] = [
      { initial: true, files: ['assets/main.1.js'], origins: [] },
      { initial: false, files: ['assets/10.abc.js', 'assets/10.abc.css'], origins: [origin('/repo/plugins/home/web/index.ts', './HomePage')] },
      { initial: false, files: ['assets/11.def.js'], origins: [origin('/repo/plugins/home/web/index.ts', './Hero')] },
      { initial: false, files: ['assets/12.ghi.js'], origins: [origin('/repo/core/web/router.ts', './NotFound')] },
      { initial: false, files: ['assets/09.vendor.js'], origins: [origin('/repo/plugins/home/web/index.ts', './HomePage')] },
    ];
    expect(findRouteChunks(chunks, root, io)).toEqual([
      { name: 'home/web/HomePage.tsx', files: ['assets/09.vendor.js', 'assets/10.abc.js'] },
    ]);
  });
});

describe('size formatting and budget', () => {
  it('formats bytes in KB with one decimal', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(12595)).toBe('12.3 KB');
  });

  it('prints one aligned row per route chunk', () => {
    const table = formatChunkTable([
      { name: 'home/web/HomePage.tsx', bytes: 12595, gzipBytes: 4198 },
      { name: 'markets/web/MarketsPage.tsx', bytes: 40960, gzipBytes: 10240 },
    ]);
    expect(table.split('\n')).toEqual([
      '  home/web/HomePage.tsx          12.3 KB (gz 4.1 KB)',
      '  markets/web/MarketsPage.tsx    40.0 KB (gz 10.0 KB)',
    ]);
    expect(formatChunkTable([])).toBe('  (no route chunks)');
  });

  it('passes at the budget and fails one byte over it', () => {
    const limit = INITIAL_JS_BUDGET_KB * 1024;
    expect(checkBudget(limit).ok).toBe(true);
    const over = checkBudget(limit + 1);
    expect(over.ok).toBe(false);
    expect(over.message).toBe('initial JS 250.0 KB gzip, budget 250 KB: over by 1 B');
    expect(checkBudget(20 * 1024, 10)).toMatchObject({ ok: false });
  });
});
