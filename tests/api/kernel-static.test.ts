import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import consoleSite from '../../site-configs/console';
import { availableDialects, fetchJson, startTestServer, type TestServer } from './harness';

const dialects = await availableDialects();

const MAIN_JS = `console.log(${JSON.stringify('bourse '.repeat(200))});\n`;
const html = (site: string) => `<!doctype html><html><head><title>${site}</title></head><body><div id="root"></div></body></html>`;

/** A tiny build output: index pages, a hashed script with .br/.gz variants and an unhashed file. */
async function makeDist(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'bourse-dist-'));
  await mkdir(join(dist, 'default', 'static'), { recursive: true });
  await mkdir(join(dist, 'console'), { recursive: true });
  await writeFile(join(dist, 'default', 'index.html'), html('default'));
  await writeFile(join(dist, 'default', 'main.3f9a1c2b.js'), MAIN_JS);
  await writeFile(join(dist, 'default', 'main.3f9a1c2b.js.br'), brotliCompressSync(MAIN_JS));
  await writeFile(join(dist, 'default', 'main.3f9a1c2b.js.gz'), gzipSync(MAIN_JS));
  await writeFile(join(dist, 'default', 'static', 'logo-day.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(dist, 'console', 'index.html'), html('console'));
  return dist;
}

const page = { accept: 'text/html,application/xhtml+xml' };

describe.each(dialects)('static site serving (%s)', (dialect) => {
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = await makeDist();
    server = await startTestServer({ dialect, distDir: dist, consoleSite: { ...consoleSite, plugins: [] } });
  });
  afterAll(async () => {
    expect(server.unexpectedErrors).toEqual([]);
    await server.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html at the base path with no-cache', async () => {
    const response = await fetch(`${server.baseUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(html('default'));
  });

  it('serves hashed assets as immutable, precompressed with brotli or gzip when accepted', async () => {
    const brotli = await fetch(`${server.baseUrl}/main.3f9a1c2b.js`, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await brotli.text()).toBe(MAIN_JS);
    const gzip = await fetch(`${server.baseUrl}/main.3f9a1c2b.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(MAIN_JS);
    const plain = await fetch(`${server.baseUrl}/main.3f9a1c2b.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(MAIN_JS);
  });

  it('does not mark unhashed files immutable', async () => {
    const response = await fetch(`${server.baseUrl}/static/logo-day.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('falls back to index.html for page navigations (history API)', async () => {
    const response = await fetch(`${server.baseUrl}/exchange/full-contract/BTC_USDT?x=1`, { headers: page });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(html('default'));
  });

  it('serves the console at /console/ with its own fallback', async () => {
    expect(await (await fetch(`${server.baseUrl}/console/`)).text()).toBe(html('console'));
    expect(await (await fetch(`${server.baseUrl}/console/forms/nav`, { headers: page })).text()).toBe(html('console'));
  });

  it('never falls back for API, GraphQL or MQTT paths, nor for non-page requests', async () => {
    const api = await fetchJson(server.api('/no/such/thing'), { headers: page });
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ code: 404, success: false });
    const mqtt = await fetchJson(`${server.baseUrl}/mqtt/x`, { headers: page });
    expect(mqtt.status).toBe(404);
    expect(mqtt.body.code).toBe(404);
    const script = await fetchJson(`${server.baseUrl}/missing.3f9a1c2b.js`, { headers: { accept: '*/*' } });
    expect(script.status).toBe(404);
    expect(script.body.code).toBe(404);
  });
});

describe('static site serving without a build', () => {
  it('answers a plain 503 page saying the site is not built', async () => {
    const server = await startTestServer({ distDir: join(tmpdir(), 'bourse-no-such-dist') });
    try {
      const root = await fetch(`${server.baseUrl}/`);
      expect(root.status).toBe(503);
      expect(root.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await root.text()).toContain('This site is not built yet');
      expect((await fetch(`${server.baseUrl}/exchange/index`, { headers: page })).status).toBe(503);
      expect((await fetchJson(`${server.baseUrl}/api/health`)).body.data).toEqual({ status: 'ok' });
    } finally {
      await server.close();
    }
  });
});
