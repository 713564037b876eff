/**
 * Awareness: who sees whom, patrolling enemies becoming alerted, the Arch Foe's alarm
 * spreading to every enemy, and alerted enemies turning to face the closest hero in
 * sight even when it is not their turn.
 *
 * Sight uses the four-corner test: walls and sight-blocking squares block it, and so do
 * the other figures where the game's rule module says so (figuresBlockSight; the
 * miniatures-los-cover rule: a line through "a wall or another character" is blocked).
 * A patrolling enemy notices heroes in front of it or beside it (a 180-degree arc around
 * its facing); an alerted one looks everywhere.
 */
import { chebyshevDistance, DIRECTION_STEPS, facingToward, type Point } from '../grid';
import { doesSquareBlockSight, type BattleMap } from '../map';
import { hasLineOfSight, visibleSquares } from '../los';
import { mapIndexOf } from '../map-index';
import { rulesOf } from '../rulesets/registry';
import type { EnemyStatus, GameState, Unit } from '../types';
import { isArchFoe, livingUnits } from '../world';
import { emit, type Context } from './context';

/** True when `to` is in front of or beside a unit at `from` facing `facing`. */
export function isInViewArc(from: Point, facing: Unit['facing'], to: Point): boolean {
  const d = DIRECTION_STEPS[facing];
  return d.x * (to.x - from.x) + d.y * (to.y - from.y) >= 0;
}

/**
 * Sight through walls depends on the map alone, and a map is never changed in place (an
 * opened door gives a new one), so answers are kept in the map's index as one row of
 * bytes per square asked from: awareness asks the same questions after every action.
 */
const UNKNOWN = 0;
const SEEN = 1;
const HIDDEN = 2;

/** Line of sight between two squares through walls only. */
export function canSeeSquare(state: GameState, from: Point, to: Point): boolean {
  return sightFrom(state.map, from)(to);
}

/** The kept row of sight answers from square index `a` (UNKNOWN until asked). */
function sightRow(map: BattleMap, a: number): Uint8Array {
  return mapIndexOf(map).sightRows.getOrMake(a, () => new Uint8Array(map.width * map.height));
}

/**
 * canSeeSquare from one square, for asking about many squares: the cached row of answers
 * is looked up once.
 */
function sightFrom(map: BattleMap, from: Point): (to: Point) => boolean {
  const a = from.y * map.width + from.x;
  const rows = mapIndexOf(map).sightRows;
  const row = sightRow(map, a);
  return (to) => {
    const b = to.y * map.width + to.x;
    const known = row[b];
    if (known !== UNKNOWN) return known === SEEN;
    const seen = hasLineOfSight(from, to, (x, y) => doesSquareBlockSight(map, x, y));
    row[b] = seen ? SEEN : HIDDEN;
    // Sight is symmetric (hasLineOfSight), so the answer also holds the other way.
    const back = rows.get(b);
    if (back) back[a] = row[b];
    return seen;
  };
}

/**
 * canSeeSquare from `from` to every square of the map, as a row of SEEN / HIDDEN: one
 * field-of-view pass (visibleSquares, much faster than asking square by square), kept
 * with the other sight answers of the map.
 */
function everySquareSeenFrom(map: BattleMap, from: Point): Uint8Array {
  const a = from.y * map.width + from.x;
  const row = sightRow(map, a);
  const complete = mapIndexOf(map).completeSightRows;
  if (!complete.has(a)) {
    row.fill(HIDDEN);
    const blocks = (x: number, y: number): boolean => doesSquareBlockSight(map, x, y);
    for (const p of visibleSquares(
      from,
      Math.max(map.width, map.height),
      map.width,
      map.height,
      blocks,
    ))
      row[p.y * map.width + p.x] = SEEN;
    complete.add(a);
  }
  return row;
}

/**
 * Sight between two figures as the game's module has it: through walls (the map's kept
 * answers) and, where figures block sight, past no other figure. Builds the occupancy of
 * the board once, for asking about many pairs.
 */
export function figureSight(state: GameState): (viewer: Unit, target: Unit) => boolean {
  const map = state.map;
  const figuresBlock = rulesOf(state)?.figuresBlockSight(state) ?? false;
  let occupied: Uint8Array | null = null;
  return (viewer, target) => {
    if (!viewer.position || !target.position) return false;
    if (!canSeeSquare(state, viewer.position, target.position)) return false;
    if (!figuresBlock) return true;
    occupied ??= occupancyOf(state);
    return seesPastFigures(map, occupied, viewer.position, target.position);
  };
}

/** 1 where a figure stands. */
function occupancyOf(state: GameState): Uint8Array {
  const occupied = new Uint8Array(state.map.width * state.map.height);
  for (const u of state.units)
    if (u.position) occupied[u.position.y * state.map.width + u.position.x] = 1;
  return occupied;
}

/** Line of sight from `from` to `to` with walls and every figure but the two blocking. */
function seesPastFigures(map: BattleMap, occupied: Uint8Array, from: Point, to: Point): boolean {
  return hasLineOfSight(
    from,
    to,
    (x, y) =>
      doesSquareBlockSight(map, x, y) ||
      (x >= 0 && y >= 0 && x < map.width && y < map.height && occupied[y * map.width + x] === 1),
  );
}

/** Whether `viewer` can see `target` now (arc applies while patrolling). */
export function canNotice(state: GameState, viewer: Unit, target: Unit): boolean {
  return noticing(state)(viewer, target);
}

/** canNotice for many pairs: the board's occupancy is read once. */
function noticing(state: GameState): (viewer: Unit, target: Unit) => boolean {
  const sees = figureSight(state);
  return (viewer, target) => {
    if (!viewer.position || !target.position) return false;
    if (
      viewer.ai?.status === 'patrolling' &&
      !isInViewArc(viewer.position, viewer.facing, target.position)
    ) {
      return false;
    }
    return sees(viewer, target);
  };
}

/**
 * The open squares on which `viewer` would notice a hero now (canNotice for every square
 * but its own and those that block sight): through walls, past the other
 * figures where they block sight, and only in its view arc while it patrols. For the
 * view, to show what a monster can see; empty off the board.
 */
export function squaresNoticedBy(state: GameState, viewer: Unit): Point[] {
  const from = viewer.position;
  if (!from) return [];
  const map = state.map;
  const patrolling = viewer.ai?.status === 'patrolling';
  const figuresBlock = rulesOf(state)?.figuresBlockSight(state) ?? false;
  const occupied = occupancyOf(state);
  const row = everySquareSeenFrom(map, from);
  const out: Point[] = [];
  for (let i = 0; i < row.length; i++) {
    if (row[i] !== SEEN) continue;
    const p = { x: i % map.width, y: Math.floor(i / map.width) };
    if (p.x === from.x && p.y === from.y) continue;
    if (doesSquareBlockSight(map, p.x, p.y)) continue;
    if (patrolling && !isInViewArc(from, viewer.facing, p)) continue;
    if (figuresBlock && !seesPastFigures(map, occupied, from, p)) continue;
    out.push(p);
  }
  return out;
}

export function setStatus(ctx: Context, unit: Unit, to: EnemyStatus, reason: string): void {
  if (!unit.ai || unit.ai.status === to) return;
  const from = unit.ai.status;
  unit.ai.status = to;
  emit(ctx, {
    type: 'status-changed',
    unit: unit.id,
    from,
    to,
    reason,
    text: `${unit.name} is now ${to}: ${reason}.`,
  });
}

/**
 * Runs after every move or action: alerts patrolling enemies that notice a hero (only
 * once the heroes have moved), spreads the Arch Foe's alarm, then turns alerted enemies
 * toward the closest hero they can see.
 */
export function updateAwareness(ctx: Context): void {
  const state = ctx.state;
  const heroes = livingUnits(state, 'heroes');
  const enemies = livingUnits(state, 'enemies');
  const notices = noticing(state);
  if (state.heroesHaveMoved) {
    for (const enemy of enemies) {
      if (enemy.ai?.status !== 'patrolling' && enemy.ai?.status !== 'prepared') continue;
      const seen = heroes.find((h) => notices(enemy, h));
      if (seen) setStatus(ctx, enemy, 'alerted', `sees the ${seen.name}`);
    }
    const archFoe = enemies.find(isArchFoe);
    if (
      archFoe &&
      archFoe.ai &&
      archFoe.ai.status !== 'patrolling' &&
      archFoe.ai.status !== 'prepared'
    ) {
      for (const enemy of enemies) {
        if (enemy.ai?.status === 'patrolling' || enemy.ai?.status === 'prepared') {
          setStatus(ctx, enemy, 'alerted', `the ${archFoe.name} raises the alarm`);
        }
      }
    }
  }
  const sees = figureSight(state);
  for (const enemy of enemies) {
    if (enemy.ai?.status !== 'alerted') continue;
    faceClosestVisibleHero(ctx, enemy, heroes, sees);
  }
}

function faceClosestVisibleHero(
  ctx: Context,
  enemy: Unit & { position: Point },
  heroes: (Unit & { position: Point })[],
  sees: (viewer: Unit, target: Unit) => boolean,
): void {
  // The closest hero in sight; ties go to the first in list order.
  let best: (Unit & { position: Point }) | undefined;
  let bestDistance = Infinity;
  for (const h of heroes) {
    const d = chebyshevDistance(enemy.position, h.position);
    if (d < bestDistance && sees(enemy, h)) {
      best = h;
      bestDistance = d;
    }
  }
  if (!best) return;
  const facing = facingToward(enemy.position, best.position, enemy.facing);
  if (facing === enemy.facing) return;
  const from = enemy.facing;
  enemy.facing = facing;
  emit(ctx, {
    type: 'faced',
    unit: enemy.id,
    from,
    to: facing,
    reason: `turns to face the ${best.name}`,
    text: `${enemy.name} turns to face the ${best.name}.`,
  });
}
