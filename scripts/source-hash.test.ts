import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourceHash, siteSourceFiles } from './source-hash';

describe('sourceHash', () => {
  let root = '';
  const site = { name: 'shop', plugins: ['home'] };
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'bourse-hash-'));
    write('core/web/index.ts', 'export {};');
    write('core/web/index.test.ts', 'test');
    write('plugins/home/web/index.ts', 'export default {};');
    write('plugins/home/server/index.ts', 'export default {};');
    write('plugins/wallet/web/index.ts', 'export default {};');
    write('plugins/wallet/shared/types.ts', 'export type A = 1;');
    write('site-configs/shop.ts', 'export default {};');
    write('site-configs/other.ts', 'export default {};');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('covers what the site bundles, not tests, server parts or other sites', () => {
    expect(siteSourceFiles(root, 'shop', ['home'])).toEqual([
      'core/web/index.ts',
      'plugins/home/web/index.ts',
      'plugins/wallet/shared/types.ts',
      'site-configs/shop.ts',
    ]);
  });

  it('changes when a bundled source changes and only then', async () => {
    const before = await sourceHash(site, root);
    write('core/web/index.test.ts', 'another test');
    write('plugins/home/server/index.ts', 'changed');
    write('site-configs/other.ts', 'changed');
    expect(await sourceHash(site, root)).toBe(before);
    write('plugins/home/web/index.ts', 'export default { id: "home" };');
    expect(await sourceHash(site, root)).not.toBe(before);
  });
});
