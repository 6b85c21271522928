import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IdNumberHasher, idNumberLast4, normalizeIdNumber } from './id-number';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kyc-id-'));
  dirs.push(dir);
  return dir;
};

describe('ID numbers', () => {
  it('normalise spacing, punctuation and case', () => {
    expect(normalizeIdNumber(' ab 12-34.5/6 ')).toBe('AB123456');
    expect(idNumberLast4('AB123456')).toBe('3456');
  });

  it('hash with a key of the installation, kept across restarts and private to the owner', async () => {
    const dir = await tempDir();
    const first = await new IdNumberHasher(dir).hash('AB123456');
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await new IdNumberHasher(dir).hash('AB123456')).toBe(first);
    expect(await new IdNumberHasher(dir).hash('AB123457')).not.toBe(first);
    expect(await new IdNumberHasher(await tempDir()).hash('AB123456')).not.toBe(first);
    const keyFile = join(dir, 'kyc', 'id-number-key');
    expect((await readFile(keyFile, 'utf8')).length).toBe(64);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
  });
});
