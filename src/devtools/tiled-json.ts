/**
 * Pieces of Tiled map JSON shared by the shipped-map generator (tools/mapgen/gen.ts), the
 * test-fixture writer (tools/mapgen/fixtures.ts) and the map tests. Keys are in the order Tiled writes them, so
 * fixtures.ts's plain JSON.stringify keeps its files byte for byte; `extra` fields come last
 * (or replace a field in place).
 */
import { BUILTIN_TILES } from '../maps/constants';

export type Json = null | boolean | number | string | Json[] | JsonObject;
export type JsonObject = { [key: string]: Json };
export type PropertyValue = string | number | boolean;

/** Pixels per square of the built-in tileset. */
const TILE = 32;

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

/** A custom property, with the type Tiled gives such a value. */
export function property(name: string, value: PropertyValue): JsonObject {
  const type =
    typeof value === 'boolean'
      ? 'bool'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'int'
          : 'float'
        : 'string';
  return { name, type, value };
}

/** Custom properties, in the order of `values`. */
export function properties(values: Record<string, PropertyValue>): JsonObject[] {
  return Object.entries(values).map(([name, value]) => property(name, value));
}

/** Each built-in tile's terrain (and blocksSight where it has it), as the loader documents it. */
function builtinTileDefs(): JsonObject[] {
  return BUILTIN_TILES.map((tile, id) => ({
    id,
    properties: [
      ...(tile.blocksSight ? [property('blocksSight', true)] : []),
      property('terrain', tile.terrain),
    ],
  }));
}

/** The built-in 8 x 2 sheet embedded in a map; without `withTiles` its tiles carry no terrain. */
export function builtinTileset(image: string, name: string, withTiles = true): JsonObject {
  return {
    columns: 8,
    firstgid: 1,
    image,
    imageheight: 64,
    imagewidth: 256,
    margin: 0,
    name,
    spacing: 0,
    tilecount: 16,
    tileheight: TILE,
    ...(withTiles ? { tiles: builtinTileDefs() } : {}),
    tilewidth: TILE,
  };
}

/** The built-in sheet as a tileset file of its own (.tsj); the map using it gives the firstgid. */
export function builtinTilesetFile(image: string, name: string, tiledversion: string): JsonObject {
  const tileset = builtinTileset(image, name);
  delete tileset.firstgid;
  return { ...tileset, tiledversion, type: 'tileset', version: '1.10' };
}

export function tileLayer(
  id: number,
  name: string,
  width: number,
  height: number,
  data: Json,
  extra: JsonObject = {},
): JsonObject {
  return {
    data,
    height,
    id,
    name,
    opacity: 1,
    type: 'tilelayer',
    visible: true,
    width,
    x: 0,
    y: 0,
    ...extra,
  };
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

export function objectLayer(
  id: number,
  name: string,
  objects: Json[],
  extra: JsonObject = {},
): JsonObject {
  return {
    draworder: 'topdown',
    id,
    name,
    objects,
    opacity: 1,
    type: 'objectgroup',
    visible: true,
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

/** A point object at the centre of square x,y. */
export function pointObject(
  id: number,
  name: string,
  type: string,
  x: number,
  y: number,
  props: Json[],
): JsonObject {
  return {
    height: 0,
    id,
    name,
    point: true,
    properties: props,
    rotation: 0,
    type,
    visible: true,
    width: 0,
    x: x * TILE + TILE / 2,
    y: y * TILE + TILE / 2,
  };
}

export interface MapParts {
  width: number;
  height: number;
  layers: Json[];
  tilesets: Json[];
  properties: Json[];
  nextlayerid: number;
  nextobjectid: number;
  tiledversion: string;
}

/** A finite orthogonal map of 32-pixel squares. */
export function tiledMap(parts: MapParts, extra: JsonObject = {}): JsonObject {
  return {
    compressionlevel: -1,
    height: parts.height,
    infinite: false,
    layers: parts.layers,
    nextlayerid: parts.nextlayerid,
    nextobjectid: parts.nextobjectid,
    orientation: 'orthogonal',
    properties: parts.properties,
    renderorder: 'right-down',
    tiledversion: parts.tiledversion,
    tileheight: TILE,
    tilesets: parts.tilesets,
    tilewidth: TILE,
    type: 'map',
    version: '1.10',
    width: parts.width,
    ...extra,
  };
}
