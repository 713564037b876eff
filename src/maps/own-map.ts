/**
 * A player's own Tiled map, from its files' texts: the one loader behind My maps, a map
 * dropped on the Setup screen, and the maps a campaign carries. Every problem comes back
 * as one plain sentence, never a throw.
 */
import { withFigures } from './fields';
import { loadTiledMap } from './loader';
import type { TileMarks } from './tile-marks';
import type { LoadedMap } from './types';

/** Size and key of one image that came with a player's map (the bytes live in the store). */
export interface OwnMapImage {
  width: number;
  height: number;
  key: string;
}

/** A map the player loaded from files (kept in the save so a reload can rebuild it). */
export interface OwnMapSource {
  /** File name of the map, e.g. "my-crypt.tmx" (its path inside a .zip pack). */
  fileName: string;
  text: string;
  /** Other files dropped with it (tilesets, templates), keyed by file name or path in the pack. */
  files: Record<string, string>;
  /** Its id in "my maps" (a content id of its files and images), when it has one. */
  id?: string;
  /** The images that came with it, by path: their size and the key they are decoded under. */
  images?: Record<string, OwnMapImage>;
  /**
   * The player's marks on its tiles (tile id to wall, floor or cover), made on the Setup
   * screen where the map says nothing of its walls. Absent in records kept before marks.
   */
  tileMarks?: TileMarks;
}

/** The map's id in the game: its file name's stem, in safe letters. */
function ownMapId(source: OwnMapSource): string {
  const stem = source.fileName
    .replace(/^.*\//, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .slice(0, 40);
  return stem || 'custom-map';
}

/** Loads the player's own map (with the default figures when it has none); errors in plain words. */
export function loadOwnMap(
  source: OwnMapSource,
): { ok: true; map: LoadedMap } | { ok: false; error: string } {
  let loaded;
  try {
    loaded = loadTiledMap(source.text, {
      id: ownMapId(source),
      mapPath: source.fileName,
      externalTilesets: source.files,
      externalTemplates: source.files,
      images: source.images ?? {},
      tileMarks: source.tileMarks,
    });
  } catch (err) {
    return {
      ok: false,
      error: `The map could not be read: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  if (!loaded.ok) return { ok: false, error: loaded.error };
  try {
    return { ok: true, map: withFigures(loaded.map) };
  } catch (err) {
    return {
      ok: false,
      error: `The map has no units and none could be placed: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}
