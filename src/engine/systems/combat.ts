/**
 * Attacks: who may strike whom with what, cover on the line of fire, the d6 roll to
 * wound, and the optional morale rule (a goblin or troll rolling a 1 retreats).
 */
import {
  canStepDiagonally,
  chebyshevDistance,
  facingToward,
  rotateFacing,
  stepToward,
  type Point,
} from '../grid';
import { doesSquareBlockSight, isTerrainPassable, isWallLike, terrainAt } from '../map';
import { computeCover, isClearShot, type CoverLevel } from '../los';
import type { GameState, Unit, Weapon } from '../types';
import { livingUnits, unitAt } from '../world';
import { emit, rollDie, type Context } from './context';
import { setStatus } from './sight';
import { walkUnit } from './movement';
import { applyWound } from './wounds';

/**
 * Cover of `target` from `attacker`: walls and sight-blocking squares block lines, and
 * so do the attacker's foes other than the target; the attacker's friends do not.
 */
export function coverFor(state: GameState, attacker: Unit, target: Unit): CoverLevel {
  if (!attacker.position || !target.position) return 'blocked';
  // The blocking figures' squares, listed once: a line asks about many squares.
  const width = state.map.width;
  const foeSquares: number[] = [];
  for (const u of state.units) {
    if (u.position && u.side !== attacker.side && u.id !== target.id)
      foeSquares.push(u.position.y * width + u.position.x);
  }
  return computeCover(attacker.position, target.position, (x, y) => {
    if (doesSquareBlockSight(state.map, x, y)) return true;
    return x >= 0 && x < width && foeSquares.includes(y * width + x);
  });
}

/** Cover through walls alone (melee reach across a corner). */
function wallCover(state: GameState, from: Point, to: Point): CoverLevel {
  return computeCover(from, to, (x, y) => doesSquareBlockSight(state.map, x, y));
}

export function isFoeAdjacent(state: GameState, unit: Unit): boolean {
  if (!unit.position) return false;
  const pos = unit.position;
  return livingUnits(state).some(
    (u) => u.side !== unit.side && chebyshevDistance(pos, u.position) === 1,
  );
}

/**
 * Why `attacker` may not use `weapon` on `target` now, or null when it may. Checks
 * range, reach through walls, a clear shot for ranged weapons and each weapon's own
 * restriction. Turn bookkeeping (one attack a turn) is checked by the caller.
 */
export function whyCannotAttack(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: Weapon,
): string | null {
  if (!attacker.position) return `${attacker.name} is not on the board.`;
  if (!target.position) return `${target.name} is not on the board.`;
  if (attacker.side === target.side) return `${target.name} is on the same side.`;
  if (attacker.carrying) return `${attacker.name} carries the relic and cannot attack.`;
  const distance = chebyshevDistance(attacker.position, target.position);
  if (distance < weapon.minRange) {
    return weapon.minRange === 2
      ? `${weapon.name} cannot target an adjacent figure.`
      : `${target.name} is too close for the ${weapon.name}.`;
  }
  if (weapon.maxRange !== null && distance > weapon.maxRange) {
    return `${target.name} is out of ${weapon.name} range (${distance} squares, at most ${weapon.maxRange}).`;
  }
  if (weapon.notWithEnemyAdjacent && isFoeAdjacent(state, attacker)) {
    return `${attacker.name} cannot use the ${weapon.name} with a foe adjacent.`;
  }
  if (weapon.reach === 'melee') {
    if (wallCover(state, attacker.position, target.position) === 'blocked') {
      return `${attacker.name} cannot reach ${target.name} through the rock.`;
    }
    return null;
  }
  if (!isClearShot(coverFor(state, attacker, target))) {
    return `No straight, open line from ${attacker.name} to ${target.name}.`;
  }
  return null;
}

export function canAttack(state: GameState, attacker: Unit, target: Unit, weapon: Weapon): boolean {
  return whyCannotAttack(state, attacker, target, weapon) === null;
}

/**
 * Rolls the attack and applies its result: a wound on the weapon's number or more;
 * under the optional morale rule a goblin or troll that rolls a 1 retreats.
 */
export function resolveAttack(ctx: Context, attacker: Unit, target: Unit, weapon: Weapon): void {
  if (!attacker.position || !target.position) return;
  attacker.stats.attacks += 1;
  const oldFacing = attacker.facing;
  attacker.facing = facingToward(attacker.position, target.position, attacker.facing);
  if (oldFacing !== attacker.facing) {
    emit(ctx, {
      type: 'faced',
      unit: attacker.id,
      from: oldFacing,
      to: attacker.facing,
      reason: 'attacking',
      text: '',
    });
  }
  const roll = rollDie(ctx, {
    sides: weapon.die,
    purpose: 'attack',
    unit: attacker.id,
    need: weapon.hitOn,
    describe: (v) =>
      `${attacker.name} ${weapon.name} at ${target.name}: d${weapon.die} = ${v}, needs ${weapon.hitOn}+ — ${v >= weapon.hitOn ? 'hit' : 'miss'}`,
  });
  const hit = roll >= weapon.hitOn;
  emit(ctx, {
    type: 'attacked',
    unit: attacker.id,
    target: target.id,
    weapon: weapon.id,
    effect: weapon.effect,
    roll,
    need: weapon.hitOn,
    hit,
    text: '',
  });
  if (ctx.state.turn) ctx.state.turn.canUndo = false;
  // Being attacked is an interaction: a patrolling target notices at once.
  if (target.ai && (target.ai.status === 'patrolling' || target.ai.status === 'prepared')) {
    setStatus(ctx, target, 'alerted', `attacked by the ${attacker.name}`);
  }
  if (hit) {
    attacker.stats.hits += 1;
    applyWound(ctx, target, attacker.id, weapon.wounds);
  } else if (roll === 1 && ctx.state.options.morale && attacker.ai?.morale) {
    retreat(ctx, attacker, target);
  }
}

/**
 * Morale failure: turn away from the foe attacked and move the full move in as straight a
 * line as possible, then regroup (alerted again). At each step the straight-away square
 * is preferred, then the nearest bends (45, then 90 degrees) that do not close in.
 */
export function retreat(ctx: Context, unit: Unit, from: Unit): void {
  if (!unit.position || !from.position) return;
  setStatus(ctx, unit, 'retreating', 'rolled a 1 and loses its nerve');
  const away = facingToward(from.position, unit.position, rotateFacing(unit.facing, 4));
  const oldFacing = unit.facing;
  unit.facing = away;
  if (oldFacing !== away) {
    emit(ctx, {
      type: 'faced',
      unit: unit.id,
      from: oldFacing,
      to: away,
      reason: 'turns to flee',
      text: '',
    });
  }
  const path: Point[] = [];
  let here = unit.position;
  const threat = from.position;
  for (let i = 0; i < unit.move; i++) {
    let next: Point | null = null;
    for (const bend of [0, 1, -1, 2, -2]) {
      const dir = rotateFacing(away, bend);
      const cand = stepToward(here, dir);
      if (!isFreeForRetreat(ctx.state, unit, here, cand)) continue;
      if (chebyshevDistance(cand, threat) < chebyshevDistance(here, threat)) continue;
      next = cand;
      break;
    }
    if (!next) break;
    path.push(next);
    here = next;
  }
  if (path.length > 0) walkUnit(ctx, unit, path, 'retreating');
  if (unit.position) setStatus(ctx, unit, 'alerted', 'regroups');
}

function isFreeForRetreat(state: GameState, unit: Unit, from: Point, to: Point): boolean {
  if (!isTerrainPassable(terrainAt(state.map, to.x, to.y))) return false;
  if (!canStepDiagonally(from, to, (x, y) => isWallLike(state.map, x, y))) return false;
  const other = unitAt(state, to.x, to.y);
  return !other || other.id === unit.id;
}
