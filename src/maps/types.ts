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

/**
 * An image the map's own art uses: `path` is its name among the files that came with the
 * map (as given in the loader's `images` option), `key` what the caller asked it to be
 * called (a texture key), `width` x `height` its size in pixels.
 */
export interface ArtImage {
  path: string;
  key: string;
  width: number;
  height: number;
}

/** One frame of a Tiled tile animation: a tile of the same tileset, shown `duration` ms. */
export interface ArtFrame {
  tileid: number;
  duration: number;
}

/** A tile of an art tileset that has its own image (an image collection) or an animation. */
export interface ArtTile {
  id: number;
  /** Its own image (image-collection tilesets). */
  image?: ArtImage;
  /** The part of its image it shows (Tiled 1.9+), when not the whole image. */
  rect?: { x: number; y: number; width: number; height: number };
  animation?: ArtFrame[];
}

/**
 * A tileset drawn with its own image (or, in a collection, its tiles' own images), in the
 * map's original numbering: `firstgid` as in the Tiled file, tile sizes in the art's pixels.
 */
export interface ArtTileset {
  name: string;
  firstgid: number;
  /** Ids firstgid .. firstgid + tilecount - 1 belong to it. */
  tilecount: number;
  tilewidth: number;
  tileheight: number;
  margin: number;
  spacing: number;
  /** Columns of the sheet (from the image's real width); 0 for a collection. */
  columns: number;
  /** The sheet; null for an image collection (see `tiles`). */
  image: ArtImage | null;
  /** Game-root path of the built-in image that draws it (`image.key` is that path too). */
  builtin?: string;
  /** Tiles with their own image or an animation, by id. */
  tiles: ArtTile[];
  /** Tiled's drawing offset of the tileset's tiles, in pixels. */
  offsetx: number;
  offsety: number;
}

interface ArtLayerBase {
  name: string;
  visible: boolean;
  /** Opacity with the groups' opacities multiplied in. */
  opacity: number;
  /** Tint colour as Tiled writes it (#rrggbb or #aarrggbb), groups' tints multiplied in. */
  tint?: string;
  /** Parallax factors (1 = scrolls with the map), groups' factors multiplied in. */
  parallaxx: number;
  parallaxy: number;
  /** Offset in the art's pixels from where the layer's squares lie. */
  offsetx: number;
  offsety: number;
}

/**
 * A tile layer in the map's own art: the same squares as the normalised map's tile layer
 * `tiledLayer`, row-major raw gids with Tiled's flip flags, in the art tilesets' numbering.
 * A square is 0 when empty or when its tile's image did not come with the map (the
 * normalised map's built-in tile draws it then).
 */
export interface ArtTileLayer extends ArtLayerBase {
  type: 'tilelayer';
  tiledLayer: number;
  data: number[];
}

/** An image layer: a backdrop (or overlay) drawn from one image. */
export interface ArtImageLayer extends ArtLayerBase {
  type: 'imagelayer';
  image: ArtImage;
  repeatx: boolean;
  repeaty: boolean;
}

export type ArtLayer = ArtTileLayer | ArtImageLayer;

/**
 * The map drawn in its own art: tilesets with the images that came with it, every tile and
 * image layer in Tiled's drawing order, in the map's own tile size (`tilewidth` x
 * `tileheight` pixels a square; the view scales it to the board).
 */
export interface MapArt {
  width: number;
  height: number;
  tilewidth: number;
  tileheight: number;
  backgroundcolor?: string;
  /** Tiled's parallax origin in the art's pixels: where a parallax layer sits unmoved. */
  parallaxoriginx: number;
  parallaxoriginy: number;
  tilesets: ArtTileset[];
  layers: ArtLayer[];
  /** Every image the art uses, once. */
  images: ArtImage[];
  /** Squares (over all layers) whose tile is animated. */
  animatedSquares: number;
}

/** A map that loaded: the rules view, the Tiled view for rendering, and what to tell the player. */
export interface LoadedMap {
  battleMap: BattleMap;
  tiled: NormalizedTiledMap;
  /**
   * The map in its own art, when images came with it (the loader's `images` option) and at
   * least one tileset or image layer uses one. Terrain never depends on it.
   */
  art?: MapArt;
  /** A few lines describing the map (name, size, terrain, units, objectives). */
  summary: string;
  /** Things that were fixed up or ignored; the map still plays. */
  warnings: string[];
  /**
   * The tile id (the map's own gid, flip flags left out) drawn on top of each square,
   * row-major, 0 where nothing is painted: what a click on the map's picture marks.
   */
  squareTiles: number[];
  /** Nothing in the map (nor the player's marks) says which tiles are walls. */
  wallsUnknown: boolean;
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
  /**
   * The images that came with the map (already checked: see `checkImageFile`), keyed by
   * file name or path among the files (as tilesets are), each with its size and the key
   * the art should call it by (default: the path). Tileset images are found relative to the
   * tileset's file, image layers' relative to the map, then by file name.
   */
  images?: Record<string, { width: number; height: number; key?: string }>;
  /**
   * The player's marks: tile id (gid as text) to wall, floor or cover, read before anything
   * the map says (see tile-marks.ts). Anything else in it is left out.
   */
  tileMarks?: Readonly<Record<string, unknown>>;
}
