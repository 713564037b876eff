/**
 * Fixed vocabulary of the Tiled map loader: object kinds, scenario values,
 * the built-in tileset and the size limits. Everything here is plain data so the engine,
 * the view, the docs and the tests can share one list.
 */
import type { SquareCover, Terrain } from '../engine/map';
import { FEATURE_EFFECTS, type FeatureKind } from '../engine/systems/boards';
import { VICTORY_KINDS } from '../engine/systems/victory';

/** The object kinds the loader understands (after aliases such as `goal` -> `objective`). */
export const KNOWN_OBJECT_KINDS = ['hero', 'enemy', 'lair', 'objective', 'exit', 'door'] as const;

/**
 * Other words players (and other games' maps) use for an object kind, after lower-casing
 * and turning spaces and underscores into dashes; unit kinds are accepted too.
 */
export const OBJECT_KIND_ALIASES: Readonly<Record<string, string>> = {
  goal: 'objective',
  heroes: 'hero',
  party: 'hero',
  player: 'hero',
  players: 'hero',
  'player-start': 'hero',
  playerstart: 'hero',
  'player-spawn': 'hero',
  'hero-start': 'hero',
  start: 'hero',
  'start-point': 'hero',
  startpoint: 'hero',
  spawn: 'hero',
  'spawn-point': 'hero',
  spawnpoint: 'hero',
  enemies: 'enemy',
  monster: 'enemy',
  monsters: 'enemy',
  mob: 'enemy',
  mobs: 'enemy',
  foe: 'enemy',
};

/** Values of the map property `victory` (seed 001 "Winning"): the engine's victory kinds. */
export const VICTORY_CONDITIONS = VICTORY_KINDS;

/** The solo rules' base victory (§5): "the Arch Foe and all enemies are defeated". */
export const DEFAULT_VICTORY = 'all-enemies';

/** Terrain words accepted in the `terrain` property (`void` = not part of the dungeon). */
export const TERRAIN_VALUES: readonly Terrain[] = [
  'floor',
  'wall',
  'difficult',
  'dangerous',
  'water',
  'pit',
  'void',
];

export const COVER_VALUES: readonly SquareCover[] = ['none', 'partial', 'full'];

/**
 * Tile layers whose name matches this (case-insensitive) make every painted square a wall
 * when the tile itself has no `terrain` property: `Walls`, `wall`, `Collision`, `solid`,
 * `Blocked`, `Obstacles`... (how maps made for other games mark their walls).
 */
export const WALL_LAYER_NAME =
  /wall|obstacle|rock|collision|collide|solid|blocked|blocking|impassable/i;

/**
 * Bool properties that other games use to mark walls, on a tile or a whole tile layer:
 * `collides` (the Phaser tutorials' convention, `setCollisionByProperty({ collides: true })`)
 * and its cousins.
 */
export const WALL_PROPERTY_NAMES: readonly string[] = [
  'collides',
  'collide',
  'collision',
  'solid',
  'blocked',
  'obstacle',
];

/**
 * Game-root paths of the built-in tileset images (the same layout: 8 columns of 32 x 32
 * tiles, the 16 dungeon tiles in the first two rows, then the outdoor tiles).
 */
export const BUILTIN_TILESET_IMAGE = 'assets/tiles/dungeon-tiles.png';
export const BUILTIN_TILESET_IMAGE_ALT = 'assets/tiles/dungeon-tiles-alt.png';
export const BUILTIN_TILESET_IMAGES: readonly string[] = [
  BUILTIN_TILESET_IMAGE,
  BUILTIN_TILESET_IMAGE_ALT,
];

/** Geometry of the built-in tileset images. */
export const BUILTIN_TILESET = {
  tilewidth: 32,
  tileheight: 32,
  columns: 8,
  tilecount: 40,
  imagewidth: 256,
  imageheight: 160,
  margin: 0,
  spacing: 0,
} as const;

/**
 * The first tiles of the built-in images: the dungeon set the first sheets had (8 x 2),
 * which can draw any terrain. A tileset whose own image the game lacks is drawn with these.
 */
export const BUILTIN_DUNGEON_TILECOUNT = 16;

/** Tile size of every normalised map (the built-in tiles are 32 x 32). */
export const NORMALIZED_TILE_SIZE = 32;

/** Meaning of each built-in tile (index = local tile id). */
export interface BuiltinTileMeaning {
  name: string;
  terrain: Terrain;
  blocksSight?: boolean;
  cover?: SquareCover;
  /** The generated-board feature the tile draws (the outdoor tiles). */
  feature?: FeatureKind;
}

/** An outdoor tile: its terrain, sight and cover are its feature's (FEATURE_EFFECTS). */
function outdoor(name: string, feature: FeatureKind): BuiltinTileMeaning {
  const effect = FEATURE_EFFECTS[feature];
  return {
    name,
    terrain: effect.terrain,
    ...(effect.blocksSight ? { blocksSight: true } : {}),
    ...(effect.cover !== 'none' ? { cover: effect.cover } : {}),
    feature,
  };
}

export const BUILTIN_TILES: readonly BuiltinTileMeaning[] = [
  { name: 'floor', terrain: 'floor' },
  { name: 'floor (cracked)', terrain: 'floor' },
  { name: 'floor (mossy)', terrain: 'floor' },
  { name: 'rock wall', terrain: 'wall' },
  { name: 'rock wall (variant)', terrain: 'wall' },
  { name: 'rubble', terrain: 'difficult' },
  { name: 'water', terrain: 'water' },
  { name: 'pit', terrain: 'pit' },
  { name: 'lava', terrain: 'dangerous' },
  { name: 'closed door', terrain: 'wall', blocksSight: true },
  { name: 'open door', terrain: 'floor' },
  { name: 'exit stairs', terrain: 'floor' },
  { name: 'objective chest', terrain: 'floor' },
  { name: 'hero start', terrain: 'floor' },
  { name: 'lair floor', terrain: 'floor' },
  { name: 'void', terrain: 'void' },
  outdoor('grass', 'open'),
  outdoor('grass (variant)', 'open'),
  outdoor('grass (flowers)', 'open'),
  outdoor('road', 'road'),
  outdoor('bridge', 'bridge'),
  outdoor('water', 'water'),
  outdoor('water (variant)', 'water'),
  outdoor('light woods', 'light-woods'),
  outdoor('light woods (variant)', 'light-woods'),
  outdoor('heavy woods', 'heavy-woods'),
  outdoor('heavy woods (variant)', 'heavy-woods'),
  outdoor('building wall', 'building'),
  outdoor('building roof', 'building'),
  outdoor('low wall (east-west)', 'low-wall'),
  outdoor('low wall (north-south)', 'low-wall'),
  outdoor('low wall (post)', 'low-wall'),
  outdoor('rubble (outdoor)', 'rubble'),
  outdoor('hill', 'hill'),
  outdoor('hill (top)', 'hill'),
  outdoor('pit (outdoor)', 'pit'),
  outdoor('crates and barrels', 'movable-object'),
  outdoor('boulder', 'minor-object'),
  outdoor('wagon', 'major-object'),
  outdoor('grass (variant 2)', 'open'),
];

/** Local ids of the outdoor tiles (see BUILTIN_TILES), for the board writer. */
export const OUTDOOR_TILES = {
  grass: [16, 17, 39, 16, 18],
  road: 19,
  bridge: 20,
  water: [21, 22],
  lightWoods: [23, 24],
  heavyWoods: [25, 26],
  buildingWall: 27,
  roof: 28,
  lowWallEastWest: 29,
  lowWallNorthSouth: 30,
  lowWallPost: 31,
  rubble: 32,
  hill: 33,
  hillTop: 34,
  pit: 35,
  movableObject: 36,
  minorObject: 37,
  majorObject: 38,
} as const;

/** Built-in tile index used to draw each terrain when a tileset's image has to be replaced. */
export const BUILTIN_TILE_FOR_TERRAIN: Readonly<Record<Terrain, number>> = {
  floor: 0,
  wall: 3,
  difficult: 5,
  water: 6,
  pit: 7,
  dangerous: 8,
  void: 15,
};

/** Limits that keep a hostile or broken file from eating memory. */
export const LIMITS = {
  /** Default largest width or height in squares. */
  maxSize: 256,
  /** Smallest playable width or height in squares. */
  minSize: 6,
  /** Longest map or tileset text in characters (checked before JSON.parse). */
  maxTextLength: 32 * 1024 * 1024,
  /** Deepest nesting of JSON arrays/objects. */
  maxJsonDepth: 64,
  /** Most tile layers after flattening groups. */
  maxTileLayers: 64,
  /** Most layers of any kind (counting groups). */
  maxLayers: 256,
  /** Deepest nesting of layer groups. */
  maxGroupDepth: 16,
  /** Most objects over all object layers. */
  maxObjects: 4096,
  /** Most tilesets. */
  maxTilesets: 64,
  /** Most tiles in one tileset. */
  maxTilesPerTileset: 65536,
  /** Most chunks in one layer of an infinite map. */
  maxChunks: 4096,
  /** Most properties on one thing. */
  maxProperties: 256,
  /** Most XML elements in one .tmx/.tsx/.tx file (counted before parsing). */
  maxXmlElements: 524288,
  /** Deepest nesting of XML elements. */
  maxXmlDepth: 64,
  /** Most entries in a .zip map pack (checked before anything is unpacked). */
  maxZipEntries: 1024,
  /** Most bytes a .zip map pack may unpack to, all entries together (as its directory says). */
  maxZipUnpackedBytes: 64 * 1024 * 1024,
  /** Largest .zip file read at all. */
  maxZipBytes: 32 * 1024 * 1024,
  /** Largest image file (a tileset sheet, a tile of a collection, an image layer). */
  maxImageBytes: 16 * 1024 * 1024,
  /** Widest or tallest image in pixels (read from its header before it is decoded). */
  maxImageSide: 4096,
  /** Most pixels in one image. */
  maxImagePixels: 4096 * 4096,
  /** Most pixels in all the images of one map together. */
  maxMapImagePixels: 32 * 1024 * 1024,
  /** Most images that come with one map. */
  maxImages: 256,
} as const;
