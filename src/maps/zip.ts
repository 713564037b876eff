/**
 * Map packs: a .zip holding a map with its tilesets, templates and images, unpacked with
 * fflate. The zip's own directory is read first and checked against the limits (number of
 * entries, what they unpack to) before anything is unpacked, so a "zip bomb" costs nothing
 * but a plain message. Tiled's files are unpacked as text and images (within the image
 * limits) as bytes; anything else is listed, not read. Each unpacked entry gets exactly the
 * room its directory entry claims, no more.
 */
import { unzipSync } from 'fflate';
import { LIMITS } from './constants';
import { detailOf, fail, quote } from './errors';
import { IMAGE_FILE } from './images';
import { isForbiddenKey } from './safe-json';

/** Extensions of the Tiled files a pack may hold (maps, tilesets, templates). */
export const TILED_FILE = /\.(tmx|tmj|json|tsx|tsj|tx|tj)$/i;

export interface UnpackedPack {
  /** Tiled files by their path inside the zip (forward slashes). */
  files: Record<string, string>;
  /** Image files (PNG, JPEG, GIF, WebP, BMP) by their path inside the zip, not yet checked or decoded. */
  images: Record<string, Uint8Array>;
  /** Other entries (notes, sounds, images past the limits...), by path: not unpacked. */
  skipped: string[];
}

interface Entry {
  name: string;
  size: number;
}

class TooManyEntries extends Error {}

const MB = 1024 * 1024;

function megabytes(n: number): string {
  return `${(n / MB).toFixed(n < 10 * MB ? 1 : 0)} MB`;
}

/** True for a path that is a folder, hidden, or macOS clutter. */
function ignoredPath(name: string): boolean {
  return (
    name.endsWith('/') ||
    name.startsWith('__MACOSX/') ||
    name.split('/').some((p) => p.startsWith('.') || isForbiddenKey(p))
  );
}

/**
 * Unpacks the Tiled files of a .zip map pack (`what` names it in messages, e.g.
 * `The file "pack.zip"`). Throws a MapError with a plain sentence for a damaged zip, one
 * with too many entries or that unpacks to too much, and for one without any Tiled file.
 */
export function unpackZip(bytes: Uint8Array, what: string): UnpackedPack {
  if (bytes.length > LIMITS.maxZipBytes) {
    fail(
      `${what} is ${megabytes(bytes.length)}; map packs may be at most ${megabytes(LIMITS.maxZipBytes)}.`,
    );
  }
  // Pass 1: the zip's directory only (the filter refuses every entry, so nothing is unpacked).
  const entries: Entry[] = [];
  let declared = 0;
  try {
    unzipSync(bytes, {
      filter(file) {
        if (entries.length >= LIMITS.maxZipEntries) throw new TooManyEntries();
        const size = Number.isFinite(file.originalSize) ? Math.max(0, file.originalSize) : Infinity;
        entries.push({ name: String(file.name).replace(/\\/g, '/'), size });
        declared += size;
        return false;
      },
    });
  } catch (e) {
    if (e instanceof TooManyEntries) {
      fail(
        `${what} holds more than ${LIMITS.maxZipEntries} files; a map pack needs only the map, its tilesets, templates and images.`,
      );
    }
    fail(`${what} is not a .zip file that can be read (${zipError(e)}). Pack the map again.`);
  }
  if (declared > LIMITS.maxZipUnpackedBytes) {
    fail(
      `${what} would unpack to ${Number.isFinite(declared) ? megabytes(declared) : 'an endless size'}, more than the ${megabytes(LIMITS.maxZipUnpackedBytes)} a map pack may hold. It was not unpacked.`,
    );
  }
  const wanted = new Set<string>();
  const wantedImages = new Set<string>();
  const skipped: string[] = [];
  for (const e of entries) {
    if (ignoredPath(e.name)) continue;
    if (TILED_FILE.test(e.name) && e.size <= LIMITS.maxTextLength) wanted.add(e.name);
    else if (
      IMAGE_FILE.test(e.name) &&
      e.size <= LIMITS.maxImageBytes &&
      wantedImages.size < LIMITS.maxImages
    )
      wantedImages.add(e.name);
    else skipped.push(e.name);
  }
  if (wanted.size === 0) {
    fail(
      `${what} holds no Tiled map (.tmx or .tmj)${
        entries.length > 0
          ? `, only ${entries
              .slice(0, 4)
              .map((e) => quote(e.name))
              .join(', ')}${entries.length > 4 ? '...' : ''}`
          : ''
      }.`,
    );
  }
  // Pass 2: unpack the Tiled files, each into exactly the size its directory entry gives.
  let unpacked: Record<string, Uint8Array>;
  try {
    unpacked = unzipSync(bytes, {
      filter: (file) => {
        const name = String(file.name).replace(/\\/g, '/');
        return wanted.has(name) || wantedImages.has(name);
      },
    });
  } catch (e) {
    fail(
      `${what} is damaged: its files could not be unpacked (${zipError(e)}). Pack the map again.`,
    );
  }
  const decoder = new TextDecoder('utf-8');
  const files: Record<string, string> = {};
  const images: Record<string, Uint8Array> = {};
  for (const [name, data] of Object.entries(unpacked)) {
    const path = name.replace(/\\/g, '/');
    const image = wantedImages.has(path);
    Object.defineProperty(image ? images : files, path, {
      value: image ? data : decoder.decode(data),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { files, images, skipped };
}

function zipError(e: unknown): string {
  return detailOf(e, 80) || 'unreadable';
}

/** True when the bytes start like a zip file (a local file header, or an empty zip). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    (bytes[2] === 3 || bytes[2] === 5) &&
    (bytes[3] === 4 || bytes[3] === 6)
  );
}

/**
 * Picks the maps among a set of Tiled files (a pack's, or a folder's): the .tmx / .tmj /
 * .json files whose text is a Tiled map, in path order.
 */
export function mapsAmong(files: Record<string, string>): string[] {
  return Object.keys(files)
    .filter((name) => /\.(tmx|tmj|json)$/i.test(name) && isMapText(files[name]))
    .sort();
}

/** A cheap test that a text is a Tiled map (XML `<map` root, or JSON with layers / type map). */
export function isMapText(text: string): boolean {
  const head = text
    .slice(0, 4096)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<')) return /<map[\s>]/.test(head);
  if (!head.startsWith('{')) return false;
  try {
    const j = JSON.parse(text) as Record<string, unknown>;
    return j !== null && typeof j === 'object' && (j.type === 'map' || Array.isArray(j.layers));
  } catch {
    return false;
  }
}
