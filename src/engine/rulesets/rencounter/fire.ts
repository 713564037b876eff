/**
 * Fire combat (§5): the d12 against the modified fire skill, the whole modifier list,
 * the long-shot confirm, duckbacks, fire past friends, opportunity fire, thrown objects.
 */
import type { DiceSource } from '../../dice';
import { rollAction } from './action';
import { chanceThat, distributionOf } from './chances';
import type { Modifier, Ruled } from './types';
import { modifierList, totalOf } from './types';
import type { MissileWeapon } from './weapons';
import { shotsPerTurn } from './weapons';
import { rollDamage, type DamageInput, type DamageLevel, type RangeBandName } from './wounds';

/** The to-hit modifier of each range band (R5.4). */
export const RANGE_MODIFIERS: Record<RangeBandName, number> = {
  'too-close': -2,
  short: 0,
  medium: -2,
  long: -4,
  extreme: -6,
};

/**
 * The range band of a shot (R5.4): Too Close is base contact (1" on the grid) for pistols
 * and thrown weapons, up to 2" for long arms and bows; then the first column at or past
 * the distance; null beyond extreme. A running throw stretches every range by half (R5.21).
 */
export function rangeBand(
  weapon: MissileWeapon,
  distance: number,
  runningThrow = false,
): RangeBandName | null {
  const close = weapon.tooClose === 'contact' ? 1 : 2;
  if (distance <= close) return 'too-close';
  const stretch = runningThrow && weapon.thrown ? 1.5 : 1;
  const [s, m, l, x] = weapon.ranges.map((r) => r * stretch);
  if (distance <= s) return 'short';
  if (distance <= m) return 'medium';
  if (distance <= l) return 'long';
  if (distance <= x) return 'extreme';
  return null;
}

export type Cover =
  | 'none'
  | 'partial-obscuring'
  | 'leafy'
  | 'half-solid'
  | 'three-quarter-solid'
  | 'gun-port'
  | 'loophole';

/** Cover (R5.7): -1 partly obscured, -2 leafy, -2 half solid, -3 3/4 solid, -4 a gun's width, -5 loophole. */
export const COVER_MODIFIERS: Record<Cover, number> = {
  none: 0,
  'partial-obscuring': -1,
  leafy: -2,
  'half-solid': -2,
  'three-quarter-solid': -3,
  'gun-port': -4,
  loophole: -5,
};

/** Solid cover makes a miss it caused a duckback (R5.8); leafy and obscuring cover do not. */
export function isSolidCover(cover: Cover): boolean {
  return (
    cover === 'half-solid' ||
    cover === 'three-quarter-solid' ||
    cover === 'gun-port' ||
    cover === 'loophole'
  );
}

/** Aim before the shot (R5.10): none (a snap shot), half a turn, one turn, two or more. */
export type Aim = 'snap' | 'half' | 'one' | 'two-plus';

/** What else the shooter did this turn (R5.11). */
export type ShotAction = 'only-shot' | 'with-other-action' | 'moving-fast';

export interface ShotSituation {
  fireSkill: number;
  shooterWounds: number;
  weapon: MissileWeapon;
  distance: number;
  aim: Aim;
  /** Braced on a sill, a rock, a rest, or firing prone (R5.10). */
  braced?: boolean;
  shotAction: ShotAction;
  /** Thrown while running the same way (R5.11, R5.21). */
  runningThrow?: boolean;
  mounted?: boolean;
  /** 1 for the first shot of the turn; each later one -1 (R5.12). */
  shotNumber?: number;
  /** Inches the target moved in its last activation (R5.13). */
  targetMoved?: number;
  /** When the shooter first saw the target (R5.14). */
  appeared?: 'before' | 'preceding-activation' | 'this-activation';
  cover?: Cover;
  /** A friend partly in the way counts as solid cover of that much (R5.15). */
  friendCover?: Cover;
  posture?: 'standing' | 'kneeling' | 'prone';
  /** The target is on horseback and the shot takes whichever is hit (R5.9). */
  mountedTarget?: boolean;
  targetArmour?: number;
  targetShield?: 'none' | 'medium' | 'large';
  /** The target is in melee with a friend (R5.16). */
  targetInMeleeWithFriend?: boolean;
  /** A weapon type the figure did not start with (R1.5; -2, the checklist's figure). */
  unfamiliar?: boolean;
  /** Scenario terms (weather, smoke) the referee sets. */
  scenario?: Modifier[];
}

export interface ShotPlan extends Ruled {
  band: RangeBandName | null;
  modifiers: Modifier[];
  /** The number to roll at or under on the d12 (null when no shot is possible). */
  need: number | null;
  why?: string;
}

/** Moving target (R5.13): up to 3" +0, 3.5-6" -1, 6.5-12" -2, 12.5-18" (and faster) -3. */
export function movingTargetModifier(inches: number): number {
  if (inches <= 3) return 0;
  if (inches <= 6) return -1;
  if (inches <= 12) return -2;
  return -3;
}

/** Aim bonus (R5.10): half a turn 0, one turn +2, two or more +3 (not cumulative). */
export function aimModifier(aim: Aim): number {
  return { snap: 0, half: 0, one: 2, 'two-plus': 3 }[aim];
}

/** Armour and shields against a missile (R5.5). */
export function armourModifiers(
  weapon: MissileWeapon,
  armour: number,
  shield: 'none' | 'medium' | 'large',
): Modifier[] {
  const out: Modifier[] = [];
  if (weapon.armour === 'full') {
    if (armour > 0) out.push({ rule: 'R5.5', label: 'armour', value: -armour });
    if (shield === 'medium') out.push({ rule: 'R5.5', label: 'shield', value: -1 });
    if (shield === 'large') out.push({ rule: 'R5.5', label: 'large shield', value: -2 });
  } else if (weapon.armour === 'low-velocity' && armour >= 3) {
    out.push({ rule: 'R5.5', label: 'heavy armour against a slow ball', value: -1 });
  }
  return out;
}

/** The whole to-hit list for a shot and the number to roll (R5.3: modifiers go on the skill). */
export function planShot(s: ShotSituation): ShotPlan {
  const w = s.weapon;
  const band = rangeBand(w, s.distance, s.runningThrow);
  if (band === null)
    return { rule: 'R5.4', band, modifiers: [], need: null, why: 'The target is out of range.' };
  // A javelin thrown on the run is the thrown weapons' own case: -2 and half again the range.
  const runningThrow = s.runningThrow === true && w.thrown === true;
  if (
    s.shotAction === 'moving-fast' &&
    !runningThrow &&
    (w.firesOnTheMove === 'never' || (w.firesOnTheMove === 'mounted' && !s.mounted))
  )
    return {
      rule: 'R5.11',
      band,
      modifiers: [],
      need: null,
      why: 'This weapon cannot be fired on the run.',
    };
  const shotNumber = s.shotNumber ?? 1;
  if (shotNumber > shotsPerTurn(w.repeat))
    return {
      rule: 'R5.12',
      band,
      modifiers: [],
      need: null,
      why: 'The weapon cannot fire that often in one turn.',
    };
  const { list: m, add } = modifierList();
  add('R5.4', `range: ${band}`, RANGE_MODIFIERS[band]);
  if (w.shotgun && band !== 'too-close' && band !== 'extreme') add('R5.21', 'spreading shot', 2);
  // Aim is only possible at short range or more (R5.10) and a moving shooter cannot aim.
  const aimed =
    s.aim !== 'snap' && band !== 'too-close' && s.shotAction === 'only-shot' && !runningThrow;
  if (aimed) {
    add('R5.10', 'aimed', aimModifier(s.aim));
    if (s.braced) add('R5.10', 'braced', 1);
  }
  if (!aimed) {
    if (runningThrow) add('R5.11', 'thrown on the run', -2);
    else if (s.shotAction === 'moving-fast') add('R5.11', 'snap shot on the move', -4);
    else if (s.shotAction === 'with-other-action') add('R5.11', 'snap shot', -2);
  }
  add('R5.12', 'later shot this turn', -(shotNumber - 1));
  add('R5.13', 'moving target', movingTargetModifier(s.targetMoved ?? 0));
  if (s.appeared === 'preceding-activation') add('R5.14', 'just appeared', -1);
  if (s.appeared === 'this-activation') add('R5.14', 'appeared this moment', -2);
  add('R5.7', 'cover', COVER_MODIFIERS[s.cover ?? 'none']);
  add('R5.15', 'a friend in the way', COVER_MODIFIERS[s.friendCover ?? 'none']);
  if (s.targetInMeleeWithFriend) add('R5.16', 'target fighting a friend', -2);
  // Kneeling and prone count for nothing at 2" or less (R5.9).
  if (s.distance > 2) {
    if (s.posture === 'kneeling') add('R5.9', 'kneeling target', -1);
    if (s.posture === 'prone') add('R5.9', 'prone target', -2);
  }
  if (s.mountedTarget) add('R5.9', 'mounted target', 1);
  for (const a of armourModifiers(w, s.targetArmour ?? 0, s.targetShield ?? 'none')) m.push(a);
  add('R7.6', 'shooter wounded', -s.shooterWounds);
  if (s.unfamiliar) add('R1.5', 'unfamiliar weapon', -2);
  for (const x of s.scenario ?? []) m.push(x);
  return { rule: 'R5.3', band, modifiers: m, need: s.fireSkill + totalOf(m) };
}

/** The long-shot confirm (R5.2): needing 0 confirm on 9, -1 on 7, -2 on 5, -3 on 3, -4 on 1; -5 cannot hit. */
export function confirmNeed(need: number): number {
  if (need > 0) return 12;
  if (need < -4) return 0;
  return 9 + 2 * need;
}

export interface ShotRoll extends Ruled {
  die: number | null;
  confirmDie?: number;
  hit: boolean;
}

/**
 * The to-hit roll (R5.1, R5.2): at or under the need on a d12, a natural 12 always
 * misses; needing 0 to -4, a natural 1 earns a confirming d12; -5 or worse cannot hit
 * (no die is rolled).
 */
export function rollToHit(need: number, dice: DiceSource): ShotRoll {
  if (need <= -5) return { rule: 'R5.2', die: null, hit: false };
  const die = dice.roll(12);
  if (die === 12) return { rule: 'R5.1', die, hit: false };
  if (need >= 1) return { rule: 'R5.1', die, hit: die <= need };
  if (die !== 1) return { rule: 'R5.2', die, hit: false };
  const confirmDie = dice.roll(12);
  return { rule: 'R5.2', die, confirmDie, hit: confirmDie <= confirmNeed(need) };
}

/** The exact chance a shot hits (confirm included). */
export function chanceToHit(need: number): number {
  return chanceThat(
    (d) => rollToHit(need, d),
    (r) => r.hit,
  );
}

/**
 * Would the die have hit without these modifiers? Solid cover that made the miss causes
 * a duckback check (R5.8); a friend in the way who made it takes the shot (R5.15).
 */
export function missCausedBy(die: number | null, need: number, coverValue: number): boolean {
  if (die === null || die === 12) return false;
  return die > need && die <= need - coverValue;
}

/**
 * A wound that leaves a man in cover on his feet also asks a duckback check (R5.8): a
 * minor one, since serious and worse knock him down anyway.
 */
export function duckbackAfterWound(level: DamageLevel, inCover: boolean): boolean {
  return inCover && level === 'minor';
}

/**
 * The chance of each result of a whole shot, hit and damage together (the margin bonus
 * depends on the die, so the two are walked as one): 'miss' or a damage level.
 */
export function shotDistribution(
  need: number,
  damage: Omit<DamageInput, 'hitNeed' | 'hitDie' | 'kind'>,
): Partial<Record<DamageLevel | 'miss', number>> {
  return distributionOf(
    (d) => {
      const hit = rollToHit(need, d);
      if (!hit.hit || hit.die === null) return 'miss' as const;
      return rollDamage({ ...damage, kind: 'missile', hitNeed: need, hitDie: hit.die }, d).level;
    },
    (level) => level,
  );
}

/**
 * A duckback check (R5.8): an action check at -2; a failure puts the man fully behind
 * his cover once the activation's shots are done, and ends his aim.
 */
export function duckbackCheck(
  exp: number,
  woundPoints: number,
  dice: DiceSource,
): Ruled & { die: number; ducks: boolean } {
  const r = rollAction({ exp, woundPoints, targetChange: -2 }, dice);
  return { rule: 'R5.8', die: r.die, ducks: r.outcome !== 'acts' };
}

/**
 * Mounted targets (R5.9): a shot at the pair takes +1 and a d6 says which is hit (1-2
 * the man); a shot aimed at one hits the other on a 1.
 */
export function mountedHit(
  dice: DiceSource,
  aimedAt?: 'man' | 'horse',
): Ruled & { die: number; hit: 'man' | 'horse' } {
  const die = dice.roll(6);
  if (aimedAt === undefined) return { rule: 'R5.9', die, hit: die <= 2 ? 'man' : 'horse' };
  const other = aimedAt === 'man' ? 'horse' : 'man';
  return { rule: 'R5.9', die, hit: die === 1 ? other : aimedAt };
}

/** A hit on a target fighting a friend goes to the friend on a d12 of 1-2 (R5.16). */
export function friendInMeleeHit(dice: DiceSource): Ruled & { die: number; friendHit: boolean } {
  const die = dice.roll(12);
  return { rule: 'R5.16', die, friendHit: die <= 2 };
}

/**
 * A javelin the shield stopped (R5.6): when the shield's modifier made the miss, half the
 * time (d6 1-3) it sticks, weighing like a minor wound until pulled out (3 actions) or the
 * shield dropped (1 action).
 */
export function javelinInShield(dice: DiceSource): Ruled & { die: number; stuck: boolean } {
  const die = dice.roll(6);
  return { rule: 'R5.6', die, stuck: die <= 3 };
}

/**
 * Opportunity fire (R5.19): an enemy entering the watched area (a 4"-wide circle by
 * default) lets the figure try an immediate action roll; once between his unit's
 * activations. The shot counts as half-turn aim: no snap penalty, no aim bonus.
 */
export function opportunityFire(
  figure: { exp: number; woundPoints: number },
  zone: { centre: { x: number; y: number }; diameter?: number },
  enemyAt: { x: number; y: number },
  usedSinceActivation: boolean,
  dice: DiceSource,
): Ruled & { fires: boolean; die?: number; aim: Aim; why?: string } {
  const radius = (zone.diameter ?? 4) / 2;
  if (Math.hypot(enemyAt.x - zone.centre.x, enemyAt.y - zone.centre.y) > radius)
    return {
      rule: 'R5.19',
      fires: false,
      aim: 'half',
      why: 'The enemy is outside the watched area.',
    };
  if (usedSinceActivation)
    return {
      rule: 'R5.19',
      fires: false,
      aim: 'half',
      why: 'He has already fired on watch since his unit last went.',
    };
  const r = rollAction({ exp: figure.exp, woundPoints: figure.woundPoints }, dice);
  return { rule: 'R5.19', fires: r.outcome === 'acts', die: r.die, aim: 'half' };
}

/**
 * Shotgun and blunderbuss targets (R5.21): at short two adjacent men, at medium two
 * within 1", at long two up to 2" apart (and any between), at extreme all in a 4" band.
 */
export function shotgunSpread(
  band: RangeBandName,
): Ruled & { targets: number | 'all'; within: number } {
  if (band === 'short') return { rule: 'R5.21', targets: 2, within: 1 };
  if (band === 'medium') return { rule: 'R5.21', targets: 2, within: 2 };
  if (band === 'long') return { rule: 'R5.21', targets: 2, within: 3 };
  if (band === 'extreme') return { rule: 'R5.21', targets: 'all', within: 4 };
  return { rule: 'R5.21', targets: 1, within: 0 };
}

/**
 * Automatic fire (R5.22): Fx2 up to 8 shots, Fx3 up to 12, each after the first -1. A gun
 * without a burst setting needs an action roll to stop at the chosen count, or it empties
 * the magazine.
 */
export function burstStop(
  exp: number,
  woundPoints: number,
  dice: DiceSource,
): Ruled & { die: number; stops: boolean } {
  const r = rollAction({ exp, woundPoints }, dice);
  return { rule: 'R5.22', die: r.die, stops: r.outcome === 'acts' };
}

/**
 * Where a thrown grenade or brand lands after a miss (R5.23): a d12 clock direction (12
 * the way it was thrown) and 1d6" plus the miss; never back towards the thrower more than
 * half the throw. Returned as inches along and across the throw, from the target.
 */
export function scatter(
  missedBy: number,
  throwDistance: number,
  dice: DiceSource,
): Ruled & { clock: number; distance: number; along: number; across: number } {
  const clock = dice.roll(12);
  const distance = dice.roll(6) + missedBy;
  const angle = ((clock % 12) * Math.PI) / 6;
  const along = Math.max(-throwDistance / 2, distance * Math.cos(angle));
  const across = distance * Math.sin(angle);
  return { rule: 'R5.23', clock, distance, along: round(along), across: round(across) };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** Thrown objects by weight (R5.23): a rock or grenade 2/3 of the javelin's ranges, a big rock or chair 1/3. */
export function thrownRanges(kind: 'small' | 'big'): [number, number, number, number] {
  const f = kind === 'small' ? 2 / 3 : 1 / 3;
  return [3 * f, 6 * f, 9 * f, 12 * f];
}

/**
 * A javelin stuck in the shield weighs like a minor wound (R5.6) until 3 actions pull it
 * out or 1 action drops the shield: the wound points the rules should count for him.
 */
export function woundPointsWithJavelin(woundPoints: number, javelinsStuck: number): number {
  return Math.min(6, woundPoints + javelinsStuck);
}

/** Actions to be rid of a javelin stuck in the shield (R5.6): 3 to pull it out, 1 to drop the shield. */
export const JAVELIN_REMOVAL_ACTIONS = { pull: 3, dropShield: 1 } as const;
