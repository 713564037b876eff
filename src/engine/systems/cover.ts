/**
 * Cover and reach between figures, shared by every rule set: the four-corner test of
 * miniatures-los-cover with walls and sight-blocking squares blocking, and figures as
 * the design says (for an attack, the attacker's foes block; its friends do not). Each
 * module maps the levels onto its own numbers.
 */
import { baseGap, sizeOf } from '../footprint';
import { chebyshevDistance, FACING_NAMES, facingToward, type Point } from '../grid';
import { computeCover, type CoverLevel } from '../los';
import type { BattleMap } from '../map';
import { BoundedTable, perMap, TABLE_CAPACITY } from '../map-index';
import { borderedSightGrid, cellOf, isNearLines, type BorderedSightGrid } from '../sight-grid';
import type { GameState, Unit } from '../types';
import { livingUnits, unitAt } from '../world';
import { emit, type Context } from './context';

/**
 * Which figures block an attacker's lines: its foes only (the d20 Skirmish rules: "allies
 * of the attacker do not block its path but enemy figures do"), or every other figure
 * (miniatures-los-cover: a line through "a wall or another character" is blocked).
 */
export type LineBlockers = 'foes' | 'all';

/**
 * Cover of `target` from `attacker`: walls and sight-blocking squares block lines, and
 * so do the figures `blockers` names other than the two.
 */
export function coverFor(
  state: GameState,
  attacker: Unit,
  target: Unit,
  blockers: LineBlockers = 'foes',
): CoverLevel {
  if (!attacker.position || !target.position) return 'blocked';
  return coverFrom(state, attacker, attacker.position, target.position, target.id, blockers);
}

/**
 * Cover of the square `to` from `attacker` standing at `from` (its own square or one it
 * considers): as coverFor, with `ignoring` (the target, if any) not blocking.
 */
export function coverFrom(
  state: GameState,
  attacker: Unit,
  from: Point,
  to: Point,
  ignoring: string | null = null,
  blockers: LineBlockers = 'foes',
): CoverLevel {
  const grid = borderedSightGrid(state.map);
  // The blocking figures are marked on the map's working grid for this one question and
  // taken off after it: a lookup is then one array read, and nothing is allocated.
  const cells = markedCells;
  cells.length = 0;
  const inBox = listBlockingCells(state, grid, attacker, ignoring, blockers, cells, from, to);
  // With no blocking figure near the lines, the walls alone decide.
  if (!inBox) return keptWallCover(state.map, from, to);
  const marked = grid.marked;
  for (const c of cells) marked[c] += 2;
  try {
    return computeCover(from, to, grid.blocksMarked);
  } finally {
    for (const c of cells) marked[c] -= 2;
  }
}

/**
 * Adds to `into` the grid cells of the figures that stop `attacker`'s lines (see
 * lineBlocker); whether any of them lies near the lines between `from` and `to`.
 */
function listBlockingCells(
  state: GameState,
  grid: BorderedSightGrid,
  attacker: Unit,
  ignoring: string | null,
  blockers: LineBlockers,
  into: number[],
  from?: Point,
  to?: Point,
): boolean {
  let near = false;
  for (const u of state.units) {
    const p = u.position;
    if (!p || u.id === ignoring || u.id === attacker.id) continue;
    if (blockers !== 'all' && u.side === attacker.side && !u.structure) continue;
    const size = sizeOf(u);
    for (let dy = 0; dy < size; dy++)
      for (let dx = 0; dx < size; dx++) {
        const x = p.x + dx;
        const y = p.y + dy;
        if (from && to && !near) near = isNearLines(x, y, from, to);
        into.push(cellOf(grid, x, y));
      }
  }
  return near;
}

/** coverFrom's list of the cells it marked (one buffer, reused: nothing made per question). */
const markedCells: number[] = [];

/**
 * Cover through walls and sight-blocking squares alone depends on the map alone (never
 * changed in place), so it is kept with the map: one row of levels per square looked
 * from (0 unknown, else 1 + the level's rank). Not symmetric, so rows are by attacker.
 */
function keptWallCover(map: BattleMap, from: Point, to: Point): CoverLevel {
  const rows = perMap(
    map,
    'wall-cover-rows',
    () => new BoundedTable<number, Uint8Array>(TABLE_CAPACITY.sightRows),
  );
  const a = from.y * map.width + from.x;
  let row = rows.get(a);
  if (!row) rows.set(a, (row = new Uint8Array(map.width * map.height)));
  const b = to.y * map.width + to.x;
  if (row[b] !== 0) return LEVELS[row[b] - 1];
  const level = computeCover(from, to, borderedSightGrid(map).blocksWalls);
  row[b] = COVER_RANK[level] + 1;
  return level;
}

/**
 * What stops an attacker's line: walls and sight-blocking squares, and the figures
 * `blockers` names other than the attacker and `ignoring` (its target), and structures
 * (buildings) of either side. For cover and for drawing the lines behind it. A wall is one
 * read of the map's bordered grid; the figures' squares are a short list at first, and
 * a grid of their own once many squares have been asked (many lines through one board).
 */
export function lineBlocker(
  state: GameState,
  attacker: Unit,
  ignoring: string | null,
  blockers: LineBlockers,
): (x: number, y: number) => boolean {
  const grid = borderedSightGrid(state.map);
  const { stride, rows, walls } = grid;
  const figureCells: number[] = [];
  listBlockingCells(state, grid, attacker, ignoring, blockers, figureCells);
  let cells: Uint8Array | null = null;
  let asked = 0;
  return (x, y) => {
    const i = x + 1;
    const j = y + 1;
    if (i < 0 || j < 0 || i >= stride || j >= rows) return true;
    const c = j * stride + i;
    if (walls[c] !== 0) return true;
    if (cells) return cells[c] !== 0;
    if (++asked > LOOKUPS_BEFORE_GRID) {
      cells = walls.slice();
      for (const f of figureCells) cells[f] = 1;
      return cells[c] !== 0;
    }
    return figureCells.includes(c);
  };
}

/** Squares a lineBlocker answers from its list before it lays the figures out as a grid. */
const LOOKUPS_BEFORE_GRID = 256;

/** Cover through walls and sight-blocking squares alone (melee reach across a corner). */
export function wallCover(state: GameState, from: Point, to: Point): CoverLevel {
  return keptWallCover(state.map, from, to);
}

const COVER_RANK: Readonly<Record<CoverLevel, number>> = {
  clear: 0,
  partial: 1,
  full: 2,
  blocked: 3,
};

/** The levels by rank (COVER_RANK's inverse). */
const LEVELS: readonly CoverLevel[] = ['clear', 'partial', 'full', 'blocked'];

/** The worse of two cover levels for the attacker (the one that gives the target more cover). */
export function worseCover(a: CoverLevel, b: CoverLevel): CoverLevel {
  return COVER_RANK[a] >= COVER_RANK[b] ? a : b;
}

/** The better of two cover levels for the attacker (the one that gives the target less cover). */
export function betterCover(a: CoverLevel, b: CoverLevel): CoverLevel {
  return COVER_RANK[a] <= COVER_RANK[b] ? a : b;
}

/** The cover the map's square `p` gives (BattleMap.cover) as a level: 'clear' for none or off the map. */
export function coverOfSquare(map: BattleMap, p: Point): CoverLevel {
  if (p.x < 0 || p.y < 0 || p.x >= map.width || p.y >= map.height) return 'clear';
  const c = map.cover[p.y * map.width + p.x];
  return c === 'partial' || c === 'full' ? c : 'clear';
}

/** Whether `square`, next to a target at `target`, stands in front of it seen from `from`. */
export type InFront = (from: Point, target: Point, square: Point) => boolean;

/** In front: nearer to the attacker (Chebyshev) than the target is (the Dungeon Crawl's reading). */
export const nearerThanTarget: InFront = (from, target, square) =>
  chebyshevDistance(square, from) < chebyshevDistance(target, from);

/**
 * In front: the straight line from the target's centre to the attacker's passes through
 * the square (not only touching a corner of it): solitaire-gaming-rules V "Line of
 * Sight" draws "an imaginary straight line from the center of the attacker's space to the
 * center of the target's space", and "Characters can attack through cover like windows,
 * light brush, and other partial obstacles at a penalty to hit".
 */
export const onCentreLine: InFront = (from, target, square) => {
  // Exact on doubled coordinates: centres are odd, square edges even.
  const a = { x: 2 * target.x + 1, y: 2 * target.y + 1 };
  const d = { x: 2 * (from.x - target.x), y: 2 * (from.y - target.y) };
  let enter = 0;
  let leave = 1;
  for (const axis of ['x', 'y'] as const) {
    const low = 2 * square[axis];
    const high = low + 2;
    if (d[axis] === 0) {
      if (a[axis] <= low || a[axis] >= high) return false;
      continue;
    }
    const t1 = (low - a[axis]) / d[axis];
    const t2 = (high - a[axis]) / d[axis];
    enter = Math.max(enter, Math.min(t1, t2));
    leave = Math.min(leave, Math.max(t1, t2));
  }
  return enter < leave;
};

/**
 * The cover the map's squares give a figure at `target` against an attacker at `from`:
 * the square it stands in (light woods give "partial cover to any character inside the
 * woods", solitaire-gaming-rules VII), or a square next to it in front of it (`inFront`;
 * behind a low wall: docs/maps.md, `cover` is "cover for figures behind the square").
 * Next to the attacker only the target's own square counts: nothing stands between them.
 */
export function groundCover(
  map: BattleMap,
  from: Point,
  target: Point,
  inFront: InFront = onCentreLine,
): CoverLevel {
  let level = coverOfSquare(map, target);
  if (chebyshevDistance(from, target) <= 1) return level;
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      const p = { x: target.x + dx, y: target.y + dy };
      if ((dx || dy) && inFront(from, target, p)) level = worseCover(level, coverOfSquare(map, p));
    }
  return level;
}

/**
 * The cover a figure at `to` would have from a shot from `from` by what does not move:
 * walls and sight-blocking squares (the four-corner lines) and the map's cover
 * (groundCover). For figures choosing where to stand.
 */
export function standingCover(state: GameState, from: Point, to: Point): CoverLevel {
  const lines = wallCover(state, from, to);
  return lines === 'blocked' ? lines : worseCover(lines, groundCover(state.map, from, to));
}

/** Whether any foe of `unit` stands next to it. */
export function isFoeAdjacent(state: GameState, unit: Unit): boolean {
  if (!unit.position) return false;
  return livingUnits(state).some((u) => u.side !== unit.side && baseGap(unit, u) === 1);
}

/** Turns `unit` toward `to`, telling the log why, when that changes its facing. */
export function turnToward(ctx: Context, unit: Unit, to: Point, reason: string): void {
  if (!unit.position) return;
  const from = unit.facing;
  unit.facing = facingToward(unit.position, to, unit.facing);
  if (from !== unit.facing) {
    const other = unitAt(ctx.state, to.x, to.y);
    const toward = other && other.id !== unit.id ? `the ${other.name}` : FACING_NAMES[unit.facing];
    emit(ctx, {
      type: 'faced',
      unit: unit.id,
      from,
      to: unit.facing,
      reason,
      text: `${unit.name} turns to face ${toward} (${reason}).`,
    });
  }
}
