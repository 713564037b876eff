/**
 * A Skirmish figure's skill levels against the d20 numbers of VIII (docs/campaigns.md): a
 * level is 21 less the number needed, and each level above the start takes one off what
 * the skill needs. Combat reads the bonus here, the campaign raises the levels.
 */
import type { Unit } from '../../types';
import { DEFEND, MELEE_HIT, NON_COMBAT, RANGED_HIT } from './needs';

export const D20 = 20;
/** Level 19 needs 2+: the best a d20 can give. */
export const BEST_LEVEL = 19;

export type SkirmishSkill = 'melee' | 'ranged' | 'defence' | 'heal';

/** The number a skill needs at its starting level (VIII). */
export function baseNeed(skill: SkirmishSkill): number {
  switch (skill) {
    case 'melee':
      return MELEE_HIT;
    case 'ranged':
      return RANGED_HIT;
    case 'defence':
      return DEFEND;
    case 'heal':
      return NON_COMBAT;
  }
}

export function levelOf(need: number): number {
  return D20 + 1 - need;
}

/**
 * How many fewer a figure needs on `skill` than the rules' number: its level above the
 * start (0 for a figure with no campaign skills).
 */
export function skillBonus(unit: Unit, skill: SkirmishSkill): number {
  const level = unit.skirmish?.skills?.[skill];
  return typeof level === 'number' ? Math.max(0, level - levelOf(baseNeed(skill))) : 0;
}

/** A number needed on the d20, less a skill bonus, never under 2. */
export function needWithSkill(need: number, bonus: number): number {
  return Math.max(2, need - bonus);
}
