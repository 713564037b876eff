/**
 * Public types of the map loader. The normalised Tiled map is a plain Tiled JSON object
 * (based on the `tiled-types` definitions, extended for Tiled 1.9-1.11) that Phaser's Tiled
 * parser accepts as-is: orthogonal, finite, CSV data, no groups, embedded tilesets.
 */
import type {
  TiledLayerObjectgroup,
  TiledLayerTilelayer,
  TiledMapOrthogonal,
  TiledObject,
  TiledProperty,
  TiledTile,
  TiledTileset,
} from 'tiled-types';
import type { BattleMap } from '../engine/map';

/** A custom property as Tiled writes it (class-typed properties are dropped). */
export type NormalizedProperty = TiledProperty;

/** A tile definition inside a normalised tileset (`type` holds Tiled 1.9's `class`). */
export interface NormalizedTile extends Omit<TiledTile, 'properties'> {
  id: number;
  type?: string;
  properties?: NormalizedProperty[];
}

/**
 * An embedded tileset whose `image` is a game-root path of a built-in image
 * (`assets/tiles/dungeon-tiles.png` or `assets/tiles/dungeon-tiles-alt.png`).
 */
export interface NormalizedTileset extends Omit<
  TiledTileset,
  'source' | 'image' | 'tiles' | 'properties'
> {
  name: string;
  firstgid: number;
  image: string;
  imagewidth: number;
  imageheight: number;
  tiles: NormalizedTile[];
  properties?: NormalizedProperty[];
}

/** A tile layer with plain `data` (row-major gids; flip flags kept in the top 3 bits). */
export interface NormalizedTileLayer extends Omit<
  TiledLayerTilelayer,
  'data' | 'chunks' | 'compression' | 'encoding' | 'properties' | 'startx' | 'starty'
> {
  type: 'tilelayer';
  id: number;
  data: number[];
  offsetx: number;
  offsety: number;
  properties: NormalizedProperty[];
  /** Tiled 1.9+ layer class, kept for reference. */
  class?: string;
}

/** An object as Phaser reads it: `type` holds Tiled 1.9's `class` when `type` was empty. */
export interface NormalizedObject extends Omit<TiledObject, 'properties'> {
  properties: NormalizedProperty[];
}

export interface NormalizedObjectLayer extends Omit<
  TiledLayerObjectgroup,
  'objects' | 'properties'
> {
  type: 'objectgroup';
  id: number;
  offsetx: number;
  offsety: number;
  objects: NormalizedObject[];
  properties: NormalizedProperty[];
  class?: string;
}

export type NormalizedLayer = NormalizedTileLayer | NormalizedObjectLayer;

/** The whole normalised map; `version` is a string as Tiled 1.6+ writes it. */
export interface NormalizedTiledMap extends Omit<
  TiledMapOrthogonal,
  'version' | 'layers' | 'tilesets' | 'properties'
> {
  type: 'map';
  version: string;
  tiledversion: string;
  orientation: 'orthogonal';
  infinite: false;
  layers: NormalizedLayer[];
  tilesets: NormalizedTileset[];
  properties: NormalizedProperty[];
  class?: string;
}

/** A map that loaded: the rules view, the Tiled view for rendering, and what to tell the player. */
export interface LoadedMap {
  battleMap: BattleMap;
  tiled: NormalizedTiledMap;
  /** A few lines describing the map (name, size, terrain, units, objectives). */
  summary: string;
  /** Things that were fixed up or ignored; the map still plays. */
  warnings: string[];
}

export type MapLoadResult = { ok: true; map: LoadedMap } | { ok: false; error: string };

export interface LoadTiledMapOptions {
  /** Id given to the BattleMap (usually the file name without extension). */
  id: string;
  /** External tileset texts (.tsx, .tsj or .json) keyed by file name or relative path (as in the map's `source`). */
  externalTilesets?: Record<string, string>;
  /** Object template texts (.tx or .tj) keyed by file name or relative path (as in an object's `template`). */
  externalTemplates?: Record<string, string>;
  /**
   * The map's own path among the supplied files (e.g. `maps/level.tmx` in a .zip pack), so
   * references such as `../tilesets/x.tsx` resolve against it. Default: the files' root.
   */
  mapPath?: string;
  /** Largest width or height in squares (default 256). */
  maxSize?: number;
}
