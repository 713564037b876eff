/**
 * Shared helpers for the map loader tests: fixture files, JSON mutation, and ASCII views
 * of a BattleMap so expectations read like the maps themselves.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { expect } from 'vitest';
import type { BattleMap } from '../../src/engine/map';
import {
  loadTiledMap,
  readImageHeader,
  type LoadedMap,
  type LoadTiledMapOptions,
  type MapLoadResult,
} from '../../src/maps';
import { CELLAR_ROWS } from '../../src/devtools/tiled-json';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const FIXTURES = join(ROOT, 'test/fixtures/maps');
export const MAPS = join(ROOT, 'maps');

/** Text of a fixture file (path relative to test/fixtures/maps). */
export function fixtureText(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

/** Parsed JSON of a fixture, for tests that change it. */
export function fixtureJson(name: string): Record<string, unknown> {
  return JSON.parse(fixtureText(name)) as Record<string, unknown>;
}

/** Loads a fixture after `change` edits its parsed JSON (the JSON is re-serialised). */
export function loadChanged(
  name: string,
  change: (json: Record<string, unknown>) => void,
  options: Partial<LoadTiledMapOptions> = {},
): MapLoadResult {
  const json = fixtureJson(name);
  change(json);
  return loadTiledMap(JSON.stringify(json), { id: 'test', ...options });
}

/** Loads a fixture file as is. */
export function loadFixture(
  name: string,
  options: Partial<LoadTiledMapOptions> = {},
): MapLoadResult {
  return loadTiledMap(fixtureText(name), { id: name.replace(/\..*$/, ''), ...options });
}

/** Asserts the load worked and returns the map. */
export function ok(result: MapLoadResult): LoadedMap {
  if (!result.ok) throw new Error(`expected the map to load, got: ${result.error}`);
  return result.map;
}

/** Asserts the load failed and returns the message (which must be one plain sentence or two). */
export function err(result: MapLoadResult): string {
  if (result.ok) throw new Error('expected the map to be refused, but it loaded');
  expect(typeof result.error).toBe('string');
  expect(result.error).not.toMatch(/\n\s+at /);
  expect(result.error.length).toBeLessThan(600);
  return result.error;
}

const CHAR: Record<string, string> = {
  floor: '.',
  wall: '#',
  difficult: ':',
  dangerous: 'l',
  water: '~',
  pit: 'o',
  void: ' ',
};

/** One string per row: terrain letters (`.#:l~o` and space for void). */
export function terrainRows(map: BattleMap): string[] {
  const rows: string[] = [];
  for (let y = 0; y < map.height; y++) {
    let s = '';
    for (let x = 0; x < map.width; x++) s += CHAR[map.terrain[y * map.width + x]];
    rows.push(s);
  }
  return rows;
}

/** The 8 x 8 cellar of the small fixtures, as terrain rows. */
export const CELLAR = CELLAR_ROWS;

/** Units of a map as `kind:unit@x,y`, sorted. */
export function unitList(map: BattleMap): string[] {
  return map.objects
    .filter((o) => o.kind === 'hero' || o.kind === 'enemy')
    .map(
      (o) =>
        `${o.kind}:${typeof o.properties.unit === 'string' ? o.properties.unit : '-'}@${o.x},${o.y}`,
    )
    .sort();
}

/** The hero units of a map as `hero:unit@x,y`, sorted (see unitList). */
export function heroList(map: BattleMap): string[] {
  return unitList(map).filter((u) => u.startsWith('hero'));
}

/** Loads the map at `mapPath` among a pack's (or folder's) files, with the others as its tilesets and templates. */
export function loadFromPack(files: Record<string, string>, mapPath: string): LoadedMap {
  return ok(
    loadTiledMap(files[mapPath], {
      id: mapPath.replace(/^.*\//, '').replace(/\..*$/, ''),
      mapPath,
      externalTilesets: files,
      externalTemplates: files,
    }),
  );
}

type Key = string | number;

function step(v: unknown, k: Key): unknown {
  if (v === null || typeof v !== 'object')
    throw new Error(`cannot read ${String(k)} of ${String(v)}`);
  return (v as Record<Key, unknown>)[k];
}

/** Reads a value at a path of keys/indexes inside parsed JSON. */
export function get(root: unknown, path: readonly Key[]): unknown {
  return path.reduce<unknown>((v, k) => step(v, k), root);
}

/** Sets a value at a path inside parsed JSON. */
export function put(root: unknown, path: readonly Key[], value: unknown): void {
  const parent = get(root, path.slice(0, -1)) as Record<Key, unknown>;
  parent[path[path.length - 1]] = value;
}

/** Deletes a key (or removes an array item) at a path inside parsed JSON. */
export function drop(root: unknown, path: readonly Key[]): void {
  const parent = get(root, path.slice(0, -1));
  const last = path[path.length - 1];
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete (parent as Record<Key, unknown>)[last];
}

/** The array at a path inside parsed JSON (throws when it is not one). */
export function list(root: unknown, path: readonly Key[]): unknown[] {
  const v = get(root, path);
  if (!Array.isArray(v)) throw new Error(`not a list at ${path.join('.')}`);
  return v;
}

/** The numbers at a path (tile data). */
export function nums(root: unknown, path: readonly Key[]): number[] {
  return list(root, path) as number[];
}

/** A deep copy of the value at a path. */
export function copy(root: unknown, path: readonly Key[]): Record<string, unknown> {
  return JSON.parse(JSON.stringify(get(root, path))) as Record<string, unknown>;
}

/** The map pack fixture folder: a map in maps/, its tileset in tilesets/, a template. */
export const PACK = join(FIXTURES, 'elsewhere', 'pack');

/** The fixture pack as a zip: the map, its tileset, its template, a note and an image. */
export function packZip(): Uint8Array {
  const entries: Zippable = {
    'cave/maps/level.tmx': strToU8(readFileSync(join(PACK, 'maps/level.tmx'), 'utf8')),
    'cave/tilesets/cave.tsj': strToU8(readFileSync(join(PACK, 'tilesets/cave.tsj'), 'utf8')),
    'cave/templates/troll.tx': strToU8(readFileSync(join(PACK, 'templates/troll.tx'), 'utf8')),
    'cave/readme.txt': strToU8('Made for the tests.'),
    'cave/tilesets/cave.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
    '__MACOSX/cave/._level.tmx': strToU8('junk'),
  };
  return zipSync(entries, { level: 6, mtime: new Date('2024-01-01T00:00:00Z') });
}

/** Sets every "uncompressed size" field of the zip's central directory to `size`. */
export function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 46 <= out.length; i++) {
    if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
}

/** Marsh Keep, the third-party-style map with its own art (tools/mapgen/own-art.ts). */
export const OWN_ART = join(FIXTURES, 'own-art');
/** Its images, by path beside the map. */
export const OWN_ART_IMAGES = [
  'art/keep-tiles.png',
  'art/barrel.png',
  'art/crate.png',
  'art/banner.png',
  'art/mire.png',
];

type ImageSizes = Record<string, { width: number; height: number }>;

/** The images beside Marsh Keep, by path, as the app gives them to the loader (header sizes). */
export function ownArtImages(only: readonly string[] = OWN_ART_IMAGES): ImageSizes {
  const out: ImageSizes = {};
  for (const path of only) {
    const header = readImageHeader(readFileSync(join(OWN_ART, path)));
    if (!header) throw new Error(`${path} has no readable header`);
    out[path] = { width: header.width, height: header.height };
  }
  return out;
}

/** Marsh Keep (.tmx or .tmj) loaded with its tileset and the given images (null: none given). */
export function loadMarshKeep(
  file = 'marsh-keep.tmx',
  images: ImageSizes | null = ownArtImages(),
): LoadedMap {
  const text = (name: string): string => readFileSync(join(OWN_ART, name), 'utf8');
  return ok(
    loadTiledMap(text(file), {
      id: 'marsh-keep',
      mapPath: file,
      externalTilesets: {
        'tiles/keep.tsx': text('tiles/keep.tsx'),
        'tiles/keep.tsj': text('tiles/keep.tsj'),
      },
      images: images ?? undefined,
    }),
  );
}

/** The first bytes of a PNG (signature and IHDR) whose header says `width` x `height` pixels. */
export function pngHeader(width: number, height: number): Uint8Array {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const v = new DataView(b.buffer);
  v.setUint32(16, width);
  v.setUint32(20, height);
  b[24] = 8;
  b[25] = 6;
  return b;
}
