import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkPluginManifest, renderSiteEntry, resolveSitePlugins, SiteBuildError } from './generate-site-entry';

const FIXTURE_ROOT = join(import.meta.dirname, '__fixtures__', 'root');

describe('renderSiteEntry', () => {
  const root = '/repo';

  it('imports the site config, the shell and only the selected plugins', () => {
    const source = renderSiteEntry(root, 'release-de', [
      { id: 'home', web: true },
      { id: 'spot-trade', web: true },
    ]);
    expect(source).toContain("import site from '../../../site-configs/release-de';");
    expect(source).toContain("import { startShell } from '../../../core/web';");
    expect(source).toContain("import m_home from '../../../plugins/home/plugin';");
    expect(source).toContain("import w_home from '../../../plugins/home/web';");
    expect(source).toContain("import m_spot_trade from '../../../plugins/spot-trade/plugin';");
    expect(source).toContain("import w_spot_trade from '../../../plugins/spot-trade/web';");
    expect(source).toContain(
      'void startShell({ site, plugins: [{ manifest: m_home, web: w_home }, { manifest: m_spot_trade, web: w_spot_trade }] });',
    );
    expect(source.match(/^import /gm)).toHaveLength(6);
    expect(source).not.toContain('markets');
  });

  it('omits the web import of a plugin without a web part', () => {
    const source = renderSiteEntry(root, 'console', [{ id: 'audit', web: false }, { id: 'console-core', web: true }]);
    expect(source).toContain("import m_audit from '../../../plugins/audit/plugin';");
    expect(source).not.toContain('plugins/audit/web');
    expect(source).toContain('plugins: [{ manifest: m_audit }, { manifest: m_console_core, web: w_console_core }]');
  });
});

describe('resolveSitePlugins', () => {
  it('reads manifests, detects web parts and puts dependencies first', async () => {
    const plugins = await resolveSitePlugins(FIXTURE_ROOT, 'fixture', ['fixture-home', 'fixture-server-only']);
    expect(plugins).toEqual([
      { id: 'fixture-server-only', web: false },
      { id: 'fixture-home', web: true },
    ]);
  });

  it('fails naming the site config when a selected plugin folder does not exist', async () => {
    const attempt = resolveSitePlugins(FIXTURE_ROOT, 'fixture', ['fixture-home', 'no-such-plugin']);
    await expect(attempt).rejects.toThrow(SiteBuildError);
    await expect(attempt).rejects.toThrow(
      'site-configs/fixture.ts: selects plugin "no-such-plugin", but plugins/no-such-plugin/ does not exist',
    );
  });

  it('fails when the manifest id differs from the folder name', async () => {
    await expect(resolveSitePlugins(FIXTURE_ROOT, 'fixture', ['fixture-wrong-id'])).rejects.toThrow(
      'plugins/fixture-wrong-id/plugin.ts declares id "another-id", but its folder is "fixture-wrong-id"',
    );
  });

  it('fails when a dependency is not selected', async () => {
    await expect(resolveSitePlugins(FIXTURE_ROOT, 'fixture', ['fixture-home'])).rejects.toThrow(
      /fixture\.ts: plugin "fixture-home" depends on "fixture-server-only", which the site config does not select/,
    );
  });
});

describe('checkPluginManifest', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function pluginWithWebFolder(): string {
    root = mkdtempSync(join(tmpdir(), 'bourse-entry-'));
    mkdirSync(join(root, 'plugins', 'wallet', 'web'), { recursive: true });
    writeFileSync(join(root, 'plugins', 'wallet', 'web', 'index.tsx'), 'export default {};\n');
    return root;
  }

  it('accepts a manifest whose parts.web matches web/index.tsx', () => {
    const manifest = { id: 'wallet', apiVersion: 1, parts: { web: true }, description: 'd' };
    expect(checkPluginManifest(pluginWithWebFolder(), 'wallet', manifest)).toBeNull();
  });

  it('rejects a web part that the manifest does not declare, and a declared one that is missing', () => {
    const base = pluginWithWebFolder();
    expect(checkPluginManifest(base, 'wallet', { id: 'wallet', apiVersion: 1, parts: {}, description: 'd' })).toBe(
      'plugins/wallet/web/index.ts(x) exists, but plugins/wallet/plugin.ts does not declare parts.web: true',
    );
    rmSync(join(base, 'plugins', 'wallet', 'web'), { recursive: true });
    expect(checkPluginManifest(base, 'wallet', { id: 'wallet', apiVersion: 1, parts: { web: true }, description: 'd' })).toBe(
      'plugins/wallet/plugin.ts declares parts.web, but plugins/wallet/web/index.ts(x) does not exist',
    );
  });

  it('rejects a plugin.ts without a default export', () => {
    expect(checkPluginManifest(pluginWithWebFolder(), 'wallet', undefined)).toMatch(/does not default-export a plugin manifest/);
  });
});
