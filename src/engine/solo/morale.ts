/**
 * Morale (solitaire-gaming-rules VIII): when an army is reduced to less than half its
 * starting figures, each of its units checks once: a d20, 11+ to hold (6+ for a unit more
 * powerful than the cause: a unique character, here); failing, it retreats, whatever the
 * die (the book has no rout on a 1: a figure is defeated by wounds, not by a bad roll).
 * Both armies check ("it uses the same morale rules as heroes", III): a hero that fails
 * spends its next activation falling back toward its own edge, taking no other action.
 */
import { emit, rollDie, type Context } from '../systems/context';
import { setStatus } from '../systems/sight';
import { figuresOf } from '../rulesets/skirmish/fortress';
import { COMBAT } from '../rulesets/skirmish/combat';
import { flowOf } from '../rulesets/skirmish/flow';
import type { Side } from '../types';
import { skirmishOptions, traitsOf } from '../rulesets/skirmish/types';

const MORALE = COMBAT('VIII Morale: below half the starting figures');

export function checkMorale(ctx: Context): void {
  for (const side of ['enemies', 'heroes'] as const) checkArmyMorale(ctx, side);
}

function checkArmyMorale(ctx: Context, side: Side): void {
  const state = ctx.state;
  if (state.outcome || !skirmishOptions(state).morale || state.phase === 'setup') return;
  const flow = flowOf(state);
  const checked = flow?.moraleChecked ?? [];
  if (!flow || checked.includes(side)) return;
  const army = state.units.filter((u) => u.side === side && !u.structure);
  const standing = figuresOf(state, side);
  // "reduced to less than half its starting number of figures" (those yet to come count
  // as there; those that escaped as gone).
  const present = standing.length + army.filter((u) => u.offField === 'reserve').length;
  if (present * 2 >= army.length) return;
  state.flow = { ...flow, acted: [...flow.acted], moraleChecked: [...checked, side] };
  emit(ctx, {
    type: 'decision',
    unit: '',
    text: `The ${side === 'enemies' ? 'enemy army' : 'heroes\u2019 army'} is down to ${standing.length} of ${army.length}: each figure checks its morale.`,
    rule: MORALE,
  });
  for (const unit of standing) {
    if (!unit.position) continue;
    const need = traitsOf(unit).unique ? 6 : 11;
    const roll = rollDie(ctx, {
      sides: 20,
      purpose: 'morale',
      unit: unit.id,
      need,
      describe: (v) =>
        `${unit.name} morale d20 = ${v}, needs ${need}+ — ${v >= need ? 'holds' : 'retreats'}`,
      rule: MORALE,
    });
    emit(ctx, { type: 'morale', unit: unit.id, roll, need, passed: roll >= need, text: '' });
    if (roll < need && unit.ai) setStatus(ctx, unit, 'retreating', 'loses its nerve');
    else if (roll < need) traitsOf(unit).retreating = true;
  }
}
