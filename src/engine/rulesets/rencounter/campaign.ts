/** Between games (§11): skill improvement and what becomes of wounds. */
import type { DiceSource } from '../../dice';
import type { Ruled } from './types';

/**
 * Improvement (R11.1): a skill used in the game rises by 1 when its die (d6 for
 * experience and riding, d12 for fire and melee) rolls over it; it cannot pass the die's
 * top (6 or 12).
 */
export function improveSkill(
  current: number,
  sides: 6 | 12,
  dice: DiceSource,
): Ruled & { die: number | null; next: number } {
  if (current >= sides) return { rule: 'R11.1', die: null, next: current };
  const die = dice.roll(sides);
  return { rule: 'R11.1', die, next: die > current ? current + 1 : current };
}

export type AftermathCare = 'none' | 'hazardous-1' | 'hazardous-2' | 'good';

export interface AftermathResult extends Ruled {
  /** Every d6 read, in order, with what it meant. */
  rolls: {
    die: number;
    modified: number;
    meant: 'sepsis' | 'permanent' | 'healed';
    reroll?: number;
  }[];
  permanent: number;
  healed: number;
  /** More than 5 permanent points from this fight: dead of complications. */
  dies: boolean;
}

/**
 * Wound aftermath (R11.2): a d6 per wound point: 1 sepsis (that point is rolled again as
 * two), 2 permanent, 3-6 healed (gone after a month of campaign time). A hazardous
 * aftermath takes 1 or 2 off each roll; good care re-rolls a 1 or 2 once and keeps the
 * re-roll. `maxRolls` stops an endless chain of sepsis (each one rolls on).
 */
export function woundAftermath(
  woundPoints: number,
  care: AftermathCare,
  dice: DiceSource,
  maxRolls = 200,
): AftermathResult {
  const minus = care === 'hazardous-1' ? 1 : care === 'hazardous-2' ? 2 : 0;
  const rolls: AftermathResult['rolls'] = [];
  let pending = woundPoints;
  let permanent = 0;
  let healed = 0;
  while (pending > 0 && rolls.length < maxRolls && permanent <= 5) {
    pending--;
    const die = dice.roll(6);
    let modified = die - minus;
    let reroll: number | undefined;
    if (care === 'good' && modified <= 2) {
      reroll = dice.roll(6);
      modified = reroll;
    }
    const meant = modified <= 1 ? 'sepsis' : modified === 2 ? 'permanent' : 'healed';
    rolls.push(reroll === undefined ? { die, modified, meant } : { die, modified, meant, reroll });
    if (meant === 'sepsis') pending += 2;
    else if (meant === 'permanent') permanent++;
    else healed++;
  }
  return { rule: 'R11.2', rolls, permanent, healed, dies: permanent > 5 };
}

/** A healed wound is gone in the first game more than a month (30 days) after this one (R11.2). */
export function healedBy(battleDay: number, nextGameDay: number): boolean {
  return nextGameDay - battleDay > 30;
}
