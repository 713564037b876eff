/**
 * Spotting (§8) and special actions (§9): riderless horses, grenades, canister and
 * grape, quick loading and gun accidents.
 */
import type { DiceSource } from '../../dice';
import { rollAction } from './action';
import type { Modifier, Ruled } from './types';
import { totalOf } from './types';
import { rollDamage, type DamageResult } from './wounds';

export interface SpotSituation {
  /** Inches from the spotting unit to the hidden unit. */
  range: number;
  spotterHasMaster?: boolean;
  spotterVeterans?: number;
  /** Green men of the hiding unit who could be seen. */
  visibleGreens?: number;
  /**
   * Multipliers of the spotting distance (x2 bright colours, x3 shiny armour, x2 observing
   * infantry or scouts or careful movers; x1/2 running or galloping observers, observers
   * firing elsewhere, unobservant ones). Their product is used.
   */
  multipliers?: number[];
}

/**
 * Spotting a hidden unit (R8.1): one d12 a turn, under 12 minus the range, +2 for a
 * master among the spotters, +1 per veteran, +1 per visible green hider. The multipliers
 * stretch the distance at which spotting works, so the range is divided by them (the
 * checklist's reading).
 */
export function spotNeed(s: SpotSituation): Ruled & { need: number; modifiers: Modifier[] } {
  const factor = (s.multipliers ?? []).reduce((p, x) => p * x, 1);
  const modifiers: Modifier[] = [{ rule: 'R8.1', label: 'range', value: -(s.range / factor) }];
  if (s.spotterHasMaster) modifiers.push({ rule: 'R8.1', label: 'a master looking', value: 2 });
  if (s.spotterVeterans)
    modifiers.push({ rule: 'R8.1', label: 'veterans looking', value: s.spotterVeterans });
  if (s.visibleGreens)
    modifiers.push({ rule: 'R8.1', label: 'careless greens', value: s.visibleGreens });
  return { rule: 'R8.1', need: 12 + totalOf(modifiers), modifiers };
}

export function rollSpot(
  s: SpotSituation,
  dice: DiceSource,
): Ruled & { die: number; need: number; spotted: boolean } {
  const { need } = spotNeed(s);
  const die = dice.roll(12);
  return { rule: 'R8.1', die, need, spotted: die < need };
}

/**
 * A riderless horse each turn (R9.2; the book asks for a small table and gives none, so
 * this is the checklist's): d6 1-2 stays with its downed rider, 3-4 follows the nearest
 * friendly horses, 5-6 runs on, d3 for left 45 degrees, ahead or right 45 degrees.
 */
export function riderlessHorse(
  dice: DiceSource,
): Ruled & { die: number; does: 'stays' | 'follows' | 'runs'; turn?: -45 | 0 | 45 } {
  const die = dice.roll(6);
  if (die <= 2) return { rule: 'R9.2', die, does: 'stays' };
  if (die <= 4) return { rule: 'R9.2', die, does: 'follows' };
  const turn = ([-45, 0, 45] as const)[dice.roll(3) - 1];
  return { rule: 'R9.2', die, does: 'runs', turn };
}

/**
 * A grenade's blast on one man (R9.9): damage at +1, +1 more per half inch away. Serious
 * or worse knocks him down; a minor wound, or a roll of 14 or less with no wound, knocks
 * him down unless he passes an action check (the wound counted first).
 */
export function grenadeBlast(
  victim: { exp: number; woundPoints: number; armour: number },
  inchesAway: number,
  dice: DiceSource,
): Ruled & { damage: DamageResult; knockedDown: boolean; checkDie?: number } {
  const extra: Modifier[] = [
    { rule: 'R9.9', label: 'grenade', value: 1 },
    { rule: 'R9.9', label: 'distance from the burst', value: Math.floor(inchesAway * 2) },
  ];
  const damage = rollDamage(
    { kind: 'missile', weapon: 0, targetArmour: victim.armour, extra },
    dice,
  );
  if (damage.woundPoints >= 2) return { rule: 'R9.9', damage, knockedDown: true };
  if (damage.level === 'minor' || damage.total <= 14) {
    const r = rollAction(
      { exp: victim.exp, woundPoints: victim.woundPoints + damage.woundPoints },
      dice,
    );
    return { rule: 'R9.9', damage, knockedDown: r.outcome !== 'acts', checkDie: r.die };
  }
  return { rule: 'R9.9', damage, knockedDown: false };
}

/** Hollywood grenades (R9.10): at the thrower's next action a d12 of 11 or less goes off, 12 is a dud. */
export function grenadeFuse(dice: DiceSource): Ruled & { die: number; explodes: boolean } {
  const die = dice.roll(12);
  return { rule: 'R9.10', die, explodes: die <= 11 };
}

/**
 * Answers to a live grenade (R9.10): smother it or throw it back at experience -2, kick
 * it at -1; a veteran or master thrower timed the fuse, -1 more. Smothering adds 3" to
 * friends' distance and takes the blast at -3 damage; a throw-back is at -2 to hit; a
 * kick sends it 1d3" with 1d3" scatter.
 */
export function grenadeReaction(
  reaction: 'smother' | 'throw-back' | 'kick',
  man: { exp: number; woundPoints: number },
  throwerExp: number,
  dice: DiceSource,
): Ruled & { die: number; succeeds: boolean } {
  const base = reaction === 'kick' ? -1 : -2;
  const timed = throwerExp >= 5 ? -1 : 0;
  const r = rollAction(
    { exp: man.exp, woundPoints: man.woundPoints, targetChange: base + timed },
    dice,
  );
  return { rule: 'R9.10', die: r.die, succeeds: r.outcome === 'acts' };
}

/** Canister and grape (R9.14): range in inches to (to-hit, damage): 5 +3/-6, 12 0/-5, 24 -2/-4, 48 -4/-3, 96 -6/-2. */
export const CANISTER_TABLE: readonly { upTo: number; toHit: number; damage: number }[] = [
  { upTo: 5, toHit: 3, damage: -6 },
  { upTo: 12, toHit: 0, damage: -5 },
  { upTo: 24, toHit: -2, damage: -4 },
  { upTo: 48, toHit: -4, damage: -3 },
  { upTo: 96, toHit: -6, damage: -2 },
];

/**
 * A canister or grape shot's terms at a range (R9.14, R9.15): the first row at or past
 * the range. Grape takes -1 out to medium range and -2 at long and extreme; the book
 * calls the 5" row "Too close", so we read the five rows as too close, short, medium,
 * long and extreme (-1 to 24", -2 beyond). Null past 96".
 */
export function canisterAt(
  range: number,
  load: 'canister' | 'grape' = 'canister',
): (Ruled & { toHit: number; damage: number; spreadPer10: number }) | null {
  const i = CANISTER_TABLE.findIndex((row) => range <= row.upTo);
  if (i < 0) return null;
  const row = CANISTER_TABLE[i];
  const grape = load === 'grape' ? (i <= 2 ? -1 : -2) : 0;
  return {
    rule: 'R9.14',
    toHit: row.toHit + grape,
    damage: row.damage,
    spreadPer10: load === 'grape' ? 2 : 1,
  };
}

/**
 * Artillery to-hit terms for the ground and the gun (R9.16): rocky ground +2, wet or soft
 * ground -2; 3-pounder -1, 6 0, 9 +1, 12 +2.
 */
export function artilleryModifiers(
  ground: 'rocky' | 'normal' | 'soft',
  pounds: 3 | 6 | 9 | 12,
): Modifier[] {
  const out: Modifier[] = [];
  if (ground === 'rocky') out.push({ rule: 'R9.16', label: 'bouncing on rock', value: 2 });
  if (ground === 'soft') out.push({ rule: 'R9.16', label: 'soft ground', value: -2 });
  const volume = { 3: -1, 6: 0, 9: 1, 12: 2 }[pounds];
  if (volume !== 0) out.push({ rule: 'R9.16', label: `${pounds}-pounder`, value: volume });
  return out;
}

/** Gun crews' loading times in turns (R9.12): light gun 3, 6-pdr 4, 9-pdr 4 1/2, 12-pdr 5. */
export const GUN_LOAD_TURNS = { light: 3, 6: 4, 9: 4.5, 12: 5 } as const;

/**
 * Quick loading's risk (R9.17): if the last loading roll failed, a d6 of 6 means an
 * accident check now; if it succeeded, a natural 12 on the first to-hit die is one.
 */
export function quickLoadRisk(
  lastRollActed: boolean,
  dice: DiceSource,
  firstToHitDie?: number,
): Ruled & { accident: boolean; die?: number } {
  if (lastRollActed) return { rule: 'R9.17', accident: firstToHitDie === 12 };
  const die = dice.roll(6);
  return { rule: 'R9.17', accident: die === 6, die };
}

export type GunAccident =
  | { kind: 'explodes' }
  | { kind: 'premature'; crewWounded: number; high: boolean; highDie: number }
  | { kind: 'recoil' }
  | { kind: 'loading-mistake'; actionsToClear: number };

/**
 * Misfires and accidents (R9.18), d12: 1-2 the gun bursts; 3 a premature unaimed shot,
 * 2 crew hit; 4 the same with 1 crew hit (the book's "3-4" read as 3); 5 with none (a d6
 * 1-3 high, 4-6 low); 6-8 a crewman hurt by the recoil; 9-12 a loading mistake, 1d6
 * actions to clear.
 */
export function gunAccident(dice: DiceSource): Ruled & { die: number; accident: GunAccident } {
  const die = dice.roll(12);
  if (die <= 2) return { rule: 'R9.18', die, accident: { kind: 'explodes' } };
  if (die <= 5) {
    const highDie = dice.roll(6);
    return {
      rule: 'R9.18',
      die,
      accident: { kind: 'premature', crewWounded: 5 - die, high: highDie <= 3, highDie },
    };
  }
  if (die <= 8) return { rule: 'R9.18', die, accident: { kind: 'recoil' } };
  return {
    rule: 'R9.18',
    die,
    accident: { kind: 'loading-mistake', actionsToClear: dice.roll(6) },
  };
}

/** A bursting gun's damage term (R9.18): +1 per inch from the gun, within 6". */
export function gunBurstModifier(inchesAway: number): number | null {
  return inchesAway > 6 ? null : Math.floor(inchesAway);
}

/**
 * What a successful answer to a live grenade does (R9.10): smothering it puts friends 3"
 * further from the blast and takes it at -3 damage himself; a kick sends it 1d3" away,
 * then 1d3" of scatter in a d12 clock direction (12 the way it was kicked).
 */
export function smotherEffect(): Ruled & { friendsExtraInches: number; ownDamage: number } {
  return { rule: 'R9.10', friendsExtraInches: 3, ownDamage: -3 };
}

export function kickGrenade(
  dice: DiceSource,
): Ruled & { inches: number; scatterInches: number; clock: number } {
  const inches = dice.roll(3);
  const scatterInches = dice.roll(3);
  const clock = dice.roll(12);
  return { rule: 'R9.10', inches, scatterInches, clock };
}
