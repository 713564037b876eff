/**
 * The player's own reading of a map's tiles: where nothing in the map says which tiles are
 * walls (a one-layer dungeon from another game, walls just other tile ids), the player marks
 * a kind of tile (one tile id of the map, a gid) as wall, floor or cover on the Setup
 * screen, and every square painted with it follows. The table is kept with the map in
 * My maps; the loader (terrain.ts) reads it before anything the map says. No DOM here.
 */
import type { SquareCover, Terrain } from '../engine/map';

/** What the player made a kind of tile. */
export type TileMark = 'wall' | 'floor' | 'cover';

/** The marks in the order a click on the picture steps through them. */
export const TILE_MARKS: readonly TileMark[] = ['wall', 'floor', 'cover'];

/** A map's marks: tile id (gid, flip flags left out) as a decimal text, its mark. */
export type TileMarks = Record<string, TileMark>;

/** Most marks kept for one map (a map with more kinds of tile than this is not hand-marked). */
export const MAX_TILE_MARKS = 512;

/** The mark a click gives a kind of tile that has `current` (none: a wall first). */
export function nextTileMark(current: TileMark | undefined): TileMark {
  if (!current) return 'wall';
  return TILE_MARKS[(TILE_MARKS.indexOf(current) + 1) % TILE_MARKS.length];
}

/** The marks with `gid` set to `mark` (a new table; the old one is left as it was). */
export function withTileMark(marks: TileMarks | undefined, gid: number, mark: TileMark): TileMarks {
  return { ...(marks ?? {}), [String(gid)]: mark };
}

/**
 * The marks of a stored or saved map record, whatever it holds: a record kept before maps
 * had marks has none (an empty table); keys that are not tile ids and values that are not
 * marks are left out. Never throws.
 */
export function readTileMarks(raw: unknown): TileMarks {
  const out: TileMarks = {};
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return out;
  let n = 0;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (n >= MAX_TILE_MARKS) break;
    if (!/^[1-9]\d{0,9}$/.test(key) || Number(key) > 0x0fffffff) continue;
    if (typeof value !== 'string' || !(TILE_MARKS as readonly string[]).includes(value)) continue;
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    n++;
  }
  return out;
}

/** The mark of `gid` in `marks`, if the player gave it one. */
export function markOf(marks: TileMarks | undefined, gid: number): TileMark | undefined {
  if (!marks || !Object.prototype.hasOwnProperty.call(marks, String(gid))) return undefined;
  return marks[String(gid)];
}

/** What a mark makes a square: its terrain, whether it blocks sight, and its cover. */
export function markTerrain(mark: TileMark): {
  terrain: Terrain;
  blocksSight: boolean;
  cover: SquareCover;
} {
  if (mark === 'wall') return { terrain: 'wall', blocksSight: true, cover: 'none' };
  // Cover: a low obstacle (rubble, a pillar's foot) a figure stands behind, not a wall.
  if (mark === 'cover') return { terrain: 'floor', blocksSight: false, cover: 'partial' };
  return { terrain: 'floor', blocksSight: false, cover: 'none' };
}
