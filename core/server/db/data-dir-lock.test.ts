import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './connect';
import { DataDirInUseError, lockDataFile } from './data-dir-lock';

const dirs: string[] = [];
function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bourse-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('lockDataFile', () => {
  it('writes this process id, is shared by opens of one process and goes with the last release', () => {
    const path = join(newDir(), 'x.lock');
    const first = lockDataFile(path, 'x');
    const second = lockDataFile(path, 'x');
    expect(readFileSync(path, 'utf8').trim()).toBe(String(process.pid));
    first();
    first();
    expect(existsSync(path)).toBe(true);
    second();
    expect(existsSync(path)).toBe(false);
  });

  it('refuses a lock another live process holds, naming it, and takes over one whose process is gone', async () => {
    const path = join(newDir(), 'x.lock');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(path, `${other.pid}\n`);
      expect(() => lockDataFile(path, 'the data')).toThrow(DataDirInUseError);
      expect(() => lockDataFile(path, 'the data')).toThrow(`the data is in use by another process (pid ${other.pid})`);
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(path, `${gone}\n`);
    const release = lockDataFile(path, 'the data');
    expect(readFileSync(path, 'utf8').trim()).toBe(String(process.pid));
    release();
  });

  it('keeps a second server off an embedded database until the first has closed it', async () => {
    const dataDir = newDir();
    const database = openDatabase({ dataDir });
    const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', `import('${join(__dirname, 'connect.ts')}').then(({ openDatabase }) => openDatabase({ dataDir: ${JSON.stringify(dataDir)} }))`], { encoding: 'utf8' });
    expect(child.status).not.toBe(0);
    expect(child.stderr).toContain(`is in use by another process (pid ${process.pid})`);
    await database.close();
    expect(existsSync(join(dataDir, 'bourse.sqlite.lock'))).toBe(false);
    const reopened = openDatabase({ dataDir });
    await reopened.close();
  });
});
