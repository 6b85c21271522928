import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Upper case, without spaces, dots and dashes: "ab 12-34" and "AB1234" are the same document. */
export function normalizeIdNumber(value: string): string {
  return value.replace(/[\s.\-/]/g, '').toUpperCase();
}

export function idNumberLast4(normalized: string): string {
  return normalized.slice(-4);
}

/**
 * ID numbers have little entropy, so a plain hash could be reversed by trying them all: the hash is an
 * HMAC with a key of this installation (<dataDir>/kyc/id-number-key, made on first use, mode 0600).
 */
export class IdNumberHasher {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly dataDir: string) {}

  private loadKey(): Promise<Buffer> {
    this.key ??= (async () => {
      const dir = join(this.dataDir, 'kyc');
      const file = join(dir, 'id-number-key');
      await mkdir(dir, { recursive: true, mode: 0o700 });
      try {
        return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        const key = randomBytes(32);
        // 'wx': when two processes race, one write fails and the key on disk is read again.
        await writeFile(file, key.toString('hex'), { mode: 0o600, flag: 'wx' }).catch(() => undefined);
        return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
      }
    })();
    return this.key;
  }

  async hash(normalized: string): Promise<string> {
    return createHmac('sha256', await this.loadKey()).update(normalized).digest('hex');
  }
}
