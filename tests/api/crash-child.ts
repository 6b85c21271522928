// The kill loop of the crash tests: a child process (a TypeScript module run through tsx) prints `ready [info]`
// once it works, then `ack <command id> <1|0>` for every command it got an answer to (1: applied), or
// `odd <command id>` for an answer it should never get. It is killed with SIGKILL a while after `ready`.
import { spawn } from 'node:child_process';

export interface KilledChild {
  /** Every answered command id, with whether it was applied. */
  acknowledged: Map<string, boolean>;
  odd: string[];
  /** What the ready line said after `ready`. */
  readyInfo: string;
}

/**
 * Runs the module's source with that environment and kills it `killAfterMs` after it is ready (at the latest
 * after `guardMs`); rejects when the child ends on its own or before it is ready.
 */
export function runUntilKilled(source: string, env: Record<string, string>, timing: { killAfterMs: number; guardMs: number }): Promise<KilledChild> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acknowledged = new Map<string, boolean>();
    const odd: string[] = [];
    let ready = false;
    let readyInfo = '';
    let buffered = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const [word, id, ok] = line.split(' ');
        if (word === 'ready' && !ready) {
          ready = true;
          readyInfo = id ?? '';
          setTimeout(() => child.kill('SIGKILL'), timing.killAfterMs);
        } else if (word === 'ack') acknowledged.set(id!, ok === '1');
        else if (word === 'odd') odd.push(id!);
      }
    });
    const guard = setTimeout(() => child.kill('SIGKILL'), timing.guardMs);
    child.on('exit', (_code, signal) => {
      clearTimeout(guard);
      if (signal !== 'SIGKILL' || !ready) reject(new Error(`child ended without being killed (${signal}): ${stderr.slice(-2000)}`));
      else resolvePromise({ acknowledged, odd, readyInfo });
    });
  });
}
