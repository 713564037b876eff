/**
 * Shared helpers for the map loader tests: fixture files, JSON mutation, and ASCII views
 * of a BattleMap so expectations read like the maps themselves.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { BattleMap } from '../../src/engine/map';
import {
  loadTiledMap,
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
