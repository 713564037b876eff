/**
 * Generated boards as Tiled maps: a random battlefield (solitaire-gaming-rules VII) or a
 * board of solo-miniatures-dungeon-crawl section 1 becomes Tiled JSON drawn with the
 * built-in tileset, which loadTiledMap reads back to the same terrain, sight and cover.
 * So the game draws and plays it like any map, and a player can open it in Tiled.
 *
 * Layers: "Ground" (grass, or dungeon floor) under "Features" (a tile per feature square),
 * and "Units" (the board's objects: the sheet's hero set-up squares). The tiles carry their
 * terrain, blocksSight and cover as tile properties (BUILTIN_TILES).
 */
import type { FeatureKind, GeneratedBoard } from '../engine/systems/boards';
import { generateChessboard, generateSheet } from '../engine/systems/boards';
import { findRuleModule, listRuleModules } from '../engine/rulesets/registry';
import { BUILTIN_TILESET_IMAGE, OUTDOOR_TILES } from './constants';
import {
  builtinTileset,
  objectLayer,
  pointObject,
  properties,
  property,
  tiledMap,
  tileLayer,
  type Json,
  type JsonObject,
} from './tiled-json';

/**
 * A kind of generated board: the id of a rule module with a board generator of its own
 * (RuleModule.generateBoard; the Skirmish's random battlefield), or one the kernel makes
 * from seed-001 ('sheet', 'chessboard').
 */
export type BoardKind = string;

/** The boards the kernel generates itself (solo-miniatures-dungeon-crawl section 1). */
const KERNEL_BOARDS: readonly BoardKind[] = ['sheet', 'chessboard'];

/** Whether a board kind is a rule module's own: it comes in scales and plays under that module. */
export function isModuleBoard(kind: BoardKind): boolean {
  return findRuleModule(kind)?.generateBoard !== undefined;
}

/** Every kind of generated board: the modules' own (in the order registered), then the kernel's. */
export function boardKinds(): BoardKind[] {
  const own = listRuleModules()
    .filter((m) => m.generateBoard)
    .map((m) => m.id);
  return [...own, ...KERNEL_BOARDS];
}

export interface BoardRequest {
  kind: BoardKind;
  seed: number;
  /** A module's boards only (large unless told otherwise). */
  scale?: 'large' | 'small';
  /** A module's boards only: one of its shapes. */
  shape?: string;
}

/** Generates a board of any kind; a kind no one generates is refused in words (thrown). */
export function generateBoard(request: BoardRequest): GeneratedBoard {
  if (request.kind === 'sheet') return generateSheet({ seed: request.seed });
  if (request.kind === 'chessboard') return generateChessboard({ seed: request.seed });
  const generate = findRuleModule(request.kind)?.generateBoard;
  if (!generate)
    throw new Error(
      `There is no generated board of kind "${request.kind}" (${boardKinds().join(', ')}).`,
    );
  return generate({ seed: request.seed, scale: request.scale ?? 'large', shape: request.shape });
}

/** The Tiled version the written maps claim (the format of Tiled 1.10). */
const TILED_VERSION = '1.10.2';

/** A square's scatter for picking a tile variant: the same square always gets the same. */
function variant(x: number, y: number, count: number): number {
  const h = (Math.imul(x + 1, 73856093) ^ Math.imul(y + 1, 19349663)) >>> 0;
  return (h >>> 7) % count;
}

/** The local id of the tile that draws `feature` at x,y (its neighbours pick the shape). */
function featureTile(board: GeneratedBoard, x: number, y: number): number {
  const { width, height } = board.map;
  const f = board.features[y * width + x];
  const at = (dx: number, dy: number): FeatureKind | null => {
    const nx = x + dx;
    const ny = y + dy;
    return nx < 0 || ny < 0 || nx >= width || ny >= height ? null : board.features[ny * width + nx];
  };
  const T = OUTDOOR_TILES;
  switch (f) {
    case 'open':
      return board.look === 'dungeon' ? 0 : T.grass[variant(x, y, T.grass.length)];
    case 'obstacle':
      return board.look === 'dungeon' ? 3 + variant(x, y, 2) : T.minorObject;
    case 'road':
      return T.road;
    case 'bridge':
      return T.bridge;
    case 'water':
      return T.water[variant(x, y, T.water.length)];
    case 'light-woods':
      return T.lightWoods[variant(x, y, T.lightWoods.length)];
    case 'heavy-woods':
      return T.heavyWoods[variant(x, y, T.heavyWoods.length)];
    case 'building': {
      let inside = true;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) if (at(dx, dy) !== 'building') inside = false;
      return inside ? T.roof : T.buildingWall;
    }
    case 'low-wall': {
      const eastWest = at(-1, 0) === 'low-wall' || at(1, 0) === 'low-wall';
      const northSouth = at(0, -1) === 'low-wall' || at(0, 1) === 'low-wall';
      if (eastWest && !northSouth) return T.lowWallEastWest;
      if (northSouth && !eastWest) return T.lowWallNorthSouth;
      return T.lowWallPost;
    }
    case 'hill': {
      const top =
        at(-1, 0) === 'hill' && at(1, 0) === 'hill' && at(0, -1) === 'hill' && at(0, 1) === 'hill';
      return top ? T.hillTop : T.hill;
    }
    case 'rubble':
      return T.rubble;
    case 'pit':
      return T.pit;
    case 'movable-object':
      return T.movableObject;
    case 'minor-object':
      return T.minorObject;
    case 'major-object':
      return T.majorObject;
  }
}

/** The board as a Tiled map (JSON), drawn with the built-in tileset at gid 1. */
export function boardToTiled(board: GeneratedBoard): JsonObject {
  const { width, height } = board.map;
  const ground: number[] = [];
  const features: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const f = board.features[y * width + x];
      const floor =
        board.look === 'dungeon'
          ? (x * 7 + y * 3) % 5 === 0
            ? 1
            : 0
          : OUTDOOR_TILES.grass[variant(x, y, OUTDOOR_TILES.grass.length)];
      ground.push(floor + 1);
      features.push(f === 'open' ? 0 : featureTile(board, x, y) + 1);
    }
  }
  let objectId = 1;
  const objects: Json[] = board.map.objects.map((o) =>
    pointObject(
      objectId++,
      o.name,
      o.kind,
      o.x,
      o.y,
      Object.entries(o.properties).map(([k, v]) => property(k, v)),
    ),
  );
  return tiledMap({
    width,
    height,
    layers: [
      tileLayer(1, 'Ground', width, height, ground),
      tileLayer(2, 'Features', width, height, features),
      objectLayer(3, 'Units', objects),
    ],
    tilesets: [builtinTileset(BUILTIN_TILESET_IMAGE, 'dungeon-tiles')],
    properties: properties({
      name: board.map.name,
      description: board.map.description,
      ...board.map.properties,
    }),
    nextlayerid: 4,
    nextobjectid: objectId,
    tiledversion: TILED_VERSION,
  });
}

/**
 * The board as the text of a .tmj file: one space of indent, each tile layer's data one
 * map row a line (as Tiled writes CSV-like JSON). The same board gives the same text.
 */
export function boardToTiledText(board: GeneratedBoard): string {
  const json = boardToTiled(board);
  const rows = new Map<string, string>();
  const layers = json.layers as JsonObject[];
  for (const layer of layers) {
    if (layer.type !== 'tilelayer') continue;
    const data = layer.data as number[];
    const width = layer.width as number;
    const key = `@@data-${String(layer.id)}@@`;
    const lines: string[] = [];
    for (let i = 0; i < data.length; i += width) lines.push(data.slice(i, i + width).join(','));
    rows.set(key, `[${lines.join(',\n  ')}]`);
    layer.data = key;
  }
  let text = JSON.stringify(json, null, 1);
  for (const [key, value] of rows) text = text.replace(JSON.stringify(key), value);
  return `${text}\n`;
}
