import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const PRECOMPRESSED_EXTENSIONS = new Set(['.js', '.css', '.html', '.svg', '.json']);
export const PRECOMPRESS_MIN_BYTES = 1024;

export function shouldPrecompress(file: string, bytes: number): boolean {
  return bytes >= PRECOMPRESS_MIN_BYTES && PRECOMPRESSED_EXTENSIONS.has(extname(file).toLowerCase());
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

/** Writes <file>.gz and <file>.br (maximum quality) next to every text asset of at least 1 KiB. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of listFiles(dir)) {
    if (!shouldPrecompress(file, statSync(file).size)) continue;
    const content = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    count += 1;
  }
  return count;
}
