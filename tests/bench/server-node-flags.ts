import { readFileSync } from 'node:fs';
import { fork } from 'node:child_process';

/**
 * The Node flags `npm start` gives the server (package.json's `serve` script, e.g. the young generation's size), so
 * that a benchmark starting the server in a process of its own runs it as the site does.
 */
export function serverNodeFlags(): string[] {
  const scripts = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const words = scripts.serve!.split(/\s+/);
  return words.slice(1, words.indexOf('core/server/main.ts')).filter((word) => word.startsWith('--'));
}

/**
 * Runs this script again in a child process with the server's flags unless it has them already — for benchmarks of
 * code that runs in the server's process (the engines), measured under the flags it runs with there. True when it
 * did (the child's exit code is this process's): the caller then stops.
 */
export async function rerunWithServerFlags(): Promise<boolean> {
  const flags = serverNodeFlags();
  if (flags.every((flag) => process.execArgv.includes(flag))) return false;
  const child = fork(process.argv[1]!, process.argv.slice(2), { execArgv: [...process.execArgv, ...flags], stdio: 'inherit' });
  process.exitCode = await new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  return true;
}
