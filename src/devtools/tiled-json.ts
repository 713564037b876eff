/**
 * Pieces of Tiled map JSON shared by the shipped-map generator (tools/mapgen/gen.ts), the
 * test-fixture writer (tools/mapgen/fixtures.ts) and the map tests. The common builders
 * live in src/maps/tiled-json.ts (the game's writer of generated boards uses them too);
 * these keep the first sheets' 8 x 2 tileset, so fixtures.ts's plain JSON.stringify keeps
 * its files byte for byte. Keys are in the order Tiled writes them; `extra` fields come
 * last (or replace a field in place).
 */
import { BUILTIN_DUNGEON_TILECOUNT } from '../maps/constants';
import { builtinTileset as sheetTileset, type Json, type JsonObject } from '../maps/tiled-json';

export {
  objectLayer,
  pointObject,
  properties,
  property,
  tiledMap,
  tileLayer,
  type Json,
  type JsonObject,
  type MapParts,
  type PropertyValue,
} from '../maps/tiled-json';

/** The 8 x 8 cellar of the small test fixtures: `#` wall, `.` floor. */
export const CELLAR_ROWS = [
  '########',
  '#......#',
  '#.##...#',
  '#......#',
  '#...#..#',
  '#......#',
  '#......#',
  '########',
];

/** The built-in 8 x 2 sheet embedded in a map; without `withTiles` its tiles carry no terrain. */
export function builtinTileset(image: string, name: string, withTiles = true): JsonObject {
  return sheetTileset(image, name, withTiles, BUILTIN_DUNGEON_TILECOUNT);
}

/** The built-in sheet as a tileset file of its own (.tsj); the map using it gives the firstgid. */
export function builtinTilesetFile(image: string, name: string, tiledversion: string): JsonObject {
  const tileset = builtinTileset(image, name);
  delete tileset.firstgid;
  return { ...tileset, tiledversion, type: 'tileset', version: '1.10' };
}

/** An infinite map's tile layer spanning `size` x `size` tiles from `start`,`start`. */
export function chunkedTileLayer(
  id: number,
  name: string,
  chunks: Json[],
  start: number,
  size: number,
  extra: JsonObject = {},
): JsonObject {
  return {
    chunks,
    height: size,
    id,
    name,
    opacity: 1,
    startx: start,
    starty: start,
    type: 'tilelayer',
    visible: true,
    width: size,
    x: 0,
    y: 0,
    ...extra,
  };
}

export function groupLayer(
  id: number,
  name: string,
  layers: Json[],
  extra: JsonObject = {},
): JsonObject {
  return { id, layers, name, opacity: 1, type: 'group', visible: true, x: 0, y: 0, ...extra };
}
