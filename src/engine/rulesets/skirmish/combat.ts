/**
 * Simple Basic Combat (solitaire-gaming-rules VIII), on the four-corner line of sight:
 * - attack, 1d20: melee (and reach) hits on 6+, ranged on 11+, ranged at a target in
 *   cover on 16+;
 * - defend, 1d20 (not an action): 11+ and the attack does no damage; 10 or less and the
 *   target takes the weapon's wounds, or is defeated if it has only one left; a weapon
 *   that stuns also stuns a target that survives (no actions next round);
 * - advantage (roll twice, keep the higher): a highly capable attacker; a group against a
 *   single target (another of the attacker's side next to the target, in melee); a target
 *   in tough armour defends with it, and so does one in cover against a blow.
 * Lines: walls block, and so do the attacker's foes; its allies do not (V "Line of
 * Sight"). An area weapon strikes the target square and every square around it, burst
 * fire the target square and 2 next to it (V "Range").
 */
import { baseGap, distanceToUnit, squaresNearestFirst } from '../../footprint';
import { chebyshevDistance, DIRECTION_STEPS, type Point } from '../../grid';
import type { CoverLevel } from '../../los';
import type { Modifier, Resolution } from '../module';
import { emit, rollDie, type Context } from '../../systems/context';
import { coverFrom, turnToward, wallCover } from '../../systems/cover';
import { setStatus } from '../../systems/sight';
import { applyWound } from '../../systems/wounds';
import type { GameState, RuleRef, Unit } from '../../types';
import { livingUnits, unitAt } from '../../world';
import { needWithSkill, skillBonus } from './campaign';
import { traitsOf, type SkirmishWeapon } from './types';

export const D20 = 20;
/** VIII: "Melee attacks: The attack is a hit on a result of 6 or more." */
export const MELEE_HIT = 6;
/** VIII: "Ranged attacks: The attack is a hit on a result of 11 or more." */
export const RANGED_HIT = 11;
/** VIII: "Ranged attack when the target is in cover: ... 16 or more." */
export const RANGED_COVER_HIT = 16;
/** VIII "Defend": "On a result of 11 or more, the attack does no damage." */
export const DEFEND = 11;

export const COMBAT = (section: string): RuleRef => ({ book: 'Solitaire rules', section });

export interface SkirmishAttack {
  reason: string | null;
  cover: CoverLevel;
  hitOn: number;
  /** What the target's defence needs (11+, less a campaign hero's defence skill). */
  defendOn: number;
  attackAdvantage: boolean;
  defendAdvantage: boolean;
  modifiers: Modifier[];
  resolution: Resolution;
}

function isMelee(weapon: SkirmishWeapon): boolean {
  return weapon.band === 'melee' || weapon.band === 'reach';
}

/** Whether another figure of the attacker's side stands next to the target (a group against one). */
function isGangUp(state: GameState, attacker: Unit, target: Unit): boolean {
  if (!target.position) return false;
  return livingUnits(state, attacker.side).some(
    (u) => u.id !== attacker.id && baseGap(u, target) === 1,
  );
}

/** A d20 against `need`, rolled twice keeping the higher with advantage. */
function d20(need: number, advantage: boolean, invert = false): Resolution {
  return advantage
    ? { kind: 'advantage', die: D20, need, modifier: 0, mode: 'best', invert }
    : { kind: 'threshold', die: D20, need, modifier: 0, invert };
}

const COVER_ORDER: readonly CoverLevel[] = ['clear', 'partial', 'full', 'blocked'];

/**
 * The cover of `target` from `attacker`: of the target's squares in range of `weapon`
 * (every square of a large figure's base may be aimed at, V "Large Figures"), the one
 * it has the least cover on. Melee lines are stopped by the rock alone.
 */
export function bestCover(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: SkirmishWeapon,
  melee = isMelee(weapon),
): CoverLevel {
  const from = attacker.position!;
  let best: CoverLevel = 'blocked';
  for (const square of squaresNearestFirst(target, from)) {
    const d = chebyshevDistance(from, square);
    if (d < weapon.minRange || (weapon.maxRange !== null && d > weapon.maxRange)) continue;
    const c = melee
      ? wallCover(state, from, square)
      : coverFrom(state, attacker, from, square, target.id, 'foes');
    if (COVER_ORDER.indexOf(c) < COVER_ORDER.indexOf(best)) best = c;
    if (best === 'clear') break;
  }
  return best;
}

/** Everything about an attack before it is rolled: whether it may be made and its odds. */
export function assessSkirmishAttack(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: SkirmishWeapon,
): SkirmishAttack {
  const none = (reason: string): SkirmishAttack => ({
    reason,
    cover: 'blocked',
    hitOn: MELEE_HIT,
    defendOn: DEFEND,
    attackAdvantage: false,
    defendAdvantage: false,
    modifiers: [],
    resolution: d20(D20 + 1, false),
  });
  if (!attacker.position) return none(`${attacker.name} is not on the board.`);
  if (!target.position) return none(`${target.name} is not on the board.`);
  if (attacker.side === target.side) return none(`${target.name} is on the same side.`);
  if (attacker.structure) return none(`${attacker.name} is a building.`);
  // V "Large Figures": a large figure attacks from its main square, and "an attacker can
  // target any space a large figure occupies": the range is to the nearest of them.
  const distance = distanceToUnit(attacker.position, target);
  if (distance < weapon.minRange) return none(`The ${weapon.name} cannot strike an adjacent foe.`);
  if (weapon.maxRange !== null && distance > weapon.maxRange)
    return none(
      `${target.name} is out of ${weapon.name} range (${distance} squares, at most ${weapon.maxRange}).`,
    );
  const melee = isMelee(weapon);
  const cover = bestCover(state, attacker, target, weapon, melee);
  if (cover === 'blocked')
    return none(
      melee
        ? `${attacker.name} cannot reach ${target.name} through the rock.`
        : `${attacker.name} has no line to ${target.name}.`,
    );
  const inCover = cover === 'partial' || cover === 'full';
  const traits = traitsOf(attacker);
  const targetTraits = traitsOf(target);
  const ruleHitOn = melee ? MELEE_HIT : inCover ? RANGED_COVER_HIT : RANGED_HIT;
  const attackSkill = skillBonus(attacker, melee ? 'melee' : 'ranged');
  const hitOn = needWithSkill(ruleHitOn, attackSkill);
  const defenceSkill = skillBonus(target, 'defence');
  const defendOn = needWithSkill(DEFEND, defenceSkill);
  const modifiers: Modifier[] = [];
  if (!melee && inCover)
    modifiers.push({ label: `Target in ${cover} cover: 16+ to hit`, value: 5 });
  if (attackSkill > 0)
    modifiers.push({
      label: `${melee ? 'Melee' : 'Shooting'} skill: ${hitOn}+ to hit`,
      value: -attackSkill,
    });
  if (defenceSkill > 0)
    modifiers.push({
      label: `Target's defence skill: defends on ${defendOn}+`,
      value: -defenceSkill,
    });
  const gangUp = melee && isGangUp(state, attacker, target);
  const attackAdvantage = traits.capable || gangUp;
  if (traits.capable)
    modifiers.push({ label: 'Capable attacker: attack with advantage', value: 1 });
  if (gangUp) modifiers.push({ label: 'Ganging up: attack with advantage', value: 1 });
  const coverDefence = melee && inCover && !target.structure;
  const defendAdvantage = targetTraits.armoured || coverDefence;
  if (targetTraits.armoured)
    modifiers.push({ label: 'Tough armour: defends with advantage', value: -1 });
  if (coverDefence)
    modifiers.push({ label: 'Blow across cover: defends with advantage', value: -1 });
  // A building (Fortress Assault) does not defend: every hit tells.
  if (target.structure) modifiers.push({ label: 'A building: no defence roll', value: 0 });
  return {
    reason: null,
    cover,
    hitOn,
    defendOn,
    attackAdvantage,
    defendAdvantage,
    modifiers,
    resolution: target.structure
      ? d20(hitOn, attackAdvantage)
      : {
          kind: 'sequence',
          steps: [d20(hitOn, attackAdvantage), d20(defendOn, defendAdvantage, true)],
        },
  };
}

/** Rolls a d20, twice with advantage keeping the higher, and logs it for `purpose`. */
function rollD20(
  ctx: Context,
  unit: Unit,
  purpose: string,
  need: number,
  advantage: boolean,
  describe: (value: number, rolls: string) => string,
  rule: RuleRef,
): number {
  const first = ctx.dice.roll(D20);
  const second = advantage ? ctx.dice.roll(D20) : null;
  const value = second === null ? first : Math.max(first, second);
  const rolls = second === null ? `d20 = ${first}` : `d20 twice = ${first}, ${second}: ${value}`;
  ctx.events.push({
    type: 'roll',
    die: D20,
    value,
    purpose,
    unit: unit.id,
    need,
    success: value >= need,
    text: describe(value, rolls),
    rule,
  });
  return value;
}

/** The squares an attack strikes: the target's; an area weapon's also all around it; burst fire's 2 beside it. */
export function struckSquares(state: GameState, weapon: SkirmishWeapon, target: Point): Point[] {
  if (weapon.band === 'area')
    return [target, ...DIRECTION_STEPS.map((d) => ({ x: target.x + d.x, y: target.y + d.y }))];
  if (weapon.band === 'burst') {
    // The two squares beside the target that hold the most figures, first in clockwise order.
    const beside = DIRECTION_STEPS.map((d) => ({ x: target.x + d.x, y: target.y + d.y }));
    const held = beside.filter((p) => unitAt(state, p.x, p.y));
    return [target, ...[...held, ...beside.filter((p) => !held.includes(p))].slice(0, 2)];
  }
  return [target];
}

/**
 * Makes the attack: every figure in the struck squares (an area or burst weapon's), each
 * rolled to hit and then defended. Returns false when the attacker could not make it.
 */
export function resolveSkirmishAttack(
  ctx: Context,
  attacker: Unit,
  target: Unit,
  weapon: SkirmishWeapon,
): void {
  if (!attacker.position || !target.position) return;
  attacker.stats.attacks += 1;
  traitsOf(attacker).lastTarget = target.id;
  const aim = squaresNearestFirst(target, attacker.position)[0];
  turnToward(ctx, attacker, aim, 'attacking');
  const squares = struckSquares(ctx.state, weapon, aim);
  // A large figure under several struck squares is struck once.
  const victims = [
    ...new Set(
      squares
        .map((p) => unitAt(ctx.state, p.x, p.y))
        .filter((u): u is Unit => !!u && u.id !== attacker.id),
    ),
  ];
  for (const victim of victims) {
    if (!victim.position || ctx.state.outcome) continue;
    const odds = assessSkirmishAttack(ctx.state, attacker, victim, {
      ...weapon,
      // The blast reaches the figures around the target whatever their distance.
      minRange: 0,
      maxRange: null,
    });
    if (odds.reason && victim.id === target.id) return;
    if (odds.reason) continue;
    strike(ctx, attacker, victim, weapon, odds);
  }
}

function strike(
  ctx: Context,
  attacker: Unit,
  target: Unit,
  weapon: SkirmishWeapon,
  odds: SkirmishAttack,
): void {
  const hit = rollD20(
    ctx,
    attacker,
    'attack',
    odds.hitOn,
    odds.attackAdvantage,
    (v, rolls) =>
      `${attacker.name} ${weapon.name} at ${target.name}: ${rolls}, needs ${odds.hitOn}+ — ${v >= odds.hitOn ? 'hit' : 'miss'}`,
    COMBAT(
      `VIII Attack: ${isMelee(weapon) ? 'melee 6+' : odds.cover === 'partial' || odds.cover === 'full' ? 'ranged into cover 16+' : 'ranged 11+'}`,
    ),
  );
  const hits = hit >= odds.hitOn;
  emit(ctx, {
    type: 'attacked',
    unit: attacker.id,
    target: target.id,
    weapon: weapon.id,
    effect: weapon.effect,
    roll: hit,
    need: odds.hitOn,
    hit: hits,
    text: '',
  });
  // Being attacked is an interaction: a prepared or patrolling target notices at once.
  if (target.ai && (target.ai.status === 'prepared' || target.ai.status === 'patrolling'))
    setStatus(ctx, target, 'alerted', `attacked by the ${attacker.name}`);
  if (!hits) return;
  if (target.structure) {
    attacker.stats.hits += 1;
    applyWound(ctx, target, attacker.id, Math.min(weapon.damage, target.maxWounds - target.wounds));
    return;
  }
  const defence = rollD20(
    ctx,
    target,
    'defend',
    odds.defendOn,
    odds.defendAdvantage,
    (v, rolls) =>
      `${target.name} defends: ${rolls}, needs ${odds.defendOn}+ — ${v >= odds.defendOn ? 'no damage' : 'fails'}`,
    COMBAT('VIII Defend: 11+ does no damage'),
  );
  if (defence >= odds.defendOn) return;
  attacker.stats.hits += 1;
  applyFailedDefence(ctx, attacker, target, weapon);
}

/**
 * A failed defence (VIII): a figure with one wound left is defeated; any other takes the
 * weapon's wounds, and a weapon that stuns also stuns it for the next round.
 */
function applyFailedDefence(
  ctx: Context,
  attacker: Unit,
  target: Unit,
  weapon: SkirmishWeapon,
): void {
  const left = target.maxWounds - target.wounds;
  applyWound(ctx, target, attacker.id, left <= 1 ? left : Math.min(weapon.damage, left));
  if (target.position && weapon.stuns) stun(ctx, target);
}

/** Stunned: the figure takes no actions in the next round. */
export function stun(ctx: Context, unit: Unit): void {
  const traits = traitsOf(unit);
  traits.stunnedRound = ctx.state.round + 1;
  emit(ctx, {
    type: 'stunned',
    unit: unit.id,
    round: ctx.state.round + 1,
    text: `${unit.name} is stunned: no actions next round.`,
    rule: COMBAT('VIII Defend: a stun, no actions in the next round'),
  });
}

/** Whether `unit` is stunned in the current round. */
export function isStunned(state: GameState, unit: Unit): boolean {
  return traitsOf(unit).stunnedRound === state.round;
}

/** Why `attacker` may not use `weapon` on `target` now, or null. */
export function whySkirmishAttackFails(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: SkirmishWeapon,
): string | null {
  return assessSkirmishAttack(state, attacker, target, weapon).reason;
}

export function canSkirmishAttack(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: SkirmishWeapon,
): boolean {
  return whySkirmishAttackFails(state, attacker, target, weapon) === null;
}
