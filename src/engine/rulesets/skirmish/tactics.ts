/**
 * The combat tactics of IV as the Skirmish plays them: the solo layer's (solo/tactics.ts)
 * by the Skirmish's mechanics (solo.ts), for its turn flow, autopilot and unit card.
 */
import type { Context } from '../../systems/context';
import type { Placed } from '../../systems/pursuit';
import type { Unit } from '../../types';
import {
  holdsBack as soloHoldsBack,
  targetByTactic as soloTargetByTactic,
} from '../../solo/tactics';
import { SKIRMISH_SOLO } from './solo';

export { rollTactic, TACTIC_TEXT, TACTICS } from '../../solo/tactics';

/** The target a figure's tactic picks, or null for the rule's default (the nearest foe). */
export function targetByTactic(ctx: Context, unit: Placed): Placed | null {
  return soloTargetByTactic(SKIRMISH_SOLO, ctx, unit);
}

/** Whether a figure's tactic holds it back from advancing this turn (Cautious, Negotiating). */
export function holdsBack(unit: Unit): boolean {
  return soloHoldsBack(SKIRMISH_SOLO, unit);
}
