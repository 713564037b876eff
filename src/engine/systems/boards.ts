/**
 * Generated boards: what stands on each square of a generated battlefield (its feature),
 * what each feature does to movement, sight and cover, the fix-up that keeps a board one
 * connected walkable area, and the two board set-ups of the solo miniatures rules (the
 * seed on dungeon crawls), section 1 (the 8 x 10 sheet and the chessboard). Rule modules build their own random
 * battlefields on these pieces. Pure: the dice are the game's seeded dice (dice.ts).
 */
import { createDiceState, openDice, type DiceSource } from '../dice';
import { DIRECTION_STEPS, type Point } from '../grid';
import type { BattleMap, MapObject, PropertyValue, SquareCover, Terrain } from '../map';
import { regions } from '../regions';

/** What stands on a square of a generated board (the Tiled writer draws it). */
export type FeatureKind =
  | 'open'
  | 'road'
  | 'bridge'
  | 'hill'
  | 'pit'
  | 'light-woods'
  | 'heavy-woods'
  | 'rubble'
  | 'low-wall'
  | 'movable-object'
  | 'minor-object'
  | 'major-object'
  | 'building'
  | 'water'
  | 'obstacle';

export const FEATURE_KINDS: readonly FeatureKind[] = [
  'open',
  'road',
  'bridge',
  'hill',
  'pit',
  'light-woods',
  'heavy-woods',
  'rubble',
  'low-wall',
  'movable-object',
  'minor-object',
  'major-object',
  'building',
  'water',
  'obstacle',
];

/** What a feature does to the square it stands on. */
export interface FeatureEffect {
  terrain: Terrain;
  blocksSight: boolean;
  /** Cover for a figure in the square or behind it (BattleMap.cover). */
  cover: SquareCover;
}

/**
 * Each feature's effect on movement (terrain: difficult and water cost 2; wall and pit
 * cannot be entered), sight and cover. Where the terrain tables of
 * solitaire-gaming-rules VII leave a choice (impassable or difficult; blocking sight or
 * not), the choice is made here once, and docs/maps.md lists it.
 */
export const FEATURE_EFFECTS: Readonly<Record<FeatureKind, FeatureEffect>> = {
  open: { terrain: 'floor', blocksSight: false, cover: 'none' },
  road: { terrain: 'floor', blocksSight: false, cover: 'none' },
  /** Where a road and a river or a pool cross. */
  bridge: { terrain: 'floor', blocksSight: false, cover: 'none' },
  // No heights in the engine: a hill is climbed at no extra cost (V, Special Movement) and
  // its slope hides part of a figure on or behind it.
  hill: { terrain: 'floor', blocksSight: false, cover: 'partial' },
  pit: { terrain: 'pit', blocksSight: false, cover: 'none' },
  'light-woods': { terrain: 'difficult', blocksSight: false, cover: 'partial' },
  'heavy-woods': { terrain: 'difficult', blocksSight: true, cover: 'full' },
  rubble: { terrain: 'difficult', blocksSight: false, cover: 'partial' },
  'low-wall': { terrain: 'difficult', blocksSight: false, cover: 'partial' },
  'movable-object': { terrain: 'difficult', blocksSight: false, cover: 'partial' },
  'minor-object': { terrain: 'wall', blocksSight: true, cover: 'none' },
  'major-object': { terrain: 'wall', blocksSight: true, cover: 'none' },
  building: { terrain: 'wall', blocksSight: true, cover: 'none' },
  water: { terrain: 'water', blocksSight: false, cover: 'none' },
  obstacle: { terrain: 'wall', blocksSight: true, cover: 'none' },
};

/** How a board is meant to look: open country, or the floor and walls of a dungeon. */
export type BoardLook = 'outdoor' | 'dungeon';

/** A generated board: the engine's map and, per square, what to draw there. */
export interface GeneratedBoard {
  map: BattleMap;
  /** Row-major, like BattleMap.terrain. */
  features: FeatureKind[];
  look: BoardLook;
  /** Squares turned into rubble to join ground that was cut off (see joinCutOffGround). */
  breaches: Point[];
}

export interface BoardOptions {
  seed: number;
  /** A dice source to use instead of the seed's (rigged dice in tests). */
  dice?: DiceSource;
}

/**
 * The seed's dice, or the ones given. Boards keep dice version 1: a generated board is
 * named by its seed (`field:skirmish:large:11`, in saves and campaigns), so the same seed
 * must keep giving the same board.
 */
export function boardDice(options: BoardOptions): DiceSource {
  return options.dice ?? openDice(createDiceState(options.seed, 1));
}

/** The BattleMap of a feature grid. */
export function boardMap(
  header: { id: string; name: string; description: string; width: number; height: number },
  features: readonly FeatureKind[],
  objects: MapObject[] = [],
  properties: Record<string, PropertyValue> = {},
): BattleMap {
  return {
    ...header,
    terrain: features.map((f) => FEATURE_EFFECTS[f].terrain),
    blocksSight: features.map((f) => FEATURE_EFFECTS[f].blocksSight),
    cover: features.map((f) => FEATURE_EFFECTS[f].cover),
    objects,
    properties,
  };
}

/** The walkable regions of a feature grid (8-way steps, no cutting a wall corner). */
function featureRegions(
  width: number,
  height: number,
  features: readonly FeatureKind[],
): { labels: Int32Array; sizes: number[] } {
  const header = { id: 'regions', name: '', description: '', width, height };
  return regions(boardMap(header, features));
}

/** True when every walkable square of the grid can reach every other. */
export function isOneRegion(
  width: number,
  height: number,
  features: readonly FeatureKind[],
): boolean {
  return featureRegions(width, height, features).sizes.length <= 1;
}

function isWalkable(f: FeatureKind): boolean {
  const t = FEATURE_EFFECTS[f].terrain;
  return t !== 'wall' && t !== 'pit' && t !== 'void';
}

/**
 * Joins every walkable area cut off from the largest one (the first, on a tie) to it
 * through the fewest blocking squares, which become `breach` (rubble by default: a
 * broken wall, a filled-in pit). One area at a time, the cheapest first: a shortest path
 * over orthogonal steps where entering a blocking square costs 1 and open ground 0. Changes
 * `features` in place and returns the squares it changed, in order. Deterministic.
 */
export function joinCutOffGround(
  width: number,
  height: number,
  features: FeatureKind[],
  breach: FeatureKind = 'rubble',
): Point[] {
  const changed: Point[] = [];
  const n = width * height;
  for (let guard = 0; guard < n; guard++) {
    const { labels, sizes } = featureRegions(width, height, features);
    if (sizes.length <= 1) break;
    let main = 0;
    for (let r = 1; r < sizes.length; r++) if (sizes[r] > sizes[main]) main = r;
    // Shortest paths by cost level (costs are whole numbers): a level's squares are
    // spread over open ground at the same cost, and blocking squares go to the next level.
    const cost = new Int32Array(n).fill(-1);
    const from = new Int32Array(n).fill(-1);
    let level: number[] = [];
    for (let i = 0; i < n; i++) {
      if (labels[i] === main) {
        cost[i] = 0;
        level.push(i);
      }
    }
    let target = -1;
    for (let c = 0; level.length > 0 && target === -1; c++) {
      const next: number[] = [];
      for (let k = 0; k < level.length && target === -1; k++) {
        const i = level[k];
        if (cost[i] !== c) continue;
        if (labels[i] !== -1 && labels[i] !== main) {
          target = i;
          break;
        }
        const x = i % width;
        const y = (i - x) / width;
        for (let d = 0; d < 8; d += 2) {
          const step = DIRECTION_STEPS[d];
          const nx = x + step.x;
          const ny = y + step.y;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          const w = isWalkable(features[j]) ? 0 : 1;
          if (cost[j] !== -1 && cost[j] <= c + w) continue;
          cost[j] = c + w;
          from[j] = i;
          (w === 0 ? level : next).push(j);
        }
      }
      level = next;
    }
    if (target === -1) break;
    const path: Point[] = [];
    for (let i = from[target]; i !== -1 && labels[i] !== main; i = from[i]) {
      if (!isWalkable(features[i])) {
        features[i] = breach;
        path.push({ x: i % width, y: Math.floor(i / width) });
      }
    }
    changed.push(...path.reverse());
  }
  return changed;
}

// ---------------------------------------------------------------------------------------
// The solo miniatures rules (seeds/solo-miniatures-*.txt), section 1 (Set Up)

/** The seed's single sheet: 8 x 10 squares of 1 inch. */
export const SHEET_WIDTH = 8;
export const SHEET_HEIGHT = 10;
/** The open run of set-up squares on each of two opposite sides. */
export const SHEET_SETUP_RUN = 5;
/** Rerolls allowed for one obstacle before it is left out (never reached in practice). */
const MAX_REROLLS = 200;

export interface SheetBoard extends GeneratedBoard {
  /** The two open set-up rows: the heroes' on the south edge, the enemies' on the north. */
  setup: { heroes: Point[]; enemies: Point[] };
  /** The rolled number of obstacles (10-15) and how many were placed. */
  obstaclesRolled: number;
  obstacles: Point[];
}

/**
 * The single-sheet board: 8 columns x 10 rows. On the two short sides (the north and the
 * south row) 5 adjacent squares stay open for the armies to set up; where they start is a
 * d4 each (column d4-1, so the run fits the 8 squares), south first. Then d6+9 obstacles
 * (10 to 15), each on a square rolled as d8 (column) and d10 (row), rerolled when it falls
 * on a set-up square or another obstacle, or would cut the open squares apart. The
 * obstacles are walls. The heroes' set-up row holds `hero` start objects.
 */
export function generateSheet(options: BoardOptions): SheetBoard {
  const dice = boardDice(options);
  const width = SHEET_WIDTH;
  const height = SHEET_HEIGHT;
  const features: FeatureKind[] = new Array<FeatureKind>(width * height).fill('open');
  const southStart = dice.roll(4) - 1;
  const northStart = dice.roll(4) - 1;
  const run = (start: number, y: number): Point[] =>
    Array.from({ length: SHEET_SETUP_RUN }, (_, k) => ({ x: start + k, y }));
  const heroes = run(southStart, height - 1);
  const enemies = run(northStart, 0);
  const reserved = new Set([...heroes, ...enemies].map((p) => p.y * width + p.x));
  const count = dice.roll(6) + 9;
  const obstacles = placeObstacles(width, height, features, count, reserved, () => ({
    x: dice.roll(8) - 1,
    y: dice.roll(10) - 1,
  }));
  const objects: MapObject[] = heroes.map((p, k) => ({
    kind: 'hero',
    x: p.x,
    y: p.y,
    width: 1,
    height: 1,
    name: `Set-up ${k + 1}`,
    properties: {},
  }));
  const map = boardMap(
    {
      id: `sheet-${options.seed}`,
      name: `Sheet board ${options.seed}`,
      description:
        'An 8 x 10 sheet: five open set-up squares on each short side, obstacles between.',
      width,
      height,
    },
    features,
    objects,
    { generator: 'sheet', seed: options.seed },
  );
  return {
    map,
    features,
    look: 'dungeon',
    breaches: [],
    setup: { heroes, enemies },
    obstaclesRolled: count,
    obstacles,
  };
}

export interface ChessBoard extends GeneratedBoard {
  /** The rolled number of obstacles (2d6+1) and where they went. */
  obstaclesRolled: number;
  obstacles: Point[];
}

/** The chessboard: 8 x 8. */
export const CHESSBOARD_SIZE = 8;

/**
 * The chessboard board: 2d6+1 obstacles (3 to 13), each on the square of a 2d8 roll, the
 * first d8 the rank (1 is the bottom row, as a chessboard is read from White's side) and
 * the second the file (1 = a, the left column). A roll of a square that already holds an
 * obstacle, or that would cut the open squares apart, is rolled again. The obstacles are
 * walls.
 */
export function generateChessboard(options: BoardOptions): ChessBoard {
  const dice = boardDice(options);
  const size = CHESSBOARD_SIZE;
  const features: FeatureKind[] = new Array<FeatureKind>(size * size).fill('open');
  const count = dice.roll(6) + dice.roll(6) + 1;
  const obstacles = placeObstacles(size, size, features, count, new Set(), () => {
    const rank = dice.roll(8);
    const file = dice.roll(8);
    return { x: file - 1, y: size - rank };
  });
  const map = boardMap(
    {
      id: `chessboard-${options.seed}`,
      name: `Chessboard ${options.seed}`,
      description: 'A chessboard with obstacles on the squares the dice chose.',
      width: size,
      height: size,
    },
    features,
    [],
    { generator: 'chessboard', seed: options.seed },
  );
  return { map, features, look: 'dungeon', breaches: [], obstaclesRolled: count, obstacles };
}

/**
 * Puts `count` obstacles where `roll` says, rolling again for a square that is reserved,
 * taken, or would split the open ground (at most MAX_REROLLS times for one obstacle, then
 * that obstacle is left out).
 */
function placeObstacles(
  width: number,
  height: number,
  features: FeatureKind[],
  count: number,
  reserved: ReadonlySet<number>,
  roll: () => Point,
): Point[] {
  const placed: Point[] = [];
  for (let k = 0; k < count; k++) {
    for (let attempt = 0; attempt <= MAX_REROLLS; attempt++) {
      const p = roll();
      const i = p.y * width + p.x;
      if (reserved.has(i) || features[i] !== 'open') continue;
      features[i] = 'obstacle';
      if (!isOneRegion(width, height, features)) {
        features[i] = 'open';
        continue;
      }
      placed.push(p);
      break;
    }
  }
  return placed;
}
