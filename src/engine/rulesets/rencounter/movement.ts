/**
 * Movement (§4) in inches (1 square = 1 inch): foot moves with wound penalties, running
 * and rest, backing and tripping, horse speeds, turns and jumps, trampling and falls.
 */
import type { DiceSource } from '../../dice';
import { horsemanshipTest, rollAction } from './action';
import type { Modifier, Ruled } from './types';

export type FootMode = 'walk' | 'run' | 'crawl' | 'low-crawl' | 'backwards';

/**
 * A foot move's allowance (R4.1-R4.3): walk 6" (-2" a wound point), run 9" (advanced
 * movement; the same -2"), crawl 3" (-1"), low crawl 1" (-1/3"), backwards 3" (our
 * reading: the walk's wound penalty, capped at 3"). Terrain multiplies it (R4.18: 1, 2/3,
 * 1/2 or 1/3).
 */
export function footAllowance(
  mode: FootMode,
  woundPoints: number,
  terrainFactor = 1,
): Ruled & { inches: number } {
  const wp = woundPoints;
  const raw = {
    walk: 6 - 2 * wp,
    run: 9 - 2 * wp,
    crawl: 3 - wp,
    'low-crawl': 1 - wp / 3,
    backwards: Math.min(3, 6 - 2 * wp),
  }[mode];
  const rule = mode === 'run' ? 'R4.2' : mode === 'backwards' ? 'R4.3' : 'R4.1';
  return { rule, inches: Math.max(0, raw) * terrainFactor };
}

/**
 * Running stamina (R4.2): as many running turns as the experience rating (the leader's
 * for his unit, or the man's own); melee turns count; recovery takes twice the turns
 * run at a walk or slower, without fighting.
 */
export function runningTurns(exp: number): { allowed: number; restPerTurnRun: number } {
  return { allowed: exp, restPerTurnRun: 2 };
}

/** Backing off faster than 1" on anything but smooth clear ground takes a trip check (R4.3); a failure leaves him prone. */
export function tripCheck(
  inches: number,
  smoothGround: boolean,
  figure: { exp: number; woundPoints: number },
  dice: DiceSource,
): Ruled & { needed: boolean; trips: boolean; die?: number } {
  if (inches <= 1 || smoothGround) return { rule: 'R4.3', needed: false, trips: false };
  const r = rollAction({ exp: figure.exp, woundPoints: figure.woundPoints }, dice);
  return { rule: 'R4.3', needed: true, trips: r.outcome !== 'acts', die: r.die };
}

/** Foot turning (R4.4, R4.5): 6 turns of 45 degrees; running over 6", 4 turns 2" apart. */
export function footTurns(inches: number): { turns: number; spacing: number } {
  return inches > 6 ? { turns: 4, spacing: 2 } : { turns: 6, spacing: 0 };
}

/** Horse speeds next turn (R4.6, R4.7): top 12" (18" advanced), within 6" of this turn's speed. */
export function horseSpeedRange(
  current: number,
  advanced: boolean,
  topSpeed?: number,
): Ruled & { min: number; max: number } {
  const top = topSpeed ?? (advanced ? 18 : 12);
  return {
    rule: advanced ? 'R4.7' : 'R4.6',
    min: Math.max(0, current - 6),
    max: Math.min(top, current + 6),
  };
}

/**
 * Falling off (R4.7): a rider over 12" who fails his action roll, or a wounded rider or a
 * rider of a wounded horse over 3" whose action total passes 6, tests horsemanship or
 * falls.
 */
export function riderMustTest(
  speed: number,
  actionActed: boolean,
  actionTotal: number,
  riderWounds: number,
  horseWounds: number,
): Ruled & { test: boolean } {
  if (speed > 12 && !actionActed) return { rule: 'R4.7', test: true };
  if ((riderWounds > 0 || horseWounds > 0) && speed > 3 && actionTotal > 6)
    return { rule: 'R4.7', test: true };
  return { rule: 'R4.7', test: false };
}

/** Horse turns (R4.10): up to 6" 4 turns; up to 12" 3 turns 3" apart; up to 18" 2 turns 6" apart. */
export function horseTurns(speed: number): Ruled & { turns: number; spacing: number } {
  if (speed <= 6) return { rule: 'R4.10', turns: 4, spacing: 0 };
  if (speed <= 12) return { rule: 'R4.10', turns: 3, spacing: 3 };
  return { rule: 'R4.10', turns: 2, spacing: 6 };
}

/**
 * A horse jump (R4.11): a horsemanship test, a 2 1/2-foot fence plain and +1 per 6"
 * higher. Failed by an odd number the horse balks; by an even number it goes over and the
 * rider falls.
 */
export function horseJump(
  rider: { horsemanship: number; riderWounds: number; horseWounds: number },
  heightInches: number,
  dice: DiceSource,
): Ruled & { die: number; outcome: 'clears' | 'balks' | 'rider-falls' } {
  const extra = Math.max(0, Math.floor((heightInches - 30) / 6));
  const t = horsemanshipTest({ ...rider, extra }, dice);
  if (t.passed) return { rule: 'R4.11', die: t.die, outcome: 'clears' };
  return { rule: 'R4.11', die: t.die, outcome: t.missedBy % 2 === 1 ? 'balks' : 'rider-falls' };
}

/** Riding fast in woods (R4.11): -1 for each step (3" or 6", the scenario's) over the safe speed. */
export function woodsPenalty(speed: number, safeSpeed: number, step: 3 | 6 = 3): number {
  return speed <= safeSpeed ? 0 : -Math.floor((speed - safeSpeed) / step);
}

/**
 * A charging horse hitting a man (R4.14): damage +2 over 12", +4 over 6"; at 6" or less
 * the horse stops (the book's "under 6" stops and "over 6" +4 leave 6" itself open; we
 * stop it). +1 for a small horse, -1 for a big one.
 */
export function trampleModifier(
  speed: number,
  size: 'small' | 'normal' | 'big' = 'normal',
): Ruled & { hits: boolean; modifiers: Modifier[] } {
  if (speed <= 6) return { rule: 'R4.14', hits: false, modifiers: [] };
  const modifiers: Modifier[] = [
    { rule: 'R4.14', label: 'horse speed', value: speed > 12 ? 2 : 4 },
  ];
  if (size === 'small') modifiers.push({ rule: 'R4.14', label: 'small horse', value: 1 });
  if (size === 'big') modifiers.push({ rule: 'R4.14', label: 'big horse', value: -1 });
  return { rule: 'R4.14', hits: true, modifiers };
}

/**
 * Horse into horse (R4.15): speeds add within 45 degrees of head-on, the lower is taken
 * off within 45 degrees of the same way (otherwise the faster horse's speed, our reading);
 * over 18" the speed term is +0, else as a trample.
 */
export function horseCollision(
  speedA: number,
  speedB: number,
  angleDegrees: number,
): Ruled & { closing: number; speedModifier: number | null } {
  const angle = Math.abs(((angleDegrees % 360) + 360) % 360);
  const between = angle > 180 ? 360 - angle : angle;
  let closing: number;
  if (between >= 135) closing = speedA + speedB;
  else if (between <= 45) closing = Math.abs(speedA - speedB);
  else closing = Math.max(speedA, speedB);
  if (closing > 18) return { rule: 'R4.15', closing, speedModifier: 0 };
  if (closing > 12) return { rule: 'R4.15', closing, speedModifier: 2 };
  if (closing > 6) return { rule: 'R4.15', closing, speedModifier: 4 };
  return { rule: 'R4.15', closing, speedModifier: null };
}

/**
 * A fall from a horse or vehicle (R9.7): damage +6 up to 6", +4 at 7-12", +2 at 13-18",
 * 0 at 19-24", then -1 each 6" faster.
 */
export function fallDamageModifier(speed: number): Ruled & { value: number } {
  if (speed <= 6) return { rule: 'R9.7', value: 6 };
  if (speed <= 12) return { rule: 'R9.7', value: 4 };
  if (speed <= 18) return { rule: 'R9.7', value: 2 };
  if (speed <= 24) return { rule: 'R9.7', value: 0 };
  return { rule: 'R9.7', value: -Math.ceil((speed - 24) / 6) };
}

/**
 * Climbing a contour (R9.3): foot lose 0" for a 0.5" contour, 1" for 1", 2" for 1.5";
 * horses 1", 3", and a 1.5" contour takes the whole move and a horsemanship test.
 */
export function contourCost(
  heightInches: number,
  mover: 'foot' | 'horse',
): Ruled & { inches: number | 'whole-move' } {
  if (mover === 'foot') {
    if (heightInches <= 0.5) return { rule: 'R9.3', inches: 0 };
    if (heightInches <= 1) return { rule: 'R9.3', inches: 1 };
    return { rule: 'R9.3', inches: 2 };
  }
  if (heightInches <= 0) return { rule: 'R9.3', inches: 0 };
  if (heightInches <= 0.5) return { rule: 'R9.3', inches: 1 };
  if (heightInches <= 1) return { rule: 'R9.3', inches: 3 };
  return { rule: 'R9.3', inches: 'whole-move' };
}

/**
 * Cavalry riding into enemy too fast to stop (R4.14): a horsemanship test for the horse to
 * go in rather than sheer off, and a second at contact for the rider to keep his seat;
 * only with both does the horse strike the man in front (after the rider's own attack).
 */
export function rideInto(
  rider: { horsemanship: number; riderWounds: number; horseWounds: number; morale?: number },
  dice: DiceSource,
): Ruled & { outcome: 'sheers-off' | 'rider-unseated' | 'horse-strikes'; dice: number[] } {
  const goesIn = horsemanshipTest(rider, dice);
  if (!goesIn.passed) return { rule: 'R4.14', outcome: 'sheers-off', dice: [goesIn.die] };
  const staysOn = horsemanshipTest(rider, dice);
  const rolled = [goesIn.die, staysOn.die];
  if (!staysOn.passed) return { rule: 'R4.14', outcome: 'rider-unseated', dice: rolled };
  return { rule: 'R4.14', outcome: 'horse-strikes', dice: rolled };
}

/**
 * The struck footman's answer (R4.14): if the rider's unit had not engaged him he may
 * take an instant action check, to dodge aside (when there is room) or strike back.
 */
export function trampleAnswer(
  man: { exp: number; woundPoints: number; engagedByRidersUnit: boolean },
  dice: DiceSource,
): Ruled & { mayAnswer: boolean; die?: number } {
  if (man.engagedByRidersUnit) return { rule: 'R4.14', mayAnswer: false };
  const r = rollAction({ exp: man.exp, woundPoints: man.woundPoints }, dice);
  return { rule: 'R4.14', mayAnswer: r.outcome === 'acts', die: r.die };
}
