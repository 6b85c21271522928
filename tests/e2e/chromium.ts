import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Finds Debian's Chromium, installing it with apt-get when running as root; fails loudly otherwise. */
export function ensureChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error('Browser tests need Chromium: run `apt-get install -y chromium fonts-wqy-microhei` as root, or set CHROMIUM_PATH.');
  }
  console.log('[e2e] installing chromium and a CJK font with apt-get …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-wqy-microhei'], { stdio: 'inherit', env });
  const installed = CANDIDATES.find((path) => existsSync(path));
  if (!installed) throw new Error('apt-get finished but no Chromium binary was found in ' + CANDIDATES.join(', '));
  return installed;
}

/** Flags for headless Chromium as root on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
