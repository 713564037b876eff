/**
 * The images that come with a player's map: checked before anything big is allocated (the
 * file size, then the header's width and height, then the map's total pixels and image
 * count), decoded once in the browser, and kept by key (the names the map's art gives
 * them, `own:<map id>:<path>`) for the board and the Setup screen's picture to draw.
 * Images of the last few maps are kept; older ones are let go.
 */
import { LIMITS } from '../maps/constants';
import { checkImageFile, type ImageHeader } from '../maps/images';

/** An image file as it came (dropped, chosen, or from a pack or the store). */
export interface MapImageFile {
  path: string;
  bytes: Uint8Array;
}

/** What came of a map's images. */
export interface PreparedImages {
  /** For the loader's `images` option: each decoded image's size and key, by path. */
  sizes: Record<string, { width: number; height: number; key: string }>;
  /** The bytes of each decoded image, by path (what the store keeps). */
  bytes: Record<string, Uint8Array>;
  /** One plain sentence for each image refused or that could not be decoded. */
  problems: string[];
}

/** The key a map's image is known by (its texture key too). */
export function mapImageKey(mapId: string, path: string): string {
  return `own:${mapId}:${path}`;
}

/** How many maps' images are kept decoded. */
const KEPT_MAPS = 4;
const decoded = new Map<string, HTMLImageElement>();
const keysOfMap = new Map<string, string[]>();

/** A decoded image by key, or undefined when it is not (or no longer) there. */
export function mapImage(key: string): HTMLImageElement | undefined {
  return decoded.get(key);
}

/** True when every one of the map's images (by key) is decoded. */
export function hasMapImages(keys: readonly string[]): boolean {
  return keys.every((k) => decoded.has(k));
}

const MIME: Record<ImageHeader['format'], string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
};

async function decode(bytes: Uint8Array, format: ImageHeader['format']): Promise<HTMLImageElement> {
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: MIME[format] });
  const url = URL.createObjectURL(blob);
  const img = new Image();
  img.decoding = 'async';
  img.src = url;
  try {
    await img.decode();
  } finally {
    URL.revokeObjectURL(url);
  }
  return img;
}

function remember(mapId: string, key: string, img: HTMLImageElement): void {
  decoded.set(key, img);
  const keys = keysOfMap.get(mapId) ?? [];
  keysOfMap.delete(mapId);
  keysOfMap.set(mapId, keys.includes(key) ? keys : [...keys, key]);
  while (keysOfMap.size > KEPT_MAPS) {
    const [oldest, old] = keysOfMap.entries().next().value as [string, string[]];
    keysOfMap.delete(oldest);
    for (const k of old) decoded.delete(k);
  }
}

/**
 * Checks and decodes a map's images, and keeps them under `mapImageKey(mapId, path)`.
 * Never throws: an image too big, unreadable or undecodable is left out with a sentence
 * in `problems` (its tiles are then drawn with the built-in tiles).
 */
export async function prepareMapImages(
  files: readonly MapImageFile[],
  mapId: string,
): Promise<PreparedImages> {
  const out: PreparedImages = { sizes: {}, bytes: {}, problems: [] };
  let pixels = 0;
  let count = 0;
  for (const f of files) {
    const checked = checkImageFile(f.path, f.bytes);
    if ('error' in checked) {
      out.problems.push(checked.error);
      continue;
    }
    const area = checked.width * checked.height;
    if (count >= LIMITS.maxImages || pixels + area > LIMITS.maxMapImagePixels) {
      out.problems.push(
        `The images that came with the map hold more than ${count >= LIMITS.maxImages ? `${LIMITS.maxImages} images` : `${Math.round(LIMITS.maxMapImagePixels / 1048576)} megapixels`} in all, so "${f.path}" was not loaded.`,
      );
      continue;
    }
    const key = mapImageKey(mapId, f.path);
    try {
      const img = decoded.get(key) ?? (await decode(f.bytes, checked.format));
      if (img.naturalWidth !== checked.width || img.naturalHeight !== checked.height) {
        out.problems.push(
          `The image "${f.path}" is not the size its header says, so it was not loaded.`,
        );
        continue;
      }
      remember(mapId, key, img);
    } catch {
      out.problems.push(
        `The image "${f.path}" could not be decoded (the file is damaged), so it was not loaded.`,
      );
      continue;
    }
    pixels += area;
    count++;
    out.sizes[f.path] = { width: checked.width, height: checked.height, key };
    out.bytes[f.path] = f.bytes;
  }
  return out;
}
