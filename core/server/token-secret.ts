import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const TOKEN_SECRET_FILE = 'token-secret';

/**
 * The token signing secret: TOKEN_SECRET when given, else <dataDir>/token-secret, created once with
 * 32 random bytes (hex) and mode 0600 so tokens stay valid across restarts.
 */
export async function resolveTokenSecret(dataDir: string, fromEnv?: string): Promise<string> {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('TOKEN_SECRET must be at least 32 characters long');
    return fromEnv;
  }
  const file = join(dataDir, TOKEN_SECRET_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; delete it to make a new one`);
  return secret;
}
