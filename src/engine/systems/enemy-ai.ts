/**
 * The solo enemy rules: the enemy side acts first each round, strongest first (Arch
 * Foe, then by rank). Each enemy acts by its status:
 * - Patrolling: a d8 on the patrol table (forward, half forward then turn, stand, turn).
 * - Alerted: pick the nearest hero (ties by die), move to stay in the range of its
 *   primary weapon (best chance to hit, then most damage), then attack.
 * - Retreating is resolved at once when morale fails (see combat.retreat).
 */
import {
  canStepDiagonally,
  chebyshevDistance,
  rotateFacing,
  stepToward,
  type Point,
} from '../grid';
import { isTerrainPassable, isWallLike, terrainAt, terrainMoveCost, type BattleMap } from '../map';
import { applyDoorsToMap, doorsWithinReach, mapWithDoorOpen, openDoor } from './doors';
import {
  findBestWithin,
  findReachable,
  floodCosts,
  stepsWithin,
  type CostField,
  type PathingGrid,
  type PathResult,
} from '../pathing';
import { canUseSeveralWeaponsPerTurn, rankWeapons } from '../rulesets/dungeon-crawl';
import type { DoorState, GameState, Unit, Weapon } from '../types';
import { livingUnits, unitAt } from '../world';
import { emit, rollDie, type Context } from './context';
import { canAttack, resolveAttack } from './combat';
import { buildPathingGrid, buildTerrainGrid, walkUnit } from './movement';
import { updateAwareness } from './sight';
import { checkVictory } from './victory';

type Placed = Unit & { position: Point };

/** Enemies in the order they act: higher rank first (the Arch Foe above all), then list order. */
export function enemyActionOrder(state: GameState): Placed[] {
  const enemies = livingUnits(state, 'enemies');
  const index = new Map(state.units.map((u, i) => [u.id, i]));
  return enemies.sort((a, b) => {
    const ra = (a.ai?.archFoe ? 100 : 0) + (a.ai?.rank ?? 0);
    const rb = (b.ai?.archFoe ? 100 : 0) + (b.ai?.rank ?? 0);
    if (ra !== rb) return rb - ra;
    return (index.get(a.id) ?? 0) - (index.get(b.id) ?? 0);
  });
}

/** Runs the whole enemy side's turn. Stops early when the game ends. */
export function runEnemyPhase(ctx: Context): void {
  for (const enemy of enemyActionOrder(ctx.state)) {
    if (ctx.state.outcome) return;
    if (!enemy.position || !enemy.ai) continue;
    emit(ctx, { type: 'turn-started', unit: enemy.id, text: '' });
    const status = enemy.ai.status;
    if (status === 'patrolling') patrol(ctx, enemy);
    else if (status === 'alerted' || status === 'retreating') actAlerted(ctx, enemy);
    // 'prepared' enemies hold their ground until alerted.
    updateAwareness(ctx);
    checkVictory(ctx);
    emit(ctx, { type: 'turn-ended', unit: enemy.id, text: '' });
  }
}

// ------------------------------------------------------------------ patrolling

const PATROL_TEXT: Record<number, string> = {
  1: 'full move forward',
  2: 'full move forward',
  3: 'half move, then turn',
  4: 'stands still',
  5: 'stands still',
  6: 'turns 90° clockwise',
  7: 'turns about',
  8: 'turns 90° counter-clockwise',
};

const TURN_TEXT: Record<number, string> = {
  4: 'no turn',
  5: 'no turn',
  6: 'turns 90° clockwise',
  7: 'turns about',
  8: 'turns 90° counter-clockwise',
};

/** The patrol d8 table (solo rules, section 4). */
export function patrol(ctx: Context, enemy: Placed): void {
  const value = rollDie(ctx, {
    sides: 8,
    purpose: 'patrol',
    unit: enemy.id,
    need: null,
    describe: (v) => `${enemy.name} patrol d8 = ${v}: ${PATROL_TEXT[v]}`,
  });
  if (value <= 2) {
    walkForward(ctx, enemy, enemy.move);
  } else if (value === 3) {
    walkForward(ctx, enemy, Math.ceil(enemy.move / 2));
    let turn = 0;
    do {
      turn = rollDie(ctx, {
        sides: 8,
        purpose: 'patrol-turn',
        unit: enemy.id,
        need: 4,
        describe: (v) =>
          v <= 3
            ? `${enemy.name} turn d8 = ${v}: re-roll (3 or less)`
            : `${enemy.name} turn d8 = ${v}: ${TURN_TEXT[v]}`,
      });
    } while (turn <= 3);
    turnBy(ctx, enemy, turn);
  } else {
    turnBy(ctx, enemy, value);
  }
}

function turnBy(ctx: Context, enemy: Placed, value: number): void {
  const steps = value === 6 ? 2 : value === 7 ? 4 : value === 8 ? -2 : 0;
  if (steps === 0) return;
  const from = enemy.facing;
  enemy.facing = rotateFacing(enemy.facing, steps);
  emit(ctx, {
    type: 'faced',
    unit: enemy.id,
    from,
    to: enemy.facing,
    reason: 'patrol',
    text: '',
  });
}

/**
 * Moves straight ahead up to `budget` movement, stopping where the way is blocked. It
 * may pass a friend but never ends on one; difficult ground costs 2.
 */
function walkForward(ctx: Context, enemy: Placed, budget: number): void {
  const state = ctx.state;
  const path: Point[] = [];
  let here: Point = enemy.position;
  let spent = 0;
  let lastStop = -1;
  for (;;) {
    const next = stepToward(here, enemy.facing);
    const t = terrainAt(state.map, next.x, next.y);
    if (!isTerrainPassable(t)) break;
    if (!canStepDiagonally(here, next, (x, y) => isWallLike(state.map, x, y))) break;
    const cost = terrainMoveCost(t);
    if (spent + cost > budget) break;
    const other = unitAt(state, next.x, next.y);
    if (other && other.side !== enemy.side) break;
    spent += cost;
    path.push(next);
    if (!other) lastStop = path.length - 1;
    here = next;
  }
  const walk = path.slice(0, lastStop + 1);
  if (walk.length > 0) walkUnit(ctx, enemy, walk, 'patrolling');
}

// ------------------------------------------------------------------ alerted

/**
 * Walking costs over terrain alone (units ignored) from `from`, or over `map` when given.
 * Such a field depends only on the map and the square, and a map is never changed in
 * place, so the fields of the last few squares asked about are kept per map: during one
 * enemy phase every monster asks about the same heroes.
 */
const fieldCache = new WeakMap<BattleMap, Map<number, CostField>>();
const FIELDS_KEPT = 48;

function terrainDistances(state: GameState, from: Point, map: BattleMap = state.map): CostField {
  let fields = fieldCache.get(map);
  if (!fields) {
    fields = new Map();
    fieldCache.set(map, fields);
  }
  const key = from.y * map.width + from.x;
  const known = fields.get(key);
  if (known) return known;
  const grid = buildTerrainGrid(map);
  const field = floodCosts(grid, from, map.width * map.height * 2);
  if (fields.size >= FIELDS_KEPT) fields.delete(fields.keys().next().value!);
  fields.set(key, field);
  return field;
}

/** The map with every door open (kept per map), for "which way leads there" questions. */
const openedMaps = new WeakMap<BattleMap, BattleMap>();
function withDoorsOpen(state: GameState): BattleMap {
  let opened = openedMaps.get(state.map);
  if (!opened) {
    opened = applyDoorsToMap(
      state.map,
      state.doors.map((d) => ({ ...d, open: true })),
    );
    openedMaps.set(state.map, opened);
  }
  return opened;
}

/** Cost to walk to `p` in a cost field, -1 where it cannot be reached. */
function costAt(field: CostField, p: Point): number {
  return field.cost[p.y * field.width + p.x];
}

function finiteOrInfinity(cost: number): number {
  return cost >= 0 ? cost : Infinity;
}

/**
 * The nearest hero by walking distance (straight distance where no walk exists);
 * equally near heroes are decided by a die.
 */
export function chooseTarget(ctx: Context, enemy: Placed): Placed | null {
  const heroes = livingUnits(ctx.state, 'heroes');
  if (heroes.length === 0) return null;
  const map = ctx.state.map;
  const enterCost = (p: Point): number => terrainMoveCost(terrainAt(map, p.x, p.y));
  const distanceTo = (h: Placed): number => {
    // The field from the hero gives hero->enemy; the walk enemy->hero enters the hero's
    // square instead of the enemy's own.
    const back = costAt(terrainDistances(ctx.state, h.position), enemy.position);
    if (back < 0) return 10_000 + chebyshevDistance(enemy.position, h.position);
    return back - enterCost(enemy.position) + enterCost(h.position);
  };
  let best = Infinity;
  let tied: Placed[] = [];
  for (const h of heroes) {
    const d = distanceTo(h);
    if (d < best) {
      best = d;
      tied = [h];
    } else if (d === best) tied.push(h);
  }
  if (tied.length === 1) return tied[0];
  const value = rollDie(ctx, {
    sides: tied.length,
    purpose: 'tie-break',
    unit: enemy.id,
    need: null,
    describe: (v) =>
      `${enemy.name} d${tied.length} = ${v}: ${tied.map((h) => h.name).join(', ')} are equally near — goes for the ${tied[v - 1].name}`,
  });
  return tied[value - 1];
}

/** Whether `enemy` standing on `square` could use `weapon` on `target` (the board otherwise as it is). */
function couldAttackFrom(
  state: GameState,
  enemy: Placed,
  square: Point,
  target: Unit,
  weapon: Weapon,
): boolean {
  const real = enemy.position;
  enemy.position = square;
  const ok = canAttack(state, enemy, target, weapon);
  enemy.position = real;
  return ok;
}

/** The alerted behaviour: close to the primary weapon's range of the target, then attack. */
export function actAlerted(ctx: Context, enemy: Placed): void {
  const target = chooseTarget(ctx, enemy);
  if (!target) return;
  const primary = rankWeapons(enemy.weapons)[0];
  if (primary && !isWellPlaced(ctx.state, enemy, target, primary)) {
    const door = doorWorthOpening(ctx.state, enemy, target);
    if (door) openDoor(ctx, enemy, door);
    else moveIntoRange(ctx, enemy, target, primary);
    updateAwareness(ctx);
  }
  if (enemy.position && !ctx.state.outcome) attackAsAble(ctx, enemy, target);
}

/**
 * In range of its primary weapon on the target; or, for the dragon that strikes with
 * each weapon in one turn, able to use the primary on another hero while its other
 * weapon reaches the target (it has no reason to give up a double attack).
 */
function isWellPlaced(state: GameState, enemy: Placed, target: Placed, primary: Weapon): boolean {
  if (couldAttackFrom(state, enemy, enemy.position, target, primary)) return true;
  if (!canUseSeveralWeaponsPerTurn(enemy.kind)) return false;
  const others = livingUnits(state, 'heroes').filter((h) => h.id !== target.id);
  const primaryElsewhere = others.some((h) => canAttack(state, enemy, h, primary));
  const secondaryOnTarget = enemy.weapons.some(
    (w) => w.id !== primary.id && canAttack(state, enemy, target, w),
  );
  return primaryElsewhere && secondaryOnTarget;
}

function moveIntoRange(ctx: Context, enemy: Placed, target: Placed, primary: Weapon): void {
  const state = ctx.state;
  const grid = buildPathingGrid(state, enemy);
  // The cheapest square to attack from (the first found on equal cost): trying squares in
  // cost order, the first that works is it, and the costly line checks stop there.
  const inReach = [...findReachable(grid, enemy.position, enemy.move).values()];
  const byCost = inReach
    .map((_, i) => i)
    .sort((a, b) => inReach[a].cost - inReach[b].cost || a - b);
  let best: PathResult | null = null;
  for (const i of byCost) {
    const result = inReach[i];
    const square = result.path[result.path.length - 1];
    if (!couldAttackFrom(state, enemy, square, target, primary)) continue;
    best = result;
    break;
  }
  const verb =
    primary.reach === 'ranged' ? `keeps ${primary.name.toLowerCase()} range on` : 'closes on';
  if (best) {
    walkUnit(ctx, enemy, best.path, `${verb} the ${target.name}`);
    return;
  }
  // Out of reach this turn: walk the shortest way toward the target.
  const approach = approachPath(state, enemy, target, grid);
  if (!approach) return;
  const affordable = stepsWithin(approach, enemy.move, grid);
  if (affordable.path.length > 0)
    walkUnit(ctx, enemy, affordable.path, `advances on the ${target.name}`);
}

/**
 * A closed door beside the enemy whose opening shortens its walk to the target (or
 * opens the only way); opening it is the enemy's move this turn.
 */
function doorWorthOpening(state: GameState, enemy: Placed, target: Placed): DoorState | undefined {
  const doors = doorsWithinReach(state, enemy);
  if (doors.length === 0) return undefined;
  const now = finiteOrInfinity(costAt(terrainDistances(state, enemy.position), target.position));
  let best: { door: DoorState; cost: number } | undefined;
  for (const door of doors) {
    const opened = mapWithDoorOpen(state.map, door);
    const cost = finiteOrInfinity(
      costAt(terrainDistances(state, enemy.position, opened), target.position),
    );
    if (cost < now && (!best || cost < best.cost)) best = { door, cost };
  }
  return best?.door;
}

/**
 * The way toward the target when it is out of reach this turn: to the square the enemy
 * can get to within a few turns (crowded squares on the way are fine) that is nearest the
 * target on foot,
 * counting doors as open (so it heads for the door that leads there); straight-line
 * distance where no walk exists. Ties: the cheaper path.
 */
const APPROACH_TURNS = 8;

function approachPath(
  state: GameState,
  enemy: Placed,
  target: Placed,
  grid: PathingGrid,
): PathResult | null {
  const field = terrainDistances(state, target.position, withDoorsOpen(state));
  const remaining = (p: Point): number => {
    const walk = costAt(field, p);
    return walk >= 0 ? walk : 10_000 + chebyshevDistance(p, target.position);
  };
  // Looking a few turns' walk ahead is enough to find the way round a crowd; the field
  // already knows the long way.
  return findBestWithin(
    grid,
    enemy.position,
    Math.max(1, enemy.move) * APPROACH_TURNS,
    (x, y) => remaining({ x, y }),
    remaining(enemy.position),
  );
}

/**
 * Attacks with the best usable weapon, the target first, else the nearest hero it can
 * hit. The dragon may use each weapon once, each on a different hero.
 */
function attackAsAble(ctx: Context, enemy: Placed, target: Placed): void {
  const weapons = rankWeapons(enemy.weapons);
  const several = canUseSeveralWeaponsPerTurn(enemy.kind);
  const struck = new Set<string>();
  for (const weapon of weapons) {
    if (!enemy.position || ctx.state.outcome) return;
    if (enemy.ai?.status !== 'alerted') return;
    const heroes = livingUnits(ctx.state, 'heroes')
      .filter((h) => !struck.has(h.id))
      .sort((a, b) => {
        if (a.id === target.id) return -1;
        if (b.id === target.id) return 1;
        return (
          chebyshevDistance(enemy.position, a.position) -
          chebyshevDistance(enemy.position, b.position)
        );
      });
    const victim = heroes.find((h) => canAttack(ctx.state, enemy, h, weapon));
    if (!victim) continue;
    struck.add(victim.id);
    resolveAttack(ctx, enemy, victim, weapon);
    updateAwareness(ctx);
    checkVictory(ctx);
    if (!several) return;
  }
}
