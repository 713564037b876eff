/**
 * The Dungeon Crawl's combat (solo-miniatures-dungeon-crawl, "Here's a look at our heroes
 * and villains" and "Morale"): who may strike whom with what, one d6 to wound on the
 * weapon's number or more, and the optional morale rule (a goblin or troll rolling a 1
 * retreats).
 */
import {
  canStepDiagonally,
  chebyshevDistance,
  facingToward,
  rotateFacing,
  stepToward,
  type Point,
} from '../../grid';
import { isClearShot } from '../../los';
import { isTerrainPassable, isWallLike, terrainAt } from '../../map';
import type { GameState, Unit } from '../../types';
import { unitAt } from '../../world';
import { emit, rollDie, type Context } from '../../systems/context';
import { coverFor, isFoeAdjacent, turnToward, wallCover } from '../../systems/cover';
import { setStatus } from '../../systems/sight';
import { walkUnit } from '../../systems/movement';
import { applyWound } from '../../systems/wounds';
import { crawlOptions, type CrawlWeapon } from './types';

/** The chance (0..1) that a d-sided roll meets `hitOn` or more. */
export function hitChance(die: number, hitOn: number): number {
  return Math.max(0, Math.min(1, (die - hitOn + 1) / die));
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
  weapon: CrawlWeapon,
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

export function canAttack(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: CrawlWeapon,
): boolean {
  return whyCannotAttack(state, attacker, target, weapon) === null;
}

/**
 * Rolls the attack and applies its result: a wound on the weapon's number or more;
 * under the optional morale rule a goblin or troll that rolls a 1 retreats.
 */
export function resolveAttack(
  ctx: Context,
  attacker: Unit,
  target: Unit,
  weapon: CrawlWeapon,
): void {
  if (!attacker.position || !target.position) return;
  attacker.stats.attacks += 1;
  turnToward(ctx, attacker, target.position, 'attacking');
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
  // Being attacked is an interaction: a patrolling target notices at once.
  if (target.ai && (target.ai.status === 'patrolling' || target.ai.status === 'prepared')) {
    setStatus(ctx, target, 'alerted', `attacked by the ${attacker.name}`);
  }
  if (hit) {
    attacker.stats.hits += 1;
    applyWound(ctx, target, attacker.id, weapon.wounds);
  } else if (roll === 1 && crawlOptions(ctx.state).morale && attacker.ai?.morale) {
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
