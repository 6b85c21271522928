import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../../core/shared';
import { encodeBmp24 } from './bmp';
import { reencodeIdImage } from './id-image';

const source = () => sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 200, g: 30, b: 60 } } });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(isApiError(error)).toBe(true);
  return error as { code: number; field?: string };
}

describe('reencodeIdImage', () => {
  it('keeps JPEG as JPEG without its metadata', async () => {
    const input = await source().jpeg().withMetadata({ exif: { IFD0: { Artist: 'hidden-artist' } } }).toBuffer();
    expect(input.includes(Buffer.from('hidden-artist'))).toBe(true);
    const output = await reencodeIdImage(input, 'front');
    expect(output).toMatchObject({ ext: 'jpg', mime: 'image/jpeg' });
    expect(output.data.includes(Buffer.from('hidden-artist'))).toBe(false);
    expect(await sharp(output.data).metadata()).toMatchObject({ format: 'jpeg', width: 30, height: 20 });
  });

  it('turns PNG, GIF and BMP into PNG', async () => {
    for (const input of [await source().png().toBuffer(), await source().gif().toBuffer(), encodeBmp24(30, 20, () => [1, 2, 3])]) {
      const output = await reencodeIdImage(input, 'back');
      expect(output.ext).toBe('png');
      expect(await sharp(output.data).metadata()).toMatchObject({ format: 'png', width: 30, height: 20 });
    }
  });

  it('applies the EXIF orientation before dropping it', async () => {
    const rotated = await source().jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const output = await reencodeIdImage(rotated, 'hand');
    expect(await sharp(output.data).metadata()).toMatchObject({ width: 20, height: 30 });
  });

  it('refuses other types (415), oversize input (413) and broken images (415), naming the field', async () => {
    expect(await refusal(reencodeIdImage(await source().webp().toBuffer(), 'front'))).toMatchObject({ code: 415, field: 'front' });
    expect(await refusal(reencodeIdImage(Buffer.from('<html></html>'), 'back'))).toMatchObject({ code: 415, field: 'back' });
    expect(await refusal(reencodeIdImage(Buffer.alloc(5 * 1024 * 1024 + 1, 0xff), 'hand'))).toMatchObject({ code: 413, field: 'hand' });
    const truncated = (await source().png().toBuffer()).subarray(0, 40);
    expect(await refusal(reencodeIdImage(truncated, 'phone'))).toMatchObject({ code: 415, field: 'phone' });
  });
});
