/** The generic squad creator (§15 Scenario Design Suggestions): no points, dice for everything. */
import type { DiceSource } from '../../dice';
import { skillForExperience } from './action';
import type { Ruled } from './types';

/** Group size for a side (R15.4): 1d6 + 4, the same for all its groups. */
export function rollGroupSize(dice: DiceSource): Ruled & { die: number; size: number } {
  const die = dice.roll(6);
  return { rule: 'R15.4', die, size: die + 4 };
}

/** A leader's experience (R15.5): 1 novice 3, 2-3 average 4, 4-5 veteran 5, 6 hero 6. */
export function leaderExperience(die: number): number {
  if (die === 1) return 3;
  if (die <= 3) return 4;
  if (die <= 5) return 5;
  return 6;
}

/** Everyone else's experience (R15.6): 1-2 novice 3, 3-4 average 4, 5-6 veteran 5. */
export function followerExperience(die: number): number {
  if (die <= 2) return 3;
  if (die <= 4) return 4;
  return 5;
}

/** The variety roll for a skill (R15.8): 1 -2, 2 -1, 3-4 0, 5 +1, 6 +2. */
export function skillVariety(die: number): number {
  return [-2, -1, 0, 0, 1, 2][die - 1];
}

export interface CreatedFigure {
  leader: boolean;
  exp: number;
  fire: number;
  melee: number;
}

/**
 * One group (R15.5-R15.8): a leader and size - 1 men, each with an experience roll, fire
 * and melee at twice experience (R15.7), and with `variety` a d6 each for fire and melee.
 * Dice order per man: experience, then fire, then melee.
 */
export function createGroup(size: number, dice: DiceSource, variety = false): CreatedFigure[] {
  const out: CreatedFigure[] = [];
  for (let i = 0; i < size; i++) {
    const leader = i === 0;
    const die = dice.roll(6);
    const exp = leader ? leaderExperience(die) : followerExperience(die);
    const base = skillForExperience(exp);
    const fire = variety ? base + skillVariety(dice.roll(6)) : base;
    const melee = variety ? base + skillVariety(dice.roll(6)) : base;
    out.push({ leader, exp, fire, melee });
  }
  return out;
}

/** A side: `groups` groups all of the rolled size (R15.3, R15.4: 2-5 groups is good). */
export function createSide(
  groups: number,
  dice: DiceSource,
  variety = false,
): Ruled & { size: number; groups: CreatedFigure[][] } {
  const { size } = rollGroupSize(dice);
  const out: CreatedFigure[][] = [];
  for (let g = 0; g < groups; g++) out.push(createGroup(size, dice, variety));
  return { rule: 'R15.4', size, groups: out };
}
