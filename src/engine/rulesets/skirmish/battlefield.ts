/**
 * Random battlefields by solitaire-gaming-rules section VII (Random Wargame Terrain
 * Generation), on the battlefield sizes of section V. Pure and seeded: the same seed and
 * shape always give the same field, square for square.
 *
 * Scale: 1 inch of the table is 1 square (docs: "a distance in inches is that many
 * squares"), so a 1 ft section is 12 x 12 squares. The shapes:
 * - large: 6 x 4 ft = 72 x 48 squares (6 x 4 sections), or 3 x 3 ft = 36 x 36 (3 x 3);
 * - small: 2 x 2 ft = 24 x 24 squares (2 x 2 sections), or 10 x 8 in = 10 x 8 squares,
 *   less than one section: the whole board is its one section, and no piece is longer
 *   than half the board's short side.
 *
 * The dice, in the order they are rolled (sections row by row from the north-west):
 * per section a d6 on the pieces table; then per large piece, then per small piece, 2d6 on
 * its terrain table, a d8 for the scatter direction, a d6 for the distance (d6-1 squares
 * from the section's centre), and the rolls for its size (see SIZE RULES below). Then the
 * pieces are placed in that same order, each on open ground only (first come, first
 * served, but where a road and a river or pool cross there is a bridge), and cut-off
 * ground is joined up (joinCutOffGround in systems/boards.ts).
 *
 * Placement (the seed asks for each piece to stand where it best stops movement and sight
 * from the table's centre out to its edges and corners): a piece is centred on its rolled square and
 * turned so its long side lies across the line from the table's centre to that square, so
 * it covers the widest angle seen from the centre: a piece east or west of the centre
 * (more across than up or down) runs north-south, a piece north or south of it runs
 * east-west, and on a diagonal or at the centre itself it runs east-west. Rivers and roads
 * run the same way from table edge to table edge through their square. A piece that would
 * stick out of the table is pushed back onto it.
 */
import type { Scale } from './types';
import { type DiceSource } from '../../dice';
import type { Point } from '../../grid';
import {
  boardDice,
  boardMap,
  joinCutOffGround,
  type BoardOptions,
  type FeatureKind,
  type GeneratedBoard,
} from '../../systems/boards';

/** The battlefield scale (V), the Skirmish's own. */
export type BattlefieldScale = Scale;
export type BattlefieldShape = '6x4ft' | '3x3ft' | '2x2ft' | '10x8in';

/** Squares per 1 ft section: 1 inch = 1 square. */
export const SECTION_SQUARES = 12;

/** Each shape's scale and size in squares (width east-west, height north-south). */
export const BATTLEFIELD_SHAPES: Readonly<
  Record<BattlefieldShape, { scale: BattlefieldScale; width: number; height: number }>
> = {
  '6x4ft': { scale: 'large', width: 72, height: 48 },
  '3x3ft': { scale: 'large', width: 36, height: 36 },
  '2x2ft': { scale: 'small', width: 24, height: 24 },
  '10x8in': { scale: 'small', width: 10, height: 8 },
};

/**
 * The shortest longer side of a large battlefield, in squares: V gives large fields of
 * "4 by 6 feet, or 3 by 3 feet" and small ones of "2 by 2 feet, or 8 by 10 inches", so the
 * smallest large field is 3 x 3 ft, 36 squares a side. A map whose longer side is shorter
 * is a small battlefield by the seed's own sizes.
 */
export const LARGE_BATTLEFIELD_SIDE = BATTLEFIELD_SHAPES['3x3ft'].width;

/**
 * The scale a map plays at unless the player picks one (V): small when its longer side is
 * under LARGE_BATTLEFIELD_SIDE (every bundled map: 8 x 10 to 24 x 18), else large.
 */
export function scaleForMap(map: { width: number; height: number }): BattlefieldScale {
  return Math.max(map.width, map.height) < LARGE_BATTLEFIELD_SIDE ? 'small' : 'large';
}

/**
 * The scale asked for, else the map's own by its size (scaleForMap: the bundled maps are
 * small battlefields), else large (a random large field's, the options' default).
 */
export function readScale(
  v: unknown,
  map?: { width: number; height: number } | null,
): BattlefieldScale {
  if (v === 'small' || v === 'large') return v;
  return map ? scaleForMap(map) : 'large';
}

/**
 * The options a Setup screen carries to the next battlefield under the same rules: all it
 * had, but the scale only when the player chose it; else it is dropped, so the new map
 * plays at its own (readScale; a random field at the scale it was rolled at).
 */
export function optionsForNextBattlefield<T extends Readonly<Record<string, unknown>>>(
  kept: T,
  scaleChosen: boolean,
): Partial<T> {
  if (scaleChosen) return { ...kept };
  const { scale: _dropped, ...rest } = kept;
  return rest as Partial<T>;
}

/** The shape a scale gets when none is named: the seed's first size for it. */
export const DEFAULT_SHAPE: Readonly<Record<BattlefieldScale, BattlefieldShape>> = {
  large: '6x4ft',
  small: '2x2ft',
};

/** The pieces table, by d6 (index d6 - 1): [small pieces, large pieces]. */
export const PIECES_BY_D6: readonly (readonly [number, number])[] = [
  [1, 0],
  [1, 1],
  [2, 1],
  [2, 1],
  [3, 2],
  [4, 2],
];

/**
 * Scatter by d8 (index d8 - 1), the seed's grid around the section's centre:
 * 1 2 3 / 4 * 5 / 6 7 8 (north up).
 */
export const SCATTER_BY_D8: readonly Point[] = [
  { x: -1, y: -1 },
  { x: 0, y: -1 },
  { x: 1, y: -1 },
  { x: -1, y: 0 },
  { x: 1, y: 0 },
  { x: -1, y: 1 },
  { x: 0, y: 1 },
  { x: 1, y: 1 },
];

export const SCATTER_NAMES: readonly string[] = [
  'north-west',
  'north',
  'north-east',
  'west',
  'east',
  'south-west',
  'south',
  'south-east',
];

export type SmallTerrain =
  | 'hill'
  | 'pit'
  | 'light-woods'
  | 'movable-objects'
  | 'rubble'
  | 'low-wall'
  | 'minor-non-movable'
  | 'pool';

export type LargeTerrain =
  'major-non-movable' | 'major-building' | 'minor-building' | 'river' | 'heavy-woods' | 'road';

export type TerrainType = SmallTerrain | LargeTerrain;

/** The SMALL terrain table, by 2d6 (index 2d6 - 2). */
export const SMALL_TERRAIN_BY_2D6: readonly SmallTerrain[] = [
  'hill', // 2
  'pit', // 3
  'light-woods', // 4
  'light-woods', // 5
  'movable-objects', // 6
  'rubble', // 7
  'low-wall', // 8
  'minor-non-movable', // 9
  'low-wall', // 10
  'pool', // 11
  'hill', // 12
];

/** The LARGE terrain table, by 2d6 (index 2d6 - 2). */
export const LARGE_TERRAIN_BY_2D6: readonly LargeTerrain[] = [
  'major-non-movable', // 2
  'major-building', // 3
  'minor-building', // 4
  'river', // 5
  'minor-building', // 6
  'major-building', // 7
  'heavy-woods', // 8
  'road', // 9
  'major-building', // 10
  'major-building', // 11
  'major-building', // 12
];

/** What each terrain type puts on its squares (FEATURE_EFFECTS says what that does). */
export const FEATURE_OF_TERRAIN: Readonly<Record<TerrainType, FeatureKind>> = {
  hill: 'hill',
  pit: 'pit',
  'light-woods': 'light-woods',
  'movable-objects': 'movable-object',
  rubble: 'rubble',
  'low-wall': 'low-wall',
  'minor-non-movable': 'minor-object',
  pool: 'water',
  'major-non-movable': 'major-object',
  'major-building': 'building',
  'minor-building': 'building',
  river: 'water',
  'heavy-woods': 'heavy-woods',
  road: 'road',
};

/** Names for the roll log. */
export const TERRAIN_NAMES: Readonly<Record<TerrainType, string>> = {
  hill: 'hill',
  pit: 'pit',
  'light-woods': 'light woods',
  'movable-objects': 'movable objects',
  rubble: 'rubble',
  'low-wall': 'low wall',
  'minor-non-movable': 'minor non-movable object',
  pool: 'pool',
  'major-non-movable': 'major non-movable object',
  'major-building': 'major building',
  'minor-building': 'minor building',
  river: 'river',
  'heavy-woods': 'heavy woods',
  road: 'road',
};

/*
 * SIZE RULES: the seed's typical sizes, each rolled (after the piece's d8 and d6):
 * - hill: d3+1 height levels (2-4); an oval levels+2 long and levels+1 deep;
 * - pit (a pit, trench or crack): a line d3+1 squares long (2-4), one wide;
 * - light woods: an oval d3+2 long (3-5) and d3+1 deep (2-4);
 * - movable objects: a group of d3 objects in a row, one square apart, each d2 squares;
 * - rubble: d4+1 squares (2-5) in a block;
 * - low wall: d6 for its length: 1-3 that many squares plus one (2-4), 4-5 straight across
 *   its section, 6 straight across the table; then d2: 1 solid, 2 with a gap in every
 *   fourth square;
 * - minor non-movable object: d3+1 squares (2-4) in a line or block;
 * - pool: d8+1 squares (2-9) in a line or block;
 * - major non-movable object: d5+3 squares (4-8) in a line or block;
 * - major building: two sides of 7+d4 squares (8-11), the seed's 8 or more a side;
 * - minor building: two sides of 2+d5 squares (3-7);
 * - river: d2 squares wide (1-2), table edge to table edge, bending a square either way
 *   in a fixed pattern;
 * - heavy woods: an oval d4+4 long (5-8) and d4+3 deep (4-7);
 * - road: d3+1 squares wide (2-4), table edge to table edge, straight.
 * A block of n squares is as square as it can be: 1 row up to 3 squares, 2 rows up to 8,
 * 3 rows for 9, filled row by row.
 */

export interface BattlefieldSection {
  /** North-west square and size in squares. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The square a piece's scatter counts from (the seed's star). */
  centre: Point;
  /** The d6 on the pieces table and what it gave. */
  roll: number;
  small: number;
  large: number;
}

export interface BattlefieldPiece {
  section: number;
  table: 'small' | 'large';
  /** 2d6 on the terrain table. */
  typeRoll: number;
  type: TerrainType;
  feature: FeatureKind;
  /** d8 scatter direction (1-8) and d6-1 distance (0-5). */
  scatter: number;
  distance: number;
  /** The rolled square (the section's centre moved by the scatter, kept on the table). */
  at: Point;
  /** The size rolls, in order, and the size they give in words. */
  sizeRolls: number[];
  size: string;
  /** Squares it took when placed (0 when everything under it was taken). */
  squares: number;
}

export interface Battlefield extends GeneratedBoard {
  seed: number;
  scale: BattlefieldScale;
  shape: BattlefieldShape;
  sections: BattlefieldSection[];
  pieces: BattlefieldPiece[];
  /** One line per roll of the generation, for logs and the map tool. */
  log: string[];
}

export interface BattlefieldOptions extends BoardOptions {
  scale: BattlefieldScale;
  /** One of the scale's shapes; DEFAULT_SHAPE when absent. */
  shape?: BattlefieldShape;
}

/** Rolls `count` dice of `sides` and adds them. */
function sum(dice: DiceSource, count: number, sides: number): number[] {
  return Array.from({ length: count }, () => dice.roll(sides));
}

interface Footprint {
  /** Cells in local coordinates: u along the long side, v across it, from 0. */
  cells: Point[];
  long: number;
  short: number;
}

/** An oval; the longer of the two sizes lies along the piece. */
function oval(a: number, b: number): Footprint {
  const long = Math.max(a, b);
  const short = Math.min(a, b);
  const cells: Point[] = [];
  for (let v = 0; v < short; v++) {
    for (let u = 0; u < long; u++) {
      const a = 2 * u + 1 - long;
      const b = 2 * v + 1 - short;
      if (a * a * short * short + b * b * long * long <= long * long * short * short) {
        cells.push({ x: u, y: v });
      }
    }
  }
  return { cells, long, short };
}

function rect(long: number, short: number): Footprint {
  const cells: Point[] = [];
  for (let v = 0; v < short; v++) for (let u = 0; u < long; u++) cells.push({ x: u, y: v });
  return { cells, long, short };
}

/** n squares as square as they can be: 1 row up to 3, 2 rows up to 8, 3 rows for 9. */
export function block(n: number): Footprint {
  const short = n <= 3 ? 1 : n <= 8 ? 2 : 3;
  const long = Math.ceil(n / short);
  const cells: Point[] = [];
  for (let v = 0; v < short; v++) {
    for (let u = 0; u < long && cells.length < n; u++) cells.push({ x: u, y: v });
  }
  return { cells, long, short };
}

function line(length: number, gaps: boolean): Footprint {
  const cells: Point[] = [];
  for (let u = 0; u < length; u++) if (!gaps || u % 4 !== 3) cells.push({ x: u, y: 0 });
  return { cells, long: length, short: 1 };
}

/** A piece's footprint and size rolls; `span` is set for pieces that cross a whole area. */
interface Sized {
  footprint: Footprint | null;
  rolls: number[];
  size: string;
  /** Low walls across the section or the table; rivers and roads edge to edge. */
  span?: 'section' | 'table';
  gaps?: boolean;
  width?: number;
}

/** Rolls a piece's size (SIZE RULES above). `cap` is the longest side the table allows. */
function rollSize(type: TerrainType, dice: DiceSource, cap: number): Sized {
  const c = (n: number): number => Math.max(1, Math.min(cap, n));
  switch (type) {
    case 'hill': {
      const r = dice.roll(3);
      const levels = r + 1;
      const f = oval(c(levels + 2), c(levels + 1));
      return { footprint: f, rolls: [r], size: `${levels} levels, ${f.long} x ${f.short}` };
    }
    case 'pit': {
      const r = dice.roll(3);
      const f = line(c(r + 1), false);
      return { footprint: f, rolls: [r], size: `${f.long} long` };
    }
    case 'light-woods': {
      const [a, b] = sum(dice, 2, 3);
      const f = oval(c(a + 2), c(b + 1));
      return { footprint: f, rolls: [a, b], size: `${f.long} x ${f.short}` };
    }
    case 'heavy-woods': {
      const [a, b] = sum(dice, 2, 4);
      const f = oval(c(a + 4), c(b + 3));
      return { footprint: f, rolls: [a, b], size: `${f.long} x ${f.short}` };
    }
    case 'movable-objects': {
      const count = dice.roll(3);
      const lengths = sum(dice, count, 2);
      const cells: Point[] = [];
      let u = 0;
      for (const len of lengths) {
        for (let k = 0; k < len; k++) cells.push({ x: u + k, y: 0 });
        u += len + 1;
      }
      const long = u - 1;
      const f = long <= cap ? { cells, long, short: 1 } : block(Math.min(cells.length, cap));
      return {
        footprint: f,
        rolls: [count, ...lengths],
        size: `${count} object${count === 1 ? '' : 's'} of ${lengths.join(', ')} square${cells.length === 1 ? '' : 's'}`,
      };
    }
    case 'rubble': {
      const r = dice.roll(4);
      return { footprint: block(r + 1), rolls: [r], size: `${r + 1} squares` };
    }
    case 'minor-non-movable': {
      const r = dice.roll(3);
      return { footprint: block(r + 1), rolls: [r], size: `${r + 1} squares` };
    }
    case 'pool': {
      const r = dice.roll(8);
      return { footprint: block(r + 1), rolls: [r], size: `${r + 1} squares` };
    }
    case 'major-non-movable': {
      const r = dice.roll(5);
      return { footprint: block(r + 3), rolls: [r], size: `${r + 3} squares` };
    }
    case 'low-wall': {
      const length = dice.roll(6);
      const gapRoll = dice.roll(2);
      const gaps = gapRoll === 2;
      const gapText = gaps ? ', with gaps' : ', solid';
      if (length <= 3) {
        return {
          footprint: line(length + 1, gaps),
          rolls: [length, gapRoll],
          size: `${length + 1} long${gapText}`,
          gaps,
        };
      }
      const span = length === 6 ? 'table' : 'section';
      return {
        footprint: null,
        rolls: [length, gapRoll],
        size: `across the ${span}${gapText}`,
        span,
        gaps,
      };
    }
    case 'major-building':
    case 'minor-building': {
      const [a, b] =
        type === 'major-building'
          ? sum(dice, 2, 4).map((r) => r + 7)
          : sum(dice, 2, 5).map((r) => r + 2);
      const long = c(Math.max(a, b));
      const short = c(Math.min(a, b));
      const rolls = type === 'major-building' ? [a - 7, b - 7] : [a - 2, b - 2];
      return { footprint: rect(long, short), rolls, size: `${long} x ${short}` };
    }
    case 'river': {
      const r = dice.roll(2);
      return { footprint: null, rolls: [r], size: `${r} wide`, span: 'table', width: r };
    }
    case 'road': {
      const r = dice.roll(3);
      return {
        footprint: null,
        rolls: [r],
        size: `${r + 1} wide`,
        span: 'table',
        width: r + 1,
      };
    }
  }
}

/** The fixed bend of a river: its offset across its course at each step along it. */
const RIVER_BENDS = [0, 0, 0, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1];

/** Generates a battlefield (see the module comment for every rule and choice). */
export function generateBattlefield(options: BattlefieldOptions): Battlefield {
  const shape = options.shape ?? DEFAULT_SHAPE[options.scale];
  const spec = BATTLEFIELD_SHAPES[shape];
  if (spec.scale !== options.scale) {
    throw new Error(
      `The shape ${shape} is a ${spec.scale} battlefield, not a ${options.scale} one.`,
    );
  }
  const { width, height } = spec;
  const dice = boardDice(options);
  const cap = Math.max(2, Math.floor(Math.min(width, height) / 2));
  const log: string[] = [];

  // 1. Roll every section's pieces.
  const sections: BattlefieldSection[] = [];
  const pieces: BattlefieldPiece[] = [];
  const sized: Sized[] = [];
  for (let sy = 0; sy < height; sy += SECTION_SQUARES) {
    for (let sx = 0; sx < width; sx += SECTION_SQUARES) {
      const w = Math.min(SECTION_SQUARES, width - sx);
      const h = Math.min(SECTION_SQUARES, height - sy);
      const roll = dice.roll(6);
      const [small, large] = PIECES_BY_D6[roll - 1];
      const index = sections.length;
      const centre = { x: sx + Math.floor(w / 2), y: sy + Math.floor(h / 2) };
      sections.push({ x: sx, y: sy, width: w, height: h, centre, roll, small, large });
      log.push(`Section ${index + 1} (${sx},${sy}): d6 = ${roll}: ${small} small, ${large} large`);
      const rollPiece = (table: 'small' | 'large'): void => {
        const two = sum(dice, 2, 6);
        const typeRoll = two[0] + two[1];
        const type =
          table === 'small'
            ? SMALL_TERRAIN_BY_2D6[typeRoll - 2]
            : LARGE_TERRAIN_BY_2D6[typeRoll - 2];
        const scatter = dice.roll(8);
        const distance = dice.roll(6) - 1;
        const step = SCATTER_BY_D8[scatter - 1];
        const at = {
          x: Math.max(0, Math.min(width - 1, centre.x + step.x * distance)),
          y: Math.max(0, Math.min(height - 1, centre.y + step.y * distance)),
        };
        const s = rollSize(type, dice, cap);
        sized.push(s);
        pieces.push({
          section: index,
          table,
          typeRoll,
          type,
          feature: FEATURE_OF_TERRAIN[type],
          scatter,
          distance,
          at,
          sizeRolls: s.rolls,
          size: s.size,
          squares: 0,
        });
        log.push(
          `  ${table} 2d6 = ${typeRoll}: ${TERRAIN_NAMES[type]}; d8 = ${scatter} (${SCATTER_NAMES[scatter - 1]}), ` +
            `d6-1 = ${distance}: at ${at.x},${at.y}; ${s.size}`,
        );
      };
      for (let k = 0; k < large; k++) rollPiece('large');
      for (let k = 0; k < small; k++) rollPiece('small');
    }
  }

  // 2. Place them, in the order rolled, each on open ground.
  const features: FeatureKind[] = new Array<FeatureKind>(width * height).fill('open');
  pieces.forEach((piece, k) => {
    piece.squares = placePiece(piece, sized[k], sections[piece.section], features, width, height);
  });

  // 3. Join ground cut off by the pieces.
  const breaches = joinCutOffGround(width, height, features);
  if (breaches.length > 0) {
    log.push(
      `Breaches (rubble) joining cut-off ground: ${breaches.map((p) => `${p.x},${p.y}`).join('; ')}`,
    );
  }

  const map = boardMap(
    {
      id: `battlefield-${shape}-${options.seed}`,
      name: `Battlefield ${options.seed}`,
      description: `A random ${options.scale} battlefield (${shape}), seed ${options.seed}.`,
      width,
      height,
    },
    features,
    [],
    { generator: 'battlefield', seed: options.seed, scale: options.scale, shape },
  );
  return {
    map,
    features,
    look: 'outdoor',
    breaches,
    seed: options.seed,
    scale: options.scale,
    shape,
    sections,
    pieces,
    log,
  };
}

/**
 * Whether a piece at `at` lies its long side east-west: when it is at least as far north
 * or south of the table's centre as east or west of it (so it runs across the line from
 * the centre), and at the centre itself.
 */
export function runsEastWest(at: Point, width: number, height: number): boolean {
  const vx = Math.abs(2 * at.x + 1 - width);
  const vy = Math.abs(2 * at.y + 1 - height);
  return vy >= vx;
}

/** Puts one piece on the open squares under it; returns how many it took. */
function placePiece(
  piece: BattlefieldPiece,
  s: Sized,
  section: BattlefieldSection,
  features: FeatureKind[],
  width: number,
  height: number,
): number {
  const eastWest = runsEastWest(piece.at, width, height);
  const squares: Point[] = [];
  if (s.footprint) {
    const f = s.footprint;
    // Local (u along, v across) to the table, centred on the rolled square.
    const du = Math.floor((f.long - 1) / 2);
    const dv = Math.floor((f.short - 1) / 2);
    const cells = f.cells.map((c) =>
      eastWest
        ? { x: piece.at.x + c.x - du, y: piece.at.y + c.y - dv }
        : { x: piece.at.x + c.y - dv, y: piece.at.y + c.x - du },
    );
    const shift = (lo: number, hi: number, size: number): number =>
      lo < 0 ? -lo : hi >= size ? Math.max(size - 1 - hi, -lo) : 0;
    const xs = cells.map((c) => c.x);
    const ys = cells.map((c) => c.y);
    const sx = shift(Math.min(...xs), Math.max(...xs), width);
    const sy = shift(Math.min(...ys), Math.max(...ys), height);
    for (const c of cells) squares.push({ x: c.x + sx, y: c.y + sy });
  } else if (s.span === 'section' || (s.span === 'table' && piece.type === 'low-wall')) {
    const across = s.span === 'section';
    const from = eastWest ? (across ? section.x : 0) : across ? section.y : 0;
    const to = eastWest
      ? across
        ? section.x + section.width
        : width
      : across
        ? section.y + section.height
        : height;
    for (let t = from; t < to; t++) {
      if (s.gaps && (t - from) % 4 === 3) continue;
      squares.push(eastWest ? { x: t, y: piece.at.y } : { x: piece.at.x, y: t });
    }
  } else {
    // A river or a road: a band `width` wide from edge to edge through the rolled square.
    const band = s.width ?? 1;
    const start = (eastWest ? piece.at.y : piece.at.x) - Math.floor((band - 1) / 2);
    const length = eastWest ? width : height;
    const bends = piece.type === 'river';
    // The bend pattern is counted from the rolled square, so the river runs through it.
    const along = eastWest ? piece.at.x : piece.at.y;
    const n = RIVER_BENDS.length;
    const bendAt = (t: number): number => (bends ? RIVER_BENDS[(((t - along) % n) + n) % n] : 0);
    let before = bendAt(-1);
    for (let t = 0; t < length; t++) {
      const bend = bendAt(t);
      // Where the course bends, widen it by a square so the water stays joined side to side.
      const lo = Math.min(bend, before);
      const hi = Math.max(bend, before) + band - 1;
      before = bend;
      for (let k = lo; k <= hi; k++) {
        squares.push(eastWest ? { x: t, y: start + k } : { x: start + k, y: t });
      }
    }
  }
  let taken = 0;
  for (const p of squares) {
    if (p.x < 0 || p.y < 0 || p.x >= width || p.y >= height) continue;
    const i = p.y * width + p.x;
    const here = features[i];
    if (here === 'open') {
      features[i] = piece.feature;
      taken++;
    } else if (
      (piece.feature === 'road' && here === 'water') ||
      (piece.type === 'river' && here === 'road')
    ) {
      features[i] = 'bridge';
      taken++;
    }
  }
  return taken;
}
