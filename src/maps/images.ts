/**
 * The images that come with a player's map (tileset sheets, image-collection tiles, image
 * layers): their size read from the file's header before anything is decoded, and the size
 * caps that keep a hostile image (a PNG whose header claims 100000 x 100000 pixels) from
 * being decoded at all. Pure: bytes in, numbers or one plain sentence out.
 */
import { LIMITS } from './constants';
import { quote } from './errors';

/** Image files Tiled can use (and browsers decode). */
export const IMAGE_FILE = /\.(png|jpe?g|gif|webp|bmp)$/i;

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp';

/** What a file's header says: its format and size in pixels. */
export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
}

/**
 * How many leading bytes `readImageHeader` needs at most: a PNG, GIF, WebP or BMP says its
 * size in the first 30 bytes; a JPEG says it after its metadata segments, which are
 * usually a few kilobytes (camera pictures up to 64 KiB each).
 */
export const IMAGE_HEADER_BYTES = 256 * 1024;

const u16be = (b: Uint8Array, i: number): number => (b[i] << 8) | b[i + 1];
const u16le = (b: Uint8Array, i: number): number => b[i] | (b[i + 1] << 8);
const u24le = (b: Uint8Array, i: number): number => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);
const u32be = (b: Uint8Array, i: number): number =>
  ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
const i32le = (b: Uint8Array, i: number): number =>
  b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24);
const ascii = (b: Uint8Array, i: number, n: number): string =>
  String.fromCharCode(...b.subarray(i, i + n));

function png(b: Uint8Array): ImageHeader | null {
  // Signature, then the IHDR chunk: length, "IHDR", width, height (big-endian).
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return { format: 'png', width: u32be(b, 16), height: u32be(b, 20) };
}

function jpeg(b: Uint8Array): ImageHeader | null {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    // Markers without a length: TEM, RST0-7, SOI, EOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      i += 2;
      continue;
    }
    const length = u16be(b, i + 2);
    if (length < 2) return null;
    // Start of frame (baseline, progressive, lossless, arithmetic...): precision, height, width.
    const sof =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (sof) {
      if (i + 9 > b.length) return null;
      return { format: 'jpeg', width: u16be(b, i + 7), height: u16be(b, i + 5) };
    }
    if (marker === 0xda) return null; // image data before any frame header
    i += 2 + length;
  }
  return null;
}

function gif(b: Uint8Array): ImageHeader | null {
  if (b.length < 10) return null;
  return { format: 'gif', width: u16le(b, 6), height: u16le(b, 8) };
}

function webp(b: Uint8Array): ImageHeader | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X')
    return { format: 'webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = (b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24)) >>> 0;
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') {
    // Key frame start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { format: 'webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  return null;
}

function bmp(b: Uint8Array): ImageHeader | null {
  if (b.length < 26) return null;
  const headerSize = i32le(b, 14);
  if (headerSize === 12) return { format: 'bmp', width: u16le(b, 18), height: u16le(b, 20) };
  return { format: 'bmp', width: Math.abs(i32le(b, 18)), height: Math.abs(i32le(b, 22)) };
}

/**
 * The format and size of an image from its first bytes (see IMAGE_HEADER_BYTES), without
 * decoding it; null when the bytes are not a PNG, JPEG, GIF, WebP or BMP the header of
 * which can be read.
 */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, 3) === 'PNG') return png(b);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b);
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return gif(b);
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return webp(b);
  if (b.length >= 2 && ascii(b, 0, 2) === 'BM') return bmp(b);
  return null;
}

/**
 * Why an image of this size may not be loaded (one plain sentence naming it), or null when
 * it is within the caps: each side at most LIMITS.maxImageSide pixels, at most
 * LIMITS.maxImagePixels in all, and not empty.
 */
export function imageSizeProblem(name: string, header: ImageHeader): string | null {
  const { width, height } = header;
  const max = LIMITS.maxImageSide;
  if (width === 0 || height === 0) {
    return `The image ${quote(name)} is empty (${width} x ${height} pixels), so it was not loaded.`;
  }
  if (width > max || height > max || width * height > LIMITS.maxImagePixels) {
    return `The image ${quote(name)} is ${width} x ${height} pixels; images may be at most ${max} x ${max}, so it was not loaded.`;
  }
  return null;
}

/**
 * Checks an image file's bytes (or its first IMAGE_HEADER_BYTES) before it is decoded:
 * its header, then its size. Returns the header, or one plain sentence saying why it is
 * refused.
 */
export function checkImageFile(
  name: string,
  bytes: Uint8Array,
  fileSize: number = bytes.length,
): ImageHeader | { error: string } {
  if (fileSize > LIMITS.maxImageBytes) {
    return {
      error: `The image ${quote(name)} is ${Math.round(fileSize / (1024 * 1024))} MB; images may be at most ${LIMITS.maxImageBytes / (1024 * 1024)} MB, so it was not loaded.`,
    };
  }
  const header = readImageHeader(bytes);
  if (!header) {
    return {
      error: `The file ${quote(name)} is not a PNG, JPEG, GIF, WebP or BMP image that can be read, so it was not loaded.`,
    };
  }
  const problem = imageSizeProblem(name, header);
  return problem ? { error: problem } : header;
}
