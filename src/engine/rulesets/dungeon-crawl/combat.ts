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
import { isClearShot, type CoverLevel } from '../../los';
import { isTerrainPassable, isWallLike, terrainAt } from '../../map';
import type { GameState, Unit } from '../../types';
import { unitAt } from '../../world';
import { emit, rollDie, type Context } from '../../systems/context';
import {
  coverFor,
  groundCover,
  isFoeAdjacent,
  nearerThanTarget,
  turnToward,
  wallCover,
  worseCover,
} from '../../systems/cover';
import { setStatus } from '../../systems/sight';
import { walkUnit } from '../../systems/movement';
import { applyWound } from '../../systems/wounds';
import { crawlOptions, type CrawlWeapon } from './types';
import { CRAWL, isFaithful } from './versions';

/** The chance (0..1) that a d-sided roll meets `hitOn` or more. */
export function hitChance(die: number, hitOn: number): number {
  return Math.max(0, Math.min(1, (die - hitOn + 1) / die));
}

/**
 * The cover `target` has against `weapon` from `attacker`. Faithful rules: every other
 * figure blocks a ranged line (miniatures-los-cover: "a wall or another character"), a
 * blow across a wall corner gives partial cover, and the map's cover squares count too.
 * Rules version 1: the attacker's friends did not block, and melee ignored corners.
 */
export function attackCover(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: CrawlWeapon,
): CoverLevel {
  if (!attacker.position || !target.position) return 'blocked';
  if (!isFaithful(state)) {
    return weapon.reach === 'melee'
      ? wallCover(state, attacker.position, target.position)
      : coverFor(state, attacker, target);
  }
  const lines =
    weapon.reach === 'melee'
      ? wallCover(state, attacker.position, target.position)
      : coverFor(state, attacker, target, 'all');
  if (lines === 'blocked') return lines;
  // A square nearer the attacker than the target, next to it, is in front of it.
  return worseCover(
    lines,
    groundCover(state.map, attacker.position, target.position, nearerThanTarget),
  );
}

/**
 * What the cover levels mean on the Dungeon Crawl's d6 (faithful rules): the seed's +10%
 * and +25% defence become 1 and 2 more on the roll needed, never above 6 (a 6 always
 * wounds). Version 1 counted no cover.
 */
export function coverPenalty(state: GameState, cover: CoverLevel): number {
  if (!isFaithful(state)) return 0;
  return cover === 'partial' ? 1 : cover === 'full' ? 2 : 0;
}

export interface AttackAssessment {
  /** Why the attack may not be made now, or null when it may. */
  reason: string | null;
  /** The roll needed to wound, cover counted. */
  need: number;
  cover: CoverLevel;
  /** The modifiers that made `need`, for the preview's breakdown. */
  modifiers: { label: string; value: number }[];
}

/** The roll needed with `cover`, and the modifiers that made it. */
function needWith(
  state: GameState,
  weapon: CrawlWeapon,
  cover: CoverLevel,
): Pick<AttackAssessment, 'need' | 'modifiers'> {
  const penalty = coverPenalty(state, cover);
  const need = Math.min(weapon.die, weapon.hitOn + penalty);
  const modifiers =
    penalty > 0
      ? [
          {
            label: `${cover === 'full' ? 'Full' : 'Partial'} cover: ${need - weapon.hitOn} more needed`,
            value: need - weapon.hitOn,
          },
        ]
      : [];
  return { need, modifiers };
}

/**
 * Everything about `attacker` using `weapon` on `target` now, the cover worked out once:
 * whether it may (range, reach through walls, a line for ranged weapons and each
 * weapon's own restriction; turn bookkeeping is the caller's), the roll it needs and why.
 */
export function assessAttack(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: CrawlWeapon,
): AttackAssessment {
  const early = whyOutOfReach(state, attacker, target, weapon);
  if (early) return { reason: early, need: weapon.hitOn, cover: 'blocked', modifiers: [] };
  const cover = attackCover(state, attacker, target, weapon);
  return {
    reason: whyNoLine(state, attacker, target, weapon, cover),
    cover,
    ...needWith(state, weapon, cover),
  };
}

/** The roll needed to wound, with the modifiers that made it, for the roll and the preview. */
export function neededRoll(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: CrawlWeapon,
): Omit<AttackAssessment, 'reason'> {
  const cover = attackCover(state, attacker, target, weapon);
  return { cover, ...needWith(state, weapon, cover) };
}

/** Why `attacker` may not use `weapon` on `target` now (see assessAttack), or null. */
export function whyCannotAttack(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: CrawlWeapon,
): string | null {
  return (
    whyOutOfReach(state, attacker, target, weapon) ??
    whyNoLine(state, attacker, target, weapon, attackCover(state, attacker, target, weapon))
  );
}

/** Why an attack fails before any line is drawn (see reachFault). */
type ReachFault =
  | 'attacker-off'
  | 'target-off'
  | 'same-side'
  | 'carrying'
  | 'too-close'
  | 'too-far'
  | 'foe-adjacent';

/**
 * The checks before any line is drawn: the board, sides, the relic, range, a foe adjacent.
 * Told without words (canAttack asks for every square a monster might step to); see
 * whyOutOfReach for the words.
 */
function reachFault(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: CrawlWeapon,
): ReachFault | null {
  if (!attacker.position) return 'attacker-off';
  if (!target.position) return 'target-off';
  if (attacker.side === target.side) return 'same-side';
  if (attacker.carrying) return 'carrying';
  const distance = chebyshevDistance(attacker.position, target.position);
  if (distance < weapon.minRange) return 'too-close';
  if (weapon.maxRange !== null && distance > weapon.maxRange) return 'too-far';
  if (weapon.notWithEnemyAdjacent && isFoeAdjacent(state, attacker)) return 'foe-adjacent';
  return null;
}

/** reachFault in words. */
function whyOutOfReach(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: CrawlWeapon,
): string | null {
  switch (reachFault(state, attacker, target, weapon)) {
    case null:
      return null;
    case 'attacker-off':
      return `${attacker.name} is not on the board.`;
    case 'target-off':
      return `${target.name} is not on the board.`;
    case 'same-side':
      return `${target.name} is on the same side.`;
    case 'carrying':
      return `${attacker.name} carries the relic and cannot attack.`;
    case 'too-close':
      return weapon.minRange === 2
        ? `${weapon.name} cannot target an adjacent figure.`
        : `${target.name} is too close for the ${weapon.name}.`;
    case 'too-far': {
      const distance = chebyshevDistance(attacker.position!, target.position!);
      return `${target.name} is out of ${weapon.name} range (${distance} squares, at most ${weapon.maxRange}).`;
    }
    case 'foe-adjacent':
      return `${attacker.name} cannot use the ${weapon.name} with a foe adjacent.`;
  }
}

/** Whether the cover leaves a way to strike: reach through the rock, or a line to shoot. */
function whyNoLine(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: CrawlWeapon,
  cover: CoverLevel,
): string | null {
  if (hasLine(state, weapon, cover)) return null;
  if (weapon.reach === 'melee')
    return `${attacker.name} cannot reach ${target.name} through the rock.`;
  return isFaithful(state)
    ? `${attacker.name} cannot see ${target.name}: every line is blocked.`
    : `No straight, open line from ${attacker.name} to ${target.name}.`;
}

/** Whether `cover` leaves `weapon` a way to strike (whyNoLine without the words). */
function hasLine(state: GameState, weapon: CrawlWeapon, cover: CoverLevel): boolean {
  if (weapon.reach === 'melee') return cover !== 'blocked';
  // Version 1 read "a straight, unblocked line" as at most one corner line blocked; the
  // faithful rules allow a shot into full cover, at a cost (coverPenalty).
  return isFaithful(state) ? cover !== 'blocked' : isClearShot(cover);
}

/**
 * Why `healer` may not heal `target` now, or null when it may: another living hero (not
 * itself), adjacent, wounded, with tries left; under the faithful rules not through the
 * rock either ("he must be adjacent to the hero": a blow across the same wall seam is
 * refused, so is a prayer).
 */
export function whyCannotHeal(state: GameState, healer: Unit, target: Unit): string | null {
  const heal = healer.heal;
  if (!heal) return `${healer.name} cannot heal.`;
  if (heal.usesLeft <= 0) return `${healer.name} has no healing left.`;
  if (!healer.position || !target.position) return `There is no hero "${target.id}" to heal.`;
  if (target.id === healer.id) return `${healer.name} cannot heal himself.`;
  if (target.side !== healer.side) return `${target.name} is not a hero.`;
  if (chebyshevDistance(healer.position, target.position) !== 1)
    return `${target.name} must be adjacent to be healed.`;
  if (isFaithful(state) && wallCover(state, healer.position, target.position) === 'blocked')
    return `${healer.name} cannot reach ${target.name} through the rock.`;
  if (target.wounds <= 0) return `${target.name} is not wounded.`;
  return null;
}

export function canAttack(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: CrawlWeapon,
): boolean {
  // The same checks as whyCannotAttack, without wording a refusal.
  if (reachFault(state, attacker, target, weapon) !== null) return false;
  return hasLine(state, weapon, attackCover(state, attacker, target, weapon));
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
  const { need, cover } = neededRoll(ctx.state, attacker, target, weapon);
  turnToward(ctx, attacker, target.position, 'attacking');
  const inCover = need > weapon.hitOn ? ` (${weapon.hitOn}+, ${cover} cover)` : '';
  const roll = rollDie(ctx, {
    sides: weapon.die,
    purpose: 'attack',
    unit: attacker.id,
    need,
    describe: (v) =>
      `${attacker.name} ${weapon.name} at ${target.name}: d${weapon.die} = ${v}, needs ${need}+${inCover} — ${v >= need ? 'hit' : 'miss'}`,
    rule: CRAWL('heroes and villains: wounds on the weapon\u2019s number'),
  });
  const hit = roll >= need;
  emit(ctx, {
    type: 'attacked',
    unit: attacker.id,
    target: target.id,
    weapon: weapon.id,
    effect: weapon.effect,
    roll,
    need,
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
    emit(ctx, {
      type: 'decision',
      unit: attacker.id,
      text: `${attacker.name} rolled a 1: under the optional morale rule it loses its nerve.`,
      rule: CRAWL('Morale (optional)'),
    });
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
      text: `${unit.name} turns away from the ${from.name} to flee.`,
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
