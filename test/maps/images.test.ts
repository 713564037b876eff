/**
 * Image sizes from their headers, read before anything is decoded, and the size caps: a PNG
 * whose header claims 100000 x 100000 pixels is refused from its first 24 bytes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkImageFile, LIMITS, readImageHeader, referencedImages } from '../../src/maps';
import { FIXTURES, pngHeader } from './helpers';

/** A JPEG's start: SOI, an APP0 segment, a comment, then a baseline frame header. */
function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const comment = [0xff, 0xfe, 0, 7, 0x68, 0x69, 0x21, 0x21, 0x21];
  const sof = [0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3];
  return new Uint8Array([0xff, 0xd8, ...app0, ...comment, ...sof, ...new Array(9).fill(0)]);
}

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)),
  );

describe('image headers', () => {
  it('reads PNG, JPEG, GIF, WebP and BMP sizes', () => {
    expect(readImageHeader(pngHeader(137, 35))).toEqual({ format: 'png', width: 137, height: 35 });
    expect(readImageHeader(jpegHeader(640, 480))).toEqual({
      format: 'jpeg',
      width: 640,
      height: 480,
    });
    expect(readImageHeader(bytes('GIF89a', [64, 0, 32, 0], new Array(8).fill(0)))).toEqual({
      format: 'gif',
      width: 64,
      height: 32,
    });
    const vp8x = bytes(
      'RIFF',
      [0, 0, 0, 0],
      'WEBPVP8X',
      [10, 0, 0, 0, 0, 0, 0, 0],
      [99, 0, 0],
      [49, 0, 0],
    );
    expect(readImageHeader(vp8x)).toEqual({ format: 'webp', width: 100, height: 50 });
    // VP8L: 14 bits of width - 1, then 14 bits of height - 1.
    const bits = (99 | (49 << 14)) >>> 0;
    const vp8l = bytes(
      'RIFF',
      [0, 0, 0, 0],
      'WEBPVP8L',
      [0, 0, 0, 0, 0x2f],
      [bits & 255, (bits >> 8) & 255, (bits >> 16) & 255, bits >>> 24],
      [0, 0, 0, 0, 0],
    );
    expect(readImageHeader(vp8l)).toEqual({ format: 'webp', width: 100, height: 50 });
    const bmp = new Uint8Array(30);
    bmp.set([0x42, 0x4d]);
    const v = new DataView(bmp.buffer);
    v.setInt32(14, 40, true);
    v.setInt32(18, 32, true);
    v.setInt32(22, -16, true);
    expect(readImageHeader(bmp)).toEqual({ format: 'bmp', width: 32, height: 16 });
  });

  it('reads the fixtures the tools wrote', () => {
    const png = readFileSync(join(FIXTURES, 'own-art', 'art', 'keep-tiles.png'));
    expect(readImageHeader(png)).toEqual({ format: 'png', width: 137, height: 35 });
  });

  it('gives up on bytes that are no image or are cut short', () => {
    expect(readImageHeader(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(readImageHeader(bytes('<?xml version="1.0"?>'))).toBeNull();
    expect(readImageHeader(jpegHeader(10, 10).subarray(0, 30))).toBeNull();
    expect(readImageHeader(new Uint8Array())).toBeNull();
  });

  it('refuses a huge image from its header, with a plain sentence', () => {
    expect(checkImageFile('huge.png', pngHeader(100000, 100000))).toEqual({
      error: `The image "huge.png" is 100000 x 100000 pixels; images may be at most ${LIMITS.maxImageSide} x ${LIMITS.maxImageSide}, so it was not loaded.`,
    });
    expect(checkImageFile('empty.png', pngHeader(0, 10))).toEqual({
      error: 'The image "empty.png" is empty (0 x 10 pixels), so it was not loaded.',
    });
    expect(checkImageFile('big.png', pngHeader(16, 16), 100 * 1024 * 1024)).toEqual({
      error: 'The image "big.png" is 100 MB; images may be at most 16 MB, so it was not loaded.',
    });
    expect(checkImageFile('note.png', bytes('hello'))).toEqual({
      error:
        'The file "note.png" is not a PNG, JPEG, GIF, WebP or BMP image that can be read, so it was not loaded.',
    });
    expect(checkImageFile('ok.png', pngHeader(4096, 4096))).toEqual({
      format: 'png',
      width: 4096,
      height: 4096,
    });
  });

  it('lists the images a map or a tileset names', () => {
    const dir = join(FIXTURES, 'own-art');
    expect(referencedImages(readFileSync(join(dir, 'marsh-keep.tmx'), 'utf8'), 'map')).toEqual([
      'art/barrel.png',
      'art/crate.png',
      'art/banner.png',
      'art/mire.png',
    ]);
    expect(referencedImages(readFileSync(join(dir, 'tiles/keep.tsx'), 'utf8'), 'tileset')).toEqual([
      '../art/keep-tiles.png',
    ]);
    expect(referencedImages('not a map', 'map')).toEqual([]);
  });
});
