/**
 * A small BMP decoder (the image library has no BMP reader): uncompressed 1/4/8/24/32-bit bitmaps and
 * 16/32-bit bitfields, bottom-up or top-down. Anything else (RLE, JPEG/PNG inside BMP) is refused.
 */
export interface RawImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, top row first. */
  data: Buffer;
}

export class BmpError extends Error {
  override name = 'BmpError';
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const MAX_PIXELS = 50_000_000;

function maskShift(mask: number): { shift: number; max: number } {
  if (mask === 0) return { shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return { shift, max: mask >>> shift };
}

export function decodeBmp(bytes: Buffer): RawImage {
  if (bytes.length < 26 || bytes.toString('latin1', 0, 2) !== 'BM') throw new BmpError('not a BMP file');
  const pixelOffset = bytes.readUInt32LE(10);
  const headerSize = bytes.readUInt32LE(14);
  let width: number;
  let rawHeight: number;
  let bitCount: number;
  let compression = BI_RGB;
  let paletteSize = 0;
  if (headerSize === 12) {
    width = bytes.readUInt16LE(18);
    rawHeight = bytes.readInt16LE(20);
    bitCount = bytes.readUInt16LE(24);
  } else if (headerSize >= 40 && bytes.length >= 14 + 40) {
    width = bytes.readInt32LE(18);
    rawHeight = bytes.readInt32LE(22);
    bitCount = bytes.readUInt16LE(28);
    compression = bytes.readUInt32LE(30);
    paletteSize = bytes.readUInt32LE(46);
  } else {
    throw new BmpError('unknown BMP header');
  }
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0 || width * height > MAX_PIXELS) throw new BmpError('bad BMP dimensions');

  let masks = { r: 0x00ff0000, g: 0x0000ff00, b: 0x000000ff, a: 0 };
  if (compression === BI_BITFIELDS && (bitCount === 16 || bitCount === 32)) {
    const at = headerSize >= 52 ? 14 + 40 : 14 + headerSize;
    if (bytes.length < at + 12) throw new BmpError('truncated BMP bitfields');
    masks = { r: bytes.readUInt32LE(at), g: bytes.readUInt32LE(at + 4), b: bytes.readUInt32LE(at + 8), a: headerSize >= 56 ? bytes.readUInt32LE(14 + 52) : 0 };
  } else if (compression !== BI_RGB) {
    throw new BmpError('compressed BMP is not supported');
  } else if (bitCount === 16) {
    masks = { r: 0x7c00, g: 0x03e0, b: 0x001f, a: 0 };
  }
  if (![1, 4, 8, 16, 24, 32].includes(bitCount)) throw new BmpError('unsupported BMP bit depth');

  const palette: number[][] = [];
  if (bitCount <= 8) {
    const entrySize = headerSize === 12 ? 3 : 4;
    const count = paletteSize || 1 << bitCount;
    const start = 14 + headerSize;
    for (let index = 0; index < count; index++) {
      const at = start + index * entrySize;
      if (at + 3 > bytes.length) throw new BmpError('truncated BMP palette');
      palette.push([bytes[at + 2], bytes[at + 1], bytes[at]]);
    }
  }

  const rowSize = Math.floor((bitCount * width + 31) / 32) * 4;
  if (pixelOffset + rowSize * height > bytes.length) throw new BmpError('truncated BMP pixel data');
  const channels = { r: maskShift(masks.r), g: maskShift(masks.g), b: maskShift(masks.b), a: maskShift(masks.a) };
  const scale = (value: number, channel: { shift: number; max: number }, mask: number) =>
    channel.max === 0 ? 0 : Math.round((((value & mask) >>> channel.shift) * 255) / channel.max);

  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = pixelOffset + (topDown ? y : height - 1 - y) * rowSize;
    for (let x = 0; x < width; x++) {
      const out = (y * width + x) * 4;
      let rgba: [number, number, number, number];
      if (bitCount <= 8) {
        const bitIndex = x * bitCount;
        const byte = bytes[row + (bitIndex >> 3)];
        const index = (byte >> (8 - bitCount - (bitIndex & 7))) & ((1 << bitCount) - 1);
        const color = palette[index] ?? [0, 0, 0];
        rgba = [color[0], color[1], color[2], 255];
      } else if (bitCount === 24) {
        const at = row + x * 3;
        rgba = [bytes[at + 2], bytes[at + 1], bytes[at], 255];
      } else {
        const value = bitCount === 16 ? bytes.readUInt16LE(row + x * 2) : bytes.readUInt32LE(row + x * 4);
        rgba = [
          scale(value, channels.r, masks.r),
          scale(value, channels.g, masks.g),
          scale(value, channels.b, masks.b),
          masks.a ? scale(value, channels.a, masks.a) : 255,
        ];
      }
      data[out] = rgba[0];
      data[out + 1] = rgba[1];
      data[out + 2] = rgba[2];
      data[out + 3] = rgba[3];
    }
  }
  return { width, height, data };
}

/** Encodes RGB pixels as a 24-bit bottom-up BMP (used by tests and fixtures). */
export function encodeBmp24(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const rowSize = Math.floor((24 * width + 31) / 32) * 4;
  const size = 54 + rowSize * height;
  const bytes = Buffer.alloc(size);
  bytes.write('BM', 0, 'latin1');
  bytes.writeUInt32LE(size, 2);
  bytes.writeUInt32LE(54, 10);
  bytes.writeUInt32LE(40, 14);
  bytes.writeInt32LE(width, 18);
  bytes.writeInt32LE(height, 22);
  bytes.writeUInt16LE(1, 26);
  bytes.writeUInt16LE(24, 28);
  bytes.writeUInt32LE(rowSize * height, 34);
  for (let y = 0; y < height; y++) {
    const row = 54 + (height - 1 - y) * rowSize;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      bytes[row + x * 3] = b;
      bytes[row + x * 3 + 1] = g;
      bytes[row + x * 3 + 2] = r;
    }
  }
  return bytes;
}
