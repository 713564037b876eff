/**
 * Asset URLs. Vite resolves every file under assets/ at build time (so `npm start` and the
 * static dist/ build both work and missing files simply are not listed); lookups use
 * game-root paths such as 'assets/tiles/dungeon-tiles.png', as the map loader writes them.
 */

const URLS = import.meta.glob('../../assets/**/*.{png,jpg,webp,ogg,mp3,wav,m4a}', {
  query: '?url',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const JSONS = import.meta.glob('../../assets/**/*.json', {
  import: 'default',
  eager: true,
}) as Record<string, unknown>;

const TEXTS = import.meta.glob('../../assets/**/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

function normalise(path: string): string {
  return path.replace(/^(\.\.\/)+/, '').replace(/^\.?\//, '');
}

const urlByPath = new Map(Object.entries(URLS).map(([k, v]) => [normalise(k), v]));
const jsonByPath = new Map(Object.entries(JSONS).map(([k, v]) => [normalise(k), v]));
const textByPath = new Map(Object.entries(TEXTS).map(([k, v]) => [normalise(k), v]));

/** URL of a binary asset by its game-root path, or undefined when the file is not there. */
export function assetUrl(path: string): string | undefined {
  return urlByPath.get(normalise(path));
}

/** Parsed JSON of an asset (atlas frames), or undefined. */
export function assetJson(path: string): unknown {
  return jsonByPath.get(normalise(path));
}

export function assetText(path: string): string | undefined {
  return textByPath.get(normalise(path));
}

/** All asset paths under a folder (e.g. 'assets/audio/'). */
export function assetPaths(prefix: string): string[] {
  return [...urlByPath.keys()].filter((p) => p.startsWith(prefix));
}
