/**
 * PNG files for the tools and the tests, with pngjs: writing the art the test maps come
 * with (tools/mapgen/own-art.ts) and reading a screenshot or a tileset back to compare
 * pixels (the browser tests' pixel checks).
 */
import { PNG } from 'pngjs';

/** An RGBA image in memory (row-major, 4 bytes a pixel). */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A blank (transparent) image. */
export function blankImage(width: number, height: number): Rgba {
  return { width, height, data: new Uint8Array(width * height * 4) };
}

/** The colour at x, y as [r, g, b, a]. */
export function pixelAt(img: Rgba, x: number, y: number): [number, number, number, number] {
  const i = (y * img.width + x) * 4;
  const d = img.data;
  return [d[i], d[i + 1], d[i + 2], d[i + 3]];
}

/** Sets the colour at x, y (outside the image: nothing). */
export function setPixel(img: Rgba, x: number, y: number, rgba: readonly number[]): void {
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return;
  const i = (y * img.width + x) * 4;
  img.data[i] = rgba[0];
  img.data[i + 1] = rgba[1];
  img.data[i + 2] = rgba[2];
  img.data[i + 3] = rgba[3] ?? 255;
}

/** PNG file bytes of an image (deterministic: no time stamp). */
export function encodePng(img: Rgba): Uint8Array {
  const png = new PNG({ width: img.width, height: img.height });
  png.data = Buffer.from(img.data);
  return new Uint8Array(PNG.sync.write(png, { colorType: 6 }));
}

/** Decodes PNG file bytes (any bit depth and colour type pngjs reads) to RGBA. */
export function decodePng(bytes: Uint8Array): Rgba {
  const png = PNG.sync.read(Buffer.from(bytes));
  return { width: png.width, height: png.height, data: new Uint8Array(png.data) };
}
