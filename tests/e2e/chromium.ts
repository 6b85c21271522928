import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
/** A CJK font, without which Chinese, Japanese and Korean pages (and their screenshots) show boxes instead of text. */
const CJK_FONT_PACKAGE = 'fonts-wqy-microhei';

/**
 * Finds Debian's Chromium, installing it with apt-get when running as root; fails loudly otherwise. Also makes sure
 * a CJK font is there (installed as root, else a warning), also when Chromium already was.
 */
export function ensureChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) {
    ensureCjkFont();
    return found;
  }
  if (process.getuid?.() !== 0) {
    throw new Error(`Browser tests need Chromium: run \`apt-get install -y chromium ${CJK_FONT_PACKAGE}\` as root, or set CHROMIUM_PATH.`);
  }
  console.log('[e2e] installing chromium and a CJK font with apt-get …');
  aptInstall(['chromium', CJK_FONT_PACKAGE]);
  const installed = CANDIDATES.find((path) => existsSync(path));
  if (!installed) throw new Error('apt-get finished but no Chromium binary was found in ' + CANDIDATES.join(', '));
  return installed;
}

function ensureCjkFont(): void {
  if (hasCjkFont()) return;
  if (process.getuid?.() !== 0) {
    console.warn(`[e2e] no CJK font: Chinese, Japanese and Korean pages will show boxes; run \`apt-get install -y ${CJK_FONT_PACKAGE}\` as root`);
    return;
  }
  console.log('[e2e] installing a CJK font with apt-get …');
  aptInstall([CJK_FONT_PACKAGE]);
}

function hasCjkFont(): boolean {
  try {
    return execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
}

function aptInstall(packages: string[]): void {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
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
