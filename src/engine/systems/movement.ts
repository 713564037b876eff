/**
 * Movement: the pathing grid a unit sees (terrain, friends passable but not stoppable,
 * foes blocking), reachable squares, and walking a unit along a path.
 */
import {
  canStepDiagonally,
  FACING_NAMES,
  facingToward,
  isSamePoint,
  stepToward,
  type Point,
} from '../grid';
import { footprint, occupies, sizeOf } from '../footprint';
import { squareTables, terrainAt, type BattleMap } from '../map';
import { mapIndexOf, perMap } from '../map-index';
import {
  findPath,
  findReachable,
  overlayGrid,
  snapshotGrid,
  type PathingGrid,
  type PathResult,
} from '../pathing';
import type { GameState, Unit } from '../types';
import { emit, type Context } from './context';
import { applyWound } from './wounds';

/**
 * The pathing grid as `mover` sees it: the ground (buildTerrainGrid) with foes' squares
 * closed and friends' squares open to pass but not to stop on (every square of a large
 * figure's base). A large mover gets the grid of its main square (largeMoverGrid).
 */
export function buildPathingGrid(state: GameState, mover: Unit): PathingGrid {
  const width = state.map.width;
  const foes: number[] = [];
  const friends: number[] = [];
  for (const u of state.units) {
    if (!u.position || u.id === mover.id) continue;
    const list = mayPass(mover, u) ? friends : foes;
    if (sizeOf(u) === 1) list.push(u.position.y * width + u.position.x);
    else for (const p of footprint(u)) list.push(p.y * width + p.x);
  }
  const grid = overlayGrid(buildTerrainGrid(state.map), foes, friends);
  const size = sizeOf(mover);
  return size > 1 ? largeMoverGrid(state.map, grid, size) : grid;
}

/**
 * The grid of a large figure's main (top-left) square, from the grid of one square
 * (`squares`: terrain and the other figures). The base of `size` x `size` squares:
 * - may pass where none of its squares holds an opponent and at least one of them is
 *   open ground (solitaire-gaming-rules V "Movement": "A large figure can move through
 *   walls (but not spaces occupied by opponents) as long as at least 1 space its base is
 *   on is open during the entire move");
 * - pays what its main square's ground costs ("the space used to determine its
 *   movement"), 1 where the main square is in the wall it passes through;
 * - may stop only where every square of it is open ground with no other figure on it;
 * - cuts no corner of a base position with no open square.
 */
export function largeMoverGrid(map: BattleMap, squares: PathingGrid, size: number): PathingGrid {
  const { width, height } = map;
  const { enterCost: ground } = squareTables(map);
  const fits = (x: number, y: number): boolean =>
    x >= 0 && y >= 0 && x + size <= width && y + size <= height;
  const enterCost = (x: number, y: number): number | null => {
    if (!fits(x, y)) return null;
    let open = false;
    for (let dy = 0; dy < size; dy++)
      for (let dx = 0; dx < size; dx++) {
        const i = (y + dy) * width + x + dx;
        const here = ground[i] !== 0;
        // An opponent closes the square whatever its ground.
        if (here && squares.enterCost(x + dx, y + dy) === null) return null;
        open ||= here;
      }
    if (!open) return null;
    return ground[y * width + x] !== 0 ? ground[y * width + x] : 1;
  };
  return {
    width,
    height,
    enterCost,
    canStopAt: (x, y) => {
      if (!fits(x, y)) return false;
      for (let dy = 0; dy < size; dy++)
        for (let dx = 0; dx < size; dx++)
          if (ground[(y + dy) * width + x + dx] === 0 || !squares.canStopAt(x + dx, y + dy))
            return false;
      return true;
    },
    isCorner: (x, y) => {
      if (!fits(x, y)) return true;
      for (let dy = 0; dy < size; dy++)
        for (let dx = 0; dx < size; dx++) if (ground[(y + dy) * width + x + dx] !== 0) return false;
      return true;
    },
  };
}

/**
 * The ground (no figures) as a large figure's main square sees it when planning a long way
 * over several turns: only where its whole base of `size` x `size` squares is open ground,
 * so it can stop on every square of the plan (it may pass a wall or a narrow way with one
 * open square of its base, largeMoverGrid, but not end a turn there: a gap too narrow for
 * its base and longer than its move it can never cross). Costs are the main square's
 * ground; kept per map.
 */
export function wholeBaseGrid(map: BattleMap, size: number): PathingGrid {
  return perMap(map, `whole-base-grid-${size}`, () => {
    const { width, height } = map;
    const { enterCost: ground } = squareTables(map);
    const open = (x: number, y: number): boolean => {
      if (x < 0 || y < 0 || x + size > width || y + size > height) return false;
      for (let dy = 0; dy < size; dy++)
        for (let dx = 0; dx < size; dx++) if (ground[(y + dy) * width + x + dx] === 0) return false;
      return true;
    };
    return snapshotGrid({
      width,
      height,
      enterCost: (x, y) => (open(x, y) ? ground[y * width + x] : null),
      canStopAt: (x, y) => open(x, y),
      isCorner: (x, y) => !open(x, y),
    });
  });
}

/**
 * The grid of the ground alone (no figures): walls and void stop, difficult ground costs
 * 2, anything may be stopped on. For "how far on foot" questions of the AI and autopilot.
 * A snapshot, kept per map (a map is never changed in place), so its tables are built once.
 */
export function buildTerrainGrid(map: BattleMap): PathingGrid {
  const index = mapIndexOf(map);
  return (index.terrainGrid ??= snapshotTerrainGrid(map));
}

function snapshotTerrainGrid(map: BattleMap): PathingGrid {
  const { width, height } = map;
  const { enterCost, corner } = squareTables(map);
  return snapshotGrid({
    width,
    height,
    enterCost: (x, y) => {
      if (x < 0 || y < 0 || x >= width || y >= height) return null;
      const cost = enterCost[y * width + x];
      return cost === 0 ? null : cost;
    },
    canStopAt: () => true,
    isCorner: (x, y) => x < 0 || y < 0 || x >= width || y >= height || corner[y * width + x] === 1,
  });
}

/** Every square `unit` can end a move on this turn, with its path. */
export function reachableSquares(state: GameState, unit: Unit): Map<string, PathResult> {
  if (!unit.position) return new Map();
  return findReachable(buildPathingGrid(state, unit), unit.position, unit.move);
}

/** Shortest path for `unit` to `to` ignoring the move allowance, or null. */
export function pathFor(state: GameState, unit: Unit, to: Point): PathResult | null {
  if (!unit.position) return null;
  return findPath(buildPathingGrid(state, unit), unit.position, to);
}

/**
 * Walks `unit` along `path` (excluding its start square), turning it to face its last
 * step. Entering dangerous ground asks the rule module for the wounds it deals (a roll);
 * a hurt unit's walk is told in two parts around the wound, and stops if it falls.
 * Emits 'moved' and any roll/wound events.
 */
export function walkUnit(ctx: Context, unit: Unit, path: readonly Point[], reason: string): void {
  if (!unit.position || path.length === 0) return;
  if (ctx.rules.afterStep) return walkStepByStep(ctx, unit, path, reason, ctx.rules.afterStep);
  const from = unit.position;
  const walked: Point[] = [];
  for (const step of path) {
    walked.push(step);
    if (terrainAt(ctx.state.map, step.x, step.y) === 'dangerous') {
      const prev = walked.length > 1 ? walked[walked.length - 2] : from;
      unit.position = step;
      unit.facing = facingToward(prev, step, unit.facing);
      const wounds = ctx.rules.dangerousGround(ctx, unit, step, 'enters');
      if (wounds > 0) {
        emitMove(ctx, unit, from, walked, reason);
        applyWound(ctx, unit, null, wounds);
        if (!unit.position) return;
        return walkUnit(ctx, unit, path.slice(walked.length), reason);
      }
    }
  }
  emitMove(ctx, unit, from, walked, reason);
}

/**
 * The walk of a module with reactions (RuleModule.afterStep): told square by square, so
 * what the other side does in between (opportunity fire) falls between the steps, and
 * stopped where the reaction says.
 */
function walkStepByStep(
  ctx: Context,
  unit: Unit,
  path: readonly Point[],
  reason: string,
  afterStep: NonNullable<Context['rules']['afterStep']>,
): void {
  let here = unit.position!;
  for (const step of path) {
    emitMove(ctx, unit, here, [step], reason);
    if (terrainAt(ctx.state.map, step.x, step.y) === 'dangerous') {
      const wounds = ctx.rules.dangerousGround(ctx, unit, step, 'enters');
      if (wounds > 0) applyWound(ctx, unit, null, wounds);
    }
    if (!unit.position || !afterStep(ctx, unit, here, step) || !unit.position) return;
    here = step;
  }
}

/**
 * Whether `mover` may pass `other`: a friend, yes; a foe closes its squares, and a
 * structure is a wall to both sides.
 */
function mayPass(mover: Unit, other: Unit): boolean {
  return other.side === mover.side && !other.structure;
}

/**
 * buildPathingGrid for a mover of one square, asking about a square only when asked: the
 * figures standing on it (a foe or a structure closes it; a friend may be passed, not
 * stopped on) over the terrain's own grid.
 */
function squaresAhead(state: GameState, mover: Unit): PathingGrid {
  const terrain = buildTerrainGrid(state.map);
  /** 2 where a foe or a structure stands on (x, y), 1 a friend only, 0 nobody. */
  const standing = (x: number, y: number): number => {
    let found = 0;
    for (const u of state.units) {
      if (!u.position || u.id === mover.id || !occupies(u, x, y)) continue;
      if (mayPass(mover, u)) found = 1;
      else return 2;
    }
    return found;
  };
  return {
    width: terrain.width,
    height: terrain.height,
    enterCost: (x, y) => (standing(x, y) === 2 ? null : terrain.enterCost(x, y)),
    canStopAt: (x, y) => standing(x, y) === 0 && terrain.canStopAt(x, y),
    isCorner: (x, y) => terrain.isCorner(x, y),
  };
}

/**
 * Moves straight ahead up to `budget` movement, stopping where the way is blocked (a
 * patrol's "move forward"). It may pass a friend but never ends on one; difficult ground
 * costs 2.
 */
export function walkStraightAhead(ctx: Context, unit: Unit, budget: number, reason: string): void {
  const state = ctx.state;
  if (!unit.position) return;
  // A figure of one square asks only about the few squares ahead (buildPathingGrid's
  // rules, without building its grid for the whole board).
  const grid = sizeOf(unit) === 1 ? squaresAhead(state, unit) : buildPathingGrid(state, unit);
  const path: Point[] = [];
  let here: Point = unit.position;
  let spent = 0;
  let lastStop = -1;
  for (;;) {
    const next = stepToward(here, unit.facing);
    const cost = grid.enterCost(next.x, next.y);
    if (cost === null) break;
    if (!canStepDiagonally(here, next, (x, y) => grid.isCorner(x, y))) break;
    if (spent + cost > budget) break;
    spent += cost;
    path.push(next);
    if (grid.canStopAt(next.x, next.y)) lastStop = path.length - 1;
    here = next;
  }
  const walk = path.slice(0, lastStop + 1);
  if (walk.length > 0) walkUnit(ctx, unit, walk, reason);
}

function emitMove(ctx: Context, unit: Unit, from: Point, walked: Point[], reason: string): void {
  const to = walked[walked.length - 1];
  const prev = walked.length > 1 ? walked[walked.length - 2] : from;
  const oldFacing = unit.facing;
  unit.position = to;
  if (!isSamePoint(prev, to)) unit.facing = facingToward(prev, to, unit.facing);
  emit(ctx, {
    type: 'moved',
    unit: unit.id,
    from,
    to,
    path: walked.slice(),
    reason,
    text: `${unit.name} moves ${walked.length} square${walked.length === 1 ? '' : 's'}${reason ? ` (${reason})` : ''}.`,
  });
  if (oldFacing !== unit.facing) {
    emit(ctx, {
      type: 'faced',
      unit: unit.id,
      from: oldFacing,
      to: unit.facing,
      reason: 'walking',
      text: `${unit.name} faces ${FACING_NAMES[unit.facing]} as it walks.`,
    });
  }
  pickUpObjectIfHere(ctx, unit);
}

/** A unit that ends a move on the objective picks it up, where the rules let it. */
function pickUpObjectIfHere(ctx: Context, unit: Unit): void {
  const obj = ctx.state.objective.object;
  if (!obj || !obj.at || !unit.position) return;
  if (!isSamePoint(obj.at, unit.position)) return;
  if (!ctx.rules.mayCarryObjective(ctx.state, unit)) return;
  takeObjective(
    ctx,
    unit,
    unit.side === 'heroes'
      ? `${unit.name} picks up the relic. A hero who carries it cannot attack.`
      : `${unit.name} snatches up the relic and makes for home!`,
  );
}

/** `unit` takes the objective from the ground and carries it (the caller checked it may). */
export function takeObjective(ctx: Context, unit: Unit, text: string): void {
  const obj = ctx.state.objective.object!;
  obj.at = null;
  obj.carrier = unit.id;
  unit.carrying = 'object';
  emit(ctx, { type: 'objective', what: 'picked-up', unit: unit.id, at: unit.position, text });
}
