/**
 * The Skirmish's morale (solitaire-gaming-rules VIII) through the solo layer
 * (solo/morale.ts decides who checks and when): its test is a d20, 11+ to hold (6+ for a
 * unique character, a unit more powerful than the cause); each army checks once, as the
 * round's flow records; a hero that fails spends its next activation falling back.
 */
import { checkMorale as soloCheckMorale, MORALE_RULE } from '../../solo/morale';
import type { SoloMorale } from '../../solo/mechanics';
import { emit, rollDie, type Context } from '../../systems/context';
import { flowOf } from './flow';
import { skirmishOptions, traitsOf } from './types';

export const SKIRMISH_MORALE: SoloMorale = {
  checks: (state) => skirmishOptions(state).morale && Boolean(flowOf(state)),
  checked: (state) => flowOf(state)?.moraleChecked ?? [],
  markChecked: (state, side) => {
    const flow = flowOf(state);
    state.flow = {
      ...flow,
      acted: [...flow.acted],
      moraleChecked: [...(flow.moraleChecked ?? []), side],
    };
  },
  test: (ctx, unit) => {
    const need = traitsOf(unit).unique ? 6 : 11;
    const roll = rollDie(ctx, {
      sides: 20,
      purpose: 'morale',
      unit: unit.id,
      need,
      describe: (v) =>
        `${unit.name} morale d20 = ${v}, needs ${need}+ — ${v >= need ? 'holds' : 'retreats'}`,
      rule: MORALE_RULE,
    });
    emit(ctx, { type: 'morale', unit: unit.id, roll, need, passed: roll >= need, text: '' });
    return roll >= need;
  },
  heroFails: (_ctx, unit) => {
    traitsOf(unit).retreating = true;
  },
};

/** Checks both armies' morale after an action (VIII). */
export function checkMorale(ctx: Context): void {
  soloCheckMorale(SKIRMISH_MORALE, ctx);
}
