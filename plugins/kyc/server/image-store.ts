import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReencodedImage } from './id-image';

const STORED_NAME = /^[0-9a-f-]{36}\.(jpg|png)$/;

/** KYC images on disk: <dataDir>/kyc/images/<random name>. Never under a public path; read through operator routes. */
export class KycImageStore {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'kyc', 'images');
  }

  /** Writes the image under a new server-made name and returns that name. */
  async save(image: ReencodedImage): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const name = `${randomUUID()}.${image.ext}`;
    const temporary = join(this.dir, `.${name}.part`);
    await writeFile(temporary, image.data, { mode: 0o600 });
    await rename(temporary, join(this.dir, name));
    return name;
  }

  async read(name: string): Promise<{ data: Buffer; mime: string }> {
    if (!STORED_NAME.test(name)) throw new Error(`not a stored KYC image name: ${name}`);
    const data = await readFile(join(this.dir, name));
    return { data, mime: name.endsWith('.png') ? 'image/png' : 'image/jpeg' };
  }

  async remove(names: string[]): Promise<void> {
    await Promise.all(names.filter((name) => STORED_NAME.test(name)).map((name) => rm(join(this.dir, name), { force: true })));
  }
}
