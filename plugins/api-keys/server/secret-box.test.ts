import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('SecretBox', () => {
  it('seals with a fresh nonce, opens with the key file kept across instances, refuses tampering', async () => {
    dir = await mkdtemp(join(tmpdir(), 'api-keys-box-'));
    const box = new SecretBox(dir);
    const sealed = await box.seal('the secret');
    expect(sealed).not.toContain('the secret');
    expect(await box.seal('the secret')).not.toBe(sealed);
    expect(await new SecretBox(dir).open(sealed)).toBe('the secret');
    expect((await stat(join(dir, 'api-keys', 'secret-key'))).mode & 0o777).toBe(0o600);
    expect((await readFile(join(dir, 'api-keys', 'secret-key'), 'utf8'))).toMatch(/^[0-9a-f]{64}$/);

    const bytes = Buffer.from(sealed, 'base64');
    bytes[bytes.length - 1] ^= 1;
    await expect(box.open(bytes.toString('base64'))).rejects.toThrow();
  });
});
