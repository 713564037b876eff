/**
 * Tile data decoding: CSV arrays (and CSV text from .tmx files), base64 (plain, zlib and
 * gzip via fflate, zstd via fzstd) and the gid flip flags. Every decoder knows the exact
 * number of tiles it expects and refuses anything bigger before allocating it.
 */
import { Gunzip, Unzlib } from 'fflate';
import { decompress as zstdDecompress } from 'fzstd';
import { fail, quote, show } from './errors';

/** Tiled's flag bits in a gid: flipped horizontally, vertically, diagonally, hex 120°. */
export const FLIP_H = 0x80000000;
export const FLIP_V = 0x40000000;
export const FLIP_D = 0x20000000;
export const ROTATE_HEX_120 = 0x10000000;
/** Bits that are flags, not the tile id (the top 4). */
export const FLAG_MASK = 0xf0000000;
/** Flags kept in the normalised data for rendering (orthogonal maps ignore the hex flag). */
export const RENDER_FLAG_MASK = 0xe0000000;
const GID_MASK = 0x0fffffff;

/** The tile id of a raw gid with its flag bits removed. */
export function gidOf(raw: number): number {
  return (raw & GID_MASK) >>> 0;
}

/** The rendering flip flags of a raw gid (unsigned, 0 when unflipped). */
export function flagsOf(raw: number): number {
  return (raw & RENDER_FLAG_MASK) >>> 0;
}

/** Combines a tile id and flip flags into an unsigned raw gid. */
export function withFlags(gid: number, flags: number): number {
  return (gid | flags) >>> 0;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Int16Array(128).fill(-1);
for (let i = 0; i < B64.length; i++) B64_INDEX[B64.charCodeAt(i)] = i;

/**
 * Decodes standard base64 (whitespace allowed, padding optional). Returns undefined for a
 * character outside the alphabet. Output length is at most 3/4 of the input length.
 */
export function decodeBase64(text: string): Uint8Array | undefined {
  const clean = text.replace(/\s+/g, '').replace(/=+$/, '');
  if (clean.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < clean.length; i++) {
    const c = clean.charCodeAt(i);
    const d = c < 128 ? B64_INDEX[c] : -1;
    if (d < 0) return undefined;
    acc = ((acc << 6) | d) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out.subarray(0, o);
}

/**
 * Inflates zlib or gzip data, stopping as soon as the output exceeds `maxBytes` (so a
 * "zip bomb" costs at most a few megabytes). Returns the bytes, or a reason it failed.
 */
export function inflateLimited(
  bytes: Uint8Array,
  kind: 'zlib' | 'gzip',
  maxBytes: number,
): { ok: true; bytes: Uint8Array } | { ok: false; reason: string } {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let tooBig = false;
  const onData = (data: Uint8Array): void => {
    total += data.length;
    if (total > maxBytes) tooBig = true;
    else chunks.push(data);
  };
  try {
    const stream = kind === 'zlib' ? new Unzlib(onData) : new Gunzip(onData);
    const step = 1024;
    for (let i = 0; i < bytes.length && !tooBig; i += step) {
      stream.push(bytes.subarray(i, i + step), i + step >= bytes.length);
    }
  } catch (e) {
    const detail = e instanceof Error ? e.message : 'corrupt data';
    return { ok: false, reason: `the ${kind} data is damaged (${detail})` };
  }
  if (tooBig) return { ok: false, reason: `it unpacks to more than ${maxBytes / 4} tiles` };
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return { ok: true, bytes: out };
}

const ZSTD_MAGIC = 0xfd2fb528;
/** Largest zstd window a tile layer may ask for (Tiled's layers are far smaller). */
const ZSTD_MAX_WINDOW = 8 * 1024 * 1024;
const ZSTD_MAX_BLOCK = 128 * 1024;

function u32(b: Uint8Array, i: number): number {
  return (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0;
}

/**
 * Walks the zstd frames and blocks by their headers alone (no decompression) and says why
 * the data cannot be what a layer of `maxBytes` holds, or null when it may be. This bounds
 * what the decompressor will allocate: a hostile header cannot ask for gigabytes.
 */
export function checkZstdFrames(bytes: Uint8Array, maxBytes: number): string | null {
  let at = 0;
  let bound = 0;
  while (at < bytes.length) {
    if (at + 4 > bytes.length) return 'the zstd data is cut short';
    const magic = u32(bytes, at);
    if (magic >>> 4 === 0x184d2a5) {
      if (at + 8 > bytes.length) return 'the zstd data is cut short';
      at += 8 + u32(bytes, at + 4);
      continue;
    }
    if (magic !== ZSTD_MAGIC) return 'it is not zstd data';
    at += 4;
    if (at >= bytes.length) return 'the zstd data is cut short';
    const fhd = bytes[at++];
    const single = (fhd >> 5) & 1;
    const checksum = (fhd >> 2) & 1;
    const dictBytes = [0, 1, 2, 4][fhd & 3];
    const fcsFlag = fhd >> 6;
    const fcsBytes = fcsFlag === 0 ? single : 1 << fcsFlag;
    let window = 0;
    if (!single) {
      if (at >= bytes.length) return 'the zstd data is cut short';
      const wd = bytes[at++];
      const base = 2 ** (10 + (wd >> 3));
      window = base + (base / 8) * (wd & 7);
    }
    at += dictBytes;
    if (dictBytes > 0) return 'it needs a zstd dictionary, which Tiled never uses';
    let content = -1;
    if (fcsBytes > 0) {
      if (at + fcsBytes > bytes.length) return 'the zstd data is cut short';
      content = 0;
      for (let i = fcsBytes - 1; i >= 0; i--) content = content * 256 + bytes[at + i];
      if (fcsBytes === 2) content += 256;
      at += fcsBytes;
    }
    if (single) window = content;
    if (content > maxBytes) return `it unpacks to more than ${maxBytes / 4} tiles`;
    if (window > ZSTD_MAX_WINDOW && content < 0)
      return 'its zstd window is far larger than a layer';
    const blockMax = Math.min(ZSTD_MAX_BLOCK, Math.max(window, 1));
    for (let last = 0; !last;) {
      if (at + 3 > bytes.length) return 'the zstd data is cut short';
      const header = bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
      at += 3;
      last = header & 1;
      const type = (header >> 1) & 3;
      const size = header >>> 3;
      if (type === 3) return 'it has a damaged zstd block';
      if (type === 1) {
        bound += size;
        at += 1;
      } else {
        bound += type === 0 ? size : blockMax;
        at += size;
      }
      if (at > bytes.length) return 'the zstd data is cut short';
      if (bound > 64 * maxBytes + 1024 * 1024)
        return `it unpacks to more than ${maxBytes / 4} tiles`;
    }
    if (checksum) at += 4;
  }
  return null;
}

/** Decompresses zstd tile data after checkZstdFrames; returns the bytes or why it failed. */
export function unzstdLimited(
  bytes: Uint8Array,
  maxBytes: number,
): { ok: true; bytes: Uint8Array } | { ok: false; reason: string } {
  const problem = checkZstdFrames(bytes, maxBytes);
  if (problem) return { ok: false, reason: problem };
  try {
    const out = zstdDecompress(bytes);
    if (out.length > maxBytes) {
      return { ok: false, reason: `it unpacks to more than ${maxBytes / 4} tiles` };
    }
    return { ok: true, bytes: out };
  } catch (e) {
    const detail = e instanceof Error ? e.message : 'corrupt data';
    return { ok: false, reason: `the zstd data is damaged (${detail})` };
  }
}

/** Where a block of tile data comes from, for messages. */
export interface DataContext {
  where: string;
  encoding: string | undefined;
  compression: string | undefined;
  /** Describes the block's size, e.g. `the layer is 8 x 10 = 80 squares`. */
  sizeText: string;
}

/**
 * Checks a layer's `encoding` and `compression` before any data is decoded; throws a
 * MapError naming the layer for zstd, unknown compression or unknown encoding.
 */
export function checkEncoding(where: string, encoding: unknown, compression: unknown): void {
  const enc = encoding === undefined || encoding === '' ? 'csv' : encoding;
  if (enc !== 'csv' && enc !== 'base64') {
    fail(
      `${where} uses the tile data encoding ${show(encoding)}, which the game does not know. ` +
        'In Tiled open Map > Map Properties and set Tile Layer Format to "CSV" or "Base64 (zlib)".',
    );
  }
  const comp = compression ?? '';
  if (comp !== '' && comp !== 'zlib' && comp !== 'gzip' && comp !== 'zstd') {
    fail(
      `${where} uses the unknown compression ${show(compression)}. ` +
        'In Tiled open Map > Map Properties and set Tile Layer Format to "CSV" or "Base64 (zlib)".',
    );
  }
  if (comp !== '' && enc !== 'base64') {
    fail(
      `${where} says it is compressed with ${quote(String(comp))} but its encoding is not base64. ` +
        'Save the map again from Tiled.',
    );
  }
}

/**
 * Decodes one block of tile data (a layer's `data` or a chunk's) into raw gids, exactly
 * `count` of them. Throws a MapError naming the place when the data is not what it claims.
 */
export function decodeTileData(data: unknown, count: number, ctx: DataContext): Uint32Array {
  const enc = ctx.encoding === undefined || ctx.encoding === '' ? 'csv' : ctx.encoding;
  const comp = ctx.compression ?? '';
  if (enc === 'csv') {
    if (typeof data === 'string') return decodeCsvText(data, count, ctx);
    if (!Array.isArray(data)) {
      fail(
        `${ctx.where}: "data" should be a list of tile ids but is ${show(data)}. Save the map again from Tiled.`,
      );
    }
    if (data.length !== count) {
      fail(`${ctx.where}: data has ${data.length} tiles but ${ctx.sizeText}.`);
    }
    const out = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      const v: unknown = data[i];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0xffffffff) {
        fail(
          `${ctx.where}: tile ${i + 1} of the data is ${show(v)}, which is not a tile id. Save the map again from Tiled.`,
        );
      }
      out[i] = v;
    }
    return out;
  }
  if (typeof data !== 'string') {
    fail(
      `${ctx.where}: "data" should be base64 text but is ${show(data)}. Save the map again from Tiled.`,
    );
  }
  const expectedBytes = count * 4;
  // Compressed tile data is never much bigger than the raw bytes; raw base64 is 4/3 of them.
  const maxChars = comp === '' ? Math.ceil(expectedBytes / 3) * 4 + 8 : expectedBytes * 2 + 4096;
  if (data.length > maxChars) {
    fail(
      `${ctx.where}: the base64 data is ${data.length} characters, far more than ${ctx.sizeText}.`,
    );
  }
  let bytes = decodeBase64(data);
  if (!bytes) {
    fail(`${ctx.where}: "data" is not valid base64 text. Save the map again from Tiled.`);
  }
  if (comp === 'zlib' || comp === 'gzip' || comp === 'zstd') {
    const r =
      comp === 'zstd'
        ? unzstdLimited(bytes, expectedBytes)
        : inflateLimited(bytes, comp, expectedBytes);
    if (!r.ok)
      fail(
        `${ctx.where}: the tile data could not be unpacked: ${r.reason}. Save the map again from Tiled.`,
      );
    bytes = r.bytes;
  }
  if (bytes.length !== expectedBytes) {
    const tiles = Math.floor(bytes.length / 4);
    fail(`${ctx.where}: data has ${tiles} tiles but ${ctx.sizeText}.`);
  }
  const out = new Uint32Array(count);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < count; i++) out[i] = view.getUint32(i * 4, true);
  return out;
}

/**
 * CSV tile data as text (how .tmx files hold it): exactly `count` comma-separated ids,
 * counted before anything is allocated.
 */
function decodeCsvText(text: string, count: number, ctx: DataContext): Uint32Array {
  const trimmed = text.trim();
  let commas = 0;
  for (let i = trimmed.indexOf(','); i !== -1; i = trimmed.indexOf(',', i + 1)) commas++;
  // Some writers end the last row with a comma too.
  const trailing = /,\s*$/.test(trimmed) ? 1 : 0;
  const found = trimmed === '' ? 0 : commas + 1 - trailing;
  if (found !== count) fail(`${ctx.where}: data has ${found} tiles but ${ctx.sizeText}.`);
  const out = new Uint32Array(count);
  let i = 0;
  for (const part of trimmed.split(',')) {
    if (i === count) break;
    const t = part.trim();
    const v = /^\d+$/.test(t) ? Number(t) : NaN;
    if (!Number.isInteger(v) || v > 0xffffffff) {
      fail(
        `${ctx.where}: tile ${i + 1} of the data is ${show(t)}, which is not a tile id. Save the map again from Tiled.`,
      );
    }
    out[i++] = v;
  }
  return out;
}
