/**
 * Node-side access to the bundled maps (maps/index.json) through the same loader the
 * game uses, for the simulator, soak, benchmark and tests (tools/lib/maps.ts re-exports it).
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDefaultSetup, loadTiledMap } from '../maps/index';
import type { BattleMap } from '../engine/map';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const MAPS_DIR = join(ROOT, 'maps');

export interface BundledMapEntry {
  id: string;
  file: string;
  name: string;
  description: string;
  tilesets?: string[];
}

export function listBundledMaps(): BundledMapEntry[] {
  return JSON.parse(readFileSync(join(MAPS_DIR, 'index.json'), 'utf8')) as BundledMapEntry[];
}

/** Loads a bundled map by id, or throws with the loader's plain message. */
export function loadBundledMap(id: string): BattleMap {
  const entry = listBundledMaps().find((m) => m.id === id);
  if (!entry) throw new Error(`No bundled map "${id}" in maps/index.json.`);
  const externalTilesets: Record<string, string> = {};
  for (const t of entry.tilesets ?? []) {
    const p = join(MAPS_DIR, t);
    if (existsSync(p)) externalTilesets[t] = readFileSync(p, 'utf8');
  }
  const result = loadTiledMap(readFileSync(join(MAPS_DIR, entry.file), 'utf8'), {
    id,
    externalTilesets,
  });
  if (!result.ok) throw new Error(`Map "${id}": ${result.error}`);
  const map = result.map.battleMap;
  const hasUnits =
    map.objects.some((o) => o.kind === 'hero') && map.objects.some((o) => o.kind === 'enemy');
  return hasUnits ? map : addDefaultSetup(map);
}
