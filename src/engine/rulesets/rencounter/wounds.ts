/**
 * Damage and wounds (§5 damage, §6 Damage, §7 Wounds): the d12 damage table shared by
 * fire and melee, wound points and what they cost, knockdown, horses' wounds, wound
 * locations (§10) and the break point of a side (§13).
 */
import type { DiceSource } from '../../dice';
import { rollAction } from './action';
import { distributionOf } from './chances';
import type { Modifier, Ruled } from './types';
import { totalOf } from './types';

export type DamageLevel = 'dead' | 'crippling' | 'serious' | 'minor' | 'none';

/** Wound points each level adds (Effects of Wounds: minor 1, serious 2, crippling 3; dead 6). */
export const WOUND_POINTS: Record<DamageLevel, number> = {
  dead: 6,
  crippling: 3,
  serious: 2,
  minor: 1,
  none: 0,
};

/** The damage table (R6.13, R5.17): 1-2 dead, 3-4 crippling, 5-7 serious, 8-12 minor, higher nothing. */
export function damageLevel(total: number): DamageLevel {
  if (total <= 2) return 'dead';
  if (total <= 4) return 'crippling';
  if (total <= 7) return 'serious';
  if (total <= 12) return 'minor';
  return 'none';
}

export interface DamageInput {
  /** The weapon's damage modifier (from its table). */
  weapon: number;
  targetArmour: number;
  /** The to-hit target number and the die rolled, for the margin bonus; omit when none. */
  hitNeed?: number;
  hitDie?: number;
  /** Melee takes -2 for a 3-point margin (R6.13), missiles -1 (R5.17). */
  kind: 'missile' | 'melee';
  /** Missile range band, for the extreme-range +1 and the shotguns' ladder (R5.17). */
  band?: RangeBandName;
  shotgun?: boolean;
  /** Any other damage modifier (trample speed, grenade distance, falls), named. */
  extra?: Modifier[];
}

export type RangeBandName = 'too-close' | 'short' | 'medium' | 'long' | 'extreme';

/** The damage modifiers, named, for the preview (R6.13, R5.17, R5.21). */
export function damageModifiers(input: DamageInput): Modifier[] {
  const out: Modifier[] = [];
  const rule = input.kind === 'melee' ? 'R6.13' : 'R5.17';
  if (input.shotgun && input.band) {
    // Shotguns: -2 Too Close, then +1 per range bracket further (R5.21).
    const ladder: Record<RangeBandName, number> = {
      'too-close': -2,
      short: -1,
      medium: 0,
      long: 1,
      extreme: 2,
    };
    out.push({ rule: 'R5.21', label: 'shot spread at this range', value: ladder[input.band] });
  } else {
    if (input.weapon !== 0) out.push({ rule, label: 'weapon', value: input.weapon });
    if (input.kind === 'missile' && input.band === 'extreme')
      out.push({ rule: 'R5.17', label: 'extreme range', value: 1 });
  }
  if (input.targetArmour >= 3) out.push({ rule, label: 'heavy armour', value: 1 });
  if (
    input.hitNeed !== undefined &&
    input.hitDie !== undefined &&
    input.hitNeed - input.hitDie >= 3
  )
    out.push({ rule, label: 'a clean hit', value: input.kind === 'melee' ? -2 : -1 });
  for (const m of input.extra ?? []) out.push(m);
  return out;
}

export interface DamageResult extends Ruled {
  die: number;
  total: number;
  level: DamageLevel;
  woundPoints: number;
  modifiers: Modifier[];
}

/** The damage roll: d12 plus the modifiers, read on the table. */
export function rollDamage(input: DamageInput, dice: DiceSource): DamageResult {
  const modifiers = damageModifiers(input);
  const die = dice.roll(12);
  const total = die + totalOf(modifiers);
  const level = damageLevel(total);
  return {
    rule: input.kind === 'melee' ? 'R6.13' : 'R5.17',
    die,
    total,
    level,
    woundPoints: WOUND_POINTS[level],
    modifiers,
  };
}

/** The chance of each damage level, for the preview's bar. */
export function damageDistribution(input: DamageInput): Partial<Record<DamageLevel, number>> {
  return distributionOf(
    (d) => rollDamage(input, d),
    (r) => r.level,
  );
}

/** What a figure's wound points cost him (R3.22, R7.2-R7.6). */
export interface WoundEffects {
  /** Added to action rolls, taken from fire and melee skills. */
  rollPenalty: number;
  /** Inches off a foot move: 2 per point, so 8" at 4 and 10" at 5 (R7.6). */
  footMovePenalty: number;
  /** 3 or more points: crippled, counted lost for morale (R3.24). */
  crippled: boolean;
  dead: boolean;
}

export function woundEffects(woundPoints: number): Ruled & WoundEffects {
  const wp = Math.max(0, Math.min(6, woundPoints));
  return {
    rule: 'R7.6',
    rollPenalty: wp,
    footMovePenalty: 2 * wp,
    crippled: wp >= 3,
    dead: wp >= 6,
  };
}

/**
 * A new wound on a figure (R7.6): wounds add up, two minors make a serious, 6 points
 * kill. A serious or crippling wound knocks him down (R7.3, R7.5) unless the variable
 * knockdown option saves him (variableKnockdown).
 */
export function addWound(
  woundPoints: number,
  level: DamageLevel,
): Ruled & { woundPoints: number; dead: boolean; knockedDown: boolean } {
  const next = Math.min(6, woundPoints + WOUND_POINTS[level]);
  return {
    rule: 'R7.6',
    woundPoints: next,
    dead: next >= 6,
    knockedDown: level === 'serious' || level === 'crippling',
  };
}

/**
 * Variable knockdown option (R7.4): a seriously wounded man stays up if an instant d6
 * plus his wound points is at or under his experience plus the hitting weapon's damage
 * modifier.
 */
export function variableKnockdown(
  exp: number,
  woundPoints: number,
  weaponDamage: number,
  dice: DiceSource,
): Ruled & { die: number; knockedDown: boolean } {
  const r = rollAction({ exp, woundPoints, targetChange: weaponDamage }, dice);
  return { rule: 'R7.4', die: r.die, knockedDown: r.outcome !== 'acts' };
}

/**
 * A wounded horse (R7.7): -3" top speed a wound point (the book gives no figure; the
 * checklist's choice); a serious wound makes the rider test horsemanship next activation;
 * a crippling one brings the horse down.
 */
export function horseWoundEffects(
  horseWounds: number,
  baseSpeed: number,
): Ruled & { topSpeed: number; riderTests: boolean; horseDown: boolean } {
  return {
    rule: 'R7.7',
    topSpeed: Math.max(0, baseSpeed - 3 * horseWounds),
    riderTests: horseWounds >= 2,
    horseDown: horseWounds >= 3,
  };
}

/** A rider thrown from a falling horse takes damage at +6 up to 6", +4 at 7-12", +2 faster (R7.7). */
export function horseFallDamageModifier(speed: number): number {
  if (speed <= 6) return 6;
  if (speed <= 12) return 4;
  return 2;
}

/**
 * Freeing a rider pinned under his horse (R7.7): an action check at -2, with +2 for each
 * friend who acted to help.
 */
export function freePinnedRider(
  exp: number,
  woundPoints: number,
  helpers: number,
  dice: DiceSource,
): Ruled & { die: number; freed: boolean } {
  const r = rollAction({ exp, woundPoints, targetChange: -2 + 2 * helpers }, dice);
  return { rule: 'R7.7', die: r.die, freed: r.outcome === 'acts' };
}

export type WoundLocation = 'left-leg' | 'right-leg' | 'left-arm' | 'right-arm' | 'body' | 'head';

/** Wound locations (R10.4), d6: 1 left leg, 2 right leg, 3 left arm, 4 right arm, 5 body, 6 head. */
export function rollWoundLocation(
  dice: DiceSource,
): Ruled & { die: number; location: WoundLocation } {
  const die = dice.roll(6);
  const table: WoundLocation[] = ['left-leg', 'right-leg', 'left-arm', 'right-arm', 'body', 'head'];
  return { rule: 'R10.4', die, location: table[die - 1] };
}

/**
 * What wounds in a place cost (R10.5): legs 3" of movement a point (crawl at least 1")
 * and one point less against shooting; arms 1" of movement a point and one point more
 * against combat rolls; body and head as usual.
 */
export function locationPenalties(
  location: WoundLocation,
  points: number,
): Ruled & {
  movePenalty: number;
  shootingPenalty: number;
  combatPenalty: number;
  minimumCrawl: number;
} {
  if (points <= 0)
    return { rule: 'R10.5', movePenalty: 0, shootingPenalty: 0, combatPenalty: 0, minimumCrawl: 0 };
  if (location === 'left-leg' || location === 'right-leg')
    return {
      rule: 'R10.5',
      movePenalty: 3 * points,
      shootingPenalty: Math.max(0, points - 1),
      combatPenalty: points,
      minimumCrawl: 1,
    };
  if (location === 'left-arm' || location === 'right-arm')
    return {
      rule: 'R10.5',
      movePenalty: points,
      shootingPenalty: points + 1,
      combatPenalty: points + 1,
      minimumCrawl: 0,
    };
  return {
    rule: 'R10.5',
    movePenalty: 2 * points,
    shootingPenalty: points,
    combatPenalty: points,
    minimumCrawl: 0,
  };
}

/** A man for the break point. */
export interface BreakMember {
  unit: string;
  woundPoints: number;
  /** Routed for good, surrendered, incapacitated or dead. */
  out: boolean;
  /** Cowering: acted on a 7 since his last successful action. */
  cowering: boolean;
}

/**
 * The break point of a side (R13.1): it retreats when its unrouted, not cowering men of at
 * most a light wound are fewer than half its force (or, for less elan, fewer than 3/4 or
 * 2/3: the 1/4 or 1/3 point of losses), or when no unit has more than half its men healthy
 * and unrouted.
 */
export function sideBroken(
  members: readonly BreakMember[],
  lossFraction = 1 / 2,
): Ruled & { broken: boolean; effective: number; total: number; why?: string } {
  const healthy = (m: BreakMember) => !m.out && m.woundPoints <= 1;
  const effective = members.filter((m) => healthy(m) && !m.cowering).length;
  const total = members.length;
  if (effective < total * (1 - lossFraction))
    return { rule: 'R13.1', broken: true, effective, total, why: 'Too few fit men are left.' };
  const units = [...new Set(members.map((m) => m.unit))];
  const anyUnitAboveHalf = units.some((u) => {
    const men = members.filter((m) => m.unit === u);
    return men.filter(healthy).length > men.length / 2;
  });
  if (!anyUnitAboveHalf)
    return {
      rule: 'R13.1',
      broken: true,
      effective,
      total,
      why: 'No unit has more than half its men fit.',
    };
  return { rule: 'R13.1', broken: false, effective, total };
}

/**
 * An arm wound (R10.5): an action check at once, the new wound counted, or he lets go of
 * what that hand holds.
 */
export function armWoundGrip(
  exp: number,
  woundPoints: number,
  dice: DiceSource,
): Ruled & { die: number; keepsHold: boolean } {
  const r = rollAction({ exp, woundPoints }, dice);
  return { rule: 'R10.5', die: r.die, keepsHold: r.outcome === 'acts' };
}
