import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir, shouldPrecompress } from './precompress';

describe('precompress', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('selects text assets of at least 1 KiB', () => {
    expect(shouldPrecompress('assets/main.1234abcd.js', 1024)).toBe(true);
    expect(shouldPrecompress('index.html', 1023)).toBe(false);
    expect(shouldPrecompress('static/logo.SVG', 5000)).toBe(true);
    expect(shouldPrecompress('assets/main.js.map', 90000)).toBe(false);
    expect(shouldPrecompress('assets/font.woff2', 90000)).toBe(false);
  });

  it('writes .gz and .br next to each selected file, both decoding to the original', () => {
    dir = mkdtempSync(join(tmpdir(), 'bourse-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = 'export const value = 1;\n'.repeat(100);
    writeFileSync(join(dir, 'assets', 'main.js'), script);
    writeFileSync(join(dir, 'small.css'), 'a{}');
    expect(precompressDir(dir)).toBe(1);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'main.js.gz'))).toString()).toBe(script);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'main.js.br'))).toString()).toBe(script);
    expect(existsSync(join(dir, 'small.css.gz'))).toBe(false);
  });
});
