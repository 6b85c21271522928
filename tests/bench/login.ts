/**
 * Login benchmark: members sign in through the real server (HTTP on loopback, the token endpoint, argon2id at the
 * production cost, refresh-token rotation and the login log on SQLite). Prints throughput, latency percentiles and
 * the server's CPU per login — the cost is chosen so one login stays under 100 ms of CPU.
 *
 *   npx tsx tests/bench/login.ts [--members 8] [--logins 120] [--concurrency 8] [--runs 3]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createServer } from '../../core/server/app';
import { clientAuthorizationHeader } from '../../core/server';
import { loadSiteConfig } from '../../core/server/site-config-loader';
import { latestCodeFor } from '../../plugins/identity/server';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '8' },
    logins: { type: 'string', default: '120' },
    concurrency: { type: 'string', default: '8' },
    runs: { type: 'string', default: '3' },
  },
});
const MEMBERS = Number(values.members);
const LOGINS = Number(values.logins);
const CONCURRENCY = Number(values.concurrency);
const RUNS = Number(values.runs);
const PASSWORD = 'Bench-Login-2026';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

async function main() {
  const site = await loadSiteConfig('default');
  const dataDir = await mkdtemp(join(tmpdir(), 'bourse-bench-login-'));
  const server = await createServer({ site, dataDir, tokenSecret: 'b'.repeat(64), logLevel: 'warn', port: 0, announce: () => {} });
  const base = (await server.listen()).replace(/\/$/, '');
  const api = (path: string) => `${base}/api/${site.api.head}${path}`;
  const headers = { authorization: clientAuthorizationHeader(site), 'tenant-id': site.api.tenantId, 'content-type': 'application/json' };
  try {
    const emails: string[] = [];
    let inviteCode: string | undefined;
    for (let index = 0; index < MEMBERS; index += 1) {
      const email = `bench${index}@example.com`;
      // A fresh "client IP" per member keeps the per-IP sending limit out of the set-up.
      const from = { 'x-forwarded-for': `10.9.0.${index + 1}` };
      await fetch(`${api('/coin/open/send/email')}?email=${encodeURIComponent(email)}&type=register`, { headers: from });
      const code = await latestCodeFor(server.context.db, email);
      const response = await fetch(api('/coin/open/register'), {
        method: 'POST',
        headers: { ...headers, ...from },
        body: JSON.stringify({ account: 'email', email, code, password: PASSWORD, inviteCode }),
      });
      if (!response.ok) throw new Error(`registering ${email} failed: ${await response.text()}`);
      inviteCode ??= (await server.context.db.selectFrom('member').select('invite_code').executeTakeFirstOrThrow()).invite_code;
      emails.push(email);
    }

    const login = async (index: number) => {
      const query = new URLSearchParams({ tenantId: site.api.tenantId, scope: 'all', type: 'account', grant_type: 'password' });
      const started = performance.now();
      const response = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ username: emails[index % emails.length], password: PASSWORD, deviceId: `bench-device-${index % 4}` }),
      });
      const body = await response.json();
      if (!body.access_token) throw new Error(`login failed: ${JSON.stringify(body)}`);
      return performance.now() - started;
    };

    const rates: number[] = [];
    const p50s: number[] = [];
    const p99s: number[] = [];
    const cpus: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const latencies: number[] = [];
      let next = 0;
      const cpuStart = process.cpuUsage();
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < LOGINS) latencies.push(await login(next++));
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuStart);
      latencies.sort((a, b) => a - b);
      rates.push(LOGINS / seconds);
      p50s.push(percentile(latencies, 50));
      p99s.push(percentile(latencies, 99));
      cpus.push((cpu.user + cpu.system) / 1000 / LOGINS);
      console.log(
        `run ${run}: ${LOGINS} logins, concurrency ${CONCURRENCY}: ${(LOGINS / seconds).toFixed(1)} logins/s, ` +
          `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ` +
          `CPU ${((cpu.user + cpu.system) / 1000 / LOGINS).toFixed(1)} ms per login (server and client in one process)`,
      );
    }
    console.log(
      `median of ${RUNS} runs: ${median(rates).toFixed(1)} logins/s, p50 ${median(p50s).toFixed(1)} ms, ` +
        `p99 ${median(p99s).toFixed(1)} ms, CPU ${median(cpus).toFixed(1)} ms per login`,
    );
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
