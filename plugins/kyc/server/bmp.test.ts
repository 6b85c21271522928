import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../../../core/shared';
import { BmpError, decodeBmp, encodeBmp24 } from './bmp';

/** A 2×2 8-bit palette BMP, top-down, with a 4-entry palette. */
function paletteBmp(): Buffer {
  const header = Buffer.alloc(54 + 16 + 8);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(header.length, 2);
  header.writeUInt32LE(54 + 16, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(2, 18);
  header.writeInt32LE(-2, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(8, 28);
  header.writeUInt32LE(4, 46);
  const palette = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [9, 9, 9]];
  palette.forEach(([r, g, b], index) => header.set([b, g, r, 0], 54 + index * 4));
  header.set([0, 1, 0, 0, 2, 3, 0, 0], 70);
  return header;
}

describe('decodeBmp', () => {
  it('reads a bottom-up 24-bit bitmap with row padding', () => {
    const bytes = encodeBmp24(3, 2, (x, y) => [x * 10, y * 100, 7]);
    expect(sniffImageType(bytes)).toBe('bmp');
    const image = decodeBmp(bytes);
    expect([image.width, image.height]).toEqual([3, 2]);
    expect([...image.data.subarray(0, 4)]).toEqual([0, 0, 7, 255]);
    expect([...image.data.subarray((1 * 3 + 2) * 4, (1 * 3 + 2) * 4 + 4)]).toEqual([20, 100, 7, 255]);
  });

  it('reads a top-down palette bitmap', () => {
    const image = decodeBmp(paletteBmp());
    expect([...image.data]).toEqual([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 255]);
  });

  it('refuses compressed, truncated and oversized bitmaps', () => {
    const compressed = encodeBmp24(2, 2, () => [0, 0, 0]);
    compressed.writeUInt32LE(1, 30);
    expect(() => decodeBmp(compressed)).toThrow(BmpError);
    expect(() => decodeBmp(encodeBmp24(4, 4, () => [0, 0, 0]).subarray(0, 60))).toThrow(/truncated/);
    const huge = encodeBmp24(1, 1, () => [0, 0, 0]);
    huge.writeInt32LE(100_000, 18);
    huge.writeInt32LE(100_000, 22);
    expect(() => decodeBmp(huge)).toThrow(/dimensions/);
  });
});
