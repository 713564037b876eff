/**
 * Pursuit, shared by the solo rule sets' alerted enemies: the nearest hero on foot (ties
 * settled by a die), the cheapest square from which a weapon can strike, the way toward
 * a hero out of reach (doors counted open, so it heads for the door that leads there),
 * and whether opening a door beside it shortens its walk. What counts as "can strike"
 * is the rule module's, passed in.
 */
import { chebyshevDistance, type Point } from '../grid';
import { distanceToBase, distanceToFigure, footprint, sizeOf } from '../footprint';
import { terrainAt, terrainMoveCost, type BattleMap } from '../map';
import { mapIndexOf } from '../map-index';
import type { RuleModule } from '../rulesets/module';
import {
  findBestInFlood,
  keepFlood,
  type KeptFlood,
  firstReachable,
  floodCosts,
  stepsWithin,
  type CostField,
  type PathingGrid,
  type PathResult,
} from '../pathing';
import type { DoorState, GameState, RuleRef, Unit } from '../types';
import { livingUnits } from '../world';
import { boardMemo, rollDie, type Context } from './context';
import { doorsWithinReach, mapWithAllDoorsOpen, mapWithDoorOpen } from './doors';
import { buildPathingGrid, buildTerrainGrid, walkUnit, wholeBaseGrid } from './movement';

export type Placed = Unit & { position: Point };

/**
 * Walking costs over terrain alone (units ignored) from `from`, or over `map` when given;
 * for the main square of a base of `size` (> 1) over the squares its whole base fits
 * (wholeBaseGrid).
 * Such a field depends only on the map and the square, and a map is never changed in
 * place, so the fields of the last few squares asked about are kept in the map's index:
 * during one enemy phase every monster asks about the same heroes.
 */
function terrainDistances(
  state: GameState,
  from: Point,
  map: BattleMap = state.map,
  size = 1,
): CostField {
  const area = map.width * map.height;
  return mapIndexOf(map).costFields.getOrMake((size - 1) * area + from.y * map.width + from.x, () =>
    floodCosts(size > 1 ? wholeBaseGrid(map, size) : buildTerrainGrid(map), from, area * 2),
  ) as CostField;
}

/** Cost to walk to `p` in a cost field, -1 where it cannot be reached. */
function costAt(field: CostField, p: Point): number {
  return field.cost[p.y * field.width + p.x];
}

/**
 * The cost of walking from `from` to `to` over terrain alone (figures ignored, doors as
 * they stand), Infinity where no walk exists.
 */
export function walkingDistance(state: GameState, from: Point, to: Point): number {
  return finiteOrInfinity(costAt(terrainDistances(state, from), to));
}

function finiteOrInfinity(cost: number): number {
  return cost >= 0 ? cost : Infinity;
}

/** III "Alerted": "Decide randomly which hero they will attack if 2 or more heroes are equidistant." */
const EQUALLY_NEAR: RuleRef = {
  book: 'Solitaire rules',
  section: 'III Alerted: equidistant heroes, decided randomly',
};

/**
 * The nearest hero by walking distance (straight distance where no walk exists);
 * equally near heroes are decided by a die. From the enemy's main square; to a large
 * hero's nearest square when the module measures to bases (RuleModule.measuresToBase),
 * else to its main square.
 */
export function chooseNearestHero(ctx: Context, enemy: Placed): Placed | null {
  const heroes = livingUnits(ctx.state, 'heroes');
  if (heroes.length === 0) return null;
  const map = ctx.state.map;
  const toBase = ctx.rules.measuresToBase?.(ctx.state) ?? false;
  const enterCost = (p: Point): number => terrainMoveCost(terrainAt(map, p.x, p.y));
  const walkTo = (square: Point): number => {
    // The field from the hero's square gives square->enemy; the walk enemy->square enters
    // that square instead of the enemy's own.
    const back = costAt(terrainDistances(ctx.state, square), enemy.position);
    return back < 0 ? Infinity : back - enterCost(enemy.position) + enterCost(square);
  };
  const distanceTo = (h: Placed): number => {
    // A walk from outside a base reaches its edge first: its edge squares are enough.
    const squares = toBase && sizeOf(h) > 1 ? baseEdge(h) : [h.position];
    const walk = Math.min(...squares.map(walkTo));
    return Number.isFinite(walk) ? walk : 10_000 + distanceToFigure(enemy.position, h, toBase);
  };
  const nearest = (): Placed[] => {
    let best = Infinity;
    let tied: Placed[] = [];
    for (const h of heroes) {
      const d = distanceTo(h);
      if (d < best) {
        best = d;
        tied = [h];
      } else if (d === best) tied.push(h);
    }
    return tied;
  };
  // In a look-ahead the nearest heroes from a square are kept (by id) with the heroes'
  // squares: they read nothing else of the board (walks over terrain alone).
  const answers = ctx.memo?.forValues(
    ctx.state.map,
    ...heroesFrom(ctx.state, enemy.position, toBase),
  );
  const tied = keptIn(answers, `nearest|${enemy.id}`, () => nearest().map((h) => h.id)).map((id) =>
    heroes.find((h) => h.id === id)!,
  );
  if (tied.length === 1) return tied[0];
  const value = rollDie(ctx, {
    sides: tied.length,
    purpose: 'tie-break',
    unit: enemy.id,
    need: null,
    describe: (v) =>
      `${enemy.name} d${tied.length} = ${v}: ${tied.map((h) => h.name).join(', ')} are equally near — goes for the ${tied[v - 1].name}`,
    rule: ctx.rules.nearestHeroTieRule ?? EQUALLY_NEAR,
  });
  return tied[value - 1];
}

/** A buffer for the values a look-ahead keeps an answer under (LookAheadMemo.forValues). */
let keyValues = new Int32Array(64);

function keyBuffer(size: number): Int32Array {
  if (keyValues.length < size) keyValues = new Int32Array(size * 2);
  return keyValues;
}

/**
 * What chooseNearestHero reads of the board from `from`, as values for the look-ahead's
 * memo (in a shared buffer, with their count): the square, the measure, and each hero's
 * square and size.
 */
function heroesFrom(state: GameState, from: Point, toBase: boolean): [Int32Array, number] {
  const units = state.units;
  const out = keyBuffer(4 + units.length * 4);
  out[0] = 1;
  out[1] = from.x;
  out[2] = from.y;
  out[3] = toBase ? 1 : 0;
  let n = 4;
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    if (u.side !== 'heroes') continue;
    out[n++] = i;
    out[n++] = u.position ? u.position.x : -1;
    out[n++] = u.position ? u.position.y : -1;
    out[n++] = sizeOf(u);
  }
  return [out, n];
}

/**
 * What a walk's search from `unit`'s square reads of the board when it goes no farther
 * than `reach` squares (a flood within its budget, a large base's squares beside it), as
 * values for the look-ahead's memo (in a shared buffer, with their count): the square and
 * the reach, then every figure any square of whose base lies within the reach, with its
 * square, and its side, whether it is a structure and its size (which decide whether the
 * walker may pass it or stop there).
 */
function figuresNear(state: GameState, unit: Placed, reach: number): [Int32Array, number] {
  const units = state.units;
  const out = keyBuffer(4 + units.length * 4);
  const at = unit.position;
  out[0] = 2;
  out[1] = at.x;
  out[2] = at.y;
  out[3] = reach;
  let n = 4;
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    const p = u.position;
    if (!p) continue;
    const size = sizeOf(u);
    if (distanceToBase(at, p, size) > reach) continue;
    out[n++] = i;
    out[n++] = p.x;
    out[n++] = p.y;
    out[n++] = (u.side === 'heroes' ? 1 : 0) + (u.structure ? 2 : 0) + size * 4;
  }
  return [out, n];
}

/** The squares on the edge of a figure's base (every square of a base 2 wide). */
function baseEdge(unit: Placed): Point[] {
  const s = sizeOf(unit);
  const { x, y } = unit.position;
  return footprint(unit).filter(
    (p) => p.x === x || p.y === y || p.x === x + s - 1 || p.y === y + s - 1,
  );
}

/**
 * `compute()`, in a look-ahead kept with the board under `key` (boardMemo: the caller's
 * word that it reads nothing but the map, what the figures show and what `key` names);
 * in play worked out each time. The kept value is handed out as it is: callers must not
 * change it.
 */
export function kept<T>(ctx: Context, key: string, compute: () => T): T {
  return keptIn(boardMemo(ctx), key, compute);
}

/** `compute()`, kept in `answers` under `key` (worked out each time without answers). */
function keptIn<T>(answers: Map<string, unknown> | undefined, key: string, compute: () => T): T {
  if (!answers) return compute();
  if (answers.has(key)) return answers.get(key) as T;
  const value = compute();
  answers.set(key, value);
  return value;
}

/** Whether `strikes` holds with `unit` standing on `square` (the board otherwise as it is). */
export function wouldHoldFrom(unit: Placed, square: Point, strikes: () => boolean): boolean {
  const real = unit.position;
  unit.position = square;
  const ok = strikes();
  unit.position = real;
  return ok;
}

/**
 * Moves `enemy` to the cheapest square it can reach this turn from which `strikesFrom`
 * holds (the first found on equal cost), saying it `verb`s the target; out of reach, it
 * walks the shortest way toward the target as far as its move allows.
 *
 * `strikesKey`: the caller's word that `strikesFrom` reads nothing but the map, what the
 * figures show (boardMemo) and what the key names; then, in a look-ahead (Context.memo),
 * the square chosen on a board is kept with the board and used again on the same board.
 */
export function moveIntoRange(
  ctx: Context,
  enemy: Placed,
  target: Placed,
  strikesFrom: (square: Point) => boolean,
  verb: string,
  strikesKey?: string,
): void {
  const state = ctx.state;
  let grid: PathingGrid | null = null;
  const board = (): PathingGrid => (grid ??= buildPathingGrid(state, enemy));
  const answers = strikesKey === undefined ? undefined : boardMemo(ctx);
  const key = `range|${enemy.id}|${enemy.move}|${target.id}|${strikesKey}`;
  let chosen = answers?.get(key) as { path: Point[] | null } | undefined;
  if (!chosen) {
    // Trying squares in cost order, the first that works is it, and the costly line
    // checks stop there.
    const best = firstReachable(board(), enemy.position, enemy.move, strikesFrom);
    chosen = { path: best ? best.path : null };
    answers?.set(key, chosen);
  }
  if (chosen.path) {
    const path = chosen.path.map((p) => ({ x: p.x, y: p.y }));
    walkUnit(ctx, enemy, path, `${verb} the ${target.name}`);
    return;
  }
  // Out of reach this turn: walk the shortest way toward the target (on the board as it
  // stands, so the kept way for this board may be used).
  const way = keptWayToward(ctx, enemy, target.position, board);
  if (way.length > 0) walkUnit(ctx, enemy, way, `advances on the ${target.name}`);
}

/**
 * Walks `unit` as far as its move allows along the way toward `goal` (doors counted
 * open, so it heads for the door that leads there). `grid`: the board as the unit sees
 * it, buildPathingGrid's when not given.
 */
export function walkToward(
  ctx: Context,
  unit: Placed,
  goal: Point,
  reason: string,
  grid?: PathingGrid,
): void {
  const way = grid
    ? wayToward(ctx.state, ctx.rules, unit, goal, grid)
    : keptWayToward(ctx, unit, goal, () => buildPathingGrid(ctx.state, unit));
  if (way.length > 0) walkUnit(ctx, unit, way, reason);
}

/**
 * wayToward on the board as `unit` sees it (buildPathingGrid, which `grid` must give); in
 * a look-ahead kept with the board (boardMemo: the way depends only on the map, the
 * figures, the unit's move and the goal), so an enemy phase run many times over works each
 * way out once. The squares are handed out as new points.
 */
function keptWayToward(ctx: Context, unit: Placed, goal: Point, grid: () => PathingGrid): Point[] {
  if (!ctx.memo) return wayToward(ctx.state, ctx.rules, unit, goal, grid());
  // The search reads the board no farther than its budget (each step costs at least 1)
  // and one square more, a large base's squares besides: boards alike that near share it.
  const reach = approachBudget(unit) + sizeOf(unit) + 1;
  const answers = ctx.memo.forValues(ctx.state.map, ...figuresNear(ctx.state, unit, reach));
  // The search's flood reads the same figures, whatever the goal: one serves every hero
  // the monster may head for on this board.
  const flood = (on: PathingGrid, budget: number): KeptFlood | null =>
    keptIn(answers, `flood|${unit.id}|${unit.move}|${budget}`, () =>
      keepFlood(on, unit.position, budget),
    );
  const way = keptIn(answers, `way|${unit.id}|${unit.move}|${goal.x},${goal.y}`, () =>
    wayToward(ctx.state, ctx.rules, unit, goal, grid(), flood),
  );
  return way.map((p) => ({ x: p.x, y: p.y }));
}

/** The squares `unit` walks this turn toward `goal` on `grid` (see walkToward). */
function wayToward(
  state: GameState,
  rules: RuleModule,
  unit: Placed,
  goal: Point,
  grid: PathingGrid,
  keptFlood?: (grid: PathingGrid, budget: number) => KeptFlood | null,
): Point[] {
  const size = sizeOf(unit) > 1 && rules.plansWithBase?.(state) ? sizeOf(unit) : 1;
  // Planned with its whole base, a large figure's long way keeps to squares it can end a
  // turn on (this turn's walk to strike still passes where one square of its base is open).
  const plan = size > 1 ? whereBaseFits(grid, wholeBaseGrid(state.map, size)) : grid;
  const approach =
    approachPath(state, unit, goal, plan, undefined, size, plan === grid ? keptFlood : undefined) ??
    // (On the same grid the same search finds nothing again.)
    (plan === grid ? null : approachPath(state, unit, goal, grid, undefined, size));
  if (!approach) return [];
  let affordable = stepsWithin(approach, unit.move, grid);
  // A large figure may pass where it cannot stop (its base half in a wall or a narrow
  // way): when the long way has no stop within this turn's move, it takes the best square
  // it can stop on this turn instead of standing still.
  if (affordable.path.length === 0 && sizeOf(unit) > 1)
    affordable = approachPath(state, unit, goal, grid, unit.move, size) ?? affordable;
  return affordable.path;
}

/** `grid` kept to the squares `whole` can be entered on (a large figure's whole base fits). */
function whereBaseFits(grid: PathingGrid, whole: PathingGrid): PathingGrid {
  return {
    width: grid.width,
    height: grid.height,
    enterCost: (x, y) => (whole.enterCost(x, y) === null ? null : grid.enterCost(x, y)),
    canStopAt: (x, y) => grid.canStopAt(x, y),
    isCorner: (x, y) => grid.isCorner(x, y) || whole.isCorner(x, y),
  };
}

/**
 * A closed door beside the enemy whose opening shortens its walk to the target (or
 * opens the only way); opening it is the enemy's move this turn. The walk ends on the
 * target's main square, or on the nearest square of its base when `toBase`.
 */
export function doorWorthOpening(
  state: GameState,
  enemy: Placed,
  target: Placed,
  toBase = false,
): DoorState | undefined {
  const doors = doorsWithinReach(state, enemy);
  if (doors.length === 0) return undefined;
  const ends = toBase && sizeOf(target) > 1 ? baseEdge(target) : [target.position];
  const walk = (field: CostField): number =>
    Math.min(...ends.map((p) => finiteOrInfinity(costAt(field, p))));
  const now = walk(terrainDistances(state, enemy.position));
  let best: { door: DoorState; cost: number } | undefined;
  for (const door of doors) {
    const opened = mapWithDoorOpen(state.map, door);
    const cost = walk(terrainDistances(state, enemy.position, opened));
    if (cost < now && (!best || cost < best.cost)) best = { door, cost };
  }
  return best?.door;
}

/**
 * The way toward `goal` (a target out of reach this turn, or home): to the square the
 * unit can get to within a few turns (crowded squares on the way are fine) that is nearest
 * the goal on foot, counting doors as open (so it heads for the door that leads there);
 * straight-line distance where no walk exists. Ties: the cheaper path.
 */
const APPROACH_TURNS = 8;
/** The look-ahead never passes this many squares: a fast mover needs only a few turns' worth. */
const APPROACH_SQUARES = 16;

function approachPath(
  state: GameState,
  enemy: Placed,
  goal: Point,
  grid: PathingGrid,
  budget?: number,
  size = 1,
  keptFlood?: (grid: PathingGrid, budget: number) => KeptFlood | null,
): PathResult | null {
  // A base planned whole heads for the goal with its main square, kept on the board.
  const { width, height } = state.map;
  const aim =
    size > 1 ? { x: Math.min(goal.x, width - size), y: Math.min(goal.y, height - size) } : goal;
  const field = terrainDistances(state, aim, mapWithAllDoorsOpen(state), size);
  // Asked of every square the search reaches: by its coordinates, making no point.
  const remaining = (x: number, y: number): number => {
    const walk = field.cost[y * field.width + x];
    return walk >= 0 ? walk : 10_000 + Math.max(Math.abs(x - aim.x), Math.abs(y - aim.y));
  };
  // Looking a few turns' walk ahead is enough to find the way round a crowd; the field
  // already knows the long way.
  const within = budget ?? approachBudget(enemy);
  const flood = keptFlood ? keptFlood(grid, within) : keepFlood(grid, enemy.position, within);
  return (
    flood && findBestInFlood(flood, grid, remaining, remaining(enemy.position.x, enemy.position.y))
  );
}

/** How far approachPath's search looks (in movement points) for `unit` when not told. */
function approachBudget(unit: Unit): number {
  return Math.min(
    Math.max(1, unit.move) * APPROACH_TURNS,
    Math.max(APPROACH_SQUARES, unit.move * 3),
  );
}
