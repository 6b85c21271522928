import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from './chromium';
import { bindOperatorTotp } from './operator-setup';

export const OPERATOR_PASSWORD = 'e2e-Operator-Pass-1';
const SITES = ['default', 'console'];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function buildIfStale(site: string): Promise<void> {
  const { sourceHash } = await import('../../scripts/build');
  const infoPath = join('dist', site, 'build-info.json');
  const wanted = await sourceHash(site);
  if (existsSync(infoPath) && JSON.parse(readFileSync(infoPath, 'utf8')).sourceHash === wanted) return;
  console.log(`[e2e] building site "${site}" …`);
  const result = spawnSync('npx', ['tsx', 'scripts/build.ts', '--site', site], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`building site "${site}" failed`);
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer /api/health within 60 s');
}

export default async function setup(project: TestProject) {
  const chromium = ensureChromium();
  for (const site of SITES) await buildIfStale(site);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bourse-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // TRUST_PROXY, as behind a reverse proxy: members signed up through the API come from clients of their own
  // (members.ts), so that the per-IP limit of code requests (10 an hour) is not the whole suite's
  const server = spawn('npx', ['tsx', 'core/server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, OPERATOR_PASSWORD, SITE: 'default', BOURSE_DEMO_MAKER: '0', TRUST_PROXY: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  await waitForHealth(baseUrl, server);
  const operator = await bindOperatorTotp(baseUrl, 'admin', OPERATOR_PASSWORD);
  project.provide('operatorToken', operator.token);
  project.provide('operatorTotpSecret', operator.secret);
  project.provide('operatorTotpStateFile', join(dataDir, 'e2e-totp-step'));
  project.provide('baseUrl', baseUrl);
  project.provide('chromiumPath', chromium);
  return async () => {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    /** A full console session of "admin" (TOTP bound during set-up). */
    operatorToken: string;
    operatorTotpSecret: string;
    /** Holds the last TOTP step used, so each browser sign-in uses a fresh code. */
    operatorTotpStateFile: string;
  }
}
