/**
 * Pieces of Tiled map JSON: custom properties, tile and object layers, point objects, the
 * built-in tileset embedded in a map, and the map itself. Keys are in the order Tiled
 * writes them; `extra` fields come last (or replace a field in place). Used by the writer
 * of generated boards (generated.ts) and, through src/devtools/tiled-json.ts, by the tools
 * that write the shipped maps and the test fixtures.
 */
import { BUILTIN_TILES, BUILTIN_TILESET } from './constants';

export type Json = null | boolean | number | string | Json[] | JsonObject;
export type JsonObject = { [key: string]: Json };
export type PropertyValue = string | number | boolean;

/** Pixels per square of the built-in tileset. */
const TILE = 32;

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

/**
 * The first `count` built-in tiles' terrain (and blocksSight and cover where they have
 * them), as the loader documents them.
 */
function builtinTileDefs(count: number): JsonObject[] {
  return BUILTIN_TILES.slice(0, count).map((tile, id) => ({
    id,
    properties: [
      ...(tile.blocksSight ? [property('blocksSight', true)] : []),
      ...(tile.cover && tile.cover !== 'none' ? [property('cover', tile.cover)] : []),
      property('terrain', tile.terrain),
    ],
  }));
}

/**
 * The built-in sheet embedded in a map, its first `count` tiles (the whole sheet by
 * default; 16 is the first sheets' 8 x 2 dungeon set); without `withTiles` its tiles carry
 * no terrain.
 */
export function builtinTileset(
  image: string,
  name: string,
  withTiles = true,
  count: number = BUILTIN_TILESET.tilecount,
): JsonObject {
  const columns = BUILTIN_TILESET.columns;
  return {
    columns,
    firstgid: 1,
    image,
    imageheight: Math.ceil(count / columns) * TILE,
    imagewidth: columns * TILE,
    margin: 0,
    name,
    spacing: 0,
    tilecount: count,
    tileheight: TILE,
    ...(withTiles ? { tiles: builtinTileDefs(count) } : {}),
    tilewidth: TILE,
  };
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
