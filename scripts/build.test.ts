import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRspackConfig, htmlTemplateParameters } from '../rspack.config';
import { buildSite, parseBuildArgs, sourceHash, type BuildInfo } from './build';
import { SiteBuildError } from './generate-site-entry';
import type { SiteConfig } from '../core/plugin-api';
import { prepareSite } from './prepare-site';

const FIXTURE_ROOT = join(import.meta.dirname, '__fixtures__', 'root');
const scratch = mkdtempSync(join(tmpdir(), 'bourse-build-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(join(FIXTURE_ROOT, '.generated'), { recursive: true, force: true });
});

describe('parseBuildArgs', () => {
  it('takes the site from --site, then SITE, then "default"', () => {
    expect(parseBuildArgs(['--site', 'release-de'], {})).toEqual({ sites: ['release-de'], budgetKb: 250 });
    expect(parseBuildArgs(['--site=console'], {}).sites).toEqual(['console']);
    expect(parseBuildArgs([], { SITE: 'release-fr' }).sites).toEqual(['release-fr']);
    expect(parseBuildArgs([], {}).sites).toEqual(['default']);
  });

  it('reads --all and --budget-kb and rejects what it does not know', () => {
    expect(parseBuildArgs(['--all', '--budget-kb', '120'], { SITE: 'x' })).toEqual({ sites: 'all', budgetKb: 120 });
    expect(() => parseBuildArgs(['--budget-kb', 'lots'], {})).toThrow('--budget-kb must be a positive number, got "lots"');
    expect(() => parseBuildArgs(['--site'], {})).toThrow('--site needs a value');
    expect(() => parseBuildArgs(['--all', '--site', 'x'], {})).toThrow('--site and --all exclude each other');
    expect(() => parseBuildArgs(['--fast'], {})).toThrow('unknown argument "--fast"');
  });
});

describe('rspack configuration', () => {
  const site = { name: 'shop', title: 'Börse & Co', language: 'de', theme: 'theme-day', basePath: '/console/' } as SiteConfig;

  it('fills the HTML template: escaped title, language, theme class, dark mode only at night', () => {
    expect(htmlTemplateParameters(site)).toEqual({
      title: 'Börse &#38; Co',
      lang: 'de',
      bodyAttributes: 'class="theme-day"',
      basePath: '/console/',
    });
    expect(htmlTemplateParameters({ ...site, theme: 'theme-night' }).bodyAttributes).toBe('class="theme-night" theme-mode="dark"');
  });

  it('serves from the site base path with hashed names, a 120 s chunk timeout and no eval devtool', () => {
    const production = createRspackConfig({ site, entryFile: '/repo/entry.tsx', mode: 'production', root: '/repo' });
    expect(production.output).toMatchObject({
      path: '/repo/dist/shop',
      publicPath: '/console/',
      filename: 'assets/[name].[contenthash:8].js',
      chunkLoadTimeout: 120_000,
    });
    expect(production.devtool).toBe('source-map');
    const development = createRspackConfig({ site, entryFile: '/repo/entry.tsx', mode: 'development', root: '/repo' });
    expect(String(development.devtool)).not.toContain('eval');
    expect(development.devServer).toMatchObject({ proxy: [{ context: ['/api', '/graphql'] }, { context: ['/mqtt'], ws: true }] });
  });
});

describe('site config validation at build', () => {
  it('fails with the config file and the JSON path of the bad field', async () => {
    const root = join(scratch, 'invalid-root');
    mkdirSync(join(root, 'site-configs'), { recursive: true });
    const fixture = readFileSync(join(FIXTURE_ROOT, 'site-configs', 'fixture.ts'), 'utf8')
      .replace("name: 'fixture'", "name: 'broken'")
      .replace("rate: '1'", "rate: '1,5'")
      .replace(/import .*\n/, '')
      .replace('defineSiteConfig(', '(');
    writeFileSync(join(root, 'site-configs', 'broken.ts'), fixture);
    const attempt = prepareSite(root, 'broken');
    await expect(attempt).rejects.toThrow(SiteBuildError);
    await expect(attempt).rejects.toThrow(/site-configs\/broken\.ts is invalid:\n\s+\/currency\/rate: must match pattern/);
  });
});

describe('buildSite (fixture site)', () => {
  const outDir = join(scratch, 'dist-fixture');
  const lines: string[] = [];
  let info: BuildInfo;

  it('bundles the selected plugins, reports the route chunk and writes build-info.json', async () => {
    info = await buildSite('fixture', { root: FIXTURE_ROOT, outDir, log: (line) => lines.push(line) });
    expect(info.site).toBe('fixture');
    expect(info.plugins).toEqual(['fixture-server-only', 'fixture-home']);
    expect(info.sourceHash).toBe(await sourceHash('fixture', FIXTURE_ROOT));
    expect(info.routeChunks.map((chunk) => chunk.name)).toEqual(['fixture-home/web/FixturePage.tsx']);
    expect(info.routeChunks[0].gzipBytes).toBeGreaterThan(0);
    expect(info.initialJsGzipBytes).toBeGreaterThan(30 * 1024);
    expect(JSON.parse(readFileSync(join(outDir, 'build-info.json'), 'utf8'))).toEqual(info);
    expect(lines.join('\n')).toMatch(/fixture-home\/web\/FixturePage\.tsx\s+\d+ B \(gz \d+ B\)/);
  }, 60_000);

  it('writes the HTML with title, language, theme and hashed deferred scripts', () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Fixture & &lt;Co></title>');
    expect(html).toContain('<body class="theme-night" theme-mode="dark">');
    expect(html).toContain('<div id="root"><div class="boot-loading"');
    expect(html).toMatch(/<script defer src="\/assets\/main\.[0-9a-f]{8}\.js"><\/script>/);
  });

  it('copies the static files and precompresses text assets of 1 KB and more', () => {
    expect(existsSync(join(outDir, 'static', 'logo-night.svg'))).toBe(true);
    expect(existsSync(join(outDir, 'static', 'coins', 'default.svg'))).toBe(true);
    const react = readFileSync(join(outDir, 'index.html'), 'utf8').match(/assets\/react\.[0-9a-f]{8}\.js/)![0];
    expect(existsSync(join(outDir, `${react}.gz`))).toBe(true);
    expect(existsSync(join(outDir, `${react}.br`))).toBe(true);
    expect(existsSync(join(outDir, 'static', 'favicon.svg.gz'))).toBe(false);
  });

  it('emits no eval or Function code, maps `global` to globalThis and sets the 120 s chunk load timeout', () => {
    const runtime = readFileSync(join(outDir, 'index.html'), 'utf8').match(/assets\/runtime\.[0-9a-f]{8}\.js/)![0];
    const source = readFileSync(join(outDir, runtime), 'utf8');
    expect(source).toMatch(/\b(120000|12e4)\b/);
    const assets = readdirSync(join(outDir, 'assets')).filter((file) => file.endsWith('.js'));
    const contents = assets.map((file) => readFileSync(join(outDir, 'assets', file), 'utf8'));
    for (const content of contents) expect(content).not.toMatch(/\beval\(|\bFunction\(/);
    const page = contents.find((content) => content.includes('fixture page on'));
    expect(page).toContain('"object"==typeof globalThis');
  });

  it('fails over budget and leaves no build-info.json behind', async () => {
    const attempt = buildSite('fixture', { root: FIXTURE_ROOT, outDir, budgetKb: 10, log: () => {} });
    await expect(attempt).rejects.toThrow(/fixture: initial JS [\d.]+ KB gzip, budget 10 KB: over by/);
    expect(existsSync(join(outDir, 'build-info.json'))).toBe(false);
  }, 60_000);
});
