import sharp from 'sharp';
import { ApiError, ERROR_CODES } from '../../../core/server';
import { ID_IMAGE_MAX_BYTES, ID_IMAGE_SNIFFED_TYPES, sniffImageType } from '../../../core/shared';
import { BmpError, decodeBmp } from './bmp';

export interface ReencodedImage {
  data: Buffer;
  ext: 'jpg' | 'png';
  mime: 'image/jpeg' | 'image/png';
}

/** Larger inputs are refused before decoding (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 50_000_000;
/** Stored images are scaled down to fit this box; ID documents stay readable far below it. */
const MAX_STORED_EDGE = 4096;

const unreadable = (field: string, cause?: unknown) =>
  new ApiError(ERROR_CODES.unsupportedMedia, 'kyc:imageUnreadable', { field, cause });

/**
 * Checks an ID image by its bytes (JPEG, PNG, BMP or GIF, at most 5 MB) and re-encodes it: orientation applied,
 * every metadata block (EXIF, GPS, comments) dropped, JPEG stays JPEG and the others become PNG.
 * `field` names the image in the 413 / 415 errors.
 */
export async function reencodeIdImage(bytes: Buffer, field: string): Promise<ReencodedImage> {
  if (bytes.length > ID_IMAGE_MAX_BYTES) {
    throw new ApiError(ERROR_CODES.tooLarge, 'errors.fileTooLarge', { field, params: { max: ID_IMAGE_MAX_BYTES / 1024 / 1024 } });
  }
  const type = sniffImageType(bytes);
  if (!type || !ID_IMAGE_SNIFFED_TYPES.includes(type)) {
    throw new ApiError(ERROR_CODES.unsupportedMedia, 'kyc:imageType', { field });
  }
  let input: sharp.Sharp;
  if (type === 'bmp') {
    let raw;
    try {
      raw = decodeBmp(bytes);
    } catch (error) {
      if (error instanceof BmpError) throw unreadable(field, error);
      throw error;
    }
    input = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 }, limitInputPixels: MAX_INPUT_PIXELS });
  } else {
    // Only the first frame of an animated GIF is kept.
    input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' });
  }
  const pipeline = input.rotate().resize({ width: MAX_STORED_EDGE, height: MAX_STORED_EDGE, fit: 'inside', withoutEnlargement: true });
  try {
    if (type === 'jpeg') return { data: await pipeline.jpeg({ quality: 90, mozjpeg: true }).toBuffer(), ext: 'jpg', mime: 'image/jpeg' };
    return { data: await pipeline.png({ compressionLevel: 9 }).toBuffer(), ext: 'png', mime: 'image/png' };
  } catch (error) {
    throw unreadable(field, error);
  }
}
