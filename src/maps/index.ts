/**
 * The Tiled map loader: players' own dungeon maps (Tiled XML or JSON, or a .zip pack) into BattleMaps.
 * Pure TypeScript: no Phaser, no DOM; runs in the browser, node tools and tests.
 */
export { loadTiledMap } from './loader';
export {
  addDefaultSetup,
  tryAddDefaultSetup,
  type DefaultSetupResult,
  rulesForProperties,
  heroKinds,
  enemyKinds,
} from './rules';
export { describeScenarioChoices, summarizeMap, terrainCounts } from './summary';
export { floodFill, regions, doorSquares } from '../engine/regions';
export { builtinImageFor } from './tilesets';
export { baseName, findExternalFile, normalizePath, resolveRelative } from './paths';
export { referencedFiles, referencedImages } from './document';
export {
  checkImageFile,
  IMAGE_FILE,
  IMAGE_HEADER_BYTES,
  imageSizeProblem,
  readImageHeader,
  type ImageFormat,
  type ImageHeader,
} from './images';
export { combineTints, describeArt } from './art';
export {
  isMapText,
  looksLikeZip,
  mapsAmong,
  TILED_FILE,
  unpackZip,
  type UnpackedPack,
} from './zip';
export { MapError } from './errors';
export {
  markOf,
  nextTileMark,
  readTileMarks,
  TILE_MARKS,
  withTileMark,
  type TileMark,
  type TileMarks,
} from './tile-marks';
export {
  boardKinds,
  isModuleBoard,
  boardToTiled,
  boardToTiledText,
  generateBoard,
  type BoardKind,
  type BoardRequest,
} from './generated';
export {
  BUILTIN_DUNGEON_TILECOUNT,
  BUILTIN_TILE_FOR_TERRAIN,
  BUILTIN_TILES,
  BUILTIN_TILESET,
  BUILTIN_TILESET_IMAGE,
  BUILTIN_TILESET_IMAGE_ALT,
  BUILTIN_TILESET_IMAGES,
  COVER_VALUES,
  KNOWN_OBJECT_KINDS,
  LIMITS,
  NORMALIZED_TILE_SIZE,
  OUTDOOR_TILES,
  TERRAIN_VALUES,
  VICTORY_CONDITIONS,
  WALL_LAYER_NAME,
} from './constants';
export type {
  ArtFrame,
  ArtImage,
  ArtImageLayer,
  ArtLayer,
  ArtTile,
  ArtTileLayer,
  ArtTileset,
  MapArt,
  LoadedMap,
  LoadTiledMapOptions,
  MapLoadResult,
  NormalizedLayer,
  NormalizedObject,
  NormalizedObjectLayer,
  NormalizedProperty,
  NormalizedTile,
  NormalizedTileLayer,
  NormalizedTiledMap,
  NormalizedTileset,
} from './types';
