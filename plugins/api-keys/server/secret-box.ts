import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts API secrets at rest with AES-256-GCM. The server needs the secret itself to check signatures, so it
 * cannot keep a hash; the key lives outside the database in <dataDir>/api-keys/secret-key (made once, mode 0600),
 * so a copy of the database alone does not reveal the secrets.
 */
export class SecretBox {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly dataDir: string) {}

  private loadKey(): Promise<Buffer> {
    this.key ??= (async () => {
      const dir = join(this.dataDir, 'api-keys');
      const file = join(dir, 'secret-key');
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // 'wx': an existing key is never replaced; when two processes race, both read the one that won.
      await writeFile(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
      if (key.length !== 32) throw new Error(`${file} does not hold a 256-bit key`);
      return key;
    })();
    return this.key;
  }

  /** base64 of iv | tag | ciphertext. */
  async seal(plain: string): Promise<string> {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', await this.loadKey(), iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
  }

  async open(sealed: string): Promise<string> {
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', await this.loadKey(), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
