import { readFileSync } from 'node:fs';

/**
 * The Node flags `npm start` gives the server (package.json's `serve` script, e.g. the young generation's size), so
 * that a benchmark starting the server in a process of its own runs it as the site does.
 */
export function serverNodeFlags(): string[] {
  const scripts = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const words = scripts.serve!.split(/\s+/);
  return words.slice(1, words.indexOf('core/server/main.ts')).filter((word) => word.startsWith('--'));
}
