import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveTokenSecret, TOKEN_SECRET_FILE } from './token-secret';

describe('resolveTokenSecret', () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('creates a 32-byte secret once with mode 0600 and reuses it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bourse-secret-'));
    const first = await resolveTokenSecret(join(dir, 'data'));
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(join(dir, 'data', TOKEN_SECRET_FILE))).mode & 0o777).toBe(0o600);
    expect(await resolveTokenSecret(join(dir, 'data'))).toBe(first);
  });

  it('prefers TOKEN_SECRET and rejects short secrets', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bourse-secret-'));
    expect(await resolveTokenSecret(dir, 'x'.repeat(40))).toBe('x'.repeat(40));
    await expect(resolveTokenSecret(dir, 'short')).rejects.toThrow(/at least 32/);
    await writeFile(join(dir, TOKEN_SECRET_FILE), 'tiny');
    await expect(resolveTokenSecret(dir)).rejects.toThrow(/shorter than 32/);
  });
});
